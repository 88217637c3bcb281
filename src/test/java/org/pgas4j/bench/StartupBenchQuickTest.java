package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;

/** {@code bench startup --quick}: a time for each job size, and bad arguments refused. */
@Timeout(120)
class StartupBenchQuickTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void timesAJobOfEachSizeFromLaunchToExit() throws Exception {
        Path json = dir.resolve("startup.json");
        LaunchedJob.Result r = LaunchedJob.launcher(110, List.of("bench", "startup", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench startup"), r::toString);
        assertTrue(r.stdout().contains("native OpenSHMEM: not measured (--native measures it)"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        Map<String, Object> s = (Map<String, Object>) doc.get("startup_s");
        assertEquals(Set.of("2", "8", "16"), s.keySet());
        s.forEach((n, v) -> assertTrue(((Number) v).doubleValue() > 0.05, n + " PEs in " + v + " s"));
        assertEquals(Set.of("startup_s"), doc.keySet());
        assertEquals(3, r.stderr().lines().filter(l -> l.startsWith("bench startup: [")).count(), r::toString);
    }

    @Test
    void anUnknownArgumentIsRefused() {
        LaunchedJob.Result r = LaunchedJob.launcher(30, List.of("bench", "startup", "--fast"));
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().startsWith("pgas4j: bench startup: unknown argument '--fast'"), r::toString);
    }
}
