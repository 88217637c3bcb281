package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The pieces that turn timings into figures: plans, medians, result lines, JSON, the report. */
@Timeout(10)
class FiguresTest {
    @Test
    void plansCoverTheirSizesWithWholeWindows() {
        RmaPlan full = RmaPlan.named(RmaPlan.FULL);
        long[] sizes = full.sizes();
        assertEquals(20, sizes.length);
        assertEquals(8, sizes[0]);
        assertEquals(4L << 20, sizes[sizes.length - 1]);
        assertArrayEquals(new long[] {8, 4096, 1 << 20}, RmaPlan.named(RmaPlan.QUICK).sizes());
        for (RmaPlan p : List.of(full, RmaPlan.named(RmaPlan.QUICK))) {
            for (long s : p.sizes()) {
                int n = p.iterations(s);
                assertTrue(n >= RmaPlan.WINDOW && n % RmaPlan.WINDOW == 0, p.name() + " " + s + ": " + n);
                assertTrue(s <= RmaPlan.MAX_SIZE);
            }
            assertTrue(p.repetitions() >= 3 && p.rounds() >= 1);
        }
        assertTrue(full.iterations(8) >= 100_000, "small sizes need hundreds of thousands of iterations");
        assertThrows(IllegalArgumentException.class, () -> RmaPlan.named("huge"));
    }

    @Test
    void quickUcxPlansRunPerftestOnceAndShortenTheSpinPingPong() {
        RmaPlan full = RmaPlan.named(RmaPlan.UCX_FULL);
        RmaPlan quick = RmaPlan.named(RmaPlan.UCX_QUICK);
        assertEquals(full.repetitions(), full.perftestRuns());
        assertEquals(full.pingPongIterations(), full.agentPingPongIterations());
        assertEquals(1, quick.perftestRuns());
        assertEquals(RmaPlan.QUICK_AGENT_PING_PONG_ITERATIONS, quick.agentPingPongIterations());
        assertTrue(quick.agentPingPongIterations() < quick.pingPongIterations());
        assertEquals(1, RmaPlan.named(RmaPlan.QUICK).perftestRuns());
        assertEquals(RmaPlan.named(RmaPlan.FULL).repetitions(), RmaPlan.named(RmaPlan.FULL).perftestRuns());
    }

    @Test
    void mediansOfRepetitionsAndRounds() {
        assertEquals(2.0, Median.of(new double[] {3, 1, 2}));
        assertEquals(2.5, Median.of(new double[] {4, 1, 2, 3}));
        Map<String, Double> a = Map.of("x", 1.0, "y", 5.0);
        Map<String, Double> b = Map.of("x", 3.0);
        Map<String, Double> c = Map.of("x", 2.0, "y", 7.0);
        assertEquals(Map.of("x", 2.0), RoundMedian.of(List.of(a, b, c)));
    }

    @Test
    void resultLinesRoundTrip() {
        Map<String, Double> m = new HashMap<>();
        assertTrue(ResultLine.parse("RESULT put_lat_us/8 0.012345678901234", m));
        assertEquals(0.012345678901234, m.get("put_lat_us/8"));
        assertEquals(false, ResultLine.parse("something else", m));
        assertThrows(BenchFailure.class, () -> ResultLine.parse("RESULT x notanumber", m));
    }

    @Test
    void jsonNumbersAndNesting() {
        assertEquals("0.03123457", Json.number(0.031234567, "k"));
        assertEquals("45123.46", Json.number(45123.456, "k"));
        assertEquals("12000000", Json.number(1.2e7, "k"));
        assertThrows(IllegalArgumentException.class, () -> Json.number(Double.NaN, "k"));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("a", Map.of("8", 1.5));
        doc.put("b", 2.0);
        String text = Json.write(doc);
        assertEquals("{\n  \"a\": {\n    \"8\": 1.5\n  },\n  \"b\": 2\n}\n", text);
        assertEquals(Map.of("a", Map.of("8", 1.5), "b", 2.0), MiniJson.parseObject(text));
    }

    @Test
    void reportHasExactlyTheDocumentedKeysAndRatios() {
        RmaPlan plan = RmaPlan.named(RmaPlan.QUICK);
        Map<String, Double> results = new HashMap<>();
        for (long s : plan.sizes()) {
            results.put(ResultLine.key(RmaMetrics.PUT_LAT_US, s), 0.02);
            results.put(ResultLine.key(RmaMetrics.GET_LAT_US, s), 0.03);
            results.put(ResultLine.key(RmaMetrics.PUT_BW_MBPS, s), 40_000.0);
            results.put(ResultLine.key(RmaMetrics.MEMCPY_BW_MBPS, s), 50_000.0);
        }
        results.put(RmaMetrics.RAW_PINGPONG_ONEWAY_US, 0.04);
        results.put(RmaMetrics.PINGPONG_ONEWAY_US, 0.05);
        RmaReport r = RmaReport.from(plan, results);
        Map<String, Object> doc = MiniJson.parseObject(r.toJson());
        assertEquals(List.of("put_lat_us", "get_lat_us", "put_bw_MBps", "memcpy_bw_MBps", "raw_pingpong_oneway_us",
                "pingpong_oneway_us", "pingpong_ratio", "put_bw_ratio_1MiB"), List.copyOf(doc.keySet()));
        assertEquals(1.25, (Double) doc.get("pingpong_ratio"), 1e-9);
        assertEquals(0.8, (Double) doc.get("put_bw_ratio_1MiB"), 1e-9);
        assertEquals(List.of("PASS", "PASS", "PASS"), r.targets().stream().map(Target::verdict).toList());

        results.remove(ResultLine.key(RmaMetrics.GET_LAT_US, 4096));
        BenchFailure missing = assertThrows(BenchFailure.class, () -> RmaReport.from(plan, results));
        assertTrue(missing.getMessage().contains("get_lat_us/4096"), missing.getMessage());
    }
}
