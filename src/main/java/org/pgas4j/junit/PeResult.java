package org.pgas4j.junit;

/**
 * How one PE of a job ended.
 *
 * @param rank the PE's rank
 * @param phase {@link Phase#PASSED}, {@link Phase#FAILED}, or where it was when last heard of (a
 *        PE that never ended, or whose process was stopped)
 * @param where where it was when it failed or when the job timed out (never an ended phase)
 * @param failure what it threw, or null
 * @param runningAtTimeout whether it was still running when the job timed out (what it threw then
 *        is a consequence of the timeout)
 * @param stackAtTimeout the PE thread's stack at the timeout, or null (known for threads only)
 * @param place where in the test method it was at the timeout ({@code in Team.barrier called from
 *        RingTest.java:40}), or null when not known
 */
record PeResult(int rank, Phase phase, Phase where, Throwable failure, boolean runningAtTimeout,
                StackTraceElement[] stackAtTimeout, String place) {

    /** Whether the PE passed. */
    boolean passed() {
        return phase == Phase.PASSED;
    }

    /** Where it was at the timeout, as precisely as known: a {@link #place()} or a phase. */
    String whereAtTimeout() {
        return place != null ? place : where.description();
    }
}
