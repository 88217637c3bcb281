package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code pgas4j bench shmem [--json FILE] [--quick] [--native] [--plot FILE.svg|png]}: the OSU
 * OpenSHMEM micro-benchmarks' figures through the OpenSHMEM facade on 2 PEs over {@code shm}
 * ({@link ShmemLatencyPe}): put and get latency from 8 B to 1 MiB, 8-byte put message rate,
 * fetch-add latency and barrier_all, each next to the core API's figure for the same operation in
 * the same run (the facade may add at most 10%). With {@code --native}, rounds alternate the pgas4j
 * job with our C program over the installed OpenSHMEM ({@link NativeProbe#SHMEM}, Open MPI's
 * {@code oshcc}/{@code oshrun}), and each figure is the median of the rounds; without the tools, the
 * native column says what to install. JSON: {@code shmem_put_lat_us} and {@code shmem_get_lat_us}
 * (size to us), {@code shmem_put_mr_mps}, {@code shmem_fadd_lat_us}, {@code shmem_barrier_us}, the
 * same with {@code core_}, {@code facade_overhead} (name to facade/core ratio); with
 * {@code --native} also {@code native_shmem_*}, {@code shmem_vs_native_put_ratio} and
 * {@code shmem_vs_native_get_ratio} (size to ratio), {@code shmem_vs_native_fadd_ratio},
 * {@code shmem_vs_native_barrier_ratio}, or {@code native_unavailable} (why not).
 */
final class ShmemBenchmark implements Benchmark {
    private static final String NAME = "shmem";
    private static final long FULL_TIMEOUT_SECONDS = 300;
    private static final long QUICK_TIMEOUT_SECONDS = 90;
    private static final double OVERHEAD_TARGET = 1.10;
    private static final int FULL_NATIVE_ROUNDS = 3;
    private static final int QUICK_NATIVE_ROUNDS = 2;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick] [--native] [--plot FILE.svg|png]  OpenSHMEM facade: put/get latency, put rate,"
                + " fetch-add, barrier_all vs core and (--native) the installed OpenSHMEM";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        RmaOptions options = RmaOptions.parseWithBaselines(NAME, args);
        JobBench bench = JobBench.start(NAME, options, out, FULL_TIMEOUT_SECONDS, QUICK_TIMEOUT_SECONDS);
        int rounds = !options.nativeBaselines() ? 1 : options.quick() ? QUICK_NATIVE_ROUNDS : FULL_NATIVE_ROUNDS;
        Progress progress = new Progress(NAME, rounds * (options.nativeBaselines() ? 2 : 1), err);
        List<Map<String, Double>> results = new ArrayList<>();
        Optional<String> nativeMissing;
        try (NativeRunner natives = NativeRunner.create(JvmCommands.TRANSPORT, Map.of())) {
            nativeMissing = NativeBaselines.unavailable(options, natives, NativeProbe.SHMEM, err);
            for (int r = 1; r <= rounds; r++) {
                String of = rounds > 1 ? " (round " + r + " of " + rounds + ")" : "";
                progress.phase("2-PE pgas4j job" + of);
                Map<String, Double> round = new HashMap<>(bench.runJob("shmem job",
                        List.of("-Dpgas4j.segment.size=" + ShmemLatencyPe.SEGMENT_SIZE), ShmemLatencyPe.class, err));
                if (nativeMissing.isEmpty()) {
                    progress.phase(NativeProbe.SHMEM.label() + ", 2 PEs" + of);
                    round.putAll(natives.run(NativeProbe.SHMEM, JvmCommands.PES, NativeBaselines.probeArgs("rma",
                            options.quick(), ShmemLatencyPe.SIZES), nativeKeys(), bench.timeoutSeconds(), err));
                }
                results.add(round);
            }
        }
        Map<String, Double> r = RoundMedian.of(results);
        ShmemFigures figures = ShmemFigures.from(r, nativeMissing.isEmpty());
        print(figures, out);
        Map<String, Object> doc = figures.toJson();
        // The table shows the native figures in its own column: only the reason there are none is left to say.
        new NativeBaselines(options, doc, out).compare(NativeProbe.SHMEM, nativeMissing, () -> null);
        bench.writeJson(doc, out);
        if (options.plot() != null) {
            BenchPlot.write(options.plot(), figures.chart(bench.subtitle()), out);
        }
        return 0;
    }

    /** The keys the native probe must print for its run to count. */
    private static Set<String> nativeKeys() {
        return Set.of(ResultLine.key(ShmemFigures.NATIVE_PUT, ShmemLatencyPe.SIZES[0]), ShmemFigures.NATIVE_FADD,
                ShmemFigures.NATIVE_BARRIER);
    }

    private static void print(ShmemFigures f, PrintStream out) {
        out.printf(Locale.ROOT, "%-24s %12s %12s %9s %12s %9s%n", "figure", "facade", "core", "ratio", "native", "vs native");
        for (long size : ShmemLatencyPe.SIZES) {
            line(out, "put+quiet " + size + " B (us)", f.facadePut().get(size), f.corePut().get(size), f.nativePut().get(size));
        }
        for (long size : ShmemLatencyPe.SIZES) {
            line(out, "get " + size + " B (us)", f.facadeGet().get(size), f.coreGet().get(size), f.nativeGet().get(size));
        }
        rateLine(out, "put rate 8 B (M/s)", f.facadeRate(), f.coreRate(), f.nativeRate());
        line(out, "fetch-add (us)", f.facadeFadd(), f.coreFadd(), f.nativeFadd());
        line(out, "barrier_all (us)", f.facadeBarrier(), f.coreBarrier(), f.nativeBarrier());
        double worst = f.overhead().values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        out.printf(Locale.ROOT, "facade overhead (ratio, rate inverted): worst %.3f, target <= %.2f: %s%n", worst,
                OVERHEAD_TARGET, worst <= OVERHEAD_TARGET ? "PASS" : "MISS");
    }

    /** A rate's ratios are inverted so that, as for times, below 1 means pgas4j is faster. */
    private static void rateLine(PrintStream out, String name, double facade, double core, Double nativeFigure) {
        out.printf(Locale.ROOT, "%-24s %12s %12s %9s %12s %9s%n", name, RmaTable.fixed(facade), RmaTable.fixed(core),
                RmaTable.fixed(core / facade), nativeFigure == null ? "-" : RmaTable.fixed(nativeFigure),
                nativeFigure == null ? "-" : RmaTable.fixed(nativeFigure / facade));
    }

    private static void line(PrintStream out, String name, double facade, double core, Double nativeFigure) {
        out.printf(Locale.ROOT, "%-24s %12s %12s %9s %12s %9s%n", name, RmaTable.fixed(facade), RmaTable.fixed(core),
                RmaTable.fixed(facade / core), nativeFigure == null ? "-" : RmaTable.fixed(nativeFigure),
                nativeFigure == null ? "-" : RmaTable.fixed(facade / nativeFigure));
    }
}
