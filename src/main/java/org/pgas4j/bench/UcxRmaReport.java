package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongToDoubleFunction;

/**
 * The figures of one run of {@code bench rma --transport ucx}: pgas4j's put latency (a put
 * ping-pong, as {@code ucx_perftest -t ucp_put_lat} measures it), blocking put latency (put and
 * flush: a round trip), get latency and put bandwidth over the ucx transport, next to
 * {@code ucx_perftest}'s put latency and bandwidth at the same sizes with the same UCX settings,
 * and the ratios held against the targets. When ucx_perftest could not be run, its maps are null
 * and {@link #perftestMissing} says why.
 *
 * @param sizes the message sizes, ascending
 * @param putLatUs put latency by size (half the round trip of a ping-pong of implicit puts), microseconds
 * @param putFlushLatUs blocking put latency by size (the put and a flush: remotely complete), microseconds
 * @param getLatUs blocking get latency by size, microseconds
 * @param putBwMBps put bandwidth by size in windows of 64 puts each completed by {@code waitNbi}, MB/s
 * @param putBwStreamMBps put bandwidth by size of a stream of puts completed once at its end (as
 *        ucx_perftest's stream of puts is), MB/s
 * @param agentPingPongUs one-way latency of a putLong ping-pong whose waits never call pgas4j (the
 *        progress thread's wake-up), microseconds
 * @param perftestPutLatUs ucx_perftest ucp_put_lat by size, microseconds, or null
 * @param perftestPutBwMBps ucx_perftest ucp_put_bw by size, MB/s, or null
 * @param perftestSameBwMBps ucx_perftest ucp_put_bw by size given the tcp settings pgas4j's jobs
 *        take, MB/s, or null where those are the environment's own (then the two runs are alike)
 * @param perftestMissing why ucx_perftest's figures are missing, or null when they are there
 * @param steady the steady-state like-for-like comparison, or null where it was not run
 */
record UcxRmaReport(long[] sizes, Map<Long, Double> putLatUs, Map<Long, Double> putFlushLatUs,
                    Map<Long, Double> getLatUs, Map<Long, Double> putBwMBps, Map<Long, Double> putBwStreamMBps,
                    double agentPingPongUs,
                    Map<Long, Double> perftestPutLatUs, Map<Long, Double> perftestPutBwMBps,
                    Map<Long, Double> perftestSameBwMBps, String perftestMissing, SteadyBandwidth steady) {

    /** Target: 8-byte put latency at most this multiple of ucx_perftest's. */
    static final double PUT_LAT_RATIO_TARGET = 1.3;
    /** Target: 1 MiB put bandwidth at least this fraction of ucx_perftest's. */
    static final double PUT_BW_RATIO_TARGET = 0.8;
    /** Target (issue 23): stream bandwidth from 32 KiB to 256 KiB and at 1 MiB at least this fraction of ucx_perftest's. */
    static final double STREAM_RATIO_TARGET = 0.9;
    /** The sizes of {@link #STREAM_RATIO_TARGET}. */
    static final List<Long> STREAM_TARGET_SIZES = List.of(32L << 10, 64L << 10, 128L << 10, 256L << 10, 1L << 20);
    private static final long EIGHT = 8;

    /** Whether ucx_perftest's figures are there. */
    boolean hasPerftest() {
        return perftestMissing == null;
    }

    /** pgas4j / ucx_perftest put latency at 8 bytes (a ping-pong of puts each). */
    double putLatRatio8() {
        return putLatRatio(EIGHT);
    }

    /** pgas4j / ucx_perftest put latency at {@code size}. */
    double putLatRatio(long size) {
        return putLatUs.get(size) / perftestPutLatUs.get(size);
    }

    /** pgas4j (windows) / ucx_perftest put bandwidth at {@code size}. */
    double putBwRatio(long size) {
        return putBwMBps.get(size) / perftestPutBwMBps.get(size);
    }

    /** pgas4j (a stream, as ucx_perftest measures) / ucx_perftest put bandwidth at {@code size}. */
    double putBwStreamRatio(long size) {
        return putBwStreamMBps.get(size) / perftestPutBwMBps.get(size);
    }

    /** pgas4j (a stream) / ucx_perftest given pgas4j's tcp settings, put bandwidth at {@code size}. */
    double putBwStreamSameRatio(long size) {
        return putBwStreamMBps.get(size) / perftestSameBwMBps.get(size);
    }

    /** Whether ucx_perftest also ran with pgas4j's tcp settings (they differ from the environment's). */
    boolean hasSameSettingsRun() {
        return hasPerftest() && perftestSameBwMBps != null;
    }

    /** The sizes of {@link #STREAM_TARGET_SIZES} among {@code measured}, in that list's order. */
    static List<Long> targetSizes(long[] measured) {
        return STREAM_TARGET_SIZES.stream().filter(s -> Arrays.stream(measured).anyMatch(m -> m == s)).toList();
    }

    /** The lowest of {@code ratio} over {@link #STREAM_TARGET_SIZES} that this run measured (NaN: none). */
    private double lowest(LongToDoubleFunction ratio) {
        return targetSizes(sizes).stream().mapToDouble(ratio::applyAsDouble).min().orElse(Double.NaN);
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
        List<Target> targets = new ArrayList<>(List.of(
                Target.atMost(RmaMetrics.UCX_PUT_LAT_RATIO_8, putLatRatio8(), PUT_LAT_RATIO_TARGET),
                Target.atLeast(RmaMetrics.UCX_PUT_BW_RATIO_1MIB, putBwRatio1MiB(), PUT_BW_RATIO_TARGET),
                Target.atLeast(RmaMetrics.UCX_PUT_BW_STREAM_RATIO_1MIB, putBwStreamRatio(RmaMetrics.ONE_MIB),
                        PUT_BW_RATIO_TARGET)));
        double min = lowest(this::putBwStreamRatio);
        if (!Double.isNaN(min)) {
            targets.add(Target.atLeast(RmaMetrics.UCX_PUT_BW_STREAM_RATIO_MIN, min, STREAM_RATIO_TARGET));
        }
        if (steady != null) {
            targets.add(Target.atLeast(RmaMetrics.UCX_PUT_BW_STEADY_RATIO_MIN, steady.lowestRatio(),
                    STREAM_RATIO_TARGET));
        }
        return List.copyOf(targets);
    }

    /**
     * The JSON document: pgas4j's figures by size (sizes as decimal strings), its 8-byte put
     * latency again as the ping-pong figure of earlier versions, the wake-up ping-pong, then, with
     * ucx_perftest, its figures and the ratios.
     */
    String toJson() {
        return Json.write(toDocument());
    }

    /** The JSON document's keys and values, for a caller that adds its own. */
    Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(RmaMetrics.UCX_PUT_LAT_US, bySize(putLatUs));
        doc.put(RmaMetrics.UCX_PUT_FLUSH_LAT_US, bySize(putFlushLatUs));
        doc.put(RmaMetrics.UCX_GET_LAT_US, bySize(getLatUs));
        doc.put(RmaMetrics.UCX_PUT_BW_MBPS, bySize(putBwMBps));
        doc.put(RmaMetrics.UCX_PUT_BW_STREAM_MBPS, bySize(putBwStreamMBps));
        doc.put(RmaMetrics.UCX_PINGPONG_ONEWAY_US, putLatUs.get(EIGHT));
        doc.put(RmaMetrics.UCX_PINGPONG_AGENT_ONEWAY_US, agentPingPongUs);
        if (hasPerftest()) {
            doc.put(RmaMetrics.UCX_PERFTEST_PUT_LAT_US, bySize(perftestPutLatUs));
            doc.put(RmaMetrics.UCX_PERFTEST_PUT_BW_MBPS, bySize(perftestPutBwMBps));
            doc.put(RmaMetrics.UCX_PUT_LAT_RATIO_8, putLatRatio8());
            doc.put(RmaMetrics.UCX_PINGPONG_RATIO, putLatRatio8());
            doc.put(RmaMetrics.UCX_PUT_BW_RATIO_1MIB, putBwRatio1MiB());
            doc.put(RmaMetrics.UCX_PUT_BW_STREAM_RATIO, bySize(this::putBwStreamRatio));
            doc.put(RmaMetrics.UCX_PUT_BW_STREAM_RATIO_1MIB, putBwStreamRatio(RmaMetrics.ONE_MIB));
            if (hasSameSettingsRun()) {
                doc.put(RmaMetrics.UCX_PERFTEST_SAME_PUT_BW_MBPS, bySize(perftestSameBwMBps));
                doc.put(RmaMetrics.UCX_PUT_BW_STREAM_SAME_RATIO, bySize(this::putBwStreamSameRatio));
                double lowestSame = lowest(this::putBwStreamSameRatio);
                if (!Double.isNaN(lowestSame)) {
                    // Information, not a target: the fresh short runs behind same_bw burst (SteadyBandwidth).
                    doc.put(RmaMetrics.UCX_PUT_BW_STREAM_SAME_RATIO_MIN, lowestSame);
                }
            }
            if (steady != null) {
                steady.addTo(doc);
            }
            for (Target t : targets()) {
                doc.putIfAbsent(t.name(), t.value());
            }
        }
        return doc;
    }

    /** Prints the per-size table, the wake-up ping-pong line and the targets (or why there are none). */
    void print(PrintStream out) {
        out.printf(Locale.ROOT, "%10s %12s %16s %10s %14s %12s %13s %13s %17s %9s %9s %14s %9s%n", "size(B)",
                "put_lat(us)", "perftest_lat(us)", "lat_ratio", "put+flush(us)", "get_lat(us)", "put_bw(MB/s)",
                "stream(MB/s)", "perftest_bw(MB/s)", "bw_ratio", "stream_r", "same_bw(MB/s)", "same_r");
        for (long s : sizes) {
            out.printf(Locale.ROOT, "%10d %12s %16s %10s %14s %12s %13s %13s %17s %9s %9s %14s %9s%n", s,
                    RmaTable.fixed(putLatUs.get(s)), perftest(perftestPutLatUs, s),
                    hasPerftest() ? RmaTable.fixed(putLatRatio(s)) : "-", RmaTable.fixed(putFlushLatUs.get(s)),
                    RmaTable.fixed(getLatUs.get(s)), RmaTable.fixed(putBwMBps.get(s)),
                    RmaTable.fixed(putBwStreamMBps.get(s)), perftest(perftestPutBwMBps, s),
                    hasPerftest() ? RmaTable.fixed(putBwRatio(s)) : "-",
                    hasPerftest() ? RmaTable.fixed(putBwStreamRatio(s)) : "-",
                    hasSameSettingsRun() ? perftest(perftestSameBwMBps, s) : "-",
                    hasSameSettingsRun() ? RmaTable.fixed(putBwStreamSameRatio(s)) : "-");
        }
        out.println();
        out.println("put_lat: half the round trip of a ping-pong of implicit puts (putNBI, waiting with poll()),"
                + " as ucx_perftest ucp_put_lat; put+flush: a blocking put (remotely complete: a round trip);"
                + " put_bw: windows of 64 implicit puts, each completed by waitNbi (OSU); stream: the puts back to back"
                + " and one waitNbi at the end, as ucx_perftest ucp_put_bw; bw_ratio and stream_r: each / perftest_bw;"
                + " same_bw: ucx_perftest ucp_put_bw given the tcp settings pgas4j's jobs take (- where they are the"
                + " environment's own); same_r: stream / same_bw, short fresh ucx_perftest runs"
                + " (the steady-state table below compares long runs like for like)");
        out.printf(Locale.ROOT, "putLong ping-pong one-way, spinning without pgas4j (progress thread wakes): %s us%n",
                RmaTable.fixed(agentPingPongUs));
        out.println();
        if (!hasPerftest()) {
            out.println("ucx_perftest comparison FAILED: " + perftestMissing);
            return;
        }
        if (steady != null) {
            steady.print(out);
        }
        out.printf(Locale.ROOT, "%-44s %12s %10s  %s%n", "target", "value", "goal", "");
        for (Target t : targets()) {
            out.printf(Locale.ROOT, "%-44s %12s %10s  %s%n", t.name(), RmaTable.fixed(t.value()), t.condition(),
                    t.verdict());
        }
    }

    private static String perftest(Map<Long, Double> m, long size) {
        return m == null ? "-" : RmaTable.fixed(m.get(size));
    }

    /** {@code ratio} at each of this run's sizes, sizes as decimal strings. */
    private Map<String, Double> bySize(LongToDoubleFunction ratio) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (long s : sizes) {
            out.put(Long.toString(s), ratio.applyAsDouble(s));
        }
        return out;
    }

    private static Map<String, Double> bySize(Map<Long, Double> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        m.forEach((size, v) -> out.put(Long.toString(size), v));
        return out;
    }
}
