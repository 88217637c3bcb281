package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;

/**
 * {@code pgas4j bench am}: its command line, its report and JSON, and a {@code --quick} run end to
 * end through the launcher as a user runs it (the figures of a quick run mean nothing; only their
 * presence is checked), leaving no ping-pong file behind.
 */
@Timeout(60)
class AmBenchTest {
    private static final Set<String> KEYS = Set.of("am_short_rtt_us", "am_medium_rtt_us", "raw_pingpong_oneway_us");

    @Test
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Set<String> shmBefore = shmFiles();
        Path json = dir.resolve("am.json");
        LaunchedJob.Result r = LaunchedJob.launcher(55, List.of("bench", "am", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench am |"), r::toString);
        assertTrue(r.stdout().contains("am_short_rtt_us (us)") && r.stdout().contains("<= 1"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(KEYS, doc.keySet());
        for (String k : List.of("am_short_rtt_us", "raw_pingpong_oneway_us")) {
            assertSane(k, doc.get(k));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> medium = (Map<String, Object>) doc.get("am_medium_rtt_us");
        assertEquals(Set.of("8", "4096"), medium.keySet());
        medium.forEach((size, v) -> assertSane("am_medium_rtt_us[" + size + "]", v));
        assertEquals(shmBefore, shmFiles(), "the raw ping-pong file must be removed");
    }

    @Test
    void plotDrawsTheMediumRoundTripBySizeAndNativeIsRefused(@TempDir Path dir) throws IOException {
        Path png = dir.resolve("am.png");
        LaunchedJob.Result r = LaunchedJob.launcher(55, List.of("bench", "am", "--quick", "--plot", png.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("plot written to " + png), r::toString);
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(org.pgas4j.plot.PlotFile.WIDTH, image.getWidth());
        assertEquals(org.pgas4j.plot.PlotFile.HEIGHT, image.getHeight());
        LaunchedJob.Result n = LaunchedJob.launcher(30, List.of("bench", "am", "--native"));
        assertEquals(2, n.exitCode(), n::toString);
        assertTrue(n.stderr().contains("bench am: --native has no native program"), n::toString);
    }

    private static void assertSane(String what, Object v) {
        assertTrue(v instanceof Double d && d > 0 && Double.isFinite(d) && d < 1e9, what + " = " + v);
    }

    @Test
    void badArgumentsAreOneLineNamingTheBenchmarkAndStatus2() {
        for (String[] args : List.of(new String[] {"am", "--bogus"}, new String[] {"am", "--json"})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, String.join(" ", args));
            assertEquals(1, e.lines().count(), e);
            assertTrue(e.contains("bench am") && !e.contains("bench rma"), e);
            assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing measured");
        }
    }

    @Test
    void reportHasTheKeysSizesAndTheTarget() {
        AmPlan quick = AmPlan.named("quick");
        Map<String, Double> figures = Map.of("am_short_rtt_us", 0.4, "am_medium_rtt_us/8", 0.5,
                "am_medium_rtt_us/4096", 2.0, "raw_pingpong_oneway_us", 0.05);
        AmReport r = AmReport.from(quick, figures);
        Map<String, Object> doc = MiniJson.parseObject(r.toJson());
        assertEquals(KEYS, doc.keySet());
        assertEquals(Set.of("8", "4096"), ((Map<?, ?>) doc.get("am_medium_rtt_us")).keySet());
        assertEquals("PASS", r.targets().getFirst().verdict());
        assertEquals("MISS", AmReport.from(quick, Map.of("am_short_rtt_us", 1.2, "am_medium_rtt_us/8", 0.5,
                "am_medium_rtt_us/4096", 2.0, "raw_pingpong_oneway_us", 0.05)).targets().getFirst().verdict());
        BenchFailure missing = assertThrows(BenchFailure.class, () -> AmReport.from(quick, Map.of("am_short_rtt_us", 0.4,
                "am_medium_rtt_us/8", 0.5, "raw_pingpong_oneway_us", 0.05)));
        assertTrue(missing.getMessage().contains("am_medium_rtt_us/4096"), missing.getMessage());
        AmPlan full = AmPlan.named("full");
        assertTrue(full.warmup() >= 100_000 && full.rounds() >= 3, "hundreds of thousands of warm-up round trips");
        for (long size : full.mediumSizes()) {
            assertTrue(full.mediumIterations(size) >= 256 && full.mediumIterations(size) <= full.iterations());
        }
    }

    private static Set<String> shmFiles() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm)) {
            return Set.of();
        }
        try (Stream<Path> s = Files.list(shm)) {
            return Set.copyOf(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("pgas4j-bench-")).toList());
        }
    }
}
