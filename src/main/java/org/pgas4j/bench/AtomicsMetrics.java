package org.pgas4j.bench;

/** The names of the figures of {@code bench atomics}: result-line keys and JSON keys alike. */
final class AtomicsMetrics {
    /** Blocking {@code fetchAddLong} latency from PE 0 on PE 1, microseconds. */
    static final String FADD_LAT_US = "fadd_lat_us";
    /** Non-blocking long fetch-adds back to back (windows of {@link AtomicsPlan#window()}), millions per second. */
    static final String FADD_MOPS = "fadd_mops";
    /** Blocking {@code compareAndSwapLong} latency (every swap succeeds), microseconds. */
    static final String CAS_LAT_US = "cas_lat_us";
    /** The raw ping-pong of {@code bench rma}, taken just before: {@link RmaMetrics#RAW_PINGPONG_ONEWAY_US}. */
    static final String RAW_PINGPONG_ONEWAY_US = RmaMetrics.RAW_PINGPONG_ONEWAY_US;

    private AtomicsMetrics() {
    }
}
