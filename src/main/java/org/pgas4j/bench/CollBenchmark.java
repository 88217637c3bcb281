package org.pgas4j.bench;

import java.io.PrintStream;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code pgas4j bench coll [--json FILE] [--quick]}: barrier and 8-byte allreduce latency on the
 * world team, in jobs of N = 2, 4, 8 and 16 PEs on this host over {@code shm} (2 and 4 with
 * {@code --quick}). For each N, one at a time: the raw ping-pong between two plain JVMs
 * ({@link RawPingPong}, as in {@code bench rma}: the machine's cross-core latency just before),
 * then a job of N {@link CollLatencyPe} PEs started through the launcher. The table puts each
 * figure next to its N = 2 figure, the log2(N) prediction from it, and, for N above the host's
 * cores, the figure divided by the oversubscription N / cores.
 */
final class CollBenchmark implements Benchmark {
    private static final String NAME = "coll";
    private static final long FULL_TIMEOUT_SECONDS = 150;
    private static final long QUICK_TIMEOUT_SECONDS = 40;
    /** Extra time the bench gives a launcher beyond the job's own limit, to report and clean up. */
    private static final long LAUNCHER_GRACE_SECONDS = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick] [--native] [--plot FILE]  barrier and 8 B allreduce latency at N = 2, 4, 8, 16 PEs, scaling vs"
                + " log2(N), and (--native) the installed OpenSHMEM's and MPI's";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, args);
        JsonFile.check(NAME, options.json());
        CollPlan plan = CollPlan.of(options.quick());
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        int cores = Runtime.getRuntime().availableProcessors();
        out.println(header(plan, cores));
        out.flush();
        Map<String, Double> results = new HashMap<>();
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            Optional<String> shmem = NativeBaselines.unavailable(options, natives, NativeProbe.SHMEM, err);
            Optional<String> mpi = NativeBaselines.unavailable(options, natives, NativeProbe.MPI, err);
            Progress progress = new Progress(NAME, 1 + plan.pes().size() * (2 + (shmem.isEmpty() ? 1 : 0)
                    + (mpi.isEmpty() ? 1 : 0)), err);
            progress.phase("raw same-core hand-off, 2 plain JVMs pinned to CPU 0");
            results.putAll(RawPingPong.measureSameCore(RmaPlan.named(plan.name()), timeout, err));
            for (int n : plan.pes()) {
                progress.phase("raw ping-pong, 2 plain JVMs (before N=" + n + ")");
                Double raw = RawPingPong.measure(RmaPlan.named(plan.name()), timeout, err).get(CollMetrics.RAW_PINGPONG_ONEWAY_US);
                if (raw != null) {
                    results.put(ResultLine.key(CollMetrics.RAW_PINGPONG_ONEWAY_US, n), raw);
                }
                progress.phase("barrier and allreduce, " + n + " PEs");
                results.putAll(ChildProcess.run("coll job N=" + n, job(n, timeout, plan.name()),
                        timeout + LAUNCHER_GRACE_SECONDS, err));
                note(err, results, n);
                List<String> probeArgs = NativeBaselines.probeArgs("coll", options.quick(), new long[0]);
                if (shmem.isEmpty()) {
                    progress.phase(NativeProbe.SHMEM.label() + ", " + n + " PEs");
                    perJobSize(results, n, natives.run(NativeProbe.SHMEM, n, probeArgs,
                            Set.of("native_shmem_allreduce_us"), timeout, err));
                }
                if (mpi.isEmpty()) {
                    progress.phase(NativeProbe.MPI.label() + ", " + n + " processes");
                    perJobSize(results, n, natives.run(NativeProbe.MPI, n, probeArgs, Set.of("native_mpi_allreduce_us"),
                            timeout, err));
                }
            }
            CollReport report = CollReport.from(plan, results, cores);
            CollTable.print(report, out);
            Map<String, Object> doc = report.toDocument();
            long[] pes = plan.pes().stream().mapToLong(Integer::longValue).toArray();
            NativeBaselines baselines = new NativeBaselines(options, doc, out);
            baselines.compare(NativeProbe.SHMEM, shmem, () -> comparison(NativeProbe.SHMEM, "shmem", results, pes));
            baselines.compare(NativeProbe.MPI, mpi, () -> comparison(NativeProbe.MPI, "mpi", results, pes));
            if (options.json() != null) {
                JsonFile.write(options.json(), Json.write(doc));
                out.println("JSON written to " + options.json());
            }
            if (options.plot() != null) {
                BenchPlot.write(options.plot(), chart(report, results, pes), out);
            }
        }
        out.flush();
        return 0;
    }

    /** Barrier and allreduce latency against the job size, with the native libraries' of the run. */
    private static org.pgas4j.plot.Chart chart(CollReport report, Map<String, Double> results, long[] pes) {
        NativeComparison c = new NativeComparison("", results, pes);
        return BenchPlot.byPes("bench coll: barrier and 8-byte allreduce latency", BenchPlot.subtitle(JvmCommands.TRANSPORT)
                .replace(JvmCommands.PES + " PEs", "N PEs"), "latency (us)", List.of(
                        new BenchPlot.Line("pgas4j barrier", byPes(report.barrierUs()), false),
                        new BenchPlot.Line("pgas4j allreduce", byPes(report.allreduceUs()), false),
                        new BenchPlot.Line("native OpenSHMEM barrier_all", c.figuresBySize("native_shmem_barrier_us"), true),
                        new BenchPlot.Line("native OpenSHMEM sum_to_all", c.figuresBySize("native_shmem_allreduce_us"), true),
                        new BenchPlot.Line("native MPI_Barrier", c.figuresBySize("native_mpi_barrier_us"), true),
                        new BenchPlot.Line("native MPI_Allreduce", c.figuresBySize("native_mpi_allreduce_us"), true)));
    }

    private static java.util.SortedMap<Long, Double> byPes(java.util.SortedMap<Integer, Double> m) {
        java.util.SortedMap<Long, Double> out = new java.util.TreeMap<>();
        m.forEach((n, v) -> out.put(n.longValue(), v));
        return out;
    }

    /** Files a native run's figures under its job size, as the pgas4j job's are. */
    private static void perJobSize(Map<String, Double> results, int n, Map<String, Double> figures) {
        figures.forEach((k, v) -> results.put(ResultLine.key(k, n), v));
    }

    /** Barrier and allreduce by job size next to the native library's: {@code coll_vs_native_<lib>_*_ratio}. */
    private static NativeComparison comparison(NativeProbe probe, String library, Map<String, Double> results, long[] pes) {
        return new NativeComparison(probe.label(), results, pes).perJobSize()
                .bySize(new NativeComparison.Pair("barrier (us)", CollMetrics.BARRIER_US, "native_" + library + "_barrier_us",
                        "coll_vs_native_" + library + "_barrier_ratio", false))
                .bySize(new NativeComparison.Pair("allreduce 8 B (us)", CollMetrics.ALLREDUCE8_US,
                        "native_" + library + "_allreduce_us", "coll_vs_native_" + library + "_allreduce_ratio", false));
    }

    /**
     * The command line of {@code bench rma}, parsed by {@link RmaOptions}; its messages name this
     * benchmark instead.
     */
    static RmaOptions parse(List<String> args) {
        return RmaOptions.parse(NAME, args);
    }

    /**
     * The launcher command of {@link JvmCommands#pgasJob} running {@link CollLatencyPe} with
     * {@code plan}, with its job size set to {@code n} PEs.
     */
    static List<String> job(int n, long timeoutSeconds, String plan) {
        return JvmCommands.pgasJob(JvmCommands.TRANSPORT, n, timeoutSeconds, List.of(), CollLatencyPe.class, plan);
    }

    /** Shows N's figures as soon as they are taken. */
    private static void note(PrintStream err, Map<String, Double> results, int n) {
        StringBuilder sb = new StringBuilder("bench coll:  ");
        for (String metric : List.of(CollMetrics.RAW_PINGPONG_ONEWAY_US, CollMetrics.BARRIER_US, CollMetrics.ALLREDUCE8_US)) {
            String key = ResultLine.key(metric, n);
            sb.append(' ').append(key).append(' ').append(RmaTable.fixed(results.getOrDefault(key, Double.NaN)));
        }
        err.println(sb);
    }

    /** The first line of the output: when, where and how the figures were taken. */
    static String header(CollPlan plan, int cores) {
        return "# pgas4j bench " + NAME + " | " + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS)
                + " | cores: " + cores + " | transport: " + JvmCommands.TRANSPORT + ", N = "
                + plan.pes().stream().map(String::valueOf).collect(Collectors.joining(", ")) + " PEs"
                + " | java " + Runtime.version() + " | plan: " + plan.name();
    }
}
