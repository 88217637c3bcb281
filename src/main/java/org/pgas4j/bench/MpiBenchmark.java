package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pgas4j bench mpi [--json FILE] [--quick]}: the PUT/ACCEPT facade (seed 002) on
 * {@code shm}. A 2-PE job ({@link MpiLatencyPe}) measures the PUT/ACCEPT ping-pong from 8 B to
 * 1 MiB next to the core's {@code putLong} ping-pong in the same run, and a stream of 1 MiB PUTs
 * serviced by one ACCEPT against the core's puts; jobs of 2, 4 and 8 PEs ({@link MpiAcceptcPe})
 * time a round of PUTCs to every other PE and ACCEPTC. JSON: {@code mpi_put_accept_lat_us}
 * (size to one-way us), {@code mpi_pingpong_ratio} (8 B, facade over core; target at most 3.0),
 * {@code mpi_put_accept_bw_ratio_1MiB} (facade bandwidth over core; target at least 0.8),
 * {@code mpi_acceptc_us} (N to us per round), {@code core_pingpong_us}, and
 * {@code vis_strided_put_ratio}: the core's VIS 2-D strided put of 1024 blocks of 64 B against 1024
 * separate puts of them in the same run (target at most 0.5).
 */
final class MpiBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 400;
    private static final long QUICK_TIMEOUT_SECONDS = 120;
    private static final int[] ACCEPTC_PES = {2, 4, 8};
    private static final double PINGPONG_TARGET = 3.0;
    private static final double BW_TARGET = 0.8;
    private static final double VIS_TARGET = 0.5;

    @Override
    public String name() {
        return "mpi";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  MPI PUT/ACCEPT facade: ping-pong vs core, 1 MiB stream bandwidth, ACCEPTC rounds";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        JobBench bench = JobBench.start(name(), args, out, FULL_TIMEOUT_SECONDS, QUICK_TIMEOUT_SECONDS);
        err.println("bench mpi: 2-PE job ...");
        Map<String, Double> r = bench.runJob("mpi job", List.of(), MpiLatencyPe.class, err);
        Map<String, Double> lat = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%-32s %12s%n", "figure", "value");
        for (long size : MpiLatencyPe.SIZES) {
            double us = ResultLine.positive(r, ResultLine.key("mpi_" + MpiLatencyPe.PUT_ACCEPT_LAT, size), "mpi job");
            lat.put(Long.toString(size), us);
            out.printf(Locale.ROOT, "%-32s %12s%n", "PUT+ACCEPT one-way " + size + " B (us)", RmaTable.fixed(us));
        }
        double core = ResultLine.positive(r, MpiLatencyPe.CORE_PINGPONG, "mpi job");
        double ratio = lat.get("8") / core;
        out.printf(Locale.ROOT, "%-32s %12s%n", "core putLong one-way 8 B (us)", RmaTable.fixed(core));
        out.printf(Locale.ROOT, "ping-pong ratio 8 B: %.2f, target <= %.1f: %s%n", ratio, PINGPONG_TARGET,
                ratio <= PINGPONG_TARGET ? "PASS" : "MISS");
        double bw = ResultLine.positive(r, "mpi_" + MpiLatencyPe.BW_RATIO, "mpi job");
        out.printf(Locale.ROOT, "1 MiB PUT stream bandwidth ratio: %.2f, target >= %.1f: %s%n", bw, BW_TARGET,
                bw >= BW_TARGET ? "PASS" : "MISS");
        double vis = ResultLine.positive(r, MpiLatencyPe.VIS_RATIO, "mpi job");
        out.printf(Locale.ROOT, "VIS 2-D strided put of 1024 x 64 B vs 1024 puts: %.2f, target <= %.1f: %s%n", vis,
                VIS_TARGET, vis <= VIS_TARGET ? "PASS" : "MISS");
        Map<String, Double> acceptc = new LinkedHashMap<>();
        for (int n : ACCEPTC_PES) {
            err.println("bench mpi: " + n + "-PE ACCEPTC job ...");
            Map<String, Double> c = ChildProcess.run("mpi acceptc job N=" + n, JvmCommands.pgasJob(JvmCommands.TRANSPORT,
                    n, bench.timeoutSeconds(), List.of(), MpiAcceptcPe.class, bench.plan()),
                    bench.timeoutSeconds() + 10, err);
            double us = ResultLine.positive(c, ResultLine.key(MpiAcceptcPe.ACCEPTC, n), "mpi acceptc job");
            acceptc.put(Integer.toString(n), us);
            out.printf(Locale.ROOT, "%-32s %12s%n", "PUTC to all + ACCEPTC, N=" + n + " (us)", RmaTable.fixed(us));
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("mpi_put_accept_lat_us", lat);
        doc.put("mpi_pingpong_ratio", ratio);
        doc.put("mpi_put_accept_bw_ratio_1MiB", bw);
        doc.put("mpi_acceptc_us", acceptc);
        doc.put("core_pingpong_us", core);
        doc.put("vis_strided_put_ratio", vis);
        bench.writeJson(doc, out);
        return 0;
    }
}
