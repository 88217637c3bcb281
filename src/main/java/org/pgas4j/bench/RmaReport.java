package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one run of {@code bench rma}, assembled from the result lines of its processes,
 * with the ratios derived from them and the targets they are held against.
 *
 * @param sizes the message sizes, ascending
 * @param putLatUs blocking put latency by size, microseconds
 * @param getLatUs blocking get latency by size, microseconds
 * @param putBwMBps put bandwidth by size, MB/s
 * @param memcpyBwMBps memcpy bandwidth by size, MB/s
 * @param rawPingPongUs one-way latency of the raw ping-pong, microseconds
 * @param pingPongUs one-way latency of the pgas4j ping-pong, microseconds
 */
record RmaReport(long[] sizes, Map<Long, Double> putLatUs, Map<Long, Double> getLatUs, Map<Long, Double> putBwMBps,
                 Map<Long, Double> memcpyBwMBps, double rawPingPongUs, double pingPongUs) {

    /** Target: put bandwidth at 1 MiB at least this fraction of memcpy's. */
    static final double PUT_BW_RATIO_TARGET = 0.8;
    /** Target: 8-byte blocking put latency at most this many microseconds. */
    static final double PUT_LAT_8_TARGET_US = 0.05;
    /** Target: pgas4j ping-pong at most this multiple of the raw one. */
    static final double PINGPONG_RATIO_TARGET = 1.5;

    /**
     * The report of {@code plan} from the merged results of every process.
     *
     * @throws BenchFailure naming the first figure that is missing or not a positive number
     */
    static RmaReport from(RmaPlan plan, Map<String, Double> results) {
        long[] sizes = plan.sizes();
        return new RmaReport(sizes, bySize(RmaMetrics.PUT_LAT_US, sizes, results),
                bySize(RmaMetrics.GET_LAT_US, sizes, results), bySize(RmaMetrics.PUT_BW_MBPS, sizes, results),
                bySize(RmaMetrics.MEMCPY_BW_MBPS, sizes, results),
                required(RmaMetrics.RAW_PINGPONG_ONEWAY_US, results), required(RmaMetrics.PINGPONG_ONEWAY_US, results));
    }

    private static Map<Long, Double> bySize(String metric, long[] sizes, Map<String, Double> results) {
        Map<Long, Double> m = new LinkedHashMap<>();
        for (long s : sizes) {
            m.put(s, required(ResultLine.key(metric, s), results));
        }
        return m;
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

    /** pgas4j ping-pong / raw ping-pong. */
    double pingPongRatio() {
        return pingPongUs / rawPingPongUs;
    }

    /** put bandwidth / memcpy bandwidth at {@code size}. */
    double putBwRatio(long size) {
        return putBwMBps.get(size) / memcpyBwMBps.get(size);
    }

    /** put bandwidth / memcpy bandwidth at 1 MiB. */
    double putBwRatio1MiB() {
        return putBwRatio(RmaMetrics.ONE_MIB);
    }

    /** The targets, each with this run's figure. */
    List<Target> targets() {
        return List.of(
                Target.atLeast(RmaMetrics.PUT_BW_RATIO_1MIB, putBwRatio1MiB(), PUT_BW_RATIO_TARGET),
                Target.atMost(RmaMetrics.PUT_LAT_US + "[8] (us)", putLatUs.get(8L), PUT_LAT_8_TARGET_US),
                Target.atMost(RmaMetrics.PINGPONG_RATIO, pingPongRatio(), PINGPONG_RATIO_TARGET));
    }

    /** The JSON document: exactly the keys of {@link RmaMetrics}, sizes as decimal strings. */
    String toJson() {
        return Json.write(toDocument());
    }

    /** The JSON document's keys and values, for a caller that adds its own. */
    Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(RmaMetrics.PUT_LAT_US, jsonBySize(putLatUs));
        doc.put(RmaMetrics.GET_LAT_US, jsonBySize(getLatUs));
        doc.put(RmaMetrics.PUT_BW_MBPS, jsonBySize(putBwMBps));
        doc.put(RmaMetrics.MEMCPY_BW_MBPS, jsonBySize(memcpyBwMBps));
        doc.put(RmaMetrics.RAW_PINGPONG_ONEWAY_US, rawPingPongUs);
        doc.put(RmaMetrics.PINGPONG_ONEWAY_US, pingPongUs);
        doc.put(RmaMetrics.PINGPONG_RATIO, pingPongRatio());
        doc.put(RmaMetrics.PUT_BW_RATIO_1MIB, putBwRatio1MiB());
        return doc;
    }

    private static Map<String, Double> jsonBySize(Map<Long, Double> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        m.forEach((size, v) -> out.put(Long.toString(size), v));
        return out;
    }
}
