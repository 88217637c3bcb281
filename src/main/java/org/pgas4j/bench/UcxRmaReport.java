package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one run of {@code bench rma --transport ucx}: pgas4j's put and get latency, put
 * bandwidth and putLong ping-pong over the ucx transport, next to {@code ucx_perftest}'s put
 * latency and bandwidth at the same sizes with the same UCX settings, and the ratios held against
 * the targets. When ucx_perftest could not be run, its maps are null and {@link #perftestMissing}
 * says why.
 *
 * @param sizes the message sizes, ascending
 * @param putLatUs blocking put latency by size, microseconds
 * @param getLatUs blocking get latency by size, microseconds
 * @param putBwMBps put bandwidth by size, MB/s
 * @param pingPongUs one-way latency of the putLong ping-pong waiting with {@code Client.poll()}, microseconds
 * @param agentPingPongUs the same with waits that never call pgas4j (the progress thread's wake-up), microseconds
 * @param perftestPutLatUs ucx_perftest ucp_put_lat by size, microseconds, or null
 * @param perftestPutBwMBps ucx_perftest ucp_put_bw by size, MB/s, or null
 * @param perftestMissing why ucx_perftest's figures are missing, or null when they are there
 */
record UcxRmaReport(long[] sizes, Map<Long, Double> putLatUs, Map<Long, Double> getLatUs, Map<Long, Double> putBwMBps,
                    double pingPongUs, double agentPingPongUs, Map<Long, Double> perftestPutLatUs, Map<Long, Double> perftestPutBwMBps,
                    String perftestMissing) {

    /** Target: 8-byte blocking put latency at most this multiple of ucx_perftest's. */
    static final double PUT_LAT_RATIO_TARGET = 1.3;
    /** Target: 1 MiB put bandwidth at least this fraction of ucx_perftest's. */
    static final double PUT_BW_RATIO_TARGET = 0.8;
    private static final long EIGHT = 8;

    /** Whether ucx_perftest's figures are there. */
    boolean hasPerftest() {
        return perftestMissing == null;
    }

    /** pgas4j / ucx_perftest put latency at 8 bytes. */
    double putLatRatio8() {
        return putLatUs.get(EIGHT) / perftestPutLatUs.get(EIGHT);
    }

    /** pgas4j putLong ping-pong / ucx_perftest put latency (a ping-pong too) at 8 bytes. */
    double pingPongRatio() {
        return pingPongUs / perftestPutLatUs.get(EIGHT);
    }

    /** pgas4j / ucx_perftest put bandwidth at {@code size}. */
    double putBwRatio(long size) {
        return putBwMBps.get(size) / perftestPutBwMBps.get(size);
    }

    /** pgas4j / ucx_perftest put bandwidth at 1 MiB. */
    double putBwRatio1MiB() {
        return putBwRatio(RmaMetrics.ONE_MIB);
    }

    /** The targets with this run's figures; empty without ucx_perftest. */
    List<Target> targets() {
        if (!hasPerftest()) {
            return List.of();
        }
        return List.of(Target.atMost(RmaMetrics.UCX_PUT_LAT_RATIO_8, putLatRatio8(), PUT_LAT_RATIO_TARGET),
                Target.atLeast(RmaMetrics.UCX_PUT_BW_RATIO_1MIB, putBwRatio1MiB(), PUT_BW_RATIO_TARGET));
    }

    /**
     * The JSON document: pgas4j's figures by size (sizes as decimal strings) and its ping-pong,
     * then, with ucx_perftest, its figures and the ratios.
     */
    String toJson() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(RmaMetrics.UCX_PUT_LAT_US, bySize(putLatUs));
        doc.put(RmaMetrics.UCX_GET_LAT_US, bySize(getLatUs));
        doc.put(RmaMetrics.UCX_PUT_BW_MBPS, bySize(putBwMBps));
        doc.put(RmaMetrics.UCX_PINGPONG_ONEWAY_US, pingPongUs);
        doc.put(RmaMetrics.UCX_PINGPONG_AGENT_ONEWAY_US, agentPingPongUs);
        if (hasPerftest()) {
            doc.put(RmaMetrics.UCX_PERFTEST_PUT_LAT_US, bySize(perftestPutLatUs));
            doc.put(RmaMetrics.UCX_PERFTEST_PUT_BW_MBPS, bySize(perftestPutBwMBps));
            doc.put(RmaMetrics.UCX_PUT_LAT_RATIO_8, putLatRatio8());
            doc.put(RmaMetrics.UCX_PINGPONG_RATIO, pingPongRatio());
            doc.put(RmaMetrics.UCX_PUT_BW_RATIO_1MIB, putBwRatio1MiB());
        }
        return Json.write(doc);
    }

    /** Prints the per-size table, the ping-pong line and the targets (or why there are none). */
    void print(PrintStream out) {
        out.printf(Locale.ROOT, "%10s %13s %13s %15s %14s %16s %12s%n", "size(B)", "put_lat(us)", "get_lat(us)",
                "perftest_lat(us)", "put_bw(MB/s)", "perftest_bw(MB/s)", "bw_ratio");
        for (long s : sizes) {
            out.printf(Locale.ROOT, "%10d %13s %13s %16s %14s %17s %12s%n", s, RmaTable.fixed(putLatUs.get(s)),
                    RmaTable.fixed(getLatUs.get(s)), perftest(perftestPutLatUs, s),
                    RmaTable.fixed(putBwMBps.get(s)), perftest(perftestPutBwMBps, s),
                    hasPerftest() ? RmaTable.fixed(putBwRatio(s)) : "-");
        }
        out.println();
        out.printf(Locale.ROOT, "putLong ping-pong one-way, waiting with poll(): %s us%s%n", RmaTable.fixed(pingPongUs),
                hasPerftest() ? ", / ucx_perftest ucp_put_lat at 8 B (also a ping-pong): "
                        + RmaTable.fixed(pingPongRatio()) : "");
        out.printf(Locale.ROOT, "putLong ping-pong one-way, spinning without pgas4j (progress thread wakes): %s us%n",
                RmaTable.fixed(agentPingPongUs));
        out.println();
        if (!hasPerftest()) {
            out.println("ucx_perftest comparison FAILED: " + perftestMissing);
            return;
        }
        out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", "target", "value", "goal", "");
        for (Target t : targets()) {
            out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", t.name(), RmaTable.fixed(t.value()), t.condition(),
                    t.verdict());
        }
    }

    private static String perftest(Map<Long, Double> m, long size) {
        return m == null ? "-" : RmaTable.fixed(m.get(size));
    }

    private static Map<String, Double> bySize(Map<Long, Double> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        m.forEach((size, v) -> out.put(Long.toString(size), v));
        return out;
    }
}
