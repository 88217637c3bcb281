package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.BulkRingPe;
import org.pgas4j.transport.ucx.UcpLibrary;
import org.pgas4j.testing.SystemComponent;

/**
 * Two-host jobs over UCX whose data really crosses a network interface: two network namespaces
 * ("hosts" nsA and nsB) joined by a veth pair (10.77.1.1/24 and 10.77.1.2/24), the launcher inside
 * the first listening on 10.77.1.1, the PEs started in their namespaces by the netns spawner, with
 * {@code --transport ucx} (UCX to every peer) or {@code --transport auto} (which a job on two hosts
 * turns into {@code hybrid}: shared memory within each namespace, UCX between them), and
 * {@code UCX_TLS=tcp} and {@code UCX_NET_DEVICES} set to the veth (forwarded with {@code --env},
 * since the netns spawner starts PEs with only the forwarded variables). Both ends of the veth have
 * the same name, as the Ethernet interfaces of a cluster's hosts usually do, so one
 * {@code UCX_NET_DEVICES} value serves every host; the loopback device is not in it, so even the
 * ucx PEs of one namespace talk through the veth's address.
 *
 * <p>The tests check, for both transports, that a put ring of {@link BulkRingPe#BYTES}-byte puts
 * and an allreduce run on 4 PEs (nsA:2, nsB:2) with the veth counters of nsB showing the ring's
 * megabytes in both directions and each PE's {@code Client.neighbourhood()} as the transport
 * promises (hybrid: the PEs of its namespace; ucx: itself); that conformance sets pass on the same
 * placement (rma over ucx; rma, atomics, coll and am over hybrid, where same-host atomics are
 * processor instructions and cross-host ones UCX's, on the same words); and that killing nsB's PEs
 * fails the job within seconds with a message naming nsB; that PEs on both hosts make repeated
 * init/finalize pairs (rejoining with the same ranks), and that a PE of nsB that dies between pairs
 * fails the job naming it. Skipped when not root, without
 * {@code ip}, or without libucp; the namespaces (and with them the veth) are removed after the
 * tests, also when one fails.
 */
class UcxNetnsLauncherTest {
    private static final long PID = ProcessHandle.current().pid();
    private static final String NS_A = "pgas4j-u" + PID + "-a";
    private static final String NS_B = "pgas4j-u" + PID + "-b";
    /** The name of both ends of the veth pair, one in each namespace (at most 15 characters). */
    private static final String VETH = "pg4ju" + PID % 100000;
    private static final String LAUNCHER_ADDRESS = "10.77.1.1";
    private static final String NETNS_MAP = "-Dpgas4j.launcher.netns=nsA=" + NS_A + ",nsB=" + NS_B;
    private static final Pattern NEIGHBOURHOOD = Pattern.compile("^\\[\\d+] PE (\\d+) neighbourhood (\\[.*])$");
    private static final Pattern SCENARIO = Pattern.compile("^\\[(\\d+)] SCENARIO (\\S+) (.*)$");

    @TempDir
    Path dir;

    private static NamespacePair hosts;

    @BeforeAll
    static void createTwoHosts() throws Exception {
        SystemComponent.UCX.assume();
        hosts = NamespacePair.create(NS_A, NS_B, VETH, LAUNCHER_ADDRESS, VETH, "10.77.1.2");
    }

    @AfterAll
    static void removeTheHosts() throws Exception {
        if (hosts != null) {
            hosts.remove();
        }
    }

    @ParameterizedTest(name = "--transport {0}")
    @ValueSource(strings = {"ucx", "auto"})
    @Timeout(120)
    void aBulkPutRingAndAnAllreduceCrossTheVeth(String transport) throws Exception {
        long rxBefore = counter(NS_B, "rx_bytes");
        long txBefore = counter(NS_B, "tx_bytes");
        LauncherProcess.Result r = launcher(transport, "--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                BulkRingPe.class.getName()).await(100);
        assertEquals(0, r.status(), r::toString);
        List<String> placement = new ArrayList<>();
        Map<Integer, String> neighbourhoods = new TreeMap<>();
        for (String line : r.outLines()) {
            Matcher m = NEIGHBOURHOOD.matcher(line);
            if (m.matches()) {
                neighbourhoods.put(Integer.parseInt(m.group(1)), m.group(2));
            } else {
                placement.add(line);
            }
        }
        MultiHostLauncherTest.assertPlacement(placement, 4, List.of("nsA", "nsA", "nsB", "nsB"),
                new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}, new int[] {2, 2, 2, 2}, 2);
        // ucx reaches every peer through UCX; hybrid (auto across two hosts) maps its own host's PEs.
        Map<Integer, String> expected = transport.equals("ucx")
                ? Map.of(0, "[0]", 1, "[1]", 2, "[2]", 3, "[3]")
                : Map.of(0, "[0, 1]", 1, "[0, 1]", 2, "[2, 3]", 3, "[2, 3]");
        assertEquals(new TreeMap<>(expected), neighbourhoods, r::toString);
        assertEquals("", r.err(), r::toString);
        // PE 1 (nsA) puts into PE 2 (nsB) and PE 3 (nsB) into PE 0 (nsA): each way, the ring's bytes.
        long ring = (long) BulkRingPe.ROUNDS * BulkRingPe.BYTES;
        long rx = counter(NS_B, "rx_bytes") - rxBefore;
        long tx = counter(NS_B, "tx_bytes") - txBefore;
        assertTrue(rx >= ring && tx >= ring, "nsB's " + VETH + " received " + rx + " and sent " + tx
                + " bytes during the job; the ring alone moves " + ring + " each way\n" + r);
    }

    @ParameterizedTest(name = "--transport {0}, set {1}")
    @CsvSource({"ucx, rma", "auto, rma", "auto, atomics", "auto, coll", "auto, am"})
    @Timeout(300)
    void aConformanceSetPassesAcrossTheTwoHosts(String transport, String set) throws Exception {
        LauncherProcess.Result r = launcher(transport, "--tag-output", "-cp",
                LauncherProcess.TEST_CLASSES.toString(), "org.pgas4j.conformance.ConformancePe", set).await(280);
        Map<String, TreeMap<Integer, String>> reports = new TreeMap<>();
        for (String line : r.outLines()) {
            Matcher m = SCENARIO.matcher(line);
            if (m.matches()) {
                reports.computeIfAbsent(m.group(2), k -> new TreeMap<>()).put(Integer.parseInt(m.group(1)), m.group(3));
            }
        }
        assertEquals(0, r.status(), r::toString);
        assertFalse(reports.isEmpty(), r::toString);
        for (Map.Entry<String, TreeMap<Integer, String>> e : reports.entrySet()) {
            assertEquals(new TreeSet<>(List.of(0, 1, 2, 3)), e.getValue().keySet(), e.getKey() + "\n" + r);
            e.getValue().forEach((rank, result) -> assertEquals("PASS", result,
                    "PE " + rank + ", " + e.getKey() + ": " + result.replace('|', '\n')));
        }
    }

    @ParameterizedTest(name = "--transport {0}")
    @ValueSource(strings = {"ucx", "auto"})
    @Timeout(120)
    void killingThePesOfOneHostFailsTheJobNamingThatHostWithinSeconds(String transport) throws Exception {
        LauncherProcess launcher = launcher(transport, "--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                BulkRingPe.class.getName(), "hold");
        List<String> lines = launcher.awaitLines("ring ok", 4, 90);
        long killedAt = System.nanoTime();
        assertEquals(2, NamespacePair.killPesOf(lines, "nsB", NS_B));
        LauncherProcess.Result r = launcher.await();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
        assertEquals(137, r.status(), r::toString);
        assertTrue(r.err().contains("pgas4j: host nsB lost all its PEs (2, 3): PE "), r::toString);
        assertTrue(millis < 10_000, "the job took " + millis + " ms to fail after the kill\n" + r);
    }

    @ParameterizedTest(name = "--transport {0}")
    @ValueSource(strings = {"ucx", "auto"})
    @Timeout(180)
    void pesInitAgainAfterFinalizingAndRejoinAcrossTheTwoHosts(String transport) throws Exception {
        LauncherProcess.Result r = launcher(transport, "--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                "org.pgas4j.shmem.RepeatedInitPe", "2").await(170);
        assertEquals(0, r.status(), r::toString);
        for (int pe = 0; pe < 4; pe++) {
            for (int pair = 1; pair <= 2; pair++) {
                assertTrue(r.outLines().contains("[" + pe + "] PAIR " + pair + " PE " + pe + " OF 4 OK"),
                        "PE " + pe + ", pair " + pair + "\n" + r);
            }
        }
    }

    @Test
    @Timeout(180)
    void aPeOfTheOtherHostThatDiesBetweenPairsFailsTheJobNamingIt() throws Exception {
        long t0 = System.nanoTime();
        LauncherProcess.Result r = launcher("auto", "--tag-output", "-cp", LauncherProcess.TEST_CLASSES.toString(),
                "org.pgas4j.shmem.RepeatedInitPe", "3", "die", "3", "1", "halt").await(170);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(3, r.status(), r::toString);
        assertTrue(Pattern.compile("PE 3 on host nsB \\([^)]*\\) exited with status 3")
                .matcher(r.err()).find(), r::toString);
        assertTrue(millis < 120_000, "the job took " + millis + " ms\n" + r);
    }

    /**
     * Starts the launcher inside nsA with a 4-PE job on nsA:2,nsB:2 over {@code transport} (ucx, or
     * auto: hybrid, since the job spans two hosts), UCX on tcp over the veth.
     */
    private LauncherProcess launcher(String transport, String... args) throws IOException {
        List<String> a = new ArrayList<>(List.of("run", "-np", "4", "--hosts", "nsA:2,nsB:2", "--transport", transport,
                "--rendezvous-address", LAUNCHER_ADDRESS, "--timeout", "240",
                "--env", "UCX_TLS=tcp", "--env", "UCX_NET_DEVICES=" + VETH,
                "--jvm-arg", "-Dpgas4j.segment.size=4m"));
        a.addAll(List.of(args));
        return LauncherProcess.startWithPrefix(dir, List.of("ip", "netns", "exec", NS_A),
                List.of("-Dpgas4j.launcher.spawner=netns", NETNS_MAP), a.toArray(String[]::new));
    }

    /** A byte counter of the veth's end in {@code ns}, from its /sys statistics. */
    private static long counter(String ns, String name) throws Exception {
        NamespacePair.Outcome o = NamespacePair.run(10, "ip", "netns", "exec", ns, "cat", "/sys/class/net/" + VETH + "/statistics/" + name);
        if (o.status() != 0) {
            throw new IllegalStateException("cannot read " + name + " of " + VETH + " in " + ns + ": " + o.output());
        }
        return Long.parseLong(o.output().trim());
    }
}
