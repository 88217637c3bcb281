package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
 * {@code pgas4j bench rma --quick --json FILE} end to end, through the launcher as a user runs
 * it: every key of the JSON is there, with positive finite numbers for every size of the quick
 * plan, and no shared file is left behind. The figures themselves are not judged here.
 */
@Timeout(60)
class RmaBenchQuickTest {
    private static final List<String> SIZE_MAPS = List.of("put_lat_us", "get_lat_us", "put_bw_MBps", "memcpy_bw_MBps");
    private static final List<String> SCALARS = List.of("raw_pingpong_oneway_us", "pingpong_oneway_us",
            "pingpong_ratio", "put_bw_ratio_1MiB", "stats_overhead_ratio_put8", "stats_overhead_ratio_fadd8",
            "stats_off_put8_ns", "stats_on_put8_ns", "stats_off_fadd8_ns", "stats_on_fadd8_ns");

    @Test
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Set<String> shmBefore = benchFiles();
        Path json = dir.resolve("rma.json");
        LaunchedJob.Result r = LaunchedJob.launcher(55, List.of("bench", "rma", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench rma"), r::toString);
        assertTrue(r.stdout().contains("pingpong_ratio"), r::toString);

        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(Set.copyOf(concat(SIZE_MAPS, SCALARS)), doc.keySet());
        for (String k : SIZE_MAPS) {
            @SuppressWarnings("unchecked")
            Map<String, Object> bySize = (Map<String, Object>) doc.get(k);
            assertEquals(Set.of("8", "4096", "1048576"), bySize.keySet(), k);
            bySize.forEach((size, v) -> assertSane(k + "[" + size + "]", v));
        }
        for (String k : SCALARS) {
            assertSane(k, doc.get(k));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> put = (Map<String, Object>) doc.get("put_bw_MBps");
        @SuppressWarnings("unchecked")
        Map<String, Object> memcpy = (Map<String, Object>) doc.get("memcpy_bw_MBps");
        double ratio = (Double) put.get("1048576") / (Double) memcpy.get("1048576");
        assertEquals(ratio, (Double) doc.get("put_bw_ratio_1MiB"), ratio * 1e-5);
        double pp = (Double) doc.get("pingpong_oneway_us") / (Double) doc.get("raw_pingpong_oneway_us");
        assertEquals(pp, (Double) doc.get("pingpong_ratio"), pp * 1e-5);
        double put8 = (Double) doc.get("stats_on_put8_ns") / (Double) doc.get("stats_off_put8_ns");
        assertEquals(put8, (Double) doc.get("stats_overhead_ratio_put8"), put8 * 1e-5);
        double fadd8 = (Double) doc.get("stats_on_fadd8_ns") / (Double) doc.get("stats_off_fadd8_ns");
        assertEquals(fadd8, (Double) doc.get("stats_overhead_ratio_fadd8"), fadd8 * 1e-5);
        assertEquals(shmBefore, benchFiles(), "the raw ping-pong file must be removed");
    }

    @Test
    void statsOverheadAloneWritesOnlyItsFigures(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("overhead.json");
        LaunchedJob.Result r = LaunchedJob.launcher(55, List.of("bench", "rma", "--stats-overhead", "--quick", "--json",
                json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("stats_overhead_ratio_fadd8"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(Set.copyOf(SCALARS.subList(4, SCALARS.size())), doc.keySet());
        doc.forEach(RmaBenchQuickTest::assertSane);
        double put8 = (Double) doc.get("stats_on_put8_ns") / (Double) doc.get("stats_off_put8_ns");
        assertEquals(put8, (Double) doc.get("stats_overhead_ratio_put8"), put8 * 1e-5);
    }

    @Test
    void statsOverheadRefusesWhatItDoesNotMeasure() {
        for (List<String> extra : List.of(List.of("--native"), List.of("--transport", "ucx"))) {
            List<String> args = Stream.concat(Stream.of("bench", "rma", "--stats-overhead"), extra.stream()).toList();
            LaunchedJob.Result r = LaunchedJob.launcher(30, args);
            assertEquals(2, r.exitCode(), r::toString);
            assertTrue(r.stderr().contains("--stats-overhead measures over shm alone"), r::toString);
        }
    }

    private static void assertSane(String what, Object v) {
        assertTrue(v instanceof Double d && d > 0 && Double.isFinite(d) && d < 1e9, what + " = " + v);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
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
