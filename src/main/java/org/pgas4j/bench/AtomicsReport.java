package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one run of {@code bench atomics}, assembled from the result lines of its
 * processes, and the target they are held against.
 *
 * @param faddLatUs blocking fetch-add latency, microseconds
 * @param faddMops non-blocking fetch-add rate, millions per second
 * @param casLatUs blocking compare-and-swap latency, microseconds
 * @param rawPingPongUs one-way latency of the raw ping-pong taken in the same rounds, microseconds
 */
record AtomicsReport(double faddLatUs, double faddMops, double casLatUs, double rawPingPongUs) {

    /** Target: blocking fetch-add latency at most this many microseconds (native OpenSHMEM: 0.038). */
    static final double FADD_LAT_TARGET_US = 0.1;

    /**
     * The report from the merged results of every process.
     *
     * @throws BenchFailure naming the first figure that is missing or not a positive number
     */
    static AtomicsReport from(Map<String, Double> results) {
        return new AtomicsReport(required(AtomicsMetrics.FADD_LAT_US, results),
                required(AtomicsMetrics.FADD_MOPS, results), required(AtomicsMetrics.CAS_LAT_US, results),
                required(AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, results));
    }

    private static double required(String key, Map<String, Double> results) {
        Double v = results.get(key);
        if (v == null) {
            throw new BenchFailure("no figure for " + key + " was reported by the process that measures it");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new BenchFailure("the figure for " + key + " is " + v + ", not a positive number");
        }
        return v;
    }

    /** The targets, each with this run's figure. */
    List<Target> targets() {
        return List.of(Target.atMost(AtomicsMetrics.FADD_LAT_US, faddLatUs, FADD_LAT_TARGET_US));
    }

    /** The JSON document: exactly the keys of {@link AtomicsMetrics}. */
    String toJson() {
        return Json.write(toDocument());
    }

    /** The JSON document's keys and values, for a caller that adds its own. */
    Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(AtomicsMetrics.FADD_LAT_US, faddLatUs);
        doc.put(AtomicsMetrics.FADD_MOPS, faddMops);
        doc.put(AtomicsMetrics.CAS_LAT_US, casLatUs);
        doc.put(AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, rawPingPongUs);
        return doc;
    }
}
