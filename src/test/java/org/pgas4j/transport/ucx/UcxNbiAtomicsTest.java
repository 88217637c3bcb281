package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.SystemComponent;

/**
 * Non-fetching atomics over ucx are started without waiting and complete at waitNbi, barriers,
 * shmem quiet and fence; non-blocking fetching ones with many in flight; refusals name the
 * operation ({@link UcxNbiAtomicsPe}). Over tcp on loopback (the target performs the atomics in
 * its progress) and over UCX's default shared-memory transports.
 */
class UcxNbiAtomicsTest {
    private static final Map<String, String> TCP = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");
    private static final Map<String, String> DEFAULTS = Map.of("UCX_NET_DEVICES", "lo");
    private static final List<String> SEGMENT = List.of("--jvm-arg", "-Dpgas4j.segment.size=1m");

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void coreCompletionPointsOverTcp() {
        expect(TCP, "core", "waitNbi", "barrier", "ordered", "opNB", "refused");
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void coreCompletionPointsOverSharedMemory() {
        expect(DEFAULTS, "core", "waitNbi", "barrier", "ordered", "opNB", "refused");
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void shmemQuietAndFenceOverTcp() {
        expect(TCP, "shmem", "shmem-quiet", "shmem-fence", "shmem-fetch-nbi");
    }

    private static void expect(Map<String, String> environment, String mode, String... scenarios) {
        SystemComponent.UCX.assume();
        LaunchedJob.Result r = LaunchedJob.run(2, "ucx", 120, SEGMENT, environment, UcxNbiAtomicsPe.class.getName(),
                mode);
        assertEquals(0, r.exitCode(), r::toString);
        for (String s : scenarios) {
            assertTrue(r.stdout().contains("OK " + s), () -> "scenario " + s + " did not pass: " + r);
        }
    }
}
