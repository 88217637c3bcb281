package org.pgas4j.bench;

/** The names of the figures of {@code bench rma}: result-line metrics and JSON keys alike. */
final class RmaMetrics {
    /** Blocking put latency by size, microseconds. */
    static final String PUT_LAT_US = "put_lat_us";
    /** Blocking get latency by size, microseconds. */
    static final String GET_LAT_US = "get_lat_us";
    /** Put bandwidth (windows of implicit puts) by size, MB/s (10^6 bytes per second). */
    static final String PUT_BW_MBPS = "put_bw_MBps";
    /** {@code MemorySegment.copy} bandwidth in one process by size, MB/s. */
    static final String MEMCPY_BW_MBPS = "memcpy_bw_MBps";
    /** One-way latency of a ping-pong between two plain JVMs over one shared mapping, microseconds. */
    static final String RAW_PINGPONG_ONEWAY_US = "raw_pingpong_oneway_us";
    /** One-way latency of a ping-pong of blocking {@code putLong}s between two PEs, microseconds. */
    static final String PINGPONG_ONEWAY_US = "pingpong_oneway_us";
    /** {@link #PINGPONG_ONEWAY_US} / {@link #RAW_PINGPONG_ONEWAY_US}. */
    static final String PINGPONG_RATIO = "pingpong_ratio";
    /** Put bandwidth / memcpy bandwidth at 1 MiB. */
    static final String PUT_BW_RATIO_1MIB = "put_bw_ratio_1MiB";

    /** The size of {@link #PUT_BW_RATIO_1MIB}. */
    static final long ONE_MIB = 1L << 20;

    private RmaMetrics() {
    }

    /** Microseconds from nanoseconds. */
    static double micros(double nanos) {
        return nanos / 1_000.0;
    }

    /** MB/s (10^6 bytes per second) of moving {@code size} bytes in {@code nanos} nanoseconds. */
    static double megabytesPerSecond(long size, double nanos) {
        return size / nanos * 1_000.0;
    }
}
