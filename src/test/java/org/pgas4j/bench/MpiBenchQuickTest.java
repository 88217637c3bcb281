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

/** {@code bench mpi --quick}: the table and every JSON key issue 14 names, with positive figures (quick figures mean nothing). */
@Timeout(300)
class MpiBenchQuickTest {

    @Test
    @SuppressWarnings("unchecked")
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("mpi.json");
        LaunchedJob.Result r = LaunchedJob.launcher(280, List.of("bench", "mpi", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench mpi"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        Map<String, Object> lat = (Map<String, Object>) doc.get("mpi_put_accept_lat_us");
        assertEquals(Set.of("8", "64", "512", "4096", "32768", "65536", "262144", "1048576"), lat.keySet());
        lat.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, k + " = " + v));
        Map<String, Object> acceptc = (Map<String, Object>) doc.get("mpi_acceptc_us");
        assertEquals(Set.of("2", "4", "8"), acceptc.keySet());
        for (String key : List.of("mpi_pingpong_ratio", "mpi_put_accept_bw_ratio_1MiB", "core_pingpong_us",
                "vis_strided_put_ratio")) {
            assertTrue(((Number) doc.get(key)).doubleValue() > 0, key + " in " + doc);
        }
    }
}
