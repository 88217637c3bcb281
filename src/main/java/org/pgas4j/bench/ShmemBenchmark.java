package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pgas4j bench shmem [--json FILE] [--quick]}: the OSU OpenSHMEM micro-benchmarks'
 * figures through the OpenSHMEM facade on 2 PEs over {@code shm} ({@link ShmemLatencyPe}): put
 * latency from 8 B to 1 MiB, 8-byte put message rate, fetch-add latency and barrier_all, each
 * next to the core API's figure for the same operation in the same run (the facade may add at
 * most 10%) and to the native OpenSHMEM figures of {@code shared/baselines} (Open MPI 4.1.4 OSHMEM
 * over UCX shared memory, measured 2026-11-22 on a machine of this kind). JSON: {@code
 * shmem_put_lat_us} (size to us), {@code shmem_put_mr_mps}, {@code shmem_fadd_lat_us},
 * {@code shmem_barrier_us}, the same with {@code core_}, and {@code facade_overhead} (name to
 * facade/core ratio).
 */
final class ShmemBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 300;
    private static final long QUICK_TIMEOUT_SECONDS = 90;
    private static final long LAUNCHER_GRACE_SECONDS = 10;
    private static final double OVERHEAD_TARGET = 1.10;
    /** Native OpenSHMEM put latency (us) at the sizes the baseline lists. */
    private static final Map<Long, Double> NATIVE_PUT_US = Map.of(8L, 0.036, 64L, 0.036, 4096L, 0.102, 65536L, 1.38,
            1L << 20, 25.0);
    private static final double NATIVE_PUT_MR = 29.4;
    private static final double NATIVE_FADD_US = 0.038;
    private static final double NATIVE_BARRIER_US = 0.371;

    @Override
    public String name() {
        return "shmem";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  OpenSHMEM facade: put latency, put rate, fetch-add, barrier_all vs core and native";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        RmaOptions options = RmaOptions.parse(name(), args);
        JsonFile.check(name(), options.json());
        String plan = options.quick() ? RmaPlan.QUICK : RmaPlan.FULL;
        long timeout = options.quick() ? QUICK_TIMEOUT_SECONDS : FULL_TIMEOUT_SECONDS;
        out.println(RmaBenchmark.header(RmaPlan.named(plan)).replace("bench rma", "bench shmem"));
        out.flush();
        err.println("bench shmem: 2-PE job ...");
        Map<String, Double> r = ChildProcess.run("shmem job", JvmCommands.pgasJob(timeout, ShmemLatencyPe.class, plan),
                timeout + LAUNCHER_GRACE_SECONDS, err);
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, Double> overhead = new LinkedHashMap<>();
        Map<String, Double> facadePut = new LinkedHashMap<>();
        Map<String, Double> corePut = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%-24s %12s %12s %9s %12s%n", "figure", "facade", "core", "ratio", "native");
        for (long size : ShmemLatencyPe.SIZES) {
            double f = ResultLine.positive(r, ResultLine.key("shmem_" + ShmemLatencyPe.PUT_LAT, size), "shmem job");
            double c = ResultLine.positive(r, ResultLine.key("core_" + ShmemLatencyPe.PUT_LAT, size), "shmem job");
            facadePut.put(Long.toString(size), f);
            corePut.put(Long.toString(size), c);
            overhead.put("put_" + size, f / c);
            Double nativeUs = NATIVE_PUT_US.get(size);
            line(out, "put+quiet " + size + " B (us)", f, c, nativeUs);
        }
        double mr = ResultLine.positive(r, "shmem_" + ShmemLatencyPe.PUT_MR, "shmem job");
        double coreMr = ResultLine.positive(r, "core_" + ShmemLatencyPe.PUT_MR, "shmem job");
        overhead.put("put_mr", coreMr / mr);
        line(out, "put rate 8 B (M/s)", mr, coreMr, NATIVE_PUT_MR);
        double fadd = ResultLine.positive(r, "shmem_" + ShmemLatencyPe.FADD_LAT, "shmem job");
        double coreFadd = ResultLine.positive(r, "core_" + ShmemLatencyPe.FADD_LAT, "shmem job");
        overhead.put("fadd", fadd / coreFadd);
        line(out, "fetch-add (us)", fadd, coreFadd, NATIVE_FADD_US);
        double barrier = ResultLine.positive(r, "shmem_" + ShmemLatencyPe.BARRIER, "shmem job");
        double coreBarrier = ResultLine.positive(r, "core_" + ShmemLatencyPe.BARRIER, "shmem job");
        overhead.put("barrier", barrier / coreBarrier);
        line(out, "barrier_all (us)", barrier, coreBarrier, NATIVE_BARRIER_US);
        double worst = overhead.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        out.printf(Locale.ROOT, "facade overhead (ratio, rate inverted): worst %.3f, target <= %.2f: %s%n", worst,
                OVERHEAD_TARGET, worst <= OVERHEAD_TARGET ? "PASS" : "MISS");
        doc.put("shmem_put_lat_us", facadePut);
        doc.put("shmem_put_mr_mps", mr);
        doc.put("shmem_fadd_lat_us", fadd);
        doc.put("shmem_barrier_us", barrier);
        doc.put("core_put_lat_us", corePut);
        doc.put("core_put_mr_mps", coreMr);
        doc.put("core_fadd_lat_us", coreFadd);
        doc.put("core_barrier_us", coreBarrier);
        doc.put("facade_overhead", overhead);
        if (options.json() != null) {
            JsonFile.write(options.json(), Json.write(doc));
            out.println("JSON written to " + options.json());
        }
        out.flush();
        return 0;
    }

    private static void line(PrintStream out, String name, double facade, double core, Double nativeFigure) {
        out.printf(Locale.ROOT, "%-24s %12s %12s %9s %12s%n", name, RmaTable.fixed(facade), RmaTable.fixed(core),
                RmaTable.fixed(facade / core), nativeFigure == null ? "-" : RmaTable.fixed(nativeFigure));
    }

}
