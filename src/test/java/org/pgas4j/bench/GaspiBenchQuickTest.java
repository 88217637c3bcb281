package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;

/** {@code bench gaspi --quick}: the table and every JSON key the issue names, with positive figures (quick figures mean nothing). */
@Timeout(150)
class GaspiBenchQuickTest {

    @Test
    @SuppressWarnings("unchecked")
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("gaspi.json");
        LaunchedJob.Result r = LaunchedJob.launcher(140, List.of("bench", "gaspi", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench gaspi"), r::toString);
        assertTrue(r.stdout().contains("ping-pong ratio 8 B"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        Map<String, Object> lat = (Map<String, Object>) doc.get("gaspi_write_notify_lat_us");
        assertEquals(Set.of("8", "64", "512", "4096", "32768", "65536", "262144", "1048576"), lat.keySet());
        lat.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, k + " = " + v));
        for (String key : List.of("gaspi_pingpong_ratio", "gaspi_write_bw_ratio_1MiB", "core_pingpong_oneway_us",
                "gaspi_write_bw_1MiB_mbs", "core_put_bw_1MiB_mbs")) {
            assertTrue(((Number) doc.get(key)).doubleValue() > 0, key + " in " + doc);
        }
    }
}
