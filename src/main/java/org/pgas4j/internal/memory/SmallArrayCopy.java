package org.pgas4j.internal.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Copies of one machine word or two between a Java array and host memory as plain loads and
 * stores: one or two elements of any primitive array, and 1, 2, 4, 8 or 16 bytes of a
 * {@code byte[]}.
 *
 * <p>Why: {@link MemorySegment#copy(Object, int, MemorySegment, ValueLayout, long, int)} checks the
 * array's type against the layout, the byte order, the alignment and both ranges, then calls the
 * JVM's copy stub; for 8 bytes that is about 3 ns of a 10 ns put + quiet, where a load and a store
 * take a fraction of a nanosecond. The callers have checked both ranges before calling; a
 * read-only destination still throws {@link IllegalArgumentException}, as a copy into it does.
 */
public final class SmallArrayCopy {
    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    private static final VarHandle BYTES_AS_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, NATIVE);
    private static final VarHandle BYTES_AS_INTS = MethodHandles.byteArrayViewVarHandle(int[].class, NATIVE);
    private static final VarHandle BYTES_AS_SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, NATIVE);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfChar CHAR = ValueLayout.JAVA_CHAR_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private SmallArrayCopy() {
    }

    /** Whether {@link #toNative} and {@link #fromNative} may take a copy of this many bytes. */
    public static boolean sizeFits(long bytes) {
        return bytes <= 16;
    }

    /**
     * Copies {@code count} elements of {@code src} from {@code index} to byte {@code offset} of
     * {@code dst}, if it is a copy this class takes.
     *
     * @return false, having copied nothing, where it is not (then copy some other way)
     */
    public static boolean toNative(Object src, int index, int count, MemorySegment dst, long offset) {
        // Two small methods, not one: the JIT inlines the byte[] one into the caller's hot path.
        return src instanceof byte[] a ? bytesToNative(a, index, count, dst, offset)
                : elementsToNative(src, index, count, dst, offset);
    }

    private static boolean bytesToNative(byte[] a, int index, int count, MemorySegment dst, long offset) {
        switch (count) {
            case 8 -> dst.set(LONG, offset, (long) BYTES_AS_LONGS.get(a, index));
            case 16 -> {
                dst.set(LONG, offset, (long) BYTES_AS_LONGS.get(a, index));
                dst.set(LONG, offset + 8, (long) BYTES_AS_LONGS.get(a, index + 8));
            }
            case 4 -> dst.set(INT, offset, (int) BYTES_AS_INTS.get(a, index));
            case 2 -> dst.set(SHORT, offset, (short) BYTES_AS_SHORTS.get(a, index));
            case 1 -> dst.set(BYTE, offset, a[index]);
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean elementsToNative(Object src, int index, int count, MemorySegment dst, long offset) {
        if (count != 1 && count != 2) {
            return false;
        }
        if (src instanceof long[] a) {
            dst.set(LONG, offset, a[index]);
            if (count == 2) {
                dst.set(LONG, offset + 8, a[index + 1]);
            }
        } else if (src instanceof int[] a) {
            dst.set(INT, offset, a[index]);
            if (count == 2) {
                dst.set(INT, offset + 4, a[index + 1]);
            }
        } else if (src instanceof double[] a) {
            dst.set(DOUBLE, offset, a[index]);
            if (count == 2) {
                dst.set(DOUBLE, offset + 8, a[index + 1]);
            }
        } else if (src instanceof float[] a) {
            dst.set(FLOAT, offset, a[index]);
            if (count == 2) {
                dst.set(FLOAT, offset + 4, a[index + 1]);
            }
        } else if (src instanceof short[] a) {
            dst.set(SHORT, offset, a[index]);
            if (count == 2) {
                dst.set(SHORT, offset + 2, a[index + 1]);
            }
        } else if (src instanceof char[] a) {
            dst.set(CHAR, offset, a[index]);
            if (count == 2) {
                dst.set(CHAR, offset + 2, a[index + 1]);
            }
        } else {
            return false;
        }
        return true;
    }

    /**
     * Copies {@code count} elements from byte {@code offset} of {@code src} into {@code dst} at
     * {@code index}, if it is a copy this class takes.
     *
     * @return false, having copied nothing, where it is not (then copy some other way)
     */
    public static boolean fromNative(MemorySegment src, long offset, Object dst, int index, int count) {
        return dst instanceof byte[] a ? bytesFromNative(src, offset, a, index, count)
                : elementsFromNative(src, offset, dst, index, count);
    }

    private static boolean bytesFromNative(MemorySegment src, long offset, byte[] a, int index, int count) {
        switch (count) {
            case 8 -> BYTES_AS_LONGS.set(a, index, src.get(LONG, offset));
            case 16 -> {
                BYTES_AS_LONGS.set(a, index, src.get(LONG, offset));
                BYTES_AS_LONGS.set(a, index + 8, src.get(LONG, offset + 8));
            }
            case 4 -> BYTES_AS_INTS.set(a, index, src.get(INT, offset));
            case 2 -> BYTES_AS_SHORTS.set(a, index, src.get(SHORT, offset));
            case 1 -> a[index] = src.get(BYTE, offset);
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean elementsFromNative(MemorySegment src, long offset, Object dst, int index, int count) {
        if (count != 1 && count != 2) {
            return false;
        }
        if (dst instanceof long[] a) {
            a[index] = src.get(LONG, offset);
            if (count == 2) {
                a[index + 1] = src.get(LONG, offset + 8);
            }
        } else if (dst instanceof int[] a) {
            a[index] = src.get(INT, offset);
            if (count == 2) {
                a[index + 1] = src.get(INT, offset + 4);
            }
        } else if (dst instanceof double[] a) {
            a[index] = src.get(DOUBLE, offset);
            if (count == 2) {
                a[index + 1] = src.get(DOUBLE, offset + 8);
            }
        } else if (dst instanceof float[] a) {
            a[index] = src.get(FLOAT, offset);
            if (count == 2) {
                a[index + 1] = src.get(FLOAT, offset + 4);
            }
        } else if (dst instanceof short[] a) {
            a[index] = src.get(SHORT, offset);
            if (count == 2) {
                a[index + 1] = src.get(SHORT, offset + 2);
            }
        } else if (dst instanceof char[] a) {
            a[index] = src.get(CHAR, offset);
            if (count == 2) {
                a[index + 1] = src.get(CHAR, offset + 2);
            }
        } else {
            return false;
        }
        return true;
    }
}
