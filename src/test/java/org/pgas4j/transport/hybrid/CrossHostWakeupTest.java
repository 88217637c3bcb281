package org.pgas4j.transport.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.SystemComponent;

/**
 * In a hybrid job a PE thread parked in a wait wakes for an active message from another host as
 * for one from its own: the ucx part rings the shm part's doorbell, on which the thread sleeps.
 * Before, such a message was noticed only when the park's timer ended it (up to 1 ms in a long
 * wait; here 0.9 s, so that a missed wake-up cannot pass for a prompt one). Rank 0 and the last
 * rank are on two loopback "hosts" ({@code --hosts localhost:A,127.0.0.1:B}), UCX on tcp between
 * them; N = 2 (1 + 1) and N = 5 (2 + 3, more PEs than this machine's cores). Every park after
 * which a request was waiting must say that a message came. Skipped, with the reason, without UCX.
 */
class CrossHostWakeupTest {
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");
    private static final Pattern PARKS = Pattern.compile("cross-host parks: woken=(\\d+) timer=(\\d+)");

    @ParameterizedTest
    @ValueSource(strings = {"localhost:1,127.0.0.1:1", "localhost:2,127.0.0.1:3"})
    @Timeout(240)
    void aParkedPeWakesForAMessageFromAnotherHost(String hosts) {
        SystemComponent.UCX.assume();
        int n = hosts.equals("localhost:1,127.0.0.1:1") ? 2 : 5;
        LaunchedJob.Result r = LaunchedJob.run(n, "hybrid", 180, List.of("--hosts", hosts), TCP_ON_LOOPBACK,
                CrossHostWakeupPe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        Matcher m = PARKS.matcher(r.stdout());
        assertTrue(m.find(), r::toString);
        int woken = Integer.parseInt(m.group(1));
        int timer = Integer.parseInt(m.group(2));
        assertEquals(CrossHostWakeupPe.ROUNDS, woken + timer, r::toString);
        assertEquals(0, timer, () -> "parks that a message from another host did not end: " + r);
    }
}
