package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pgas4j bench gaspi [--json FILE] [--quick]}: the GASPI facade on 2 ranks over
 * {@code shm} ({@link GaspiLatencyPe}): the one-way latency of a write_notify + notify_waitsome +
 * notify_reset ping-pong from 8 B to 1 MiB, its 8-byte figure against the core's {@code putLong}
 * ping-pong in the same run (target at most 1.5), and a stream of 1 MiB writes completed by wait
 * against the core's put bandwidth in the same run (target at least 0.9). JSON:
 * {@code gaspi_write_notify_lat_us} (size to us), {@code gaspi_pingpong_ratio},
 * {@code gaspi_write_bw_ratio_1MiB}, and the figures behind them ({@code core_pingpong_oneway_us},
 * {@code gaspi_write_bw_1MiB_mbs}, {@code core_put_bw_1MiB_mbs}).
 */
final class GaspiBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 300;
    private static final long QUICK_TIMEOUT_SECONDS = 120;
    private static final double PINGPONG_TARGET = 1.5;
    private static final double BANDWIDTH_TARGET = 0.9;

    @Override
    public String name() {
        return "gaspi";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  GASPI facade: write_notify ping-pong and write bandwidth vs the core";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        JobBench bench = JobBench.start(name(), args, out, FULL_TIMEOUT_SECONDS, QUICK_TIMEOUT_SECONDS);
        err.println("bench gaspi: 2-rank job ...");
        Map<String, Double> r = bench.runJob("gaspi job", List.of(), GaspiLatencyPe.class, err);
        Map<String, Double> lat = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%-36s %12s%n", "figure", "value");
        for (long size : GaspiLatencyPe.SIZES) {
            double us = ResultLine.positive(r, ResultLine.key(GaspiLatencyPe.WN_LAT, size), "gaspi job");
            lat.put(Long.toString(size), us);
            out.printf(Locale.ROOT, "%-36s %12s%n", "write_notify one-way " + size + " B (us)", RmaTable.fixed(us));
        }
        double core = ResultLine.positive(r, GaspiLatencyPe.CORE_PP, "gaspi job");
        double ratio = lat.get("8") / core;
        double gbw = ResultLine.positive(r, GaspiLatencyPe.GASPI_BW, "gaspi job");
        double cbw = ResultLine.positive(r, GaspiLatencyPe.CORE_BW, "gaspi job");
        double bwRatio = gbw / cbw;
        out.printf(Locale.ROOT, "%-36s %12s%n", "core putLong ping-pong one-way (us)", RmaTable.fixed(core));
        out.printf(Locale.ROOT, "%-36s %12s  target <= %.1f: %s%n", "ping-pong ratio 8 B", RmaTable.fixed(ratio),
                PINGPONG_TARGET, ratio <= PINGPONG_TARGET ? "PASS" : "MISS");
        out.printf(Locale.ROOT, "%-36s %12s%n", "write + wait 1 MiB (MB/s)", RmaTable.fixed(gbw));
        out.printf(Locale.ROOT, "%-36s %12s%n", "core put 1 MiB (MB/s)", RmaTable.fixed(cbw));
        out.printf(Locale.ROOT, "%-36s %12s  target >= %.1f: %s%n", "bandwidth ratio 1 MiB", RmaTable.fixed(bwRatio),
                BANDWIDTH_TARGET, bwRatio >= BANDWIDTH_TARGET ? "PASS" : "MISS");
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("gaspi_write_notify_lat_us", lat);
        doc.put("gaspi_pingpong_ratio", ratio);
        doc.put("gaspi_write_bw_ratio_1MiB", bwRatio);
        doc.put("core_pingpong_oneway_us", core);
        doc.put("gaspi_write_bw_1MiB_mbs", gbw);
        doc.put("core_put_bw_1MiB_mbs", cbw);
        bench.writeJson(doc, out);
        return 0;
    }
}
