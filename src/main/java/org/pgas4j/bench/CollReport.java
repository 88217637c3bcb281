package org.pgas4j.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The figures of one run of {@code bench coll}, assembled from the result lines of its
 * processes, their scaling with N, and the target they are held against.
 *
 * @param barrierUs barrier latency by N, microseconds
 * @param allreduceUs 8-byte allreduce latency by N, microseconds
 * @param rawPingPongUs by N, the one-way latency of the raw ping-pong taken just before that N's job
 * @param cores the host's cores (available processors), for the oversubscription factor
 * @param sameCoreHandoffUs the raw same-core hand-off taken in the run, microseconds; NaN when not measured
 */
record CollReport(SortedMap<Integer, Double> barrierUs, SortedMap<Integer, Double> allreduceUs,
                  SortedMap<Integer, Double> rawPingPongUs, int cores, double sameCoreHandoffUs) {

    /** Target: barrier latency at {@link CollPlan#BASE_PES} PEs at most this (native OpenSHMEM barrier_all: 0.371). */
    static final double BARRIER_TARGET_US = 0.5;

    /** Read-only copies of the maps. */
    CollReport {
        barrierUs = Collections.unmodifiableSortedMap(new TreeMap<>(barrierUs));
        allreduceUs = Collections.unmodifiableSortedMap(new TreeMap<>(allreduceUs));
        rawPingPongUs = Collections.unmodifiableSortedMap(new TreeMap<>(rawPingPongUs));
    }

    /**
     * The report from the merged results of every process: {@code <metric>/<N>} for each metric
     * of {@link CollMetrics} and each N of {@code plan}.
     *
     * @throws BenchFailure naming the first figure that is missing or not a positive number
     */
    static CollReport from(CollPlan plan, Map<String, Double> results, int cores) {
        Double handoff = results.get(CollMetrics.RAW_SAMECORE_HANDOFF_US);
        return new CollReport(byN(plan, CollMetrics.BARRIER_US, results), byN(plan, CollMetrics.ALLREDUCE8_US, results),
                byN(plan, CollMetrics.RAW_PINGPONG_ONEWAY_US, results), cores, handoff == null ? Double.NaN : handoff);
    }

    private static SortedMap<Integer, Double> byN(CollPlan plan, String metric, Map<String, Double> results) {
        SortedMap<Integer, Double> out = new TreeMap<>();
        for (int n : plan.pes()) {
            String key = ResultLine.key(metric, n);
            Double v = results.get(key);
            if (v == null) {
                throw new BenchFailure("no figure for " + key + " was reported by the process that measures it");
            }
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new BenchFailure("the figure for " + key + " is " + v + ", not a positive number");
            }
            out.put(n, v);
        }
        return out;
    }

    /** The job sizes measured, ascending. */
    List<Integer> pes() {
        return List.copyOf(barrierUs.keySet());
    }

    /** The median of the raw ping-pong probes: the machine's cross-core latency during the run. */
    double rawPingPongMedianUs() {
        return Median.of(rawPingPongUs.values().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The scaling of the barrier latency, one entry per N. */
    List<CollScaling> barrierScaling() {
        return scaling(barrierUs);
    }

    /** The scaling of the allreduce latency, one entry per N. */
    List<CollScaling> allreduceScaling() {
        return scaling(allreduceUs);
    }

    private List<CollScaling> scaling(SortedMap<Integer, Double> figures) {
        List<CollScaling> out = new ArrayList<>();
        double base = figures.get(CollPlan.BASE_PES);
        for (Map.Entry<Integer, Double> e : figures.entrySet()) {
            out.add(new CollScaling(e.getKey(), base, e.getValue(), cores, sameCoreHandoffUs));
        }
        return out;
    }

    /**
     * The targets, each with this run's figure: the barrier at {@link CollPlan#BASE_PES} PEs, and
     * the barrier at the largest N within the log2(N) model (see {@link CollScaling}).
     */
    List<Target> targets() {
        CollScaling largest = barrierScaling().getLast();
        return List.of(Target.atMost(CollMetrics.BARRIER_US + " N=" + CollPlan.BASE_PES,
                        barrierUs.get(CollPlan.BASE_PES), BARRIER_TARGET_US),
                Target.atMost(CollMetrics.BARRIER_US + " N=" + largest.n() + " (log2 model)", largest.figure(),
                        largest.log2Prediction()));
    }

    /**
     * The JSON document: {@code barrier_us} and {@code allreduce8_us} as objects from N to
     * microseconds, {@code raw_pingpong_oneway_us}, the median of the probes, and
     * {@code raw_samecore_handoff_us} when it was measured.
     */
    String toJson() {
        return Json.write(toDocument());
    }

    /** The JSON document's keys and values, for a caller that adds its own. */
    Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(CollMetrics.BARRIER_US, keyedByString(barrierUs));
        doc.put(CollMetrics.ALLREDUCE8_US, keyedByString(allreduceUs));
        doc.put(CollMetrics.RAW_PINGPONG_ONEWAY_US, rawPingPongMedianUs());
        if (!Double.isNaN(sameCoreHandoffUs)) {
            doc.put(CollMetrics.RAW_SAMECORE_HANDOFF_US, sameCoreHandoffUs);
        }
        return doc;
    }

    private static Map<String, Double> keyedByString(SortedMap<Integer, Double> byN) {
        Map<String, Double> out = new LinkedHashMap<>();
        byN.forEach((n, v) -> out.put(Integer.toString(n), v));
        return out;
    }
}
