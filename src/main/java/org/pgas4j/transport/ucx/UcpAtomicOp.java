package org.pgas4j.transport.ucx;

/**
 * {@code ucp_atomic_op_t}: the operation of {@code ucp_atomic_op_nbx}. With X the local operand
 * ({@code buffer}), Y the remote value and R the reply buffer, every operation stores the old Y in
 * R when R is given.
 */
public enum UcpAtomicOp {
    /** {@code UCP_ATOMIC_OP_ADD}: Y += X. */
    ADD,
    /** {@code UCP_ATOMIC_OP_SWAP}: Y = X (needs R). */
    SWAP,
    /** {@code UCP_ATOMIC_OP_CSWAP}: if X == Y then Y = R's input value (needs R). */
    CSWAP,
    /** {@code UCP_ATOMIC_OP_AND}: Y &amp;= X. */
    AND,
    /** {@code UCP_ATOMIC_OP_OR}: Y |= X. */
    OR,
    /** {@code UCP_ATOMIC_OP_XOR}: Y ^= X. */
    XOR;

    /**
     * The C enum value.
     *
     * @return the {@code ucp_atomic_op_t} value (declaration order in ucp.h)
     */
    public int code() {
        return ordinal();
    }
}
