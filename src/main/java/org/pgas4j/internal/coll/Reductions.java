package org.pgas4j.internal.coll;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.MemorySegment;
import org.pgas4j.DataType;
import org.pgas4j.ReduceOp;

/**
 * Element-wise combination {@code acc[i] = acc[i] op in[i]}. The type is switched on once per
 * call, outside the element loop; the bitwise operators act on each bit alone, so they combine
 * eight bytes at a time whatever the type. Every operator is commutative bit for bit (IEEE
 * addition and multiplication included), so members combining in different orders in the
 * recursive-doubling exchange still end with identical results.
 */
final class Reductions {
    private Reductions() {
    }

    static void combine(DataType type, ReduceOp op, MemorySegment acc, MemorySegment in, long count) {
        if (op.isBitwise() && type.isIntegral()) {
            bitwise(op, acc, in, count * type.byteSize());
            return;
        }
        switch (type) {
            case BYTE -> bytes(op, acc, in, count);
            case SHORT -> shorts(op, acc, in, count);
            case INT -> ints(op, acc, in, count);
            case LONG -> longs(op, acc, in, count);
            case FLOAT -> floats(op, acc, in, count);
            case DOUBLE -> doubles(op, acc, in, count);
        }
    }

    private static long integral(ReduceOp op, long a, long b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
        };
    }

    /** AND, OR or XOR over {@code bytes} bytes: as 8-byte words, then the bytes left over. */
    private static void bitwise(ReduceOp op, MemorySegment acc, MemorySegment in, long bytes) {
        long words = bytes & ~7L;
        for (long i = 0; i < words; i += 8) {
            acc.set(JAVA_LONG_UNALIGNED, i, integral(op, acc.get(JAVA_LONG_UNALIGNED, i), in.get(JAVA_LONG_UNALIGNED, i)));
        }
        for (long i = words; i < bytes; i++) {
            acc.set(JAVA_BYTE, i, (byte) integral(op, acc.get(JAVA_BYTE, i), in.get(JAVA_BYTE, i)));
        }
    }

    private static void bytes(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        for (long i = 0; i < n; i++) {
            acc.set(JAVA_BYTE, i, (byte) integral(op, acc.get(JAVA_BYTE, i), in.get(JAVA_BYTE, i)));
        }
    }

    private static void shorts(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        for (long i = 0; i < n * 2; i += 2) {
            acc.set(JAVA_SHORT_UNALIGNED, i, (short) integral(op, acc.get(JAVA_SHORT_UNALIGNED, i),
                    in.get(JAVA_SHORT_UNALIGNED, i)));
        }
    }

    private static void ints(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        for (long i = 0; i < n * 4; i += 4) {
            acc.set(JAVA_INT_UNALIGNED, i, (int) integral(op, acc.get(JAVA_INT_UNALIGNED, i),
                    in.get(JAVA_INT_UNALIGNED, i)));
        }
    }

    private static void longs(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        switch (op) { // the common 64-bit cases get their own loops
            case SUM -> {
                for (long i = 0; i < n * 8; i += 8) {
                    acc.set(JAVA_LONG_UNALIGNED, i, acc.get(JAVA_LONG_UNALIGNED, i) + in.get(JAVA_LONG_UNALIGNED, i));
                }
            }
            default -> {
                for (long i = 0; i < n * 8; i += 8) {
                    acc.set(JAVA_LONG_UNALIGNED, i, integral(op, acc.get(JAVA_LONG_UNALIGNED, i),
                            in.get(JAVA_LONG_UNALIGNED, i)));
                }
            }
        }
    }

    private static double floating(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            default -> throw new IllegalArgumentException(op + " does not apply to floating-point types");
        };
    }

    private static void floats(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        for (long i = 0; i < n * 4; i += 4) {
            // float arithmetic done in float: widening to double and back would round differently
            float a = acc.get(JAVA_FLOAT_UNALIGNED, i);
            float b = in.get(JAVA_FLOAT_UNALIGNED, i);
            float r = switch (op) {
                case SUM -> a + b;
                case PROD -> a * b;
                case MIN -> Math.min(a, b);
                case MAX -> Math.max(a, b);
                default -> throw new IllegalArgumentException(op + " does not apply to floating-point types");
            };
            acc.set(JAVA_FLOAT_UNALIGNED, i, r);
        }
    }

    private static void doubles(ReduceOp op, MemorySegment acc, MemorySegment in, long n) {
        for (long i = 0; i < n * 8; i += 8) {
            acc.set(JAVA_DOUBLE_UNALIGNED, i, floating(op, acc.get(JAVA_DOUBLE_UNALIGNED, i),
                    in.get(JAVA_DOUBLE_UNALIGNED, i)));
        }
    }
}
