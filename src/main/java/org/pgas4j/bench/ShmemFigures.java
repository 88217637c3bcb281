package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.pgas4j.plot.Chart;

/**
 * The figures of one {@code bench shmem} run: the facade's, the core's and, with {@code --native},
 * the native OpenSHMEM's (null or empty without), as the table, the JSON and the plot show them.
 *
 * @param facadePut facade put + quiet latency by size, us
 * @param corePut core implicit put + waitNbi latency by size, us
 * @param nativePut native putmem + quiet by size, us (empty without)
 * @param facadeGet facade get latency by size, us
 * @param coreGet core get latency by size, us
 * @param nativeGet native getmem latency by size, us (empty without)
 * @param facadeRate facade 8-byte put rate, M/s
 * @param coreRate core 8-byte put rate, M/s
 * @param nativeRate native 8-byte put rate, M/s, or null
 * @param facadeFadd facade fetch-add latency, us
 * @param coreFadd core fetch-add latency, us
 * @param nativeFadd native fetch-add latency, us, or null
 * @param facadeBarrier facade barrier_all, us
 * @param coreBarrier core world barrier, us
 * @param nativeBarrier native barrier_all, us, or null
 */
record ShmemFigures(SortedMap<Long, Double> facadePut, SortedMap<Long, Double> corePut, SortedMap<Long, Double> nativePut,
                    SortedMap<Long, Double> facadeGet, SortedMap<Long, Double> coreGet, SortedMap<Long, Double> nativeGet,
                    double facadeRate, double coreRate, Double nativeRate, double facadeFadd, double coreFadd,
                    Double nativeFadd, double facadeBarrier, double coreBarrier, Double nativeBarrier) {
    /** The native probe's put latency key (per size). */
    static final String NATIVE_PUT = "native_shmem_put_lat_us";
    /** The native probe's get latency key (per size). */
    static final String NATIVE_GET = "native_shmem_get_lat_us";
    /** The native probe's 8-byte put rate key. */
    static final String NATIVE_RATE = "native_shmem_put_mr_mps";
    /** The native probe's fetch-add latency key. */
    static final String NATIVE_FADD = "native_shmem_fadd_lat_us";
    /** The native probe's barrier_all key. */
    static final String NATIVE_BARRIER = "native_shmem_barrier_us";
    private static final String JOB = "shmem job";

    /** Reads the figures of the jobs' and (when {@code withNative}) the native probe's result lines. */
    static ShmemFigures from(Map<String, Double> r, boolean withNative) {
        return new ShmemFigures(bySize(r, "shmem_" + ShmemLatencyPe.PUT_LAT), bySize(r, "core_" + ShmemLatencyPe.PUT_LAT),
                withNative ? bySize(r, NATIVE_PUT) : new TreeMap<>(),
                bySize(r, "shmem_" + ShmemLatencyPe.GET_LAT), bySize(r, "core_" + ShmemLatencyPe.GET_LAT),
                withNative ? bySize(r, NATIVE_GET) : new TreeMap<>(),
                ResultLine.positive(r, "shmem_" + ShmemLatencyPe.PUT_MR, JOB),
                ResultLine.positive(r, "core_" + ShmemLatencyPe.PUT_MR, JOB), withNative ? ResultLine.positive(r, NATIVE_RATE, "native probe") : null,
                ResultLine.positive(r, "shmem_" + ShmemLatencyPe.FADD_LAT, JOB),
                ResultLine.positive(r, "core_" + ShmemLatencyPe.FADD_LAT, JOB), withNative ? ResultLine.positive(r, NATIVE_FADD, "native probe") : null,
                ResultLine.positive(r, "shmem_" + ShmemLatencyPe.BARRIER, JOB),
                ResultLine.positive(r, "core_" + ShmemLatencyPe.BARRIER, JOB),
                withNative ? ResultLine.positive(r, NATIVE_BARRIER, "native probe") : null);
    }

    private static SortedMap<Long, Double> bySize(Map<String, Double> r, String metric) {
        SortedMap<Long, Double> m = new TreeMap<>();
        for (long size : ShmemLatencyPe.SIZES) {
            m.put(size, ResultLine.positive(r, ResultLine.key(metric, size), metric.startsWith("native") ? "native probe" : JOB));
        }
        return m;
    }

    /** Facade / core per figure (rates inverted): the facade's own cost. */
    Map<String, Double> overhead() {
        Map<String, Double> o = new LinkedHashMap<>();
        facadePut.forEach((size, f) -> o.put("put_" + size, f / corePut.get(size)));
        facadeGet.forEach((size, f) -> o.put("get_" + size, f / coreGet.get(size)));
        o.put("put_mr", coreRate / facadeRate);
        o.put("fadd", facadeFadd / coreFadd);
        o.put("barrier", facadeBarrier / coreBarrier);
        return o;
    }

    /** The JSON document's keys (see {@link ShmemBenchmark}). */
    Map<String, Object> toJson() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("shmem_put_lat_us", text(facadePut));
        doc.put("shmem_get_lat_us", text(facadeGet));
        doc.put("shmem_put_mr_mps", facadeRate);
        doc.put("shmem_fadd_lat_us", facadeFadd);
        doc.put("shmem_barrier_us", facadeBarrier);
        doc.put("core_put_lat_us", text(corePut));
        doc.put("core_get_lat_us", text(coreGet));
        doc.put("core_put_mr_mps", coreRate);
        doc.put("core_fadd_lat_us", coreFadd);
        doc.put("core_barrier_us", coreBarrier);
        doc.put("facade_overhead", overhead());
        if (nativeFadd != null) {
            doc.put(NATIVE_PUT, text(nativePut));
            doc.put(NATIVE_GET, text(nativeGet));
            doc.put(NATIVE_RATE, nativeRate);
            doc.put(NATIVE_FADD, nativeFadd);
            doc.put(NATIVE_BARRIER, nativeBarrier);
            doc.put("shmem_vs_native_put_ratio", ratios(facadePut, nativePut));
            doc.put("shmem_vs_native_get_ratio", ratios(facadeGet, nativeGet));
            doc.put("shmem_vs_native_put_mr_ratio", nativeRate / facadeRate);
            doc.put("shmem_vs_native_fadd_ratio", facadeFadd / nativeFadd);
            doc.put("shmem_vs_native_barrier_ratio", facadeBarrier / nativeBarrier);
        }
        return doc;
    }

    /** Latency by size: the facade's, the core's and the native put and get. */
    Chart chart(String subtitle) {
        return BenchPlot.bySize("bench shmem: put + quiet and get latency", subtitle, "latency (us)", List.of(
                new BenchPlot.Line("pgas4j facade put+quiet", facadePut, false),
                new BenchPlot.Line("pgas4j facade get", facadeGet, false),
                new BenchPlot.Line("pgas4j core put+waitNbi", corePut, false),
                new BenchPlot.Line("native OpenSHMEM put+quiet", nativePut, true),
                new BenchPlot.Line("native OpenSHMEM get", nativeGet, true)));
    }

    private static Map<String, Double> text(SortedMap<Long, Double> bySize) {
        Map<String, Double> m = new LinkedHashMap<>();
        bySize.forEach((size, v) -> m.put(Long.toString(size), v));
        return m;
    }

    private static Map<String, Double> ratios(SortedMap<Long, Double> ours, SortedMap<Long, Double> theirs) {
        Map<String, Double> m = new LinkedHashMap<>();
        ours.forEach((size, v) -> m.put(Long.toString(size), v / theirs.get(size)));
        return m;
    }
}
