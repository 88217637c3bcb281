package org.pgas4j.bench;

/** The names of the figures of {@code bench rma}: result-line metrics and JSON keys alike. */
final class RmaMetrics {
    /** Blocking put latency by size, microseconds. */
    static final String PUT_LAT_US = "put_lat_us";
    /** Blocking get latency by size, microseconds. */
    static final String GET_LAT_US = "get_lat_us";
    /** Put bandwidth (windows of implicit puts) by size, MB/s (10^6 bytes per second). */
    static final String PUT_BW_MBPS = "put_bw_MBps";
    /** Put bandwidth of a stream of implicit puts completed once at its end, by size, MB/s. */
    static final String PUT_BW_STREAM_MBPS = "put_bw_stream_MBps";
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

    /**
     * Over ucx: put latency by size, half the round trip of a ping-pong of implicit puts (as
     * {@code ucx_perftest -t ucp_put_lat}), microseconds.
     */
    static final String UCX_PUT_LAT_US = "ucx_put_lat_us";
    /** Over ucx: blocking put latency by size (put, then flush: a round trip), microseconds. */
    static final String UCX_PUT_FLUSH_LAT_US = "ucx_put_flush_lat_us";
    /** Over ucx: blocking get latency by size, microseconds. */
    static final String UCX_GET_LAT_US = "ucx_get_lat_us";
    /** Over ucx: put bandwidth (windows of implicit puts) by size, MB/s. */
    static final String UCX_PUT_BW_MBPS = "ucx_put_bw_MBps";
    /** Over ucx: put bandwidth of a stream of implicit puts completed once at its end (as ucx_perftest's), by size, MB/s. */
    static final String UCX_PUT_BW_STREAM_MBPS = "ucx_put_bw_stream_MBps";
    /** {@link #UCX_PUT_BW_STREAM_MBPS} / {@link #UCX_PERFTEST_PUT_BW_MBPS} by size. */
    static final String UCX_PUT_BW_STREAM_RATIO = "ucx_put_bw_stream_ratio";
    /** {@link #UCX_PUT_BW_STREAM_RATIO} at 1 MiB. */
    static final String UCX_PUT_BW_STREAM_RATIO_1MIB = "ucx_put_bw_stream_ratio_1MiB";
    /** Over ucx: {@link #UCX_PUT_LAT_US} at 8 bytes (the ping-pong figure of earlier versions), microseconds. */
    static final String UCX_PINGPONG_ONEWAY_US = "ucx_pingpong_oneway_us";
    /**
     * Over ucx: the same ping-pong with each side spinning on its memory without calling pgas4j, so
     * every put lands when the target's progress thread wakes up, microseconds.
     */
    static final String UCX_PINGPONG_AGENT_ONEWAY_US = "ucx_pingpong_agent_oneway_us";
    /** {@code ucx_perftest -t ucp_put_lat} by size (half a put ping-pong round trip), microseconds. */
    static final String UCX_PERFTEST_PUT_LAT_US = "ucx_perftest_put_lat_us";
    /** {@code ucx_perftest -t ucp_put_bw} by size, MB/s (converted from its MiB/s). */
    static final String UCX_PERFTEST_PUT_BW_MBPS = "ucx_perftest_put_bw_MBps";
    /**
     * {@code ucx_perftest -t ucp_put_bw} by size given the tcp settings that pgas4j's jobs take
     * ({@code UcxDefaults}), MB/s: the like-for-like baseline where they differ from UCX's defaults.
     */
    static final String UCX_PERFTEST_SAME_PUT_BW_MBPS = "ucx_perftest_same_put_bw_MBps";
    /** {@link #UCX_PUT_BW_STREAM_MBPS} / {@link #UCX_PERFTEST_SAME_PUT_BW_MBPS} by size. */
    static final String UCX_PUT_BW_STREAM_SAME_RATIO = "ucx_put_bw_stream_same_ratio";
    /** The lowest {@link #UCX_PUT_BW_STREAM_RATIO} from 32 KiB to 256 KiB and at 1 MiB (issue 23's sizes). */
    static final String UCX_PUT_BW_STREAM_RATIO_MIN = "ucx_put_bw_stream_ratio_min_32KiB_1MiB";
    /** The lowest {@link #UCX_PUT_BW_STREAM_SAME_RATIO} at the sizes of {@link #UCX_PUT_BW_STREAM_RATIO_MIN}. */
    static final String UCX_PUT_BW_STREAM_SAME_RATIO_MIN = "ucx_put_bw_stream_same_ratio_min_32KiB_1MiB";
    /** Over ucx: pgas4j's steady-state put bandwidth by size (long streams of puts), MB/s, median of the rounds. */
    static final String UCX_PUT_BW_STEADY_MBPS = "ucx_put_bw_steady_MBps";
    /** {@code ucx_perftest -t ucp_put_bw -O 64} in the long runs alternated with {@link #UCX_PUT_BW_STEADY_MBPS}, MB/s. */
    static final String UCX_PERFTEST_STEADY_PUT_BW_MBPS = "ucx_perftest_steady_put_bw_MBps";
    /** The median by size of the rounds' {@link #UCX_PUT_BW_STEADY_MBPS} / {@link #UCX_PERFTEST_STEADY_PUT_BW_MBPS}. */
    static final String UCX_PUT_BW_STEADY_RATIO = "ucx_put_bw_steady_ratio";
    /** The lowest {@link #UCX_PUT_BW_STEADY_RATIO} at the sizes of {@link #UCX_PUT_BW_STREAM_RATIO_MIN}. */
    static final String UCX_PUT_BW_STEADY_RATIO_MIN = "ucx_put_bw_steady_ratio_min_32KiB_1MiB";
    /** {@link #UCX_PUT_LAT_US} / {@link #UCX_PERFTEST_PUT_LAT_US} at 8 bytes. */
    static final String UCX_PUT_LAT_RATIO_8 = "ucx_put_lat_ratio_8";
    /** {@link #UCX_PINGPONG_ONEWAY_US} / {@link #UCX_PERFTEST_PUT_LAT_US} at 8 bytes: {@link #UCX_PUT_LAT_RATIO_8} again. */
    static final String UCX_PINGPONG_RATIO = "ucx_pingpong_ratio";
    /** {@link #UCX_PUT_BW_MBPS} / {@link #UCX_PERFTEST_PUT_BW_MBPS} at 1 MiB. */
    static final String UCX_PUT_BW_RATIO_1MIB = "ucx_put_bw_ratio_1MiB";

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
