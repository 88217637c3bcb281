package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The steady-state, like-for-like put bandwidth comparison of {@code bench rma --transport ucx}:
 * at each size, rounds of one long pgas4j job ({@link SteadyPutBandwidthPe}: a stream of puts)
 * followed by one long {@code ucx_perftest -t ucp_put_bw -O 64} with the UCX settings of pgas4j's
 * jobs, the same bytes after the same warm-up (pgas4j's is timed; ucx_perftest's moves the bytes
 * pgas4j's moved). Over tcp ucx_perftest's puts of these sizes complete at once, so its {@code -O}
 * bound never holds it back: it streams too. A round's ratio is pgas4j / ucx_perftest; a size's
 * ratio is the median of its rounds'.
 *
 * <p>Why besides the sweep's short runs: over tcp on loopback, a short {@code ucx_perftest} run on a
 * fresh connection often runs in a faster mode that long runs leave (the receiver reads fuller
 * segments per {@code recvfrom}), so the sweep's median of fresh 64 MiB runs is not the steady
 * state that pgas4j's connection, which carries the whole sweep, is measured in.
 *
 * @param sizes the sizes compared, ascending
 * @param bytes the timed bytes of each run
 * @param warmupMillis the untimed warm-up before them on the same connection, milliseconds
 * @param pgasMBps pgas4j's bandwidth by size, one figure per round, MB/s
 * @param perftestMBps ucx_perftest's bandwidth by size, one figure per round, MB/s
 */
record SteadyBandwidth(List<Long> sizes, long bytes, long warmupMillis, Map<Long, double[]> pgasMBps,
                       Map<Long, double[]> perftestMBps) {

    /** The rounds' ratios pgas4j / ucx_perftest at {@code size}. */
    double[] roundRatios(long size) {
        double[] p = pgasMBps.get(size);
        double[] u = perftestMBps.get(size);
        double[] r = new double[p.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = p[i] / u[i];
        }
        return r;
    }

    /** The median of the rounds' ratios at {@code size}. */
    double ratio(long size) {
        return Median.of(roundRatios(size));
    }

    /** The lowest {@link #ratio} over the sizes. */
    double lowestRatio() {
        return sizes.stream().mapToDouble(this::ratio).min().orElseThrow();
    }

    /** Adds the figures and ratios by size to a JSON document. */
    void addTo(Map<String, Object> doc) {
        Map<String, Double> pgas = new LinkedHashMap<>();
        Map<String, Double> perftest = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (long s : sizes) {
            pgas.put(Long.toString(s), Median.of(pgasMBps.get(s)));
            perftest.put(Long.toString(s), Median.of(perftestMBps.get(s)));
            ratios.put(Long.toString(s), ratio(s));
        }
        doc.put(RmaMetrics.UCX_PUT_BW_STEADY_MBPS, pgas);
        doc.put(RmaMetrics.UCX_PERFTEST_STEADY_PUT_BW_MBPS, perftest);
        doc.put(RmaMetrics.UCX_PUT_BW_STEADY_RATIO, ratios);
    }

    /** Prints the comparison's table: medians, the ratio and every round's ratio. */
    void print(PrintStream out) {
        out.printf(Locale.ROOT, "steady state, like for like: pgas4j's stream of puts and ucx_perftest -O 64 with"
                + " pgas4j's UCX settings, %d MiB each after a %d ms warm-up (ucx_perftest: the bytes pgas4j's moved),"
                + " alternated %d round(s); medians%n", bytes >> 20, warmupMillis, pgasMBps.get(sizes.getFirst()).length);
        out.printf(Locale.ROOT, "%10s %14s %16s %9s  %s%n", "size(B)", "pgas4j(MB/s)", "perftest(MB/s)", "ratio",
                "rounds");
        for (long s : sizes) {
            StringJoiner rounds = new StringJoiner(" ");
            for (double r : roundRatios(s)) {
                rounds.add(RmaTable.fixed(r));
            }
            out.printf(Locale.ROOT, "%10d %14s %16s %9s  %s%n", s, RmaTable.fixed(Median.of(pgasMBps.get(s))),
                    RmaTable.fixed(Median.of(perftestMBps.get(s))), RmaTable.fixed(ratio(s)), rounds);
        }
        out.println();
    }
}
