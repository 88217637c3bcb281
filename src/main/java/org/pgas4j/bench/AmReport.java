package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one run of {@code bench am}, assembled from the result lines of its processes,
 * and the target they are held against.
 *
 * @param shortRttUs Short round trip, microseconds
 * @param mediumRttUs Medium round trip by payload size, microseconds
 * @param rawPingPongUs one-way latency of the raw ping-pong taken in the same rounds, microseconds
 */
record AmReport(double shortRttUs, Map<Long, Double> mediumRttUs, double rawPingPongUs) {

    /** Target: a Short round trip between 2 PEs over shm in at most this many microseconds. */
    static final double SHORT_RTT_TARGET_US = 1.0;

    /**
     * The report of {@code plan} from the merged results of every process.
     *
     * @throws BenchFailure naming the first figure that is missing or not a positive number
     */
    static AmReport from(AmPlan plan, Map<String, Double> results) {
        Map<Long, Double> medium = new LinkedHashMap<>();
        for (long size : plan.mediumSizes()) {
            medium.put(size, required(ResultLine.key(AmMetrics.AM_MEDIUM_RTT_US, size), results));
        }
        return new AmReport(required(AmMetrics.AM_SHORT_RTT_US, results), medium,
                required(AmMetrics.RAW_PINGPONG_ONEWAY_US, results));
    }

    private static double required(String key, Map<String, Double> results) {
        Double v = results.get(key);
        if (v == null || !(v > 0) || Double.isInfinite(v)) {
            throw new BenchFailure("the figure for " + key + " is " + (v == null ? "missing" : v + ", not a positive number")
                    + " in what the processes reported");
        }
        return v;
    }

    /** The targets, each with this run's figure. */
    List<Target> targets() {
        return List.of(Target.atMost(AmMetrics.AM_SHORT_RTT_US, shortRttUs, SHORT_RTT_TARGET_US));
    }

    /** The JSON document: {@code am_short_rtt_us}, {@code am_medium_rtt_us} (size to figure), {@code raw_pingpong_oneway_us}. */
    String toJson() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(AmMetrics.AM_SHORT_RTT_US, shortRttUs);
        Map<String, Double> bySize = new LinkedHashMap<>();
        mediumRttUs.forEach((size, v) -> bySize.put(Long.toString(size), v));
        doc.put(AmMetrics.AM_MEDIUM_RTT_US, bySize);
        doc.put(AmMetrics.RAW_PINGPONG_ONEWAY_US, rawPingPongUs);
        return Json.write(doc);
    }
}
