package org.pgas4j.testing;

import org.pgas4j.ReduceOp;

/**
 * The reduction operators computed the plain way, one pair of values at a time: the reference
 * that tests of the collectives compare the runtime's reductions with.
 */
public final class ReductionReference {
    private ReductionReference() {
    }

    /** {@code a op b} on integers; the caller narrows the result to its type's width. */
    public static long integral(ReduceOp op, long a, long b) {
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

    /**
     * {@code a op b} on floating-point values. For two floats, rounding this double result to float
     * gives the float operation's own result (a double holds more than twice a float's precision,
     * so the double rounding is exact for one addition or multiplication).
     */
    public static double floating(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            default -> throw new IllegalArgumentException(op + " does not apply to floating-point values");
        };
    }
}
