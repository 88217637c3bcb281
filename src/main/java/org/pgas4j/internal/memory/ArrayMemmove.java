package org.pgas4j.internal.memory;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.util.Objects;

/**
 * Large copies between a Java array and a native segment through the C library's {@code memmove}
 * (a {@linkplain Linker.Option#critical(boolean) critical} downcall with heap access), where it was
 * measured 25-35 % faster than {@link MemorySegment#copy} on this project's machines from about
 * 28 KiB (blocks past the L1 cache) to 256 KiB, level at 1 MiB in one call, and 3-20 % faster from
 * 1 to 4 MiB in pieces ({@link HostCopy#PIECE} says why; docs/benchmarks.md, "Array puts and gets
 * on memmove").
 *
 * <p>A downcall reads an array only through a heap {@link MemorySegment} that starts where the
 * copy starts, and making one per copy allocates (escape analysis removes it in some JVMs and not
 * in others: docs/benchmarks.md). So each instance keeps a few such views, each made once for an
 * (array, offset) and reused while the array lives: a copy whose (array, offset) has a view goes
 * through {@code memmove}; any other copy returns {@code false} and the caller copies with
 * {@link MemorySegment#copy}, allocating nothing. A view is made, on that copy, only when the
 * same (array, offset) was also the previous copy's that had none: a program that repeats its
 * transfers gets the fast path from the second, one that cycles through many buffers never pays
 * for views it would not reuse. The views are held weakly, as are their arrays: an instance keeps
 * no array of the program's alive.
 *
 * <p>The path's one-off costs are paid with the first view, not at some later copy: binding the
 * downcalls, and the JDK's customization of each method handle it calls from code the JIT has not
 * inlined ({@link HandleCustomization}), forced by calls that copy nothing.
 *
 * <p>Copies above {@link #UP_TO} bytes are left to the caller: a view keeps a segment per piece
 * it may copy, and a critical call holds off the garbage collector while it runs (a piece at most).
 *
 * <p>An instance may be used by several threads: the views are immutable and published whole,
 * and a race on the bookkeeping at worst costs one view made twice or one copy made the slow way.
 */
public final class ArrayMemmove {
    /** The smallest copy this class takes: {@link HostCopy#memmoveMin()}, or never when that is 0. */
    public static final long FROM = HostCopy.FROM;
    /** The largest copy this class takes. */
    public static final long UP_TO = 4L << 20;
    private static final int VIEWS = 4;

    /**
     * One view: which array and byte offset it starts at, and its segments (the first from that
     * offset, each next one {@link HostCopy#PIECE} bytes further, as far as a copy may reach),
     * all held weakly.
     */
    private record View(WeakReference<Object> array, long offset, WeakReference<MemorySegment[]> pieces) {
    }

    private static final MethodHandle COPY_HERE;

    static {
        try {
            COPY_HERE = MethodHandles.lookup().findVirtual(ArrayMemmove.class, "copy", MethodType.methodType(
                    boolean.class, Object.class, long.class, MemorySegment.class, long.class, long.class, boolean.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /*
     * The copy, bound to this instance and held in an instance field, which the JIT does not treat
     * as a constant: a call through it stays a call. Inlined, the view lookup and the downcall grew
     * every caller's compiled code past what the JIT inlines further, and a 2-PE job's 8-byte put
     * rate fell from 175 to 120 M/s (bench shmem, put_mr).
     */
    private final MethodHandle copyOutOfLine = COPY_HERE.bindTo(this);
    /** Whether {@link #copyOutOfLine} was customized ({@link HandleCustomization}): with the first view. */
    private boolean customized;
    private final View[] views = new View[VIEWS];
    private int nextVictim;
    /** The last copy that found no view: its array's identity hash and its offset. */
    private int missHash;
    private long missOffset = -1;

    /**
     * Handles bound on first use (each call shape costs a PE about 20 ms of generated code), and
     * customized then ({@link HandleCustomization}) by copies of nothing.
     */
    private static final class Handles {
        private static final MethodHandle TO_NATIVE = bind(JAVA_LONG, ValueLayout.ADDRESS);
        private static final MethodHandle FROM_NATIVE = bind(ValueLayout.ADDRESS, JAVA_LONG);

        static {
            MemorySegment onHeap = MemorySegment.ofArray(new byte[8]);
            MemorySegment offHeap = Arena.global().allocate(8);
            HandleCustomization.force("a memmove of nothing into native memory",
                    () -> {
                        TO_NATIVE.invokeExact(offHeap.address(), onHeap, 0L, offHeap); // void: a statement
                    });
            HandleCustomization.force("a memmove of nothing into an array",
                    () -> {
                        FROM_NATIVE.invokeExact(onHeap, offHeap.address(), 0L, offHeap);
                    });
        }

        // void *memmove(void *dst, const void *src, size_t n), the result ignored, and the native
        // segment as a fourth argument memmove does not read, so that the linker checks that it is
        // alive and accessible from this thread and keeps its arena acquired for the call.
        private static MethodHandle bind(ValueLayout dst, ValueLayout src) {
            return Linker.nativeLinker().downcallHandle(HostCopy.memmoveAddress(),
                    FunctionDescriptor.ofVoid(dst, src, JAVA_LONG, ValueLayout.ADDRESS), Linker.Option.critical(true));
        }
    }

    /**
     * Whether a copy of {@code bytes} is one this class may take.
     *
     * @param bytes the copy's length
     * @return whether it is from {@link #FROM} to {@link #UP_TO} bytes
     */
    public static boolean sizeFits(long bytes) {
        return bytes >= FROM && bytes <= UP_TO;
    }

    /**
     * Copies {@code bytes} bytes of a primitive array, from byte {@code arrayOffset} of its
     * elements, into the native segment {@code dst} at {@code dstOffset}, when a view of the array
     * at that offset is kept or is made now (see the class comment). The caller has checked both
     * ranges and that {@code bytes} {@linkplain #sizeFits fits}; the array's elements are copied in
     * the machine's byte order.
     *
     * @param array the source, a primitive array
     * @param arrayOffset the byte offset of the first byte copied (index times element size)
     * @param dst the destination, a native, writable segment
     * @param dstOffset where in {@code dst} the bytes go
     * @param bytes how many bytes
     * @return whether the copy was made; {@code false} leaves everything untouched
     * @throws IndexOutOfBoundsException when a range is outside the array or {@code dst}
     * @throws IllegalStateException when {@code dst}'s arena is closed
     * @throws WrongThreadException when {@code dst} is confined to another thread
     */
    public boolean toNative(Object array, long arrayOffset, MemorySegment dst, long dstOffset, long bytes) {
        return copyThroughHandle(array, arrayOffset, dst, dstOffset, bytes, true);
    }

    /**
     * Copies {@code bytes} bytes of the native segment {@code src} from {@code srcOffset} into a
     * primitive array from byte {@code arrayOffset} of its elements, under the same conditions as
     * {@link #toNative}.
     *
     * @param src the source, a native segment
     * @param srcOffset where in {@code src} the bytes start
     * @param array the destination, a primitive array
     * @param arrayOffset the byte offset in the array's elements of the first byte written
     * @param bytes how many bytes
     * @return whether the copy was made; {@code false} leaves everything untouched
     * @throws IndexOutOfBoundsException when a range is outside {@code src} or the array
     * @throws IllegalStateException when {@code src}'s arena is closed
     * @throws WrongThreadException when {@code src} is confined to another thread
     */
    public boolean fromNative(MemorySegment src, long srcOffset, Object array, long arrayOffset, long bytes) {
        return copyThroughHandle(array, arrayOffset, src, srcOffset, bytes, false);
    }

    private boolean copyThroughHandle(Object array, long arrayOffset, MemorySegment segment, long segmentOffset,
                                      long bytes, boolean intoSegment) {
        try {
            return (boolean) copyOutOfLine.invokeExact(array, arrayOffset, segment, segmentOffset, bytes, intoSegment);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError("ArrayMemmove's copy threw " + e, e);
        }
    }

    /** {@link #toNative} ({@code intoSegment}) or {@link #fromNative}, called through {@link #copyOutOfLine}. */
    private boolean copy(Object array, long arrayOffset, MemorySegment segment, long segmentOffset, long bytes,
                         boolean intoSegment) {
        // Segments this path cannot take first: a view is made only for a copy that can use it.
        if (array == null || !segment.isNative() || intoSegment && segment.isReadOnly()) {
            return false;
        }
        MemorySegment[] pieces = view(array, arrayOffset);
        if (pieces == null) {
            return false;
        }
        // The caller's checks, repeated where they cost nothing: no write may leave either range.
        Objects.checkFromIndexSize(0, bytes, pieces[0].byteSize());
        Objects.checkFromIndexSize(segmentOffset, bytes, segment.byteSize());
        Objects.checkFromToIndex(0, bytes, UP_TO); // so that the pieces below are there
        long address = segment.address() + segmentOffset;
        try {
            if (bytes < HostCopy.PIECES_FROM) {
                memmove(address, pieces[0], bytes, segment, intoSegment);
            } else { // in pieces, each under glibc's rep movsb limit on AMD (HostCopy.PIECE says why)
                for (int k = 0; (long) k * HostCopy.PIECE < bytes; k++) {
                    long done = (long) k * HostCopy.PIECE;
                    memmove(address + done, pieces[k], Math.min(HostCopy.PIECE, bytes - done), segment, intoSegment);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError("memmove threw " + e, e);
        }
        return true;
    }

    /** One {@code memmove} of {@code bytes} between {@code address} in {@code segment} and {@code view}'s start. */
    private static void memmove(long address, MemorySegment view, long bytes, MemorySegment segment,
                                boolean intoSegment) throws Throwable {
        if (intoSegment) {
            Handles.TO_NATIVE.invokeExact(address, view, bytes, segment);
        } else {
            Handles.FROM_NATIVE.invokeExact(view, address, bytes, segment);
        }
    }

    /**
     * The kept view of {@code array} from {@code offset} (its segments: see {@link View}), one
     * made now, or null (no allocation then).
     */
    private MemorySegment[] view(Object array, long offset) {
        View[] vs = views;
        for (View v : vs) {
            if (v != null && v.offset == offset && v.array.get() == array) {
                MemorySegment[] s = v.pieces.get();
                if (s != null) {
                    return s;
                }
            }
        }
        int hash = System.identityHashCode(array);
        if (hash != missHash || offset != missOffset) {
            missHash = hash;
            missOffset = offset;
            return null;
        }
        missOffset = -1;
        if (!customized) {
            customized = true;
            // Copies with no array, which return at once.
            HandleCustomization.force("a copy with no array", () -> {
                boolean none = (boolean) copyOutOfLine.invokeExact((Object) null, 0L, MemorySegment.NULL, 0L, 0L, true);
            });
        }
        MemorySegment whole = HeapArrays.of(array).asSlice(offset);
        long reach = Math.min(whole.byteSize(), UP_TO);
        MemorySegment[] s = new MemorySegment[(int) Math.max(1, (reach + HostCopy.PIECE - 1) / HostCopy.PIECE)];
        for (int k = 0; k < s.length; k++) {
            s[k] = whole.asSlice((long) k * HostCopy.PIECE);
        }
        int victim = nextVictim;
        vs[victim] = new View(new WeakReference<>(array), offset, new WeakReference<>(s));
        nextVictim = (victim + 1) % VIEWS;
        return s;
    }
}
