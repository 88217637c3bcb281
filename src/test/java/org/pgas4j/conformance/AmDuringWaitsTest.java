package org.pgas4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.transport.local.LocalJob;
import org.pgas4j.transport.ucx.UcpLibrary;

/**
 * Active messages are served while their target waits, however long it has been waiting: a PE
 * parked for a long time in a barrier, a collective, {@code Event.waitFor} or {@code shmem}'s
 * {@code waitUntil} wakes when a request arrives, not when its park ends ({@link AmDuringWaitsPe}:
 * rounds of 1 MiB puts and gets through the owner must complete within a generous bound, far
 * below what parks of almost a second would give). On {@code local} (threads), {@code shm}
 * (processes) and {@code ucx} over tcp on the loopback (skipped, with the reason, without libucp);
 * and a barrier wait in the counter barrier that hosts with more PEs than cores use, forced.
 */
class AmDuringWaitsTest {
    private static final String LONG_PARK_US = "900000";
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");
    /** The counter barrier, forced at 2 PEs, with every park and sleep almost a second. */
    private static final Map<String, String> CENTRAL_BARRIER = Map.of("pgas4j.barrier", "central",
            "pgas4j.wait.park.us", LONG_PARK_US);

    @TestFactory
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    Stream<DynamicTest> requestsAreServedDuringEveryWait() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String mode : AmDuringWaitsPe.MODES) {
            tests.add(DynamicTest.dynamicTest("local " + mode, () -> local(mode)));
            tests.add(DynamicTest.dynamicTest("shm " + mode, () -> launched("shm", mode, Map.of())));
            tests.add(DynamicTest.dynamicTest("ucx " + mode, () -> {
                String missing = UcpLibrary.unavailableReason();
                Assumptions.assumeTrue(missing == null, () -> "the ucx transport cannot run here: " + missing);
                launched("ucx", mode, TCP_ON_LOOPBACK);
            }));
        }
        // The counter barrier of hosts with more PEs than cores sleeps in the kernel on its release
        // word: with every park almost a second, a request must end that sleep too.
        tests.add(DynamicTest.dynamicTest("local barrier, central", () -> local("barrier", CENTRAL_BARRIER)));
        tests.add(DynamicTest.dynamicTest("shm barrier, central", () -> launched("shm", "barrier", Map.of(),
                CENTRAL_BARRIER)));
        return tests.stream();
    }

    private static void local(String mode) {
        local(mode, Map.of());
    }

    private static void local(String mode, Map<String, String> settings) {
        System.setProperty("pgas4j.rma.path", "am");
        System.setProperty("pgas4j.wait.long.park.us", LONG_PARK_US);
        settings.forEach(System::setProperty);
        try {
            LocalJob.run(2, Duration.ofMinutes(1), () -> AmDuringWaitsPe.run(mode));
        } finally {
            System.clearProperty("pgas4j.rma.path");
            System.clearProperty("pgas4j.wait.long.park.us");
            settings.keySet().forEach(System::clearProperty);
        }
    }

    private static void launched(String transport, String mode, Map<String, String> environment) {
        launched(transport, mode, environment, Map.of());
    }

    private static void launched(String transport, String mode, Map<String, String> environment,
                                 Map<String, String> settings) {
        List<String> options = new ArrayList<>(List.of("--jvm-arg", "-Dpgas4j.rma.path=am",
                "--jvm-arg", "-Dpgas4j.wait.long.park.us=" + LONG_PARK_US));
        settings.forEach((k, v) -> options.addAll(List.of("--jvm-arg", "-D" + k + "=" + v)));
        LaunchedJob.Result r = LaunchedJob.run(2, transport, 120, options, environment,
                AmDuringWaitsPe.class.getName(), mode);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains(AmDuringWaitsPe.DONE + " " + mode), r::toString);
    }
}
