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
 * {@code pgas4j bench atomics}: its command line, its figures and JSON, and a {@code --quick} run
 * end to end through the launcher as a user runs it (the figures of a quick run mean nothing;
 * only their presence is checked).
 */
@Timeout(60)
class AtomicsBenchTest {
    private static final Set<String> KEYS = Set.of("fadd_lat_us", "fadd_mops", "cas_lat_us", "raw_pingpong_oneway_us");

    @Test
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Set<String> shmBefore = benchFiles();
        Path json = dir.resolve("atomics.json");
        LaunchedJob.Result r = LaunchedJob.launcher(55, List.of("bench", "atomics", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench atomics"), r::toString);
        assertTrue(r.stdout().contains("fadd_lat_us") && r.stdout().contains("<= 0.1"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(KEYS, doc.keySet());
        doc.forEach((k, v) -> assertTrue(v instanceof Double d && d > 0 && Double.isFinite(d) && d < 1e9, k + " = " + v));
        assertEquals(shmBefore, benchFiles(), "the raw ping-pong file must be removed");
    }

    /** Over ucx: the xor rate, and OSHMEM's next to it where installed (else the reason in the JSON). */
    @Test
    @Timeout(120)
    void quickUcxRunWritesTheXorRate(@TempDir Path dir) throws IOException {
        org.pgas4j.testing.SystemComponent.UCX.assume();
        Path json = dir.resolve("atomics.json");
        LaunchedJob.Result r = LaunchedJob.launcher(115, List.of("bench", "atomics", "--transport", "ucx", "--quick",
                "--native", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench atomics") && r.stdout().contains("transport: ucx"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertTrue(doc.get("ucx_xor_rate_per_s") instanceof Double d && d > 0, doc::toString);
        if (doc.containsKey("native_ucx_xor_rate_per_s")) {
            assertTrue(doc.get("ucx_vs_native_xor_rate_ratio") instanceof Double d && d > 0, doc::toString);
        } else {
            assertTrue(doc.get("native_ucx_xor_rate_per_s_missing") instanceof String, doc::toString);
        }
    }

    @Test
    void badArgumentsAreOneLineNamingTheBenchmarkAndStatus2() {
        for (String[] args : List.of(new String[] {"atomics", "--bogus"}, new String[] {"atomics", "--json"},
                new String[] {"atomics", "--transport"}, new String[] {"atomics", "--transport", "gasnet"})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, status, String.join(" ", args));
            assertEquals(1, e.lines().count(), e);
            assertTrue(e.contains("bench atomics") && !e.contains("bench rma"), e);
            assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing measured");
        }
    }

    @Test
    void reportHasTheKeysAndTheTarget() {
        AtomicsReport r = AtomicsReport.from(Map.of("fadd_lat_us", 0.05, "fadd_mops", 20.0, "cas_lat_us", 0.06,
                "raw_pingpong_oneway_us", 0.04));
        assertEquals(KEYS, MiniJson.parseObject(r.toJson()).keySet());
        assertEquals("PASS", r.targets().getFirst().verdict());
        assertEquals("MISS", AtomicsReport.from(Map.of("fadd_lat_us", 0.2, "fadd_mops", 20.0, "cas_lat_us", 0.06,
                "raw_pingpong_oneway_us", 0.04)).targets().getFirst().verdict());
        assertThrows(BenchFailure.class, () -> AtomicsReport.from(Map.of("fadd_lat_us", 0.05)));
        AtomicsPlan full = AtomicsPlan.named("full");
        assertTrue(full.warmup() >= 100_000 && full.iterations() % full.window() == 0 && full.rounds() >= 3);
        AtomicsPlan quick = AtomicsPlan.named("quick");
        assertTrue(quick.iterations() % quick.window() == 0);
    }

    private static Set<String> benchFiles() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm)) {
            return Set.of();
        }
        try (Stream<Path> s = Files.list(shm)) {
            return Set.copyOf(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("pgas4j-bench-")).toList());
        }
    }
}
