package org.pgas4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.launcher.UsageException;

/**
 * {@code pgas4j bench rma [--json FILE] [--quick]}: one-sided put and get between two PEs on this
 * host, next to the baselines they are judged by, all taken in one run so that their ratios
 * compare like with like. Each measurement runs in processes of its own, one at a time:
 * <ol>
 * <li>{@link RmaPlan#rounds()} rounds of: the raw ping-pong between two plain JVMs on one shared
 *     mapping ({@link RawPingPong}), then the pgas4j ping-pong of blocking {@code putLong}s
 *     ({@link PingPongPe});</li>
 * <li>blocking put, then blocking get latency by size ({@link RmaLatencyPe});</li>
 * <li>rounds of: the memcpy bandwidth of one plain JVM ({@link MemcpyProbe}), then put bandwidth
 *     by size ({@link PutBandwidthPe}).</li>
 * </ol>
 * A figure taken in several rounds is the median of the rounds. Every pgas4j measurement is a job
 * of 2 PEs over {@code shm} started through the launcher. With {@code --transport ucx} the run is
 * {@link UcxRmaBenchmark}'s instead: the jobs over ucx, next to {@code ucx_perftest}.
 */
final class RmaBenchmark implements Benchmark {
    private static final String NAME = "rma";
    private static final String NATIVE_MEMCPY = "native_memcpy_bw_MBps";
    private static final String NATIVE_PINGPONG = "native_pingpong_oneway_us";
    private static final String NATIVE_MPI_PUT = "native_mpi_put_lat_us";
    private static final String NATIVE_MPI_GET = "native_mpi_get_lat_us";
    private static final long FULL_TIMEOUT_SECONDS = 300;
    private static final long QUICK_TIMEOUT_SECONDS = 40;
    /** Extra time the bench gives a launcher beyond the job's own limit, to report and clean up. */
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    @Override
    public String name() {
        return "rma";
    }

    @Override
    public String summary() {
        return "[--transport shm|ucx] [--json FILE] [--quick] [--native] [--plot FILE] [--stats-overhead]  put/get latency,"
                + " put bandwidth and ping-pong vs memcpy and a raw JVM ping-pong (shm) or vs ucx_perftest (ucx);"
                + " --stats-overhead: only the cost of statistics";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        String transport = transport(rest);
        boolean overheadOnly = rest.remove(STATS_OVERHEAD_OPTION);
        RmaOptions options = RmaOptions.parseWithBaselines("rma", rest);
        if (options.json() != null && Files.isDirectory(options.json())) {
            throw new UsageException("bench rma: --json " + options.json() + " is a directory; give a file name");
        }
        if (overheadOnly) {
            if (!transport.equals(JvmCommands.TRANSPORT) || options.nativeBaselines() || options.plot() != null) {
                throw new UsageException("bench rma: " + STATS_OVERHEAD_OPTION + " measures over shm alone;"
                        + " it takes only --json FILE and --quick");
            }
            return statsOverheadOnly(options, out, err);
        }
        if (transport.equals(UcxRmaBenchmark.TRANSPORT)) {
            return UcxRmaBenchmark.run(options, out, err);
        }
        RmaPlan plan = RmaPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(header(plan));
        out.flush();
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            Optional<String> memory = NativeBaselines.unavailable(options, natives, NativeProbe.MEMORY, err);
            Optional<String> mpi = NativeBaselines.unavailable(options, natives, NativeProbe.MPI, err);
            int latencyRounds = mpi.isEmpty() ? plan.rounds() : 1;
            Progress progress = new Progress(NAME, 2 * plan.rounds() + 2 * latencyRounds
                    + (mpi.isEmpty() ? latencyRounds : 0) + plan.rounds() * (memory.isEmpty() ? 3 : 2)
                    + 2 * overheadRounds(plan), err);
            Map<String, Double> results = new HashMap<>(pingPongRounds(plan, timeout, progress, err));
            results.putAll(latencyRounds(plan, latencyRounds, timeout, natives, mpi.isEmpty(), progress, err));
            results.putAll(bandwidthRounds(plan, timeout, natives, memory.isEmpty(), progress, err));
            Map<String, Double> overhead = statsOverhead(overheadRounds(plan), timeout, progress, err);
            RmaReport report = RmaReport.from(plan, results);
            RmaTable.print(report, out);
            Map<String, Object> doc = report.toDocument();
            printOverhead(overhead, out);
            doc.putAll(overhead);
            NativeBaselines baselines = new NativeBaselines(options, doc, out);
            baselines.compare(NativeProbe.MEMORY, memory, () -> new NativeComparison(NativeProbe.MEMORY.label(), results, plan.sizes())
                    .bySize(new NativeComparison.Pair("put bandwidth (MB/s)", RmaMetrics.PUT_BW_MBPS, NATIVE_MEMCPY,
                            "rma_vs_native_memcpy_bw_ratio", true))
                    .single(new NativeComparison.Pair("ping-pong one-way (us)", RmaMetrics.PINGPONG_ONEWAY_US,
                            NATIVE_PINGPONG, "pingpong_vs_native_ratio", false)));
            baselines.compare(NativeProbe.MPI, mpi, () -> new NativeComparison(NativeProbe.MPI.label(), results, plan.sizes())
                    .bySize(new NativeComparison.Pair("put + flush (us)", RmaMetrics.PUT_LAT_US, NATIVE_MPI_PUT,
                            "rma_vs_native_mpi_put_ratio", false))
                    .bySize(new NativeComparison.Pair("get (us)", RmaMetrics.GET_LAT_US, NATIVE_MPI_GET,
                            "rma_vs_native_mpi_get_ratio", false)));
            if (options.json() != null) {
                JsonFile.write(options.json(), Json.write(doc));
                out.println("JSON written to " + options.json());
            }
            if (options.plot() != null) {
                BenchPlot.write(options.plot(), chart(report, results, plan), out);
            }
        }
        out.flush();
        return 0;
    }

    private static Map<String, Double> pingPongRounds(RmaPlan plan, long timeout, Progress progress, PrintStream err) {
        List<Map<String, Double>> pingPong = new ArrayList<>();
        for (int r = 1; r <= plan.rounds(); r++) {
            progress.phase("raw ping-pong, 2 plain JVMs" + roundOf(r, plan.rounds()));
            Map<String, Double> round = new HashMap<>(RawPingPong.measure(plan, timeout, err));
            progress.phase("pgas4j ping-pong" + roundOf(r, plan.rounds()));
            round.putAll(job("ping-pong job", timeout, err, PingPongPe.class, plan.name()));
            pingPong.add(round);
            note(err, round, RmaMetrics.RAW_PINGPONG_ONEWAY_US, RmaMetrics.PINGPONG_ONEWAY_US);
        }
        return RoundMedian.of(pingPong);
    }

    /** Put and get latency; with the MPI probe, alternated with it for several rounds. */
    private static Map<String, Double> latencyRounds(RmaPlan plan, int rounds, long timeout, NativeRunner natives,
                                                     boolean withMpi, Progress progress, PrintStream err) {
        List<Map<String, Double>> latency = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            progress.phase("blocking put latency" + roundOf(r, rounds));
            Map<String, Double> round = new HashMap<>(job("put latency job", timeout, err, RmaLatencyPe.class, "put", plan.name()));
            progress.phase("blocking get latency" + roundOf(r, rounds));
            round.putAll(job("get latency job", timeout, err, RmaLatencyPe.class, "get", plan.name()));
            if (withMpi) {
                progress.phase(NativeProbe.MPI.label() + ", 2 processes" + roundOf(r, rounds));
                round.putAll(natives.run(NativeProbe.MPI, JvmCommands.PES, NativeBaselines.probeArgs("rma", plan.quick(),
                        plan.sizes()), Set.of(ResultLine.key(NATIVE_MPI_GET, plan.sizes()[0])), timeout, err));
            }
            latency.add(round);
        }
        return RoundMedian.of(latency);
    }

    private static Map<String, Double> bandwidthRounds(RmaPlan plan, long timeout, NativeRunner natives, boolean withMemory,
                                                       Progress progress, PrintStream err) {
        List<Map<String, Double>> bandwidth = new ArrayList<>();
        for (int r = 1; r <= plan.rounds(); r++) {
            progress.phase("memcpy bandwidth, 1 plain JVM" + roundOf(r, plan.rounds()));
            Map<String, Double> round = new HashMap<>(ChildProcess.run("memcpy",
                    JvmCommands.plainJvm(MemcpyProbe.class, plan.name()), timeout, err));
            progress.phase("put bandwidth" + roundOf(r, plan.rounds()));
            round.putAll(job("put bandwidth job", timeout, err, PutBandwidthPe.class, plan.name()));
            if (withMemory) {
                progress.phase(NativeProbe.MEMORY.label() + roundOf(r, plan.rounds()));
                round.putAll(natives.run(NativeProbe.MEMORY, 1, NativeBaselines.memoryProbeArgs(plan.quick(), plan.sizes()),
                        Set.of(NATIVE_PINGPONG), timeout, err));
            }
            bandwidth.add(round);
            note(err, round, ResultLine.key(RmaMetrics.MEMCPY_BW_MBPS, RmaMetrics.ONE_MIB),
                    ResultLine.key(RmaMetrics.PUT_BW_MBPS, RmaMetrics.ONE_MIB));
        }
        return RoundMedian.of(bandwidth);
    }

    private static org.pgas4j.plot.Chart chart(RmaReport report, Map<String, Double> results, RmaPlan plan) {
        NativeComparison sizes = new NativeComparison("", results, plan.sizes());
        return BenchPlot.bySize("bench rma: blocking put and get latency", BenchPlot.subtitle(JvmCommands.TRANSPORT),
                "latency (us)", List.of(new BenchPlot.Line("pgas4j put", new java.util.TreeMap<>(report.putLatUs()), false),
                        new BenchPlot.Line("pgas4j get", new java.util.TreeMap<>(report.getLatUs()), false),
                        new BenchPlot.Line("native MPI put + flush", sizes.figuresBySize(NATIVE_MPI_PUT), true),
                        new BenchPlot.Line("native MPI get", sizes.figuresBySize(NATIVE_MPI_GET), true)));
    }

    /**
     * Removes {@code --transport NAME} (or {@code --transport=NAME}) from {@code args} and returns
     * the name: {@code shm} (the default) or {@code ucx}.
     *
     * @throws UsageException for another name or a missing one
     */
    static String transport(List<String> args) {
        return transport("rma", args);
    }

    /** {@link #transport(List)} for {@code bench NAME}, whose messages name it. */
    static String transport(String bench, List<String> args) {
        String transport = JvmCommands.TRANSPORT;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value;
            if (arg.equals("--transport")) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("bench " + bench + ": --transport needs a name: shm or ucx");
                }
                value = args.get(i + 1);
                args.remove(i + 1);
                args.remove(i);
            } else if (arg.startsWith("--transport=")) {
                value = arg.substring("--transport=".length());
                args.remove(i);
            } else {
                continue;
            }
            i--;
            if (!value.equals(JvmCommands.TRANSPORT) && !value.equals(UcxRmaBenchmark.TRANSPORT)) {
                throw new UsageException("bench " + bench + ": --transport " + value + " is not measured; use shm or ucx");
            }
            transport = value;
        }
        return transport;
    }

    private static Map<String, Double> job(String label, long timeout, PrintStream err, Class<?> main, String... args) {
        return ChildProcess.run(label, JvmCommands.pgasJob(timeout, main, args), timeout + LAUNCHER_GRACE_SECONDS, err);
    }

    /** Figure: 8 B blocking put with statistics on over off, same run, jobs alternating (target <= 1.10). */
    static final String STATS_OVERHEAD_PUT8 = "stats_overhead_ratio_put8";
    /** Figure: 8 B blocking fetch-add with statistics on over off. */
    static final String STATS_OVERHEAD_FADD8 = "stats_overhead_ratio_fadd8";
    /** The goal of both overhead ratios. */
    static final double STATS_OVERHEAD_GOAL = 1.10;

    /** The option that runs only {@link #statsOverhead}, with more rounds. */
    static final String STATS_OVERHEAD_OPTION = "--stats-overhead";

    private static int statsOverheadOnly(RmaOptions options, PrintStream out, PrintStream err) {
        RmaPlan plan = RmaPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        int rounds = options.quick() ? overheadRounds(plan) : OVERHEAD_ONLY_ROUNDS;
        Map<String, Double> overhead = statsOverhead(rounds, timeout, new Progress(NAME, 2 * rounds, err), err);
        printOverhead(overhead, out);
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(overhead));
            out.println("JSON written to " + options.json());
        }
        return 0;
    }

    /** Rounds of {@value #STATS_OVERHEAD_OPTION} alone (each an off and an on job of about 2 s). */
    private static final int OVERHEAD_ONLY_ROUNDS = 11;

    private static int overheadRounds(RmaPlan plan) {
        return Math.max(5, plan.rounds());
    }

    /**
     * The cost of statistics: jobs with statistics off and on, alternating, each timing 8 B puts and
     * fetch-adds; the ratios of the medians (on over off), and the medians themselves.
     */
    private static Map<String, Double> statsOverhead(int rounds, long timeout, Progress progress, PrintStream err) {
        String iterations = "200000"; // also with --quick: the JIT must have compiled the loops
        List<Map<String, Double>> off = new ArrayList<>();
        List<Map<String, Double>> on = new ArrayList<>();
        java.nio.file.Path report;
        try {
            report = Files.createTempFile("pgas4j-bench-stats", ".json");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        try {
            for (int r = 1; r <= rounds; r++) {
                progress.phase("8 B put and fetch-add, statistics off" + roundOf(r, rounds));
                off.add(ChildProcess.run("statistics-off job", JvmCommands.pgasJob(timeout, List.of(),
                        StatsOverheadPe.class, iterations), timeout + LAUNCHER_GRACE_SECONDS, err));
                progress.phase("8 B put and fetch-add, statistics on" + roundOf(r, rounds));
                on.add(ChildProcess.run("statistics-on job", JvmCommands.pgasJob(timeout, List.of("-Dpgas4j.stats=true",
                        "-Dpgas4j.stats.file=" + report), StatsOverheadPe.class, iterations),
                        timeout + LAUNCHER_GRACE_SECONDS, err));
            }
        } finally {
            try {
                Files.deleteIfExists(report);
            } catch (java.io.IOException e) {
                // A temporary file; nothing else to do.
            }
        }
        Map<String, Double> offMedian = RoundMedian.of(off);
        Map<String, Double> onMedian = RoundMedian.of(on);
        Map<String, Double> result = new java.util.LinkedHashMap<>();
        result.put(STATS_OVERHEAD_PUT8, onMedian.get(StatsOverheadPe.PUT8_NS) / offMedian.get(StatsOverheadPe.PUT8_NS));
        result.put(STATS_OVERHEAD_FADD8, onMedian.get(StatsOverheadPe.FADD8_NS) / offMedian.get(StatsOverheadPe.FADD8_NS));
        result.put("stats_off_put8_ns", offMedian.get(StatsOverheadPe.PUT8_NS));
        result.put("stats_on_put8_ns", onMedian.get(StatsOverheadPe.PUT8_NS));
        result.put("stats_off_fadd8_ns", offMedian.get(StatsOverheadPe.FADD8_NS));
        result.put("stats_on_fadd8_ns", onMedian.get(StatsOverheadPe.FADD8_NS));
        return result;
    }

    private static void printOverhead(Map<String, Double> o, PrintStream out) {
        out.println();
        out.printf(java.util.Locale.ROOT, "statistics overhead (8 B, off -> on, ns): put %s -> %s, fetch-add %s -> %s%n",
                RmaTable.fixed(o.get("stats_off_put8_ns")), RmaTable.fixed(o.get("stats_on_put8_ns")),
                RmaTable.fixed(o.get("stats_off_fadd8_ns")), RmaTable.fixed(o.get("stats_on_fadd8_ns")));
        for (String key : List.of(STATS_OVERHEAD_PUT8, STATS_OVERHEAD_FADD8)) {
            double v = o.get(key);
            out.printf(java.util.Locale.ROOT, "%-26s %12s %10s  %s%n", key, RmaTable.fixed(v),
                    "<= " + STATS_OVERHEAD_GOAL, v <= STATS_OVERHEAD_GOAL ? "met" : "NOT MET");
        }
    }

    /** Shows a round's key figures, so that the spread behind a median is visible. */
    private static void note(PrintStream err, Map<String, Double> round, String... keys) {
        StringBuilder sb = new StringBuilder("bench rma:   ");
        for (String k : keys) {
            sb.append(' ').append(k).append(' ').append(RmaTable.fixed(round.getOrDefault(k, Double.NaN)));
        }
        err.println(sb);
    }

    private static String roundOf(int round, int rounds) {
        return rounds > 1 ? " (round " + round + " of " + rounds + ")" : "";
    }

    /** The first line of the output: when, where and how the figures were taken. */
    static String header(RmaPlan plan) {
        return "# pgas4j bench rma | " + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS)
                + " | cores: " + Runtime.getRuntime().availableProcessors()
                + " | transport: " + JvmCommands.TRANSPORT + ", " + JvmCommands.PES + " PEs"
                + " | java " + Runtime.version() + " | plan: " + plan.name();
    }

    private static void writeJson(Path file, RmaReport report) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, report.toJson());
        } catch (IOException e) {
            throw new BenchFailure("cannot write the JSON file " + file + ": " + e.getMessage(), e);
        }
    }
}
