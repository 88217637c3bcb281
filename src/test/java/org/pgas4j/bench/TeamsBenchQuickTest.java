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

/** {@code bench teams --quick}: the table and every JSON key with a positive figure (quick figures mean nothing). */
@Timeout(120)
class TeamsBenchQuickTest {

    @Test
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("teams.json");
        LaunchedJob.Result r = LaunchedJob.launcher(110, List.of("bench", "teams", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench teams"), r::toString);
        assertTrue(r.stdout().contains("pair no slower than world"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(Set.of("put_lat_world_us", "put_lat_team_us", "put_lat_pair_us", "pair_to_world_ratio"),
                doc.keySet());
        doc.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, k + " = " + v));
    }

    @Test
    void badArgumentsNameTheBenchmark() {
        LaunchedJob.Result r = LaunchedJob.launcher(30, List.of("bench", "teams", "--bogus"));
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("bench teams"), r::toString);
    }
}
