package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;

/**
 * {@code bench warmup --quick --steps 2000}: the lock-step loop and the stream, each in a job
 * without an AOT cache and in one with the cache the run trained (through {@code run --aot-train}
 * and {@code --aot}), every figure positive; bad {@code --steps} refused. No timing is checked.
 */
@Timeout(300)
class WarmupBenchQuickTest {
    @TempDir
    Path dir;

    @Test
    void measuresBothLoopsWithoutAndWithTheTrainedCache() throws Exception {
        Path json = dir.resolve("warmup.json");
        LaunchedJob.Result r = LaunchedJob.launcher(280, List.of("bench", "warmup", "--quick", "--steps", "2000",
                "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench warmup"), r::toString);
        assertTrue(r.stdout().contains("3 passes of 2000 steps"), r::toString);
        assertTrue(r.stdout().contains("native OpenSHMEM: not measured (--native measures it)"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        for (String variant : List.of("", "aot_")) {
            for (String loop : List.of("lockstep", "stream")) {
                for (String figure : List.of("first1k_us", "first65k_us", "pass2_us", "steady_us")) {
                    String key = variant + "warmup_" + loop + "_" + figure;
                    assertTrue(doc.get(key) instanceof Number n && n.doubleValue() > 0, key + " in " + doc);
                }
            }
        }
        assertEquals(16, doc.size(), doc::toString);
        assertTrue(r.stderr().contains("pgas4j: AOT cache recorded in "), r::toString);
    }

    @Test
    void stepsOutsideTheRangeAreRefused() {
        for (String steps : List.of("10", "many")) {
            LaunchedJob.Result r = LaunchedJob.launcher(30, List.of("bench", "warmup", "--steps", steps));
            assertEquals(2, r.exitCode(), r::toString);
            assertTrue(r.stderr().startsWith("pgas4j: bench warmup: --steps needs a whole number of steps per pass from 1000"),
                    r::toString);
        }
    }
}
