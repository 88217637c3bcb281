package org.pgas4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code pgas4j bench warmup [--json FILE] [--quick] [--native] [--steps N]}: how fast a fresh 2-PE job is
 * from its first step ({@link WarmupPe}: the lock-step loop of issue 27 and a put/get/fetch-add
 * stream, three passes of 65,536 steps each (N with {@code --steps}), microseconds per step over the first 1,000 steps,
 * pass 1, pass 2 and pass 3, the steady state), in jobs without an AOT cache ({@code --no-aot}),
 * with one this run trained for the program ({@code run --aot-train} once, then {@code --aot}),
 * and, when {@code target/pgas4j-runtime.aot} is there, with the runtime's own cache (no AOT
 * option); with {@code --native}, alternated with the same C loops under {@code oshrun}
 * ({@link NativeProbe#WARMUP}). Each figure is the median of the rounds (3, or 1 with
 * {@code --quick}). JSON: {@code warmup_<loop>_<figure>_us} (no cache), {@code aot_warmup_...}
 * (the program's cache), {@code runtime_aot_warmup_...} (the runtime's), {@code native_<loop>_...};
 * and {@code native_lockstep_us} (native's steady state), {@code warmup_lockstep_first65k_us},
 * {@code warmup_lockstep_steady_us}, {@code warmup_vs_native_first65k} and {@code steady_vs_native}
 * (pgas4j / native, below 1 is faster; these of the {@code --no-aot} jobs), each also with the
 * {@code aot_} prefix and, when the runtime's cache was measured, the {@code runtime_aot_} prefix
 * (what {@code run} does by default).
 */
final class WarmupBenchmark implements Benchmark {
    private static final String NAME = "warmup";
    private static final List<String> LOOPS = List.of("lockstep", "stream");
    private static final List<String> FIGURES = List.of("first1k_us", "first65k_us", "pass2_us", "steady_us");
    private static final long TIMEOUT_SECONDS = 300;
    private static final String AOT = "aot_";
    private static final String RUNTIME_AOT = "runtime_aot_";
    private static final String STEPS = "--steps";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick] [--native] [--steps N]  us per step of a fresh job (lock-step loop, put/get/fetch-add stream):"
                + " first 1,000 steps, first 65,536, steady; without and with an AOT cache";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        int stepsPerPass = WarmupPe.STEPS;
        List<String> rest = new ArrayList<>(args);
        int at = rest.indexOf(STEPS);
        if (at >= 0) {
            stepsPerPass = steps(at + 1 < rest.size() ? rest.get(at + 1) : null);
            rest.subList(at, Math.min(at + 2, rest.size())).clear();
        }
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, rest);
        JsonFile.check(NAME, options.json());
        int rounds = options.quick() ? 1 : 3;
        String steps = Integer.toString(stepsPerPass);
        String passes = Integer.toString(WarmupPe.PASSES);
        boolean runtimeCache = JvmCommands.runtimeAotCache();
        out.println("# pgas4j bench warmup | " + BenchPlot.subtitle(JvmCommands.TRANSPORT) + " | " + passes + " passes of "
                + steps + " steps | rounds: " + rounds);
        out.flush();
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, Double> results;
        Path dir = tempDir();
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            Optional<String> shmem = NativeBaselines.unavailable(options, natives, NativeProbe.WARMUP, err);
            int variants = 2 + (runtimeCache ? 1 : 0) + (shmem.isEmpty() ? 1 : 0);
            Progress progress = new Progress(NAME, 1 + rounds * LOOPS.size() * variants, err);
            Path cache = dir.resolve("warmup.aot");
            progress.phase("training an AOT cache for the loops (run --aot-train)");
            ChildProcess.run("AOT training job", job(List.of("--aot-train", cache.toString()), "train", steps),
                    TIMEOUT_SECONDS + 10, err);
            List<Map<String, Double>> perRound = new ArrayList<>();
            for (int r = 1; r <= rounds; r++) {
                String of = rounds > 1 ? " (round " + r + " of " + rounds + ")" : "";
                Map<String, Double> round = new LinkedHashMap<>();
                for (String loop : LOOPS) {
                    progress.phase(loop + ", no AOT cache" + of);
                    round.putAll(ChildProcess.run(loop + " job", job(List.of("--no-aot"), loop, steps), TIMEOUT_SECONDS + 10, err));
                    progress.phase(loop + ", with the program's AOT cache" + of);
                    prefixed(AOT, ChildProcess.run(loop + " job (--aot)", job(List.of("--aot", cache.toString()), loop, steps),
                            TIMEOUT_SECONDS + 10, err), round);
                    if (runtimeCache) {
                        progress.phase(loop + ", with the runtime's AOT cache" + of);
                        prefixed(RUNTIME_AOT, ChildProcess.run(loop + " job (runtime cache)", job(List.of(), loop, steps),
                                TIMEOUT_SECONDS + 10, err), round);
                    }
                    if (shmem.isEmpty()) {
                        progress.phase(NativeProbe.WARMUP.label() + " " + loop + of);
                        round.putAll(natives.run(NativeProbe.WARMUP, JvmCommands.PES, List.of(loop, steps, passes),
                                Set.of("native_" + loop + "_steady_us"), TIMEOUT_SECONDS, err));
                    }
                }
                perRound.add(round);
            }
            results = RoundMedian.of(perRound);
            print(results, out, doc, runtimeCache);
            if (shmem.isEmpty()) {
                compare(results, out, doc);
            } else {
                new NativeBaselines(options, doc, out).compare(NativeProbe.WARMUP, shmem, () -> null);
            }
        } finally {
            removeAll(dir);
        }
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(doc));
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

    private static List<String> job(List<String> runOptions, String loop, String steps) {
        return JvmCommands.pgasJob(JvmCommands.TRANSPORT, JvmCommands.PES, TIMEOUT_SECONDS, runOptions, List.of(),
                WarmupPe.class, loop, steps, Integer.toString(WarmupPe.PASSES));
    }

    /** The value of {@code --steps}: a whole number from {@link WarmupPe#FIRST} to 2^24. */
    private static int steps(String value) {
        int n;
        try {
            n = value == null ? -1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < WarmupPe.FIRST || n > 1 << 24) {
            throw new org.pgas4j.launcher.UsageException("bench warmup: --steps needs a whole number of steps per pass from "
                    + WarmupPe.FIRST + " to " + (1 << 24) + ", not " + (value == null ? "nothing" : "'" + value + "'"));
        }
        return n;
    }

    private static void prefixed(String prefix, Map<String, Double> figures, Map<String, Double> into) {
        figures.forEach((k, v) -> into.put(prefix + k, v));
    }

    private static void print(Map<String, Double> results, PrintStream out, Map<String, Object> doc, boolean runtimeCache) {
        out.printf(Locale.ROOT, "%-9s %-22s %11s %11s %11s %11s%n", "loop", "us per step", "first 1k", "first 65k",
                "pass 2", "steady");
        List<String[]> variants = new ArrayList<>(List.of(new String[] {"", "pgas4j, no AOT cache"},
                new String[] {AOT, "pgas4j, --aot (program)"}));
        if (runtimeCache) {
            variants.add(new String[] {RUNTIME_AOT, "pgas4j, runtime cache"});
        }
        variants.add(new String[] {"native", "native OpenSHMEM"});
        for (String loop : LOOPS) {
            for (String[] v : variants) {
                String base = v[0].equals("native") ? "native_" + loop + "_" : v[0] + "warmup_" + loop + "_";
                if (!results.containsKey(base + "steady_us")) {
                    continue;
                }
                out.printf(Locale.ROOT, "%-9s %-22s", loop, v[1]);
                for (String f : FIGURES) {
                    Double value = results.get(base + f);
                    out.printf(Locale.ROOT, " %11s", value == null ? "-" : RmaTable.fixed(value));
                    if (value != null) {
                        doc.put(base + f, value);
                    }
                }
                out.println();
            }
        }
    }

    /** The ratios: pgas4j's first 65,536 steps and steady state against native's. */
    private static void compare(Map<String, Double> results, PrintStream out, Map<String, Object> doc) {
        double nativeFirst = ResultLine.positive(results, "native_lockstep_first65k_us", NativeProbe.WARMUP.label());
        double nativeSteady = ResultLine.positive(results, "native_lockstep_steady_us", NativeProbe.WARMUP.label());
        doc.put("native_lockstep_us", nativeSteady);
        for (String prefix : List.of("", AOT, RUNTIME_AOT)) {
            if (!results.containsKey(prefix + "warmup_lockstep_steady_us")) {
                continue; // no runtime cache to compare with
            }
            double first = ResultLine.positive(results, prefix + "warmup_lockstep_first65k_us", "pgas4j job");
            double steady = ResultLine.positive(results, prefix + "warmup_lockstep_steady_us", "pgas4j job");
            doc.put(prefix + "warmup_vs_native_first65k", first / nativeFirst);
            doc.put(prefix + "steady_vs_native", steady / nativeSteady);
            String which = switch (prefix) {
                case AOT -> " (--aot)";
                case RUNTIME_AOT -> " (runtime cache: run's default)";
                default -> " (--no-aot)";
            };
            out.printf(Locale.ROOT, "lockstep vs native%s: first 65,536 steps %s, steady %s (pgas4j / native, < 1: faster)%n",
                    which, RmaTable.fixed(first / nativeFirst), RmaTable.fixed(steady / nativeSteady));
        }
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("pgas4j-warmup-");
        } catch (IOException e) {
            throw new BenchFailure("cannot create a directory for the AOT cache: " + e.getMessage(), e);
        }
    }

    private static void removeAll(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is no reason to fail a bench
        }
    }
}
