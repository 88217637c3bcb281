package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * {@code --native} of bench rma, atomics, coll, startup and warmup with the real native tools: the C
 * programs are compiled and run in the same run, and their figures and the ratios are in the JSON
 * (quick figures mean nothing: only that they are there, positive and consistent).
 */
@Needs({SystemComponent.OPENMPI, SystemComponent.GCC})
@Timeout(200)
@SuppressWarnings("unchecked")
class NativeBenchQuickTest {
    private static final Set<String> QUICK_SIZES = Set.of("8", "4096", "1048576");

    @TempDir
    Path dir;

    @Test
    void rmaComparesWithMpiRmaMemcpyAndACPingPongAndPlotsThem() throws Exception {
        Path plot = dir.resolve("rma.svg");
        Map<String, Object> doc = run("rma", "--plot", plot.toString());
        for (String bySize : List.of("native_mpi_put_lat_us", "native_mpi_get_lat_us", "native_memcpy_bw_MBps",
                "rma_vs_native_mpi_put_ratio", "rma_vs_native_mpi_get_ratio", "rma_vs_native_memcpy_bw_ratio")) {
            assertPositiveBy((Map<String, Object>) doc.get(bySize), QUICK_SIZES, bySize);
        }
        assertPositive(doc, "native_pingpong_oneway_us", "pingpong_vs_native_ratio");
        Map<String, Object> put = (Map<String, Object>) doc.get("put_lat_us");
        Map<String, Object> mpi = (Map<String, Object>) doc.get("native_mpi_put_lat_us");
        double ratio = number(((Map<String, Object>) doc.get("rma_vs_native_mpi_put_ratio")).get("8"));
        assertEquals(number(put.get("8")) / number(mpi.get("8")), ratio, ratio * 1e-5);
        var svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(plot.toFile());
        assertEquals(4, svg.getElementsByTagName("polyline").getLength(), "pgas4j put and get, MPI put and get");
    }

    @Test
    @Needs({SystemComponent.UCX, SystemComponent.UCX_PERFTEST})
    void rmaOverUcxRunsMpiOverTheSameUcxTransport() throws Exception {
        Map<String, Object> doc = run("rma", "--transport", "ucx");
        for (String bySize : List.of("native_mpi_put_lat_us", "native_mpi_get_lat_us", "rma_vs_native_mpi_put_ratio",
                "rma_vs_native_mpi_get_ratio", "ucx_perftest_put_lat_us")) {
            assertPositiveBy((Map<String, Object>) doc.get(bySize), QUICK_SIZES, bySize);
        }
    }

    @Test
    void atomicsCompareWithOpenShmemAndMpi() throws Exception {
        Map<String, Object> doc = run("atomics");
        assertPositive(doc, "native_shmem_fadd_lat_us", "native_shmem_cswap_lat_us", "native_mpi_fadd_lat_us",
                "native_mpi_cswap_lat_us", "atomics_vs_native_shmem_fadd_ratio", "atomics_vs_native_shmem_cas_ratio",
                "atomics_vs_native_mpi_fadd_ratio", "atomics_vs_native_mpi_cas_ratio");
    }

    @Test
    void collCompareAtEveryJobSize() throws Exception {
        Map<String, Object> doc = run("coll");
        Set<String> pes = ((Map<String, Object>) doc.get("barrier_us")).keySet();
        for (String byN : List.of("native_shmem_barrier_us", "native_shmem_allreduce_us", "native_mpi_barrier_us",
                "native_mpi_allreduce_us", "coll_vs_native_shmem_barrier_ratio", "coll_vs_native_mpi_allreduce_ratio")) {
            assertPositiveBy((Map<String, Object>) doc.get(byN), pes, byN);
        }
    }

    @Test
    void startupTimesTheSameJobUnderOshrun() throws Exception {
        Map<String, Object> doc = run("startup");
        assertPositiveBy((Map<String, Object>) doc.get("startup_s"), Set.of("2", "8", "16"), "startup_s");
        assertPositiveBy((Map<String, Object>) doc.get("native_startup_s"), Set.of("2", "8", "16"), "native_startup_s");
        assertPositive(doc, "startup_vs_native_16");
    }

    @Test
    void warmupComparesTheLockStepLoopWithTheSameCLoop() throws Exception {
        Map<String, Object> doc = run("warmup", "--steps", "2000");
        assertPositive(doc, "native_lockstep_us", "warmup_lockstep_first65k_us", "warmup_lockstep_steady_us",
                "warmup_vs_native_first65k", "steady_vs_native", "aot_warmup_vs_native_first65k", "aot_steady_vs_native",
                "native_lockstep_first1k_us", "native_stream_steady_us");
        double ratio = number(doc.get("steady_vs_native"));
        assertEquals(number(doc.get("warmup_lockstep_steady_us")) / number(doc.get("native_lockstep_us")), ratio, ratio * 1e-5);
        if (doc.containsKey("runtime_aot_warmup_lockstep_steady_us")) { // run's default, when the jar's cache is there
            double runtime = number(doc.get("runtime_aot_steady_vs_native"));
            assertEquals(number(doc.get("runtime_aot_warmup_lockstep_steady_us")) / number(doc.get("native_lockstep_us")),
                    runtime, runtime * 1e-5);
            assertPositive(doc, "runtime_aot_warmup_vs_native_first65k");
        }
    }

    private Map<String, Object> run(String bench, String... more) throws Exception {
        Path json = dir.resolve(bench + ".json");
        List<String> args = new java.util.ArrayList<>(List.of("bench", bench, "--quick", "--native", "--json", json.toString()));
        args.addAll(List.of(more));
        LaunchedJob.Result r = LaunchedJob.launcher(190, args);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().lines().anyMatch(l -> l.matches("bench " + bench + ": \\[ *\\d+\\.\\d s] 1/\\d+ .*")),
                "a progress line per phase\n" + r);
        assertTrue(!r.stdout().contains("not installed"), r::toString);
        return MiniJson.parseObject(Files.readString(json));
    }

    private static void assertPositiveBy(Map<String, Object> m, Set<String> keys, String what) {
        assertEquals(keys, m.keySet(), what);
        m.forEach((k, v) -> assertTrue(number(v) > 0, what + " " + k + " = " + v));
    }

    private static void assertPositive(Map<String, Object> doc, String... keys) {
        for (String k : keys) {
            assertTrue(doc.get(k) instanceof Number n && n.doubleValue() > 0, k + " in " + doc);
        }
    }

    private static double number(Object o) {
        return ((Number) o).doubleValue();
    }
}
