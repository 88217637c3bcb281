package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.pgas4j.transport.ucx.UcpLibrary;
import org.pgas4j.testing.SystemComponent;

/**
 * {@code pgas4j bench rma --transport ucx --quick --json FILE} end to end, through the launcher as
 * a user runs it, with the default UCX settings (tcp on the loopback device): every key of the
 * JSON is there with positive finite numbers for every size of the quick plan (the windowed and
 * the stream put bandwidth both), and the ratios are those of the figures. A second run without {@code ucx_perftest} on {@code PATH} says so,
 * writes pgas4j's figures alone and exits with status 1. The figures themselves are not judged.
 * Skipped, with the reason, when libucp or ucx_perftest is missing.
 */
class RmaUcxBenchQuickTest {
    private static final List<String> OURS = List.of("ucx_put_lat_us", "ucx_put_flush_lat_us", "ucx_get_lat_us",
            "ucx_put_bw_MBps", "ucx_put_bw_stream_MBps");
    private static final List<String> PERFTEST = List.of("ucx_perftest_put_lat_us", "ucx_perftest_put_bw_MBps");
    private static final List<String> RATIOS = List.of("ucx_put_lat_ratio_8", "ucx_pingpong_ratio",
            "ucx_put_bw_ratio_1MiB", "ucx_put_bw_stream_ratio_1MiB");
    private static final Set<String> QUICK_SIZES = Set.of("8", "4096", "1048576");
    private static final Map<String, String> NO_UCX_SETTINGS = Map.of();

    @Test
    @Timeout(200)
    void quickRunWritesEveryFigureAndTheRatios(@TempDir Path dir) throws IOException {
        assumeUcx();
        SystemComponent.UCX_PERFTEST.assume();
        assumeTrue(System.getenv("UCX_TLS") == null, "UCX_TLS is set in the test environment; the test checks the defaults");
        Path json = dir.resolve("rma-ucx.json");
        LaunchedJob.Result r = LaunchedJob.launcher(180,
                List.of("bench", "rma", "--transport", "ucx", "--quick", "--json", json.toString()), NO_UCX_SETTINGS);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("# pgas4j bench rma"), r::toString);
        assertTrue(r.stdout().contains("transport: ucx, 2 PEs | UCX_TLS=tcp UCX_NET_DEVICES=lo"), r::toString);
        assertTrue(r.stdout().contains("ucx_put_bw_ratio_1MiB"), r::toString);

        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertTrue(r.stdout().contains("ucx_put_bw_stream_ratio_1MiB"), r::toString);
        assertEquals(Set.of("ucx_put_lat_us", "ucx_put_flush_lat_us", "ucx_get_lat_us", "ucx_put_bw_MBps",
                "ucx_put_bw_stream_MBps", "ucx_pingpong_oneway_us", "ucx_pingpong_agent_oneway_us",
                "ucx_perftest_put_lat_us", "ucx_perftest_put_bw_MBps", "ucx_put_lat_ratio_8", "ucx_pingpong_ratio",
                "ucx_put_bw_ratio_1MiB", "ucx_put_bw_stream_ratio", "ucx_put_bw_stream_ratio_1MiB",
                "ucx_perftest_same_put_bw_MBps", "ucx_put_bw_stream_same_ratio",
                "ucx_put_bw_stream_ratio_min_32KiB_1MiB", "ucx_put_bw_stream_same_ratio_min_32KiB_1MiB",
                "ucx_put_bw_steady_MBps", "ucx_perftest_steady_put_bw_MBps", "ucx_put_bw_steady_ratio",
                "ucx_put_bw_steady_ratio_min_32KiB_1MiB"), doc.keySet());
        assertTrue(r.stdout().contains("ucx_perftest runs with UCX's (perftest_bw) and again with these (same_bw)"),
                r::toString);
        for (String k : concat(OURS, PERFTEST)) {
            Map<String, Object> bySize = bySize(doc, k);
            assertEquals(QUICK_SIZES, bySize.keySet(), k);
            bySize.forEach((size, v) -> assertSane(k + "[" + size + "]", v));
        }
        for (String k : RATIOS) {
            assertSane(k, doc.get(k));
        }
        assertSane("ucx_pingpong_oneway_us", doc.get("ucx_pingpong_oneway_us"));
        assertSane("ucx_pingpong_agent_oneway_us", doc.get("ucx_pingpong_agent_oneway_us"));
        double lat = (Double) bySize(doc, "ucx_put_lat_us").get("8") / (Double) bySize(doc, "ucx_perftest_put_lat_us").get("8");
        assertEquals(lat, (Double) doc.get("ucx_put_lat_ratio_8"), lat * 1e-5);
        double bw = (Double) bySize(doc, "ucx_put_bw_MBps").get("1048576")
                / (Double) bySize(doc, "ucx_perftest_put_bw_MBps").get("1048576");
        assertEquals(bw, (Double) doc.get("ucx_put_bw_ratio_1MiB"), bw * 1e-5);
        Map<String, Object> streamRatios = bySize(doc, "ucx_put_bw_stream_ratio");
        assertEquals(QUICK_SIZES, streamRatios.keySet());
        for (String size : QUICK_SIZES) {
            double stream = (Double) bySize(doc, "ucx_put_bw_stream_MBps").get(size)
                    / (Double) bySize(doc, "ucx_perftest_put_bw_MBps").get(size);
            assertEquals(stream, (Double) streamRatios.get(size), stream * 1e-5, size);
        }
        assertEquals((Double) streamRatios.get("1048576"), (Double) doc.get("ucx_put_bw_stream_ratio_1MiB"), 1e-12);
        Map<String, Object> sameRatios = bySize(doc, "ucx_put_bw_stream_same_ratio");
        double lowestSame = Double.MAX_VALUE;
        for (String size : QUICK_SIZES) {
            double same = (Double) bySize(doc, "ucx_put_bw_stream_MBps").get(size)
                    / (Double) bySize(doc, "ucx_perftest_same_put_bw_MBps").get(size);
            assertEquals(same, (Double) sameRatios.get(size), same * 1e-5, size);
            if (UcxRmaReport.STREAM_TARGET_SIZES.contains(Long.parseLong(size))) {
                lowestSame = Math.min(lowestSame, same);
            }
        }
        assertEquals(lowestSame, (Double) doc.get("ucx_put_bw_stream_same_ratio_min_32KiB_1MiB"), lowestSame * 1e-5);
        assertEquals((Double) bySize(doc, "ucx_put_lat_us").get("8"), (Double) doc.get("ucx_pingpong_oneway_us"), 1e-12);
        // The steady state: of the quick plan's sizes only 1 MiB is among issue 23's; one round, so
        // the ratio is that round's.
        for (String k : List.of("ucx_put_bw_steady_MBps", "ucx_perftest_steady_put_bw_MBps", "ucx_put_bw_steady_ratio")) {
            assertEquals(Set.of("1048576"), bySize(doc, k).keySet(), k);
            assertSane(k, bySize(doc, k).get("1048576"));
        }
        double steady = (Double) bySize(doc, "ucx_put_bw_steady_MBps").get("1048576")
                / (Double) bySize(doc, "ucx_perftest_steady_put_bw_MBps").get("1048576");
        assertEquals(steady, (Double) bySize(doc, "ucx_put_bw_steady_ratio").get("1048576"), steady * 1e-5);
        assertEquals(steady, (Double) doc.get("ucx_put_bw_steady_ratio_min_32KiB_1MiB"), steady * 1e-5);
        assertTrue(r.stdout().contains("steady state, like for like"), r::toString);
    }

    @Test
    @Timeout(200)
    void withoutUcxPerftestTheComparisonFailsAndOurFiguresAreStillWritten(@TempDir Path dir) throws IOException {
        assumeUcx();
        Path emptyPath = Files.createDirectory(dir.resolve("bin"));
        Path json = dir.resolve("rma-ucx.json");
        LaunchedJob.Result r = LaunchedJob.launcher(180,
                List.of("bench", "rma", "--transport", "ucx", "--quick", "--json", json.toString()),
                Map.of("PATH", emptyPath.toString()));
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("ucx_perftest comparison FAILED: ucx_perftest was not found on PATH"),
                r::toString);
        Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
        assertEquals(Set.of("ucx_put_lat_us", "ucx_put_flush_lat_us", "ucx_get_lat_us", "ucx_put_bw_MBps",
                "ucx_put_bw_stream_MBps", "ucx_pingpong_oneway_us", "ucx_pingpong_agent_oneway_us"), doc.keySet());
        for (String k : OURS) {
            assertEquals(QUICK_SIZES, bySize(doc, k).keySet(), k);
        }
        assertFalse(r.stdout().contains("PASS"), r::toString);
    }

    private static void assumeUcx() {
        SystemComponent.UCX.assume();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> bySize(Map<String, Object> doc, String key) {
        return (Map<String, Object>) doc.get(key);
    }

    private static void assertSane(String what, Object v) {
        assertTrue(v instanceof Double d && d > 0 && Double.isFinite(d) && d < 1e9, what + " = " + v);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
