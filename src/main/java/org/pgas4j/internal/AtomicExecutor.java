package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The semantics of every remote atomic, in one place: performs (type, op, operands) on one
 * location of a memory segment this process can load from and store to, and returns the value
 * the location held before. Both paths use it: the direct path on a peer's mapping (shared memory:
 * the instructions are {@code lock xadd}, {@code lock cmpxchg}, ... on memory other processes map
 * too), and the active-message fallback at the owner of memory its peers cannot map. Because both
 * use the same hardware atomics on the same physical memory, an atomic of either path is atomic
 * with respect to every other atomic on that location, from any PE.
 *
 * <p>Types and operations are small integer codes, stable so that they can travel in a message.
 * Values travel as {@code long} bits: {@link #INT} sign-extended, {@link #UINT} zero-extended,
 * {@link #FLOAT} as {@link Float#floatToRawIntBits} zero-extended, {@link #DOUBLE} as
 * {@link Double#doubleToRawLongBits}; of a 32-bit operand only the low 32 bits are used.
 *
 * <p>Every access is a volatile (sequentially consistent) VarHandle access on an aligned layout:
 * set is {@code setVolatile}, get {@code getVolatile}, swap {@code getAndSet}, compare-and-swap
 * {@code compareAndExchange}, integer add, subtract, increment, decrement, and, or and xor the
 * matching {@code getAndAdd}/{@code getAndBitwise*}. What has no instruction (integer multiply,
 * min and max, every floating-point arithmetic) is a {@code compareAndExchange} loop on the raw
 * bits, which writes nothing when the value would not change. The caller has checked bounds and
 * alignment ({@link #byteSize}); the VarHandles check them again and would throw rather than
 * tear a value.
 */
public final class AtomicExecutor {
    /** 32-bit signed integer ({@code GEX_DT_I32}). */
    public static final int INT = 0;
    /** 32-bit unsigned integer ({@code GEX_DT_U32}): min and max compare unsigned. */
    public static final int UINT = 1;
    /** 64-bit signed integer ({@code GEX_DT_I64}). */
    public static final int LONG = 2;
    /** 64-bit unsigned integer ({@code GEX_DT_U64}): min and max compare unsigned. */
    public static final int ULONG = 3;
    /** 32-bit IEEE float ({@code GEX_DT_FLT}). */
    public static final int FLOAT = 4;
    /** 64-bit IEEE double ({@code GEX_DT_DBL}). */
    public static final int DOUBLE = 5;

    /** Store operand 1. Returns 0. */
    public static final int SET = 0;
    /** Load. */
    public static final int GET = 1;
    /** Store operand 1, returning the old value. */
    public static final int SWAP = 2;
    /** If the value's bits equal operand 1's, store operand 2; returns the old value either way. */
    public static final int CAS = 3;
    /** Add operand 1 (integers wrap). */
    public static final int ADD = 4;
    /** Subtract operand 1 (integers wrap). */
    public static final int SUB = 5;
    /** Multiply by operand 1 (integers wrap). */
    public static final int MULT = 6;
    /** Store the smaller of the value and operand 1. */
    public static final int MIN = 7;
    /** Store the larger of the value and operand 1. */
    public static final int MAX = 8;
    /** Add one. */
    public static final int INC = 9;
    /** Subtract one. */
    public static final int DEC = 10;
    /** Bitwise and with operand 1 (integer types only). */
    public static final int AND = 11;
    /** Bitwise or with operand 1 (integer types only). */
    public static final int OR = 12;
    /** Bitwise exclusive or with operand 1 (integer types only). */
    public static final int XOR = 13;

    private static final VarHandle I32 = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle I64 = ValueLayout.JAVA_LONG.varHandle();

    private AtomicExecutor() {
    }

    /** The size in bytes of {@code type}, which is also the alignment its location needs. */
    public static int byteSize(int type) {
        return type == LONG || type == ULONG || type == DOUBLE ? 8 : 4;
    }

    /** Whether {@code type} is an integer type (the bitwise operations apply). */
    public static boolean isIntegral(int type) {
        return type != FLOAT && type != DOUBLE;
    }

    /** Whether {@code op} is a bitwise operation (and, or, xor). */
    public static boolean isBitwise(int op) {
        return op == AND || op == OR || op == XOR;
    }

    /**
     * Performs {@code op} of {@code type} on {@code memory} at {@code offset}.
     *
     * @param memory memory this process can access, holding the location
     * @param offset the location's byte offset in {@code memory}; aligned to {@link #byteSize}
     * @param operand1 the value to set, add, compare with, ... (ignored by get, inc and dec)
     * @param operand2 the value compare-and-swap stores (ignored by every other op)
     * @return the value the location held before, as bits (0 for {@link #SET})
     * @throws IllegalArgumentException for an unknown type or op, or a bitwise op on a
     *         floating-point type
     */
    public static long apply(MemorySegment memory, long offset, int type, int op, long operand1, long operand2) {
        return switch (type) {
            case INT -> int32(memory, offset, type, op, (int) operand1, (int) operand2);
            case UINT, FLOAT -> Integer.toUnsignedLong(int32(memory, offset, type, op, (int) operand1, (int) operand2));
            case LONG, ULONG, DOUBLE -> int64(memory, offset, type, op, operand1, operand2);
            default -> throw new IllegalArgumentException("unknown atomic type code " + type);
        };
    }

    private static int int32(MemorySegment m, long off, int type, int op, int a, int b) {
        boolean integral = type != FLOAT;
        switch (op) {
            case SET -> {
                I32.setVolatile(m, off, a);
                return 0;
            }
            case GET -> {
                return (int) I32.getVolatile(m, off);
            }
            case SWAP -> {
                return (int) I32.getAndSet(m, off, a);
            }
            case CAS -> {
                return (int) I32.compareAndExchange(m, off, a, b);
            }
            default -> {
                // the arithmetic and bitwise ops below
            }
        }
        if (integral) {
            switch (op) {
                case ADD -> {
                    return (int) I32.getAndAdd(m, off, a);
                }
                case SUB -> {
                    return (int) I32.getAndAdd(m, off, -a);
                }
                case INC -> {
                    return (int) I32.getAndAdd(m, off, 1);
                }
                case DEC -> {
                    return (int) I32.getAndAdd(m, off, -1);
                }
                case AND -> {
                    return (int) I32.getAndBitwiseAnd(m, off, a);
                }
                case OR -> {
                    return (int) I32.getAndBitwiseOr(m, off, a);
                }
                case XOR -> {
                    return (int) I32.getAndBitwiseXor(m, off, a);
                }
                default -> {
                    // MULT, MIN, MAX: no instruction, a CAS loop
                }
            }
        }
        int old = (int) I32.getVolatile(m, off);
        while (true) {
            int desired = (int) combine(type, op, widen32(type, old), widen32(type, a));
            if (desired == old) {
                return old; // nothing to change: the read is the atomic's linearisation point
            }
            int witness = (int) I32.compareAndExchange(m, off, old, desired);
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }

    private static long int64(MemorySegment m, long off, int type, int op, long a, long b) {
        boolean integral = type != DOUBLE;
        switch (op) {
            case SET -> {
                I64.setVolatile(m, off, a);
                return 0;
            }
            case GET -> {
                return (long) I64.getVolatile(m, off);
            }
            case SWAP -> {
                return (long) I64.getAndSet(m, off, a);
            }
            case CAS -> {
                return (long) I64.compareAndExchange(m, off, a, b);
            }
            default -> {
                // the arithmetic and bitwise ops below
            }
        }
        if (integral) {
            switch (op) {
                case ADD -> {
                    return (long) I64.getAndAdd(m, off, a);
                }
                case SUB -> {
                    return (long) I64.getAndAdd(m, off, -a);
                }
                case INC -> {
                    return (long) I64.getAndAdd(m, off, 1L);
                }
                case DEC -> {
                    return (long) I64.getAndAdd(m, off, -1L);
                }
                case AND -> {
                    return (long) I64.getAndBitwiseAnd(m, off, a);
                }
                case OR -> {
                    return (long) I64.getAndBitwiseOr(m, off, a);
                }
                case XOR -> {
                    return (long) I64.getAndBitwiseXor(m, off, a);
                }
                default -> {
                    // MULT, MIN, MAX: no instruction, a CAS loop
                }
            }
        }
        long old = (long) I64.getVolatile(m, off);
        while (true) {
            long desired = combine(type, op, old, a);
            if (desired == old) {
                return old; // nothing to change: the read is the atomic's linearisation point
            }
            long witness = (long) I64.compareAndExchange(m, off, old, desired);
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }

    /** A 32-bit value as {@link #combine} takes it: INT sign-extended, UINT and FLOAT zero-extended. */
    private static long widen32(int type, int v) {
        return type == INT ? v : Integer.toUnsignedLong(v);
    }

    /**
     * The new value of a CAS-loop op: {@code op(old, operand)} in the bits convention of the class
     * javadoc. Integers: INT is sign-extended and UINT zero-extended, so a signed 64-bit comparison
     * orders both correctly; the low bits of a 64-bit product are the product of the low bits.
     * Floating point: IEEE arithmetic and {@link Math#min}/{@link Math#max} (NaN wins, -0.0 is
     * below 0.0).
     */
    static long combine(int type, int op, long old, long operand) {
        switch (type) {
            case FLOAT -> {
                float x = Float.intBitsToFloat((int) old);
                float v = Float.intBitsToFloat((int) operand);
                // +, -, * of floats computed in double, then rounded to float, give the correctly
                // rounded float result: double rounding is innocuous as 53 >= 2 * 24 + 2 bits.
                return Integer.toUnsignedLong(Float.floatToRawIntBits((float) floating(op, x, v)));
            }
            case DOUBLE -> {
                double x = Double.longBitsToDouble(old);
                double v = Double.longBitsToDouble(operand);
                return Double.doubleToRawLongBits(floating(op, x, v));
            }
            case ULONG -> {
                return switch (op) {
                    case MIN -> Long.compareUnsigned(old, operand) <= 0 ? old : operand;
                    case MAX -> Long.compareUnsigned(old, operand) >= 0 ? old : operand;
                    default -> integer(op, old, operand);
                };
            }
            default -> {
                return integer(op, old, operand);
            }
        }
    }

    private static long integer(int op, long old, long operand) {
        return switch (op) {
            case MULT -> old * operand;
            case MIN -> Math.min(old, operand);
            case MAX -> Math.max(old, operand);
            default -> throw new IllegalArgumentException("unknown atomic op code " + op + " on an integer type");
        };
    }

    private static double floating(int op, double x, double v) {
        return switch (op) {
            case ADD -> x + v;
            case SUB -> x - v;
            case MULT -> x * v;
            case MIN -> Math.min(x, v);
            case MAX -> Math.max(x, v);
            case INC -> x + 1;
            case DEC -> x - 1;
            case AND, OR, XOR -> throw new IllegalArgumentException("bitwise atomic op code " + op
                    + " on a floating-point type");
            default -> throw new IllegalArgumentException("unknown atomic op code " + op);
        };
    }
}
