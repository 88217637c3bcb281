package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code pgas4j bench startup [--json FILE] [--quick] [--native] [--pmix]}: seconds from the launch of a job
 * to its exit, for a job that initialises, passes one barrier and exits ({@link StartupPe}), at
 * N = 2, 8 and 16 PEs on this host over {@code shm}; with {@code --native}, alternated with the same
 * C program under {@code oshrun --oversubscribe} ({@link NativeProbe#SHMEM} in its start-up mode).
 * Each figure is the median of the rounds (3, or 1 with {@code --quick}). JSON: {@code startup_s}
 * (N to seconds), and with {@code --native} {@code native_startup_s}, {@code startup_vs_native}
 * (N to ratio) and {@code startup_vs_native_16}. With {@code --pmix} (inside a Slurm allocation, or
 * with {@code SLURM_CONF} naming a cluster), alternated with the same job under
 * {@code srun --mpi=pmix -n N}, one plain PE JVM per task as {@code bin/pgas4j exec} leaves it:
 * {@code startup_pmix_s} and {@code startup_pmix_vs_launcher} (N to the ratio PMIx / launcher); and,
 * where the jar is a checkout's with its {@code bin/pgas4j}, through {@code bin/pgas4j exec} as
 * users start it: {@code startup_pmix_exec_s} and {@code startup_pmix_exec_vs_launcher}. Each
 * {@code --pmix} round also times the floors under both: srun and {@code pgas4j run} starting N JVMs
 * of the same commands whose main returns at once ({@link NoOpMain}, no pgas4j):
 * {@code startup_pmix_empty_jvm_s}, {@code startup_pmix_empty_jvm_vs_launcher} and
 * {@code startup_empty_jvm_s}; what is above each floor, pgas4j's own part, is
 * {@code startup_pgas4j_part_s} and {@code startup_pmix_pgas4j_part_s}.
 * When pgas4j's own AOT cache ({@code target/pgas4j-runtime.aot}) is there, the jobs of
 * {@code startup_s} start from it, as {@code pgas4j run} does by default, and each round also times
 * the job with {@code --no-aot}: {@code startup_no_aot_s} and {@code startup_aot_vs_no_aot}.
 */
final class StartupBenchmark implements Benchmark {
    private static final String NAME = "startup";
    private static final List<Integer> PES = List.of(2, 8, 16);
    private static final long TIMEOUT_SECONDS = 120;
    private static final String STARTUP_S = "startup_s";
    private static final String NATIVE_STARTUP_S = "native_startup_s";
    private static final String STARTUP_PMIX_S = "startup_pmix_s";
    private static final String STARTUP_PMIX_EXEC_S = "startup_pmix_exec_s";
    private static final String STARTUP_PMIX_EMPTY_JVM_S = "startup_pmix_empty_jvm_s";
    private static final String STARTUP_EMPTY_JVM_S = "startup_empty_jvm_s";
    private static final String STARTUP_NO_AOT_S = "startup_no_aot_s";
    private static final String PMIX = "--pmix";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick] [--native] [--pmix] [--plot FILE]  seconds from launch to exit of an init + barrier +"
                + " exit job at N = 2, 8, 16, (--native) the same C program under oshrun, (--pmix) the job under srun --mpi=pmix";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        boolean pmix = args.contains(PMIX);
        boolean runtimeCache = JvmCommands.runtimeAotCache();
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, args.stream().filter(a -> !a.equals(PMIX)).toList());
        if (pmix && !onPath("srun")) {
            throw new org.pgas4j.launcher.UsageException("bench startup: --pmix needs Slurm's srun on the PATH"
                    + " (and an allocation or a cluster that SLURM_CONF names)");
        }
        JsonFile.check(NAME, options.json());
        int rounds = options.quick() ? 1 : 3;
        out.println("# pgas4j bench startup | " + BenchPlot.subtitle(JvmCommands.TRANSPORT).replace(", 2 PEs", "")
                + " | N = 2, 8, 16 | rounds: " + rounds);
        out.flush();
        Map<String, Double> results = new LinkedHashMap<>();
        Map<String, Object> doc = new LinkedHashMap<>();
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            Optional<String> shmem = NativeBaselines.unavailable(options, natives, NativeProbe.SHMEM, err);
            boolean viaExec = pmix && JvmCommands.binPgas4j() != null;
            Progress progress = new Progress(NAME, PES.size() * rounds * ((shmem.isEmpty() ? 2 : 1) + (pmix ? 3 : 0)
                    + (viaExec ? 1 : 0) + (runtimeCache ? 1 : 0)), err);
            for (int n : PES) {
                List<Map<String, Double>> perRound = new ArrayList<>();
                for (int r = 1; r <= rounds; r++) {
                    String of = rounds > 1 ? " (round " + r + " of " + rounds + ")" : "";
                    progress.phase("pgas4j job of " + n + " PEs" + of);
                    Map<String, Double> round = new LinkedHashMap<>();
                    round.put(ResultLine.key(STARTUP_S, n), timed(() -> ChildProcess.run("startup job N=" + n,
                            JvmCommands.pgasJob(JvmCommands.TRANSPORT, n, TIMEOUT_SECONDS, List.of(), StartupPe.class), TIMEOUT_SECONDS + 10, err)));
                    if (runtimeCache) {
                        progress.phase("pgas4j job of " + n + " PEs without the runtime's AOT cache (--no-aot)" + of);
                        round.put(ResultLine.key(STARTUP_NO_AOT_S, n), timed(() -> ChildProcess.run("startup job N=" + n
                                + " --no-aot", JvmCommands.pgasJob(JvmCommands.TRANSPORT, n, TIMEOUT_SECONDS, List.of("--no-aot"),
                                List.of(), StartupPe.class), TIMEOUT_SECONDS + 10, err)));
                    }
                    if (shmem.isEmpty()) {
                        progress.phase(NativeProbe.SHMEM.label() + " start-up, " + n + " PEs" + of);
                        round.put(ResultLine.key(NATIVE_STARTUP_S, n), timed(() -> natives.run(NativeProbe.SHMEM, n,
                                List.of("startup"), Set.of(), TIMEOUT_SECONDS, err)));
                    }
                    if (pmix) {
                        progress.phase("srun --mpi=pmix job of " + n + " PEs" + of);
                        round.put(ResultLine.key(STARTUP_PMIX_S, n), timed(() -> ChildProcess.run("srun --mpi=pmix N=" + n,
                                JvmCommands.pmixJob(n, StartupPe.class), TIMEOUT_SECONDS + 10, err)));
                        progress.phase("pgas4j run of " + n + " JVMs whose main returns at once" + of);
                        round.put(ResultLine.key(STARTUP_EMPTY_JVM_S, n), timed(() -> ChildProcess.run("empty JVMs N="
                                + n, JvmCommands.pgasJob(JvmCommands.TRANSPORT, n, TIMEOUT_SECONDS, List.of(), NoOpMain.class),
                                TIMEOUT_SECONDS + 10, err)));
                        progress.phase("srun --mpi=pmix of " + n + " JVMs whose main returns at once" + of);
                        round.put(ResultLine.key(STARTUP_PMIX_EMPTY_JVM_S, n), timed(() -> ChildProcess.run("srun"
                                + " --mpi=pmix empty JVMs N=" + n, JvmCommands.pmixJob(n, NoOpMain.class), TIMEOUT_SECONDS + 10,
                                err)));
                    }
                    if (viaExec) {
                        progress.phase("srun --mpi=pmix bin/pgas4j exec job of " + n + " PEs" + of);
                        round.put(ResultLine.key(STARTUP_PMIX_EXEC_S, n), timed(() -> ChildProcess.run("srun --mpi=pmix"
                                + " bin/pgas4j exec N=" + n, JvmCommands.pmixExecJob(n, StartupPe.class), TIMEOUT_SECONDS + 10,
                                err)));
                    }
                    perRound.add(round);
                }
                results.putAll(RoundMedian.of(perRound));
            }
            print(results, out, doc);
            new NativeBaselines(options, doc, out).compare(NativeProbe.SHMEM, shmem, () -> null);
        }
        if (options.plot() != null) {
            NativeComparison c = new NativeComparison("", results, PES.stream().mapToLong(Integer::longValue).toArray());
            BenchPlot.write(options.plot(), BenchPlot.byPes("bench startup: launch to exit of init + barrier + exit",
                    BenchPlot.subtitle(JvmCommands.TRANSPORT).replace(JvmCommands.PES + " PEs", "N PEs"), "seconds",
                    List.of(new BenchPlot.Line("pgas4j", c.figuresBySize(STARTUP_S), false),
                            new BenchPlot.Line("native OpenSHMEM (oshrun)", c.figuresBySize(NATIVE_STARTUP_S), true))), out);
        }
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(doc));
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

    private static void print(Map<String, Double> results, PrintStream out, Map<String, Object> doc) {
        Map<String, Double> ours = new LinkedHashMap<>();
        Map<String, Double> theirs = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%6s %12s %14s %9s%n", "PEs", "pgas4j (s)", "native (s)", "ratio");
        for (int n : PES) {
            double s = ResultLine.positive(results, ResultLine.key(STARTUP_S, n), "startup job");
            Double c = results.get(ResultLine.key(NATIVE_STARTUP_S, n));
            ours.put(Integer.toString(n), s);
            if (c != null) {
                theirs.put(Integer.toString(n), c);
                ratios.put(Integer.toString(n), s / c);
            }
            out.printf(Locale.ROOT, "%6d %12s %14s %9s%n", n, RmaTable.fixed(s), c == null ? "-" : RmaTable.fixed(c),
                    c == null ? "-" : RmaTable.fixed(s / c));
        }
        doc.put(STARTUP_S, ours);
        printNoAot(results, out, doc);
        printPmix(results, out, doc);
        if (!theirs.isEmpty()) {
            doc.put(NATIVE_STARTUP_S, theirs);
            doc.put("startup_vs_native", ratios);
            doc.put("startup_vs_native_16", ratios.get("16"));
        }
    }

    /**
     * The figures without the runtime's AOT cache, when it was there to compare with: seconds
     * ({@code startup_no_aot_s}) and the ratio with / without ({@code startup_aot_vs_no_aot}).
     */
    private static void printNoAot(Map<String, Double> results, PrintStream out, Map<String, Object> doc) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (int n : PES) {
            Double p = results.get(ResultLine.key(STARTUP_NO_AOT_S, n));
            if (p != null) {
                seconds.put(Integer.toString(n), p);
                ratios.put(Integer.toString(n), results.get(ResultLine.key(STARTUP_S, n)) / p);
            }
        }
        if (seconds.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%6s %18s %12s%n", "PEs", "--no-aot (s)", "AOT / none");
        for (String n : seconds.keySet()) {
            out.printf(Locale.ROOT, "%6s %18s %12s%n", n, RmaTable.fixed(seconds.get(n)), RmaTable.fixed(ratios.get(n)));
        }
        doc.put(STARTUP_NO_AOT_S, seconds);
        doc.put("startup_aot_vs_no_aot", ratios);
    }

    /**
     * The {@code --pmix} figures, when measured: seconds under srun, plain PE JVMs, through
     * {@code bin/pgas4j exec} and JVMs that do nothing, and their ratios to the launcher's.
     */
    private static void printPmix(Map<String, Double> results, PrintStream out, Map<String, Object> doc) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        Map<String, Double> execSeconds = new LinkedHashMap<>();
        Map<String, Double> execRatios = new LinkedHashMap<>();
        Map<String, Double> emptySeconds = new LinkedHashMap<>();
        Map<String, Double> emptyRatios = new LinkedHashMap<>();
        for (int n : PES) {
            double launcher = results.get(ResultLine.key(STARTUP_S, n));
            Double z = results.get(ResultLine.key(STARTUP_PMIX_EMPTY_JVM_S, n));
            if (z != null) {
                emptySeconds.put(Integer.toString(n), z);
                emptyRatios.put(Integer.toString(n), z / launcher);
            }
            Double p = results.get(ResultLine.key(STARTUP_PMIX_S, n));
            if (p != null) {
                seconds.put(Integer.toString(n), p);
                ratios.put(Integer.toString(n), p / launcher);
            }
            Double e = results.get(ResultLine.key(STARTUP_PMIX_EXEC_S, n));
            if (e != null) {
                execSeconds.put(Integer.toString(n), e);
                execRatios.put(Integer.toString(n), e / launcher);
            }
        }
        if (seconds.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%6s %18s %12s %18s %12s %18s %12s%n", "PEs", "srun --mpi=pmix (s)", "vs run",
                "via exec (s)", "vs run", "empty JVMs (s)", "vs run");
        for (String n : seconds.keySet()) {
            Double e = execSeconds.get(n);
            Double z = emptySeconds.get(n);
            out.printf(Locale.ROOT, "%6s %18s %12s %18s %12s %18s %12s%n", n, RmaTable.fixed(seconds.get(n)),
                    RmaTable.fixed(ratios.get(n)), e == null ? "-" : RmaTable.fixed(e),
                    e == null ? "-" : RmaTable.fixed(execRatios.get(n)), z == null ? "-" : RmaTable.fixed(z),
                    z == null ? "-" : RmaTable.fixed(emptyRatios.get(n)));
        }
        doc.put(STARTUP_PMIX_S, seconds);
        doc.put("startup_pmix_vs_launcher", ratios);
        if (!execSeconds.isEmpty()) {
            doc.put(STARTUP_PMIX_EXEC_S, execSeconds);
            doc.put("startup_pmix_exec_vs_launcher", execRatios);
        }
        if (!emptySeconds.isEmpty()) {
            doc.put(STARTUP_PMIX_EMPTY_JVM_S, emptySeconds);
            doc.put("startup_pmix_empty_jvm_vs_launcher", emptyRatios);
            printParts(results, out, doc);
        }
    }

    /**
     * Each launcher's floor (N JVMs whose main returns at once) and what the job adds above it,
     * pgas4j's own part: {@code startup_empty_jvm_s}, {@code startup_pgas4j_part_s} (under
     * {@code pgas4j run}) and {@code startup_pmix_pgas4j_part_s} (under srun).
     */
    private static void printParts(Map<String, Double> results, PrintStream out, Map<String, Object> doc) {
        Map<String, Double> floor = new LinkedHashMap<>();
        Map<String, Double> part = new LinkedHashMap<>();
        Map<String, Double> pmixPart = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%6s %18s %18s %18s %18s%n", "PEs", "run floor (s)", "srun floor (s)", "pgas4j part: run",
                "under srun");
        for (int n : PES) {
            Double f = results.get(ResultLine.key(STARTUP_EMPTY_JVM_S, n));
            Double pf = results.get(ResultLine.key(STARTUP_PMIX_EMPTY_JVM_S, n));
            if (f == null || pf == null) {
                continue;
            }
            String key = Integer.toString(n);
            double p = results.get(ResultLine.key(STARTUP_S, n)) - f;
            double q = results.get(ResultLine.key(STARTUP_PMIX_S, n)) - pf;
            floor.put(key, f);
            part.put(key, p);
            pmixPart.put(key, q);
            out.printf(Locale.ROOT, "%6d %18s %18s %18s %18s%n", n, RmaTable.fixed(f), RmaTable.fixed(pf), RmaTable.fixed(p),
                    RmaTable.fixed(q));
        }
        doc.put(STARTUP_EMPTY_JVM_S, floor);
        doc.put("startup_pgas4j_part_s", part);
        doc.put("startup_pmix_pgas4j_part_s", pmixPart);
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** Seconds that {@code run} takes. */
    private static double timed(Runnable run) {
        long start = System.nanoTime();
        run.run();
        return (System.nanoTime() - start) / 1e9;
    }
}
