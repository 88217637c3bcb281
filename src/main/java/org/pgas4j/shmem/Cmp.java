package org.pgas4j.shmem;

/** Comparison operators of point-to-point synchronisation ({@code SHMEM_CMP_*}). */
public enum Cmp {
    /** {@code SHMEM_CMP_EQ}. */
    EQ,
    /** {@code SHMEM_CMP_NE}. */
    NE,
    /** {@code SHMEM_CMP_GT}. */
    GT,
    /** {@code SHMEM_CMP_GE}. */
    GE,
    /** {@code SHMEM_CMP_LT}. */
    LT,
    /** {@code SHMEM_CMP_LE}. */
    LE;

    /** Whether {@code value cmp operand} holds, with {@code c = compare(value, operand)}. */
    boolean holds(int c) {
        return switch (this) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case LT -> c < 0;
            case LE -> c <= 0;
        };
    }
}
