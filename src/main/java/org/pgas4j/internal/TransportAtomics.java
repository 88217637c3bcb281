package org.pgas4j.internal;

import org.pgas4j.spi.AtomicCompletion;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.TransportAtomic;

/**
 * The core's atomics in terms of a transport's ({@link RemoteMemory#atomic}): which (type, op)
 * pairs of {@link AtomicExecutor} map onto {@link TransportAtomic}s, and the mapping itself, with
 * results in {@link AtomicExecutor}'s bit conventions. Set is a swap whose old value is dropped,
 * get an addition of zero, subtract, increment and decrement are additions; multiply, min, max and
 * floating-point arithmetic have no transport form and stay with the owner.
 */
public final class TransportAtomics {
    private TransportAtomics() {
    }

    /** Whether {@code memory} can perform (type, op) at {@code offset} itself. */
    public static boolean supported(RemoteMemory memory, long offset, int type, int op) {
        boolean integral = AtomicExecutor.isIntegral(type);
        boolean mapped = switch (op) {
            case AtomicExecutor.SET, AtomicExecutor.GET, AtomicExecutor.SWAP, AtomicExecutor.CAS -> true;
            case AtomicExecutor.ADD, AtomicExecutor.SUB, AtomicExecutor.INC, AtomicExecutor.DEC, AtomicExecutor.AND,
                    AtomicExecutor.OR, AtomicExecutor.XOR -> integral;
            default -> false;
        };
        return mapped && memory.hasAtomicAt(offset, AtomicExecutor.byteSize(type));
    }

    /**
     * Starts the non-fetching (type, op) through the transport without waiting
     * ({@link RemoteMemory#atomicImplicit}), where {@link #supported} said so: add, subtract,
     * increment, decrement, and, or and xor; set (a swap in transport terms) is refused.
     *
     * @return whether it was started; if not, nothing was done
     */
    public static boolean startImplicit(RemoteMemory memory, long offset, int type, int op, long operand1,
                                        Completion completion) {
        int size = AtomicExecutor.byteSize(type);
        return switch (op) {
            case AtomicExecutor.ADD -> memory.atomicImplicit(offset, size, TransportAtomic.ADD, operand1, completion);
            case AtomicExecutor.SUB -> memory.atomicImplicit(offset, size, TransportAtomic.ADD, -operand1, completion);
            case AtomicExecutor.INC -> memory.atomicImplicit(offset, size, TransportAtomic.ADD, 1, completion);
            case AtomicExecutor.DEC -> memory.atomicImplicit(offset, size, TransportAtomic.ADD, -1, completion);
            case AtomicExecutor.AND -> memory.atomicImplicit(offset, size, TransportAtomic.AND, operand1, completion);
            case AtomicExecutor.OR -> memory.atomicImplicit(offset, size, TransportAtomic.OR, operand1, completion);
            case AtomicExecutor.XOR -> memory.atomicImplicit(offset, size, TransportAtomic.XOR, operand1, completion);
            default -> false;
        };
    }

    /**
     * Starts (type, op) through the transport without waiting ({@link RemoteMemory#atomicNB}),
     * where {@link #supported} said so: get, set, swap, compare-and-swap, add, subtract, increment
     * and decrement (set and the non-fetching ones through their fetching forms); and, or and xor
     * are refused. {@code completion} receives the old value in the transport's convention:
     * {@link #bits} turns it into {@link AtomicExecutor}'s.
     *
     * @return whether it was started; if not, nothing was done
     */
    public static boolean startNB(RemoteMemory memory, long offset, int type, int op, long operand1, long operand2,
                                  AtomicCompletion completion) {
        int size = AtomicExecutor.byteSize(type);
        return switch (op) {
            case AtomicExecutor.SET, AtomicExecutor.SWAP -> memory.atomicNB(offset, size, TransportAtomic.SWAP, operand1,
                    0, completion);
            case AtomicExecutor.GET -> memory.atomicNB(offset, size, TransportAtomic.ADD, 0, 0, completion);
            case AtomicExecutor.CAS -> memory.atomicNB(offset, size, TransportAtomic.COMPARE_SWAP, operand1, operand2,
                    completion);
            case AtomicExecutor.ADD -> memory.atomicNB(offset, size, TransportAtomic.ADD, operand1, 0, completion);
            case AtomicExecutor.SUB -> memory.atomicNB(offset, size, TransportAtomic.ADD, -operand1, 0, completion);
            case AtomicExecutor.INC -> memory.atomicNB(offset, size, TransportAtomic.ADD, 1, 0, completion);
            case AtomicExecutor.DEC -> memory.atomicNB(offset, size, TransportAtomic.ADD, -1, 0, completion);
            default -> false;
        };
    }

    /** A transport's old value of a {@code type} location in {@link AtomicExecutor}'s bit convention. */
    public static long bits(int type, long old) {
        return switch (type) {
            case AtomicExecutor.INT -> (int) old;
            case AtomicExecutor.UINT, AtomicExecutor.FLOAT -> old & 0xFFFF_FFFFL;
            default -> old;
        };
    }

    /**
     * Performs (type, op) through the transport, where {@link #supported} said so.
     *
     * @return the old value as {@link AtomicExecutor#apply} returns it (0 for set)
     */
    public static long apply(RemoteMemory memory, long offset, int type, int op, long operand1, long operand2) {
        int size = AtomicExecutor.byteSize(type);
        long old = switch (op) {
            case AtomicExecutor.SET -> memory.atomic(offset, size, TransportAtomic.SWAP, operand1, 0);
            case AtomicExecutor.GET -> memory.atomic(offset, size, TransportAtomic.ADD, 0, 0);
            case AtomicExecutor.SWAP -> memory.atomic(offset, size, TransportAtomic.SWAP, operand1, 0);
            case AtomicExecutor.CAS -> memory.atomic(offset, size, TransportAtomic.COMPARE_SWAP, operand1, operand2);
            case AtomicExecutor.ADD -> memory.atomic(offset, size, TransportAtomic.ADD, operand1, 0);
            case AtomicExecutor.SUB -> memory.atomic(offset, size, TransportAtomic.ADD, -operand1, 0);
            case AtomicExecutor.INC -> memory.atomic(offset, size, TransportAtomic.ADD, 1, 0);
            case AtomicExecutor.DEC -> memory.atomic(offset, size, TransportAtomic.ADD, -1, 0);
            case AtomicExecutor.AND -> memory.atomic(offset, size, TransportAtomic.AND, operand1, 0);
            case AtomicExecutor.OR -> memory.atomic(offset, size, TransportAtomic.OR, operand1, 0);
            case AtomicExecutor.XOR -> memory.atomic(offset, size, TransportAtomic.XOR, operand1, 0);
            default -> throw new IllegalArgumentException("no transport form of atomic op " + op);
        };
        return op == AtomicExecutor.SET ? 0 : bits(type, old);
    }
}
