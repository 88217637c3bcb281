package org.pgas4j.bootstrap;

/**
 * The out-of-band channel a PE uses during start-up and shut-down, before (and beside) any
 * transport: who am I, how many are we, and a few collective exchanges over the whole job.
 *
 * <p>A bootstrap is slow (it may go through the launcher) and is never used on a hot path. It is
 * separate from the transports, as in GASNet, so a new transport only has to say what it wants
 * exchanged, not how.
 *
 * <p>Every collective method must be called by every PE of the job, in the same order.
 */
public interface Bootstrap extends AutoCloseable {

    /** This PE's rank in the job, {@code 0 <= rank() < size()}. */
    int rank();

    /** The number of PEs in the job. */
    int size();

    /** The job's identifier: unguessable, shared by all PEs of the job, usable in file names. */
    String jobId();

    /**
     * Where this PE runs among the job's hosts: its host (node) index and its rank among the PEs
     * of that host. A job on one host is node 0 of 1 with the local rank equal to the rank.
     */
    default NodeLocation location() {
        return NodeLocation.singleHost(rank(), size());
    }

    /**
     * Collective: every PE contributes {@code mine}; returns every PE's contribution indexed by
     * rank (the caller's own at index {@link #rank()}).
     *
     * @throws BootstrapException if the job is failing or the channel is lost
     */
    byte[][] allgather(byte[] mine);

    /** Collective: returns once every PE of the job has entered it. */
    void barrier();

    /**
     * Whether the job is still healthy as far as the bootstrap knows: false once the launcher has
     * reported a failed PE or the channel to it was lost. Cheap; called from wait loops.
     */
    boolean healthy();

    /**
     * Why the job is failing, as far as the bootstrap knows: the launcher's words naming the PE
     * that failed, its host and how it ended, or the lost launcher.
     *
     * @return the reason, or null while {@link #healthy()} or when the bootstrap cannot tell
     */
    default String failureReason() {
        return null;
    }

    /**
     * The transport this bootstrap's PEs must use, or null to follow the settings: PEs that are
     * threads of one JVM can only use the {@code local} transport.
     */
    default String requiredTransport() {
        return null;
    }

    /**
     * Hands this PE's encoded statistics counters to whoever gathers the job's report (the
     * launcher, or the in-JVM job), before {@link #close()}. Not collective.
     *
     * @param counters the encoded counters
     * @return false when nobody gathers them (a stand-alone PE), so the caller reports them itself
     */
    default boolean sendStatistics(byte[] counters) {
        return false;
    }

    /**
     * Where this PE's encoded statistics counters come from if the job is aborted before the PE
     * closes: a bootstrap that can still reach the gatherer then sends them (the launcher's report
     * then has the counters of every PE that was alive).
     *
     * @param counters makes the encoded counters; called at most once, from another thread
     */
    default void statisticsOnAbort(java.util.function.Supplier<byte[]> counters) {
    }

    /**
     * Ends the whole job at the program's request ({@code gasnet_exit}, {@code shmem_global_exit}):
     * every PE stops promptly and the job's status is {@code status}; the launcher names this PE
     * and {@code call}. Where the PE is a process it does not return: the job's shared files are
     * removed and the process halts with {@code status}. A PE that is a thread of an in-JVM job
     * returns after marking the job ended, and the caller throws.
     *
     * <p>The default, for a stand-alone PE: prints the call to stderr, removes the job's shared
     * files and halts.
     *
     * @param status the job's exit status, 0 to 255
     * @param call what the program called, for the message ("called shmem_global_exit(3)")
     */
    default void exit(int status, String call) {
        System.out.flush();
        System.err.println("pgas4j: PE " + rank() + " " + call + "; the job ends with status " + status);
        System.err.flush();
        ShmFiles.removeJobFiles(jobId());
        Runtime.getRuntime().halt(status);
    }

    /**
     * Ends this PE's participation cleanly: tells the launcher that this PE finalized, so that its
     * later exit is not taken as a failure. Not collective. Idempotent.
     */
    @Override
    void close();

    /**
     * Takes part in the job again after {@link #close()}, with the same rank and size, for a
     * program that initialises once more (OpenSHMEM's repeated init/finalize pairs). Every PE of the
     * job does so the same number of times; collectives then start over.
     *
     * @return false when this bootstrap cannot join again (the default: a PMIx launcher's PE), true
     *         once it has (or when it was not closed)
     * @throws BootstrapException when the launcher refuses, or the job failed meanwhile
     */
    default boolean rejoin() {
        return false;
    }
}
