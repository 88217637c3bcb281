package org.pgas4j.shmem;

/**
 * A communication session's configuration ({@code shmem_session_config_t}, OpenSHMEM 1.6), for
 * {@link ShmemContext#sessionStart}: which fields count is said by the mask passed with it.
 *
 * @param totalOps {@code total_ops}: how many operations the session expects to issue (a hint)
 */
public record ShmemSessionConfig(long totalOps) {
    /** {@code SHMEM_SESSION_TOTAL_OPS}: the mask bit of {@link #totalOps()}. */
    public static final long TOTAL_OPS = 1;

    /**
     * Checks the field.
     *
     * @throws org.pgas4j.BadArgumentException if {@code totalOps} is negative
     */
    public ShmemSessionConfig {
        if (totalOps < 0) {
            throw new org.pgas4j.BadArgumentException("ShmemSessionConfig: total_ops " + totalOps + " is negative");
        }
    }
}
