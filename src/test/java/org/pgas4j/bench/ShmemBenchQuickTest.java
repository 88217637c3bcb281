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
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/** {@code bench shmem --quick}: the table and every JSON key the issue names, with positive figures (quick figures mean nothing). */
@Timeout(150)
class ShmemBenchQuickTest {

    @Test
    @SuppressWarnings("unchecked")
    void quickRunWritesEveryFigure(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("shmem.json");
        LaunchedJob.Result r = LaunchedJob.launcher(140, List.of("bench", "shmem", "--quick", "--json", json.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench shmem"), r::toString);
        assertTrue(r.stdout().contains("facade overhead"), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        Map<String, Object> lat = (Map<String, Object>) doc.get("shmem_put_lat_us");
        assertEquals(Set.of("8", "64", "512", "4096", "32768", "65536", "262144", "1048576", "4194304"), lat.keySet());
        lat.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, k + " = " + v));
        for (String key : List.of("shmem_put_mr_mps", "shmem_fadd_lat_us", "shmem_barrier_us", "core_put_mr_mps",
                "core_fadd_lat_us", "core_barrier_us")) {
            assertTrue(((Number) doc.get(key)).doubleValue() > 0, key + " in " + doc);
        }
        assertTrue(((Map<String, Object>) doc.get("facade_overhead")).containsKey("barrier"), doc::toString);
        assertTrue(r.stdout().contains("native OpenSHMEM: not measured (--native measures it)"), r::toString);
        assertTrue(doc.keySet().stream().noneMatch(k -> k.startsWith("native")), doc::toString);
    }

    @Test
    @Needs(SystemComponent.OPENMPI)
    @SuppressWarnings("unchecked")
    void nativeMeasuresTheInstalledOpenShmemInTheSameRunAndPlotsIt(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("shmem.json");
        Path plot = dir.resolve("shmem.svg");
        LaunchedJob.Result r = LaunchedJob.launcher(140, List.of("bench", "shmem", "--quick", "--native", "--json",
                json.toString(), "--plot", plot.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        for (String bySize : List.of("native_shmem_put_lat_us", "native_shmem_get_lat_us", "shmem_vs_native_put_ratio",
                "shmem_vs_native_get_ratio", "shmem_get_lat_us")) {
            Map<String, Object> m = (Map<String, Object>) doc.get(bySize);
            assertEquals(Set.of("8", "64", "512", "4096", "32768", "65536", "262144", "1048576", "4194304"), m.keySet(), bySize);
            m.forEach((k, v) -> assertTrue(((Number) v).doubleValue() > 0, bySize + " " + k + " = " + v));
        }
        for (String key : List.of("native_shmem_put_mr_mps", "native_shmem_fadd_lat_us", "native_shmem_barrier_us",
                "shmem_vs_native_fadd_ratio", "shmem_vs_native_barrier_ratio", "shmem_vs_native_put_mr_ratio")) {
            assertTrue(((Number) doc.get(key)).doubleValue() > 0, key + " in " + doc);
        }
        double ratio = ((Number) doc.get("shmem_vs_native_fadd_ratio")).doubleValue();
        assertEquals(((Number) doc.get("shmem_fadd_lat_us")).doubleValue() / ((Number) doc.get("native_shmem_fadd_lat_us"))
                .doubleValue(), ratio, ratio * 1e-5);
        // pgas4j and the native program alternate, each round announced with the time so far.
        List<String> phases = r.stderr().lines().filter(l -> l.startsWith("bench shmem: [")).toList();
        assertEquals(4, phases.size(), r::toString);
        assertTrue(phases.get(0).contains("1/4 2-PE pgas4j job (round 1 of 2)"), phases::toString);
        assertTrue(phases.get(1).contains("2/4 native OpenSHMEM, 2 PEs (round 1 of 2)"), phases::toString);
        var svg = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(plot.toFile());
        assertEquals(5, svg.getElementsByTagName("polyline").getLength(), "facade put and get, core put, native put and get");
    }

    @Test
    @SuppressWarnings("unchecked")
    void withoutOshccOnThePathTheNativeColumnSaysWhatToInstall(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("shmem.json");
        Path empty = Files.createDirectory(dir.resolve("empty-path"));
        LaunchedJob.Result r = LaunchedJob.launcher(140, List.of("bench", "shmem", "--quick", "--native", "--json",
                json.toString()), Map.of("PATH", empty.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("native OpenSHMEM: not installed: apt-get install openmpi-bin libopenmpi-dev (oshcc)"),
                r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(Map.of("native OpenSHMEM", "not installed: apt-get install openmpi-bin libopenmpi-dev (oshcc)"),
                doc.get("native_unavailable"));
        assertTrue(doc.keySet().stream().noneMatch(k -> k.startsWith("native_shmem") || k.contains("vs_native")), doc::toString);
    }

    @Test
    void aPlotThatIsNeitherSvgNorPngIsRefusedBeforeAnythingRuns(@TempDir Path dir) {
        LaunchedJob.Result r = LaunchedJob.launcher(30, List.of("bench", "shmem", "--plot", dir.resolve("p.gif").toString()));
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals("pgas4j: bench shmem: --plot " + dir.resolve("p.gif") + " must end in .svg or .png\n", r.stderr());
        assertEquals("", r.stdout());
    }
}
