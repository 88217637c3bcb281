package org.pgas4j.spi;

/**
 * The atomic operations a transport may perform on a peer's memory itself
 * ({@link RemoteMemory#atomic}): those of UCX's {@code ucp_atomic_op_nbx} and of most network
 * adapters, on 4- and 8-byte integers. Each returns the value the location held before.
 */
public enum TransportAtomic {
    /** Adds the operand (wrapping). */
    ADD,
    /** Stores the operand. */
    SWAP,
    /** Stores the desired value if the location equals the operand. */
    COMPARE_SWAP,
    /** Bitwise and with the operand. */
    AND,
    /** Bitwise or with the operand. */
    OR,
    /** Bitwise exclusive or with the operand. */
    XOR
}
