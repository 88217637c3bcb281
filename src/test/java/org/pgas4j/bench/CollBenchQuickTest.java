package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;

/**
 * {@code pgas4j bench coll}: a {@code --quick} run end to end through the launcher as a user runs
 * it (every JSON key, with a positive number for each N; the figures of a quick run mean nothing),
 * the scaling arithmetic of the table, the job command and the command line.
 */
@Timeout(90)
class CollBenchQuickTest {
    private static final List<String> BY_N = List.of("barrier_us", "allreduce8_us");

    @Test
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("coll.json");
        LaunchedJob.Result r = LaunchedJob.launcher(85, List.of("bench", "coll", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench coll"), r::toString);
        assertTrue(r.stdout().contains("barrier_us N=2") && r.stdout().contains("<= 0.5"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertTrue(doc.keySet().containsAll(Set.of("barrier_us", "allreduce8_us", "raw_pingpong_oneway_us")),
                doc::toString);
        assertTrue(Set.of("barrier_us", "allreduce8_us", "raw_pingpong_oneway_us", "raw_samecore_handoff_us")
                .containsAll(doc.keySet()), doc::toString);
        assertTrue(r.stdout().contains("(log2 model)"), r::toString);
        for (String k : BY_N) {
            @SuppressWarnings("unchecked")
            Map<String, Object> byN = (Map<String, Object>) doc.get(k);
            assertEquals(Set.of("2", "4"), byN.keySet(), k);
            byN.forEach((n, v) -> assertPositive(k + "[" + n + "]", v));
        }
        assertPositive("raw_pingpong_oneway_us", doc.get("raw_pingpong_oneway_us"));
    }

    @Test
    void scalingModelChargesSameCoreHandoffsWhenOversubscribed() {
        Map<String, Double> results = new HashMap<>();
        double[] barrier = {0.25, 0.6, 3.2, 40.0};
        int[] pes = {2, 4, 8, 16};
        for (int i = 0; i < pes.length; i++) {
            results.put("barrier_us/" + pes[i], barrier[i]);
            results.put("allreduce8_us/" + pes[i], 2 * barrier[i]);
            results.put("raw_pingpong_oneway_us/" + pes[i], 0.04 + i * 0.01);
        }
        results.put("raw_samecore_handoff_us", 1.25);
        CollReport r = CollReport.from(CollPlan.named("full"), results, 2);
        CollScaling s16 = r.barrierScaling().getLast();
        assertEquals(16, s16.n());
        assertEquals(160.0, s16.ratio(), 1e-12);
        assertTrue(s16.oversubscribed());
        assertEquals(8.0, s16.oversubscription(), 1e-12);
        assertEquals(8 * 1.25, s16.roundCost(), 1e-12, "a round: N/cores same-core hand-offs");
        assertEquals(4 * 10.0, s16.log2Prediction(), 1e-12);
        assertTrue(s16.withinLog2(), "40 us <= log2(16) x 10 us");
        CollScaling s8 = r.barrierScaling().get(2);
        assertEquals(3 * 4 * 1.25, s8.log2Prediction(), 1e-12);
        assertTrue(s8.withinLog2());
        CollScaling fast = new CollScaling(4, 0.25, 0.6, 4, 1.25);
        assertFalse(fast.oversubscribed());
        assertEquals(0.25, fast.roundCost(), 1e-12, "no oversubscription on 4 cores: the N=2 figure");
        assertFalse(fast.withinLog2(), "0.6 us > 2 x 0.25 us");
        CollScaling cheapHandoff = new CollScaling(4, 0.25, 0.4, 2, 0.01);
        assertEquals(0.25, cheapHandoff.roundCost(), 1e-12, "a round never costs less than at N=2");
        CollScaling unmeasured = new CollScaling(16, 0.25, 40.0, 2, Double.NaN);
        assertEquals(4 * 0.25, unmeasured.log2Prediction(), 1e-12, "without the hand-off only the N=2 figure");
        assertFalse(unmeasured.withinLog2());
        assertEquals(0.055, r.rawPingPongMedianUs(), 1e-12);
        assertEquals("PASS", r.targets().getFirst().verdict());
        assertEquals("PASS", r.targets().get(1).verdict());
        results.put("barrier_us/16", 41.0);
        assertEquals("MISS", CollReport.from(CollPlan.named("full"), results, 2).targets().get(1).verdict());

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        CollTable.print(r, new PrintStream(table, true, StandardCharsets.UTF_8));
        assertTrue(table.toString(StandardCharsets.UTF_8).contains("barrier at N=16: 40.000 us vs log2(16) x 10.000 us = 40.000 us"),
                table::toString);
        Map<String, Object> doc = MiniJson.parseObject(r.toJson());
        assertEquals(Map.of("2", 0.5, "4", 1.2, "8", 6.4, "16", 80.0), doc.get("allreduce8_us"));
        assertEquals(1.25, doc.get("raw_samecore_handoff_us"));

        results.remove("allreduce8_us/8");
        assertThrows(BenchFailure.class, () -> CollReport.from(CollPlan.named("full"), results, 2));
    }

    @Test
    void planScalesCountsDownWithNAndJobsHaveTheirSize() {
        CollPlan full = CollPlan.named("full");
        assertEquals(List.of(2, 4, 8, 16), full.pes());
        assertTrue(full.warmup(2) >= 100_000, "a long warm-up at N=2");
        assertEquals(full.iterations(2) / 8, full.iterations(16));
        assertThrows(IllegalStateException.class, () -> full.requireMeasured(3));
        List<String> cmd = CollBenchmark.job(16, 30, "full");
        int np = cmd.indexOf("-np");
        assertEquals("16", cmd.get(np + 1));
        assertEquals(List.of(CollLatencyPe.class.getName(), "full"), cmd.subList(cmd.size() - 2, cmd.size()));
    }

    @Test
    void badArgumentsAreOneLineNamingTheBenchmarkAndStatus2(@TempDir Path dir) {
        for (String[] args : List.of(new String[] {"coll", "--bogus"}, new String[] {"coll", "--json"},
                new String[] {"coll", "--json", dir.toString()})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, String.join(" ", args));
            assertEquals(1, e.lines().count(), e);
            assertTrue(e.contains("bench coll") && !e.contains("bench rma"), e);
            assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing measured");
        }
    }

    private static void assertPositive(String what, Object v) {
        assertTrue(v instanceof Double d && d > 0 && Double.isFinite(d), what + " = " + v);
    }
}
