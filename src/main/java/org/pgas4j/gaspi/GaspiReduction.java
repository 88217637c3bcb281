package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;

/**
 * A user-defined reduction for {@link Gaspi#allreduceUser} ({@code gaspi_reduce_operation_t}):
 * combines {@code num} elements of {@code elementSize} bytes of two operands into {@code result}.
 * Every rank applies it to the members' contributions in the group's rank order, so it need not
 * be commutative to give the same result everywhere; it must not call GASPI.
 */
@FunctionalInterface
public interface GaspiReduction {
    /**
     * Writes {@code operand1 (op) operand2} into {@code result}; each is {@code num * elementSize}
     * bytes, and {@code result} is distinct from both operands.
     */
    void reduce(MemorySegment operand1, MemorySegment operand2, MemorySegment result, int num, int elementSize);
}
