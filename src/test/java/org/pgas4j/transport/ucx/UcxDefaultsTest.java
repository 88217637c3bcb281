package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * The UCX settings pgas4j chooses: added where neither the caller nor the environment chooses,
 * never over either, tcp's only where tcp may be used; and, in a real job, taken by UCX.
 */
class UcxDefaultsTest {
    private static final Map<String, String> NO_ENVIRONMENT = Map.of();

    private static Map<String, String> apply(Map<String, String> settings, Map<String, String> environment) {
        return UcxDefaults.apply(settings, environment::get);
    }

    @Test
    void withNothingChosenAllDefaultsAreAdded() {
        assertEquals(Map.of("ATOMIC_MODE", "cpu", "TX_SEG_SIZE", "64k", "RX_SEG_SIZE", "128k"),
                apply(Map.of(), NO_ENVIRONMENT));
    }

    @Test
    void theCallersOwnSettingsStayAndWin() {
        Map<String, String> mine = Map.of("TLS", "tcp", "ATOMIC_MODE", "guess", "TX_SEG_SIZE", "16k");
        Map<String, String> all = apply(mine, NO_ENVIRONMENT);
        assertEquals("guess", all.get("ATOMIC_MODE"));
        assertEquals("16k", all.get("TX_SEG_SIZE"));
        assertFalse(all.containsKey("RX_SEG_SIZE"), "the pair is the user's once either is chosen: " + all);
        assertEquals("tcp", all.get("TLS"));
    }

    @Test
    void theEnvironmentsChoicesWinOverEachDefaultAndItsPair() {
        assertFalse(apply(Map.of(), Map.of("UCX_ATOMIC_MODE", "device")).containsKey("ATOMIC_MODE"));
        for (String variable : List.of("UCX_TCP_TX_SEG_SIZE", "UCX_TCP_RX_SEG_SIZE")) {
            Map<String, String> all = apply(Map.of(), Map.of(variable, "256k"));
            assertFalse(all.containsKey("TX_SEG_SIZE") || all.containsKey("RX_SEG_SIZE"), variable + ": " + all);
            assertEquals("cpu", all.get("ATOMIC_MODE"));
        }
    }

    @Test
    void tcpsSegmentsAreAddedOnlyWhereTheTransportsChosenMayIncludeTcp() {
        for (String tls : List.of("tcp", "all", "rc,tcp", "sm, tcp", "^sm", "^rc,ud", "")) {
            assertTrue(UcxDefaults.mayUseTcp(Map.of(), Map.of("UCX_TLS", tls)::get), "UCX_TLS=" + tls);
        }
        for (String tls : List.of("sm", "shm,self", "^tcp", "^sm,tcp", "rc", "tcpx")) {
            assertFalse(UcxDefaults.mayUseTcp(Map.of(), Map.of("UCX_TLS", tls)::get), "UCX_TLS=" + tls);
            assertFalse(apply(Map.of(), Map.of("UCX_TLS", tls)).containsKey("TX_SEG_SIZE"), "UCX_TLS=" + tls);
        }
        assertTrue(UcxDefaults.mayUseTcp(Map.of(), NO_ENVIRONMENT::get), "UCX_TLS unset: all transports");
        assertFalse(UcxDefaults.mayUseTcp(Map.of("TLS", "sm"), Map.of("UCX_TLS", "tcp")::get),
                "the caller's TLS is the one UCX uses");
        assertTrue(UcxDefaults.mayUseTcp(Map.of("TLS", "tcp"), Map.of("UCX_TLS", "sm")::get));
    }

    @Test
    void tcpsSegmentsAreLeftOutWhereTheNetworkDevicesChosenAreAllRdmaPorts() {
        for (String devices : List.of("lo", "eth0,mlx5_0:1", "all", " lo ")) {
            assertTrue(UcxDefaults.mayUseTcp(Map.of(), Map.of("UCX_NET_DEVICES", devices)::get), devices);
        }
        for (String devices : List.of("mlx5_0:1", "mlx5_0:1,mlx5_1:1")) {
            assertFalse(UcxDefaults.mayUseTcp(Map.of(), Map.of("UCX_NET_DEVICES", devices)::get), devices);
        }
        assertTrue(UcxDefaults.mayUseTcp(Map.of("NET_DEVICES", "lo"), Map.of("UCX_NET_DEVICES", "mlx5_0:1")::get),
                "the caller's devices are the ones UCX uses");
    }

    @Test
    void anotherUcxProgramIsGivenTheTcpSettingsAsVariablesOnlyWhereTheJobsTakeThem() {
        assertEquals(Map.of("UCX_TCP_TX_SEG_SIZE", "64k", "UCX_TCP_RX_SEG_SIZE", "128k"),
                UcxDefaults.tcpVariables(Map.of("UCX_TLS", "tcp")));
        assertEquals(Map.of(), UcxDefaults.tcpVariables(Map.of("UCX_TLS", "tcp", "UCX_TCP_RX_SEG_SIZE", "1m")));
        assertEquals(Map.of(), UcxDefaults.tcpVariables(Map.of("UCX_TLS", "sm")));
    }

    @Test
    @Needs(SystemComponent.UCX)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aJobOverTcpRunsWithTheLargerSegmentsAndUcxWarnsOfNone() {
        assertTcpSegmentsApplied(true, Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo"));
    }

    @Test
    @Needs(SystemComponent.UCX)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aUsersSegmentSizeIsLeftAlone() {
        assertTcpSegmentsApplied(false, Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo", "UCX_TCP_TX_SEG_SIZE", "16k"));
    }

    @Test
    @Needs(SystemComponent.UCX)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aJobWithoutTcpGetsNoTcpSettingsAndNoWarning() {
        assertTcpSegmentsApplied(false, Map.of("UCX_TLS", "sm,self"));
    }

    /**
     * Runs a 2-PE ring over ucx with UCX's debug log on and {@code environment}, and checks from
     * the log whether UCX applied pgas4j's tcp segments, and that it warned of no setting.
     */
    private static void assertTcpSegmentsApplied(boolean applied, Map<String, String> environment) {
        String log = debugLogOfAJob(environment);
        assertEquals(applied, log.contains("apply UCT configuration TX_SEG_SIZE=64k"), log);
        assertEquals(applied, log.contains("apply UCT configuration RX_SEG_SIZE=128k"), log);
        assertFalse(log.contains("apply UCT configuration TX_SEG_SIZE=16k"), "the user's own comes from the environment");
        assertFalse(log.contains("invalid configurations"), log);
    }

    /** Runs a 2-PE ring over ucx with UCX's debug log on, and returns all it printed. */
    private static String debugLogOfAJob(Map<String, String> environment) {
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("UCX_LOG_LEVEL", "debug");
        LaunchedJob.Result r = LaunchedJob.run(2, "ucx", 60, List.of(), env, "org.pgas4j.examples.RingDemo");
        assertEquals(0, r.exitCode(), r::toString);
        return r.stdout() + r.stderr();
    }
}
