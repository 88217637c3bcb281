package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pgas4j bench kinds [--json FILE] [--quick]}: 1 MiB put and get bandwidth between memory
 * kinds over {@code shm} ({@link KindsBandwidthPe}), each as a ratio to host-to-host in the same
 * run, once with the default paths (direct mapping, device IPC, cross-memory attach for client
 * host memory) and once with {@code pgas4j.rma.path=am} (the owner performs every access to memory
 * other than runtime host segments). JSON: {@code kind_bw_ratio} (puts) and
 * {@code kind_get_bw_ratio} (gets), maps from {@code "SRC->DST"} (the direction the data flows)
 * to the ratio; the same with {@code _am} for the second run; and the host-to-host MB/s they are
 * relative to. Every pair of the second run below {@link #FALLBACK_TARGET} prints a {@code FAIL}
 * line (the exit status stays 0: a figure, not a broken bench).
 */
final class KindsBenchmark implements Benchmark {
    private static final long FULL_TIMEOUT_SECONDS = 240;
    private static final long QUICK_TIMEOUT_SECONDS = 90;
    /** The least ratio to host-to-host a pair through the fallback must reach (issue 23). */
    static final double FALLBACK_TARGET = 0.3;

    @Override
    public String name() {
        return "kinds";
    }

    @Override
    public String summary() {
        return "[--json FILE] [--quick]  1 MiB put/get bandwidth between memory kinds, as ratios to host-to-host";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        JobBench bench = JobBench.start(name(), args, out, FULL_TIMEOUT_SECONDS, QUICK_TIMEOUT_SECONDS);
        Map<String, Object> doc = new LinkedHashMap<>();
        Progress progress = new Progress(name(), 2, err);
        for (String path : List.of("auto", "am")) {
            progress.phase("2-PE job, pgas4j.rma.path=" + path);
            Map<String, Double> r = bench.runJob("kinds job (" + path + ")", List.of("-Dpgas4j.rma.path=" + path),
                    KindsBandwidthPe.class, err);
            String suffix = path.equals("am") ? "_am" : "";
            out.printf(Locale.ROOT, "%npgas4j.rma.path=%s: 1 MiB bandwidth, MB/s and ratio to HOST->HOST%n", path);
            out.printf(Locale.ROOT, "%-52s %12s %8s %12s %8s%n", "SRC->DST (and the get back)", "put MB/s", "ratio", "get MB/s", "ratio");
            double putBase = ResultLine.positive(r, "put:HOST->HOST", "kinds job");
            double getBase = ResultLine.positive(r, "get:HOST->HOST", "kinds job");
            Map<String, Double> putRatios = new LinkedHashMap<>();
            Map<String, Double> getRatios = new LinkedHashMap<>();
            for (String src : KindsBandwidthPe.SOURCES) {
                for (String dst : KindsBandwidthPe.TARGETS) {
                    String flow = src + "->" + dst;
                    String back = dst + "->" + src;
                    double put = ResultLine.positive(r, "put:" + flow, "kinds job");
                    double get = ResultLine.positive(r, "get:" + back, "kinds job");
                    putRatios.put(flow, put / putBase);
                    getRatios.put(back, get / getBase);
                    out.printf(Locale.ROOT, "%-52s %12.0f %8s %12.0f %8s%n", flow + " (get " + back + ")", put,
                            RmaTable.fixed(put / putBase), get, RmaTable.fixed(get / getBase));
                }
            }
            if (path.equals("am")) {
                checkFallback(out, putRatios, getRatios);
            }
            doc.put("kind_bw_ratio" + suffix, putRatios);
            doc.put("kind_get_bw_ratio" + suffix, getRatios);
            doc.put("host_put_bw_MBps" + suffix, putBase);
            doc.put("host_get_bw_MBps" + suffix, getBase);
        }
        bench.writeJson(doc, out);
        return 0;
    }

    /**
     * Prints a {@code FAIL} line for every pair whose put or get through the fallback moves less
     * than {@link #FALLBACK_TARGET} of host-to-host, or one {@code PASS} line when none does.
     */
    static void checkFallback(PrintStream out, Map<String, Double> putRatios, Map<String, Double> getRatios) {
        int failed = failures(out, "kind_bw_ratio_am", putRatios) + failures(out, "kind_get_bw_ratio_am", getRatios);
        if (failed == 0) {
            out.printf(Locale.ROOT, "PASS every pair through the fallback moves at least %s of host-to-host%n",
                    FALLBACK_TARGET);
        }
    }

    private static int failures(PrintStream out, String key, Map<String, Double> ratios) {
        int failed = 0;
        for (Map.Entry<String, Double> e : ratios.entrySet()) {
            if (e.getValue() < FALLBACK_TARGET) {
                out.printf(Locale.ROOT, "FAIL %s %s = %s, below %s of host-to-host%n", key, e.getKey(),
                        RmaTable.fixed(e.getValue()), FALLBACK_TARGET);
                failed++;
            }
        }
        return failed;
    }

}
