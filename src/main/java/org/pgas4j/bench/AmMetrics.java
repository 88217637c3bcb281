package org.pgas4j.bench;

/** The names of the figures of {@code bench am}: result-line metrics and JSON keys alike. */
final class AmMetrics {
    /** Round trip of a Short request whose handler replies Short, microseconds. */
    static final String AM_SHORT_RTT_US = "am_short_rtt_us";
    /** Round trip of a Medium request whose handler replies with the same payload, by size, microseconds. */
    static final String AM_MEDIUM_RTT_US = "am_medium_rtt_us";
    /** One-way latency of the raw ping-pong of {@code bench rma}, taken just before, microseconds. */
    static final String RAW_PINGPONG_ONEWAY_US = RmaMetrics.RAW_PINGPONG_ONEWAY_US;

    private AmMetrics() {
    }
}
