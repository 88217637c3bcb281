package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.HostsPe;

/**
 * Jobs that really cross a network interface: two network namespaces joined by a veth pair
 * (10.77.0.1/24 and 10.77.0.2/24), the launcher inside the first listening on 10.77.0.1, the PEs
 * of "host" ns1 and "host" ns2 started in their namespaces by the netns spawner. The PEs still
 * talk over the shm transport (the namespaces share /dev/shm); their rendezvous traffic crosses
 * the veth. Skipped when not root or without {@code ip}; the namespaces (and with them the veth)
 * are removed after the tests, also when one fails.
 */
@Timeout(90)
class NetnsLauncherTest {
    private static final String NS1 = "pgas4j-t" + ProcessHandle.current().pid() + "-1";
    private static final String NS2 = "pgas4j-t" + ProcessHandle.current().pid() + "-2";
    private static final String LAUNCHER_ADDRESS = "10.77.0.1";
    private static final String NETNS_MAP = "-Dpgas4j.launcher.netns=ns1=" + NS1 + ",ns2=" + NS2 + ",ghost=" + NS2 + "-none";

    @TempDir
    Path dir;

    private static NamespacePair hosts;

    @BeforeAll
    static void createTwoHosts() throws Exception {
        String tag = "pg4jv" + ProcessHandle.current().pid() % 100000;
        hosts = NamespacePair.create(NS1, NS2, tag + "a", LAUNCHER_ADDRESS, tag + "b", "10.77.0.2");
    }

    @AfterAll
    static void removeTheHosts() throws Exception {
        if (hosts != null) {
            hosts.remove();
        }
    }

    @Test
    void aJobOnTwoNamespacesRunsAPutRingAndAnAllreduceWithTheRendezvousOnTheVeth() throws Exception {
        LauncherProcess.Result r = launcher("--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                HostsPe.class.getName()).await();
        assertEquals(0, r.status(), r::toString);
        MultiHostLauncherTest.assertPlacement(r.outLines(), 4, List.of("ns1", "ns1", "ns2", "ns2"),
                new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}, new int[] {2, 2, 2, 2}, 2);
        assertEquals("", r.err(), r::toString);
    }

    @Test
    void killingThePesOfOneNamespaceFailsTheJobNamingThatHostWithinSeconds() throws Exception {
        LauncherProcess launcher = launcher("--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                HostsPe.class.getName(), "hold");
        List<String> lines = launcher.awaitLines("ring ok", 4);
        long killedAt = System.nanoTime();
        assertEquals(2, NamespacePair.killPesOf(lines, "ns2", NS2));
        LauncherProcess.Result r = launcher.await();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
        assertEquals(137, r.status(), r::toString);
        assertTrue(r.err().contains("pgas4j: host ns2 lost all its PEs (2, 3): PE "),
                r::toString);
        assertTrue(millis < 10_000, "the job took " + millis + " ms to fail after the kill\n" + r);
    }

    @Test
    void aHostWhoseSpawnerFailsIsNamedAsAHost() throws Exception {
        LauncherProcess.Result r = launcher("-np", "3", "--hosts", "ns1:1,ghost:2", "-cp",
                LauncherProcess.TEST_CLASSES.toString(), HostsPe.class.getName()).await();
        assertTrue(r.status() != 0, r::toString);
        assertTrue(r.err().contains("pgas4j: host ghost lost all its PEs (1, 2): PE "),
                r::toString);
        assertTrue(r.err().contains("ended before joining the job: its netns process exited with status 255"), r::toString);
    }

    /** Starts the launcher inside the first namespace with a 4-PE job on ns1:2,ns2:2 (unless overridden). */
    private LauncherProcess launcher(String... args) throws IOException {
        List<String> a = new ArrayList<>();
        if (!List.of(args).contains("--hosts")) {
            a.addAll(List.of("-np", "4", "--hosts", "ns1:2,ns2:2"));
        }
        a.addAll(List.of("--rendezvous-address", LAUNCHER_ADDRESS, "--timeout", "60", "--transport", "shm"));
        a.addAll(List.of(args));
        a.addFirst("run");
        return LauncherProcess.startWithPrefix(dir, List.of("ip", "netns", "exec", NS1),
                List.of("-Dpgas4j.launcher.spawner=netns", NETNS_MAP), a.toArray(String[]::new));
    }
}
