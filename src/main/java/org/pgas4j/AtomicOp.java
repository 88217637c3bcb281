package org.pgas4j;

import org.pgas4j.internal.AtomicExecutor;

/**
 * The operation of a remote atomic (GASNet-EX's {@code gex_OP_t}: {@code GEX_OP_*}), one name per
 * GASNet-EX op. An {@code F}-prefixed op is the <em>fetching</em> form, which returns the value
 * the location held before; the plain form returns nothing (the generic {@link Atomics#op} returns
 * 0), which lets the AM fallback skip the reply payload. Operand 1 is the value to set, add,
 * compare with, and so on; operand 2 is only used by compare-and-swap (the value stored on a
 * match). Bitwise ops apply to integer types only.
 *
 * <p>Compare-and-swap compares bits: for {@code FLOAT} and {@code DOUBLE} a NaN matches the same NaN
 * and {@code -0.0} does not match {@code 0.0}. Min and max of {@code UINT} and {@code ULONG} compare
 * unsigned; of floating-point types they follow {@link Math#min} and {@link Math#max}.
 */
public enum AtomicOp {
    /** Store operand 1 ({@code GEX_OP_SET}; OpenSHMEM {@code shmem_atomic_set}). */
    SET(AtomicExecutor.SET, false),
    /** Load ({@code GEX_OP_GET}; OpenSHMEM {@code shmem_atomic_fetch}). */
    GET(AtomicExecutor.GET, true),
    /** Store operand 1, fetching the old value ({@code GEX_OP_SWAP}; OpenSHMEM {@code shmem_atomic_swap}). */
    SWAP(AtomicExecutor.SWAP, true),
    /** Compare with operand 1 and on a match store operand 2, fetching the old value ({@code GEX_OP_FCAS}; OpenSHMEM {@code shmem_atomic_compare_swap}). */
    FCAS(AtomicExecutor.CAS, true),
    /** Compare with operand 1 and on a match store operand 2 ({@code GEX_OP_CAS}). */
    CAS(AtomicExecutor.CAS, false),
    /** Add operand 1 ({@code GEX_OP_ADD}; OpenSHMEM {@code shmem_atomic_add}). */
    ADD(AtomicExecutor.ADD, false),
    /** Add operand 1, fetching the old value ({@code GEX_OP_FADD}; OpenSHMEM {@code shmem_atomic_fetch_add}). */
    FADD(AtomicExecutor.ADD, true),
    /** Subtract operand 1 ({@code GEX_OP_SUB}). */
    SUB(AtomicExecutor.SUB, false),
    /** Subtract operand 1, fetching the old value ({@code GEX_OP_FSUB}). */
    FSUB(AtomicExecutor.SUB, true),
    /** Multiply by operand 1 ({@code GEX_OP_MULT}). */
    MULT(AtomicExecutor.MULT, false),
    /** Multiply by operand 1, fetching the old value ({@code GEX_OP_FMULT}). */
    FMULT(AtomicExecutor.MULT, true),
    /** Store the smaller of the value and operand 1 ({@code GEX_OP_MIN}). */
    MIN(AtomicExecutor.MIN, false),
    /** Store the smaller of the value and operand 1, fetching the old value ({@code GEX_OP_FMIN}). */
    FMIN(AtomicExecutor.MIN, true),
    /** Store the larger of the value and operand 1 ({@code GEX_OP_MAX}). */
    MAX(AtomicExecutor.MAX, false),
    /** Store the larger of the value and operand 1, fetching the old value ({@code GEX_OP_FMAX}). */
    FMAX(AtomicExecutor.MAX, true),
    /** Add one ({@code GEX_OP_INC}; OpenSHMEM {@code shmem_atomic_inc}). */
    INC(AtomicExecutor.INC, false),
    /** Add one, fetching the old value ({@code GEX_OP_FINC}; OpenSHMEM {@code shmem_atomic_fetch_inc}). */
    FINC(AtomicExecutor.INC, true),
    /** Subtract one ({@code GEX_OP_DEC}). */
    DEC(AtomicExecutor.DEC, false),
    /** Subtract one, fetching the old value ({@code GEX_OP_FDEC}). */
    FDEC(AtomicExecutor.DEC, true),
    /** Bitwise and with operand 1 ({@code GEX_OP_AND}; OpenSHMEM {@code shmem_atomic_and}). */
    AND(AtomicExecutor.AND, false),
    /** Bitwise and with operand 1, fetching the old value ({@code GEX_OP_FAND}; OpenSHMEM {@code shmem_atomic_fetch_and}). */
    FAND(AtomicExecutor.AND, true),
    /** Bitwise or with operand 1 ({@code GEX_OP_OR}; OpenSHMEM {@code shmem_atomic_or}). */
    OR(AtomicExecutor.OR, false),
    /** Bitwise or with operand 1, fetching the old value ({@code GEX_OP_FOR}; OpenSHMEM {@code shmem_atomic_fetch_or}). */
    FOR(AtomicExecutor.OR, true),
    /** Bitwise exclusive or with operand 1 ({@code GEX_OP_XOR}; OpenSHMEM {@code shmem_atomic_xor}). */
    XOR(AtomicExecutor.XOR, false),
    /** Bitwise exclusive or with operand 1, fetching the old value ({@code GEX_OP_FXOR}; OpenSHMEM {@code shmem_atomic_fetch_xor}). */
    FXOR(AtomicExecutor.XOR, true);

    /** The code {@link AtomicExecutor} knows the operation by (fetching or not). */
    final int code;
    private final boolean fetching;

    AtomicOp(int code, boolean fetching) {
        this.code = code;
        this.fetching = fetching;
    }

    /** Whether the op returns the location's old value (for {@link #GET}: its value). */
    public boolean isFetching() {
        return fetching;
    }

    /** Whether the op is bitwise (and, or, xor): integer types only. */
    public boolean isBitwise() {
        return AtomicExecutor.isBitwise(code);
    }
}
