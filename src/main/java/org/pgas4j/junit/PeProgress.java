package org.pgas4j.junit;

/** Where the PEs of a job are told to: in memory for threads, in files for processes. */
interface PeProgress {
    /** PE {@code rank} entered {@code phase}. */
    void entered(int rank, Phase phase);

    /**
     * PE {@code rank} failed with {@code resources} not closed: they are released once the job has
     * failed, or with the PE's process.
     */
    default void leftOpen(int rank, PeResources resources) {
    }
}
