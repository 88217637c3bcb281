package org.pgas4j.bench;

/**
 * The names of the figures of {@code bench coll}: result-line metrics and JSON keys alike. A
 * per-job-size figure has the result-line key {@code <metric>/<N>} ({@link ResultLine#key}) and,
 * in the JSON, an object from N (as a string) to the figure.
 */
final class CollMetrics {
    /** {@code team.barrier()} on the world team, microseconds per barrier, by N. */
    static final String BARRIER_US = "barrier_us";
    /** {@code allreduceLong(world, v, SUM)}: 8 bytes, microseconds per allreduce, by N. */
    static final String ALLREDUCE8_US = "allreduce8_us";
    /**
     * The raw ping-pong of {@code bench rma} ({@link RmaMetrics#RAW_PINGPONG_ONEWAY_US}): per N
     * the probe taken just before that N's job; in the JSON the median of those probes.
     */
    static final String RAW_PINGPONG_ONEWAY_US = RmaMetrics.RAW_PINGPONG_ONEWAY_US;
    /** One-way hand-off between two plain JVMs sharing one core and yielding it: the cost of oversubscription. */
    static final String RAW_SAMECORE_HANDOFF_US = "raw_samecore_handoff_us";

    private CollMetrics() {
    }
}
