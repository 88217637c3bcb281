package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pgas4j.launcher.UsageException;

/**
 * The parts of {@code bench rma --transport ucx} that need no UCX: reading ucx_perftest's CSV
 * output, the default UCX settings, the {@code --transport} option and the ucx plans.
 */
class UcxPerftestTest {
    /** The tail of {@code ucx_perftest ... -t ucp_put_lat -f -v}, as printed by UCX 1.13. */
    private static final String OUTPUT = """
            +----------------------------------------------------------------------------------------------------------+
            | Message size: 8                                                                                          |
            +----------------------------------------------------------------------------------------------------------+
            iterations,50.0_percentile_lat,avg_lat,overall_lat,avg_bw,overall_bw,avg_mr,overall_mr
            2048,12.973,13.190,13.190,0.58,0.58,75815,75815
            """;

    @Test
    void readsTheFinalCsvFigures() {
        Map<String, Double> m = UcxPerftest.parse(OUTPUT);
        assertEquals(13.190, m.get(UcxPerftest.LATENCY_COLUMN));
        assertEquals(0.58, m.get(UcxPerftest.BANDWIDTH_COLUMN));
        assertEquals(2048.0, m.get("iterations"));
        assertEquals(12.973, m.get("50.0_percentile_lat"));
    }

    @Test
    void skipsUcxLogLinesBetweenHeaderAndFigures() {
        Map<String, Double> m = UcxPerftest.parse("iterations,50.0_percentile_lat,overall_lat\n"
                + "[1795438950.837783] [vm:10817:0]     ucp_context.c:1014 UCX  WARN  network device 'foo0' is not"
                + " available, please use one or more of: 'eth0'(tcp), 'lo'(tcp)\n 100,5.962,8.395\n");
        assertEquals(8.395, m.get(UcxPerftest.LATENCY_COLUMN));
    }

    @Test
    void outputWithoutFiguresIsAFailureThatShowsIt() {
        BenchFailure e = assertThrows(BenchFailure.class, () -> UcxPerftest.parse("[1] connect() failed\n"));
        assertTrue(e.getMessage().contains("connect() failed"), e.getMessage());
        assertThrows(BenchFailure.class, () -> UcxPerftest.parse("iterations,overall_lat\n10,abc\n"));
    }

    @Test
    void cInfinityAndNanAreFigures() {
        Map<String, Double> m = UcxPerftest.parse("iterations,avg_lat,overall_lat,avg_bw\n100,inf,1.5,-nan\n");
        assertEquals(Double.POSITIVE_INFINITY, m.get("avg_lat"));
        assertEquals(1.5, m.get("overall_lat"));
        assertTrue(Double.isNaN(m.get("avg_bw")));
    }

    @Test
    void defaultsToTcpOnLoopbackOnlyWhenUcxTlsIsUnset() {
        assertEquals(Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo"), UcxRmaBenchmark.environment(Map.of()));
        assertEquals(Map.of("UCX_TLS", "tcp"), UcxRmaBenchmark.environment(Map.of("UCX_NET_DEVICES", "eth0")));
        assertEquals(Map.of(), UcxRmaBenchmark.environment(Map.of("UCX_TLS", "shm,tcp")));
    }

    @Test
    void theTransportOptionIsTakenOutOfTheArguments() {
        List<String> args = new ArrayList<>(List.of("--quick", "--transport", "ucx", "--json", "r.json"));
        assertEquals("ucx", RmaBenchmark.transport(args));
        assertEquals(List.of("--quick", "--json", "r.json"), args);
        List<String> eq = new ArrayList<>(List.of("--transport=shm"));
        assertEquals("shm", RmaBenchmark.transport(eq));
        assertEquals(List.of(), eq);
        assertEquals("shm", RmaBenchmark.transport(new ArrayList<>(List.of("--quick"))));
        assertThrows(UsageException.class, () -> RmaBenchmark.transport(new ArrayList<>(List.of("--transport", "local"))));
        assertThrows(UsageException.class, () -> RmaBenchmark.transport(new ArrayList<>(List.of("--transport"))));
    }

    @Test
    void theUcxPlansAreNamedAndSmallerThanTheShmOnes() {
        assertEquals(RmaPlan.UCX_QUICK, RmaPlan.ofUcx(true).name());
        assertEquals(RmaPlan.UCX_FULL, RmaPlan.ofUcx(false).name());
        RmaPlan quick = RmaPlan.named(RmaPlan.UCX_QUICK);
        assertEquals(List.of(8L, 4096L, 1L << 20), java.util.Arrays.stream(quick.sizes()).boxed().toList());
        assertTrue(quick.iterations(8) <= RmaPlan.named(RmaPlan.QUICK).iterations(8));
        assertEquals(0, quick.iterations(1 << 20) % RmaPlan.WINDOW);
    }
}
