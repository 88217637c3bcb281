package org.pgas4j.internal.memory;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Objects;
import org.pgas4j.Settings;

/**
 * The copy of the direct RMA path between host memory segments: {@link MemorySegment#copy} for
 * short copies, heap segments and segments of other kinds, and the C library's {@code memmove}
 * for copies of at least {@link #memmoveMin()} bytes between two native segments, where it was
 * measured faster (from about 28 KiB, blocks that no longer fit the L1 cache, to 4 MiB; figures
 * in {@code docs/benchmarks.md}, The memmove path).
 *
 * <p>The downcall allocates nothing: {@code memmove} takes raw addresses ({@code long}s), is a
 * {@linkplain Linker.Option#critical(boolean) critical} call (no thread-state transition), and
 * its handle is a constant. It keeps {@link MemorySegment#copy}'s safety: bounds and the
 * destination's writability are checked first, with the same exceptions, and both segments are
 * also passed as two trailing pointer arguments that {@code memmove} never reads (the x86-64 and
 * AArch64 calling conventions pass them in registers the callee ignores), so that the linker
 * checks that each is alive and accessible from this thread and keeps its arena acquired for the
 * call: a shared arena cannot be closed under the copy, and a closed or foreign-thread segment
 * is refused before anything is copied, as {@link MemorySegment#copy} refuses it.
 *
 * <p>Overlapping ranges are copied as if through a temporary buffer, as by
 * {@link MemorySegment#copy}. Where the C library has no {@code memmove}, every copy is
 * {@link MemorySegment#copy}.
 */
public final class HostCopy {
    private static final long MEMMOVE_MIN = MemmoveSymbol.ADDRESS != null ? Settings.COPY_MEMMOVE_MIN.value() : 0;
    /** The smallest length copied with {@code memmove}, or {@code Long.MAX_VALUE} for none. */
    static final long FROM = MEMMOVE_MIN == 0 ? Long.MAX_VALUE : MEMMOVE_MIN;

    /**
     * Copies of {@link #PIECES_FROM} bytes or more, up to {@link #piecesUpTo()}, go to
     * {@code memmove} in pieces of {@link #PIECE} bytes. Why: on AMD processors glibc (2.33 and
     * later) stops using {@code rep movsb} from the size of the L2 cache (its
     * {@code rep_movsb_stop_threshold}; 1 MiB on this project's Zen machines) and copies with vector
     * loops instead, and from its non-temporal threshold with non-temporal stores, both measured
     * slower here: 1 MiB in one call 17.7 us, in pieces under 1 MiB 14.8-15.0; 2 MiB 35.6 against
     * 31.0; on a later Zen machine 4 MiB 100 against 82-85, 16 MiB 685-708 against 550-590, 256 MiB
     * (non-temporal stores in one call) 18.5 ms against 15.0. Elsewhere glibc uses {@code rep movsb}
     * up to its non-temporal threshold anyway, the pieces cost one call each, and copies above
     * 4 MiB are left whole to its choice.
     */
    static final long PIECE = 512 * 1024;
    static final long PIECES_FROM = 1L << 20;
    /** Where the processor is not one glibc treats as AMD's, the largest copy made in pieces. */
    static final long PIECES_UP_TO_ELSEWHERE = 4L << 20;

    /** The processor's kind, read on the first copy that could go in pieces, not at start-up. */
    private static final class Pieces {
        private static final long UP_TO = piecesUpTo(CpuVendor.STOPS_REP_MOVSB_AT_L2);
    }

    /**
     * The largest copy made in pieces on this machine: without bound where glibc stops
     * {@code rep movsb} at the L2 cache's size ({@link CpuVendor}), {@link #PIECES_UP_TO_ELSEWHERE}
     * elsewhere.
     *
     * @return the bound in bytes
     */
    static long piecesUpTo() {
        return Pieces.UP_TO;
    }

    /** {@link #piecesUpTo()} for a processor of which glibc does or does not stop {@code rep movsb} at L2. */
    static long piecesUpTo(boolean stopsRepMovsbAtL2) {
        return stopsRepMovsbAtL2 ? Long.MAX_VALUE : PIECES_UP_TO_ELSEWHERE;
    }

    private HostCopy() {
    }

    /**
     * The downcall, bound on the first large copy, not with the first put of any size: binding a
     * call shape costs a PE about 20 ms of generated code (docs/benchmarks.md, "Where a PE's
     * start-up went"), which a job that never copies 32 KiB should not pay.
     */
    private static final class Memmove {
        private static final MethodHandle HANDLE = bind();
    }

    /** The C library's {@code memmove}, or null where it has none: a symbol lookup, no binding. */
    private static final class MemmoveSymbol {
        private static final MemorySegment ADDRESS = Linker.nativeLinker().defaultLookup().find("memmove").orElse(null);
    }

    /** The C library's {@code memmove}, or null where it has none (then {@link #memmoveMin()} is 0). */
    static MemorySegment memmoveAddress() {
        return MemmoveSymbol.ADDRESS;
    }

    /** Binds {@link MemmoveSymbol#ADDRESS}, which is there: nothing calls this otherwise. */
    private static MethodHandle bind() {
        // void *memmove(void *dst, const void *src, size_t n), the result ignored; two more pointer
        // arguments (dst's and src's segments) that memmove does not read, for the linker's checks.
        MethodHandle h = Linker.nativeLinker().downcallHandle(MemmoveSymbol.ADDRESS,
                FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
                Linker.Option.critical(false));
        MemorySegment scratch = Arena.global().allocate(8); // customized now, not during some later copy
        HandleCustomization.force("a memmove of nothing",
                () -> {
                    h.invokeExact(scratch.address(), scratch.address(), 0L, scratch, scratch); // void: a statement
                });
        return h;
    }

    /**
     * From how many bytes a copy between two native segments goes through {@code memmove}: the
     * setting {@code pgas4j.copy.memmove.min}, read once; 0 when it never does (the setting is 0,
     * or the C library has no {@code memmove}).
     *
     * @return the threshold in bytes, or 0
     */
    public static long memmoveMin() {
        return MEMMOVE_MIN;
    }

    /**
     * Copies {@code length} bytes of {@code src} from {@code srcOffset} to {@code dst} at
     * {@code dstOffset}, as {@link MemorySegment#copy(MemorySegment, long, MemorySegment, long, long)}
     * does and with its exceptions.
     *
     * @param src the source, native or heap
     * @param srcOffset where in {@code src} the bytes start
     * @param dst the destination, native or heap
     * @param dstOffset where in {@code dst} they go
     * @param length how many bytes
     * @throws IndexOutOfBoundsException when a range is outside its segment or {@code length} is negative
     * @throws IllegalArgumentException when {@code dst} is read-only
     * @throws IllegalStateException when a segment's arena is closed
     * @throws WrongThreadException when a segment is confined to another thread
     */
    public static void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        if (length >= FROM && src.isNative() && dst.isNative()) {
            memmove(src, srcOffset, dst, dstOffset, length);
        } else {
            MemorySegment.copy(src, srcOffset, dst, dstOffset, length);
        }
    }

    /**
     * {@link #copy} through {@code memmove} whatever the length (both segments native); for tests
     * and measurements of the path itself.
     *
     * @param src the source, a native segment
     * @param srcOffset where in {@code src} the bytes start
     * @param dst the destination, a native segment
     * @param dstOffset where in {@code dst} they go
     * @param length how many bytes
     * @throws IllegalArgumentException when a segment is not native, or {@code dst} is read-only
     * @throws IndexOutOfBoundsException as {@link #copy}
     * @throws IllegalStateException as {@link #copy}
     * @throws WrongThreadException as {@link #copy}
     * @throws UnsupportedOperationException when the C library has no {@code memmove}
     */
    public static void copyWithMemmove(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset,
                                       long length) {
        if (MemmoveSymbol.ADDRESS == null) {
            throw new UnsupportedOperationException("this C library has no memmove: use HostCopy.copy");
        }
        if (!src.isNative() || !dst.isNative()) {
            throw new IllegalArgumentException("copyWithMemmove copies between native segments only, not from "
                    + (src.isNative() ? "native" : "heap") + " to " + (dst.isNative() ? "native" : "heap")
                    + ": use HostCopy.copy");
        }
        memmove(src, srcOffset, dst, dstOffset, length);
    }

    private static void memmove(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        // The checks of MemorySegment.copy, in its order; none builds anything unless it fails.
        Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
        Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("cannot copy into a read-only segment: " + dst);
        }
        long to = dst.address() + dstOffset;
        long from = src.address() + srcOffset;
        try {
            // The linker acquires both segments' arenas (checking that they are alive and that this
            // thread may use them) before memmove starts, and releases them after it returns.
            if (length < PIECES_FROM || length > Pieces.UP_TO || from < to + length && to < from + length) {
                Memmove.HANDLE.invokeExact(to, from, length, dst, src);
            } else { // disjoint ranges: pieces may go in any order
                for (long done = 0; done < length; done += PIECE) {
                    Memmove.HANDLE.invokeExact(to + done, from + done, Math.min(PIECE, length - done), dst, src);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError("memmove threw " + e, e);
        }
    }
}
