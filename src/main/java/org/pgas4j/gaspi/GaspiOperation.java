package org.pgas4j.gaspi;

/** The predefined reductions of {@link Gaspi#allreduce} ({@code gaspi_operation_t}). */
public enum GaspiOperation {
    /** {@code GASPI_OP_MIN}. */
    MIN,
    /** {@code GASPI_OP_MAX}. */
    MAX,
    /** {@code GASPI_OP_SUM}. */
    SUM
}
