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

/** {@code bench kinds --quick}: both tables and every ratio map with a positive ratio per pair (quick figures mean nothing). */
@Timeout(150)
class KindsBenchQuickTest {

    @Test
    @SuppressWarnings("unchecked")
    void quickRunWritesARatioForEveryKindPair(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("kinds.json");
        LaunchedJob.Result r = LaunchedJob.launcher(140, List.of("bench", "kinds", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench kinds"), r::toString);
        assertTrue(r.stdout().contains("pgas4j.rma.path=am"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        for (String key : List.of("kind_bw_ratio", "kind_get_bw_ratio", "kind_bw_ratio_am", "kind_get_bw_ratio_am")) {
            Map<String, Object> ratios = (Map<String, Object>) doc.get(key);
            assertEquals(12, ratios.size(), key + ": " + ratios);
            assertTrue(ratios.containsKey("DEVICE_SIM->FILE") && ratios.containsKey("HOST->HOST")
                    || ratios.containsKey("FILE->DEVICE_SIM"), key + ": " + ratios);
            ratios.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, key + " " + k + " = " + v));
        }
        assertEquals(1.0, ((Number) ((Map<String, Object>) doc.get("kind_bw_ratio")).get("HOST->HOST")).doubleValue());
    }

    @Test
    void aFallbackPairBelowTheTargetPrintsFail() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream out = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        KindsBenchmark.checkFallback(out, Map.of("HOST->FILE", 0.31, "HOST->HOST", 1.0), Map.of("FILE->HOST", 0.29));
        String text = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(text.contains("FAIL kind_get_bw_ratio_am FILE->HOST = 0.29"), text);
        assertTrue(!text.contains("HOST->FILE") && !text.contains("PASS"), text);
        bytes.reset();
        KindsBenchmark.checkFallback(out, Map.of("HOST->FILE", 0.3), Map.of("FILE->HOST", 0.5));
        assertTrue(bytes.toString(java.nio.charset.StandardCharsets.UTF_8).startsWith("PASS"), bytes::toString);
    }
}
