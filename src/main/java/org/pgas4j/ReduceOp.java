package org.pgas4j;

/**
 * Reduction operators ({@code GEX_OP_*}, OpenSHMEM's {@code shmem_*_reduce}). SUM, PROD, MIN and
 * MAX apply to every {@link DataType}; AND, OR and XOR to the integer types only. Integer sums and
 * products wrap as Java arithmetic does.
 */
public enum ReduceOp {
    /** Sum ({@code GEX_OP_ADD}). */
    SUM(false),
    /** Product ({@code GEX_OP_MULT}). */
    PROD(false),
    /** Minimum ({@code GEX_OP_MIN}). */
    MIN(false),
    /** Maximum ({@code GEX_OP_MAX}). */
    MAX(false),
    /** Bitwise and ({@code GEX_OP_AND}). */
    AND(true),
    /** Bitwise or ({@code GEX_OP_OR}). */
    OR(true),
    /** Bitwise exclusive or ({@code GEX_OP_XOR}). */
    XOR(true);

    private final boolean bitwise;

    ReduceOp(boolean bitwise) {
        this.bitwise = bitwise;
    }

    /** Whether the operator is bitwise (integer types only). */
    public boolean isBitwise() {
        return bitwise;
    }
}
