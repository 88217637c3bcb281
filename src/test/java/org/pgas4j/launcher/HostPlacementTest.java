package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.bootstrap.BootstrapException;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.NodeLocation;

/** {@code --hosts}, {@code --hostfile}, block placement and the node location a PE reads back. */
@Timeout(10)
class HostPlacementTest {
    @TempDir
    Path dir;

    @Test
    void parsesHostsWithAndWithoutSlotCounts() {
        assertEquals(List.of(new HostList.Host("h1", 4), new HostList.Host("h2", 1), new HostList.Host("10.0.0.3", 2)),
                HostList.parse("h1:4, h2,10.0.0.3:2"));
    }

    @Test
    void badHostListsAreRejectedWithAReason() {
        assertMessage(() -> HostList.parse("h1:4,,h2:1"), "has an empty entry");
        assertMessage(() -> HostList.parse("h1:x"), "host h1 has slots 'x', not a whole number");
        assertMessage(() -> HostList.parse("h1:0"), "host h1 has 0 slots, outside [1, 1024]");
        assertMessage(() -> HostList.parse("h1:2,h1:2"), "names host h1 twice");
        assertMessage(() -> HostList.parse("a b:2"), "'a b' is not a host name");
    }

    @Test
    void readsAHostFileSkippingCommentsAndBlankLines() throws Exception {
        Path f = dir.resolve("hosts");
        Files.writeString(f, "# cluster\n\nnode1 4   # big one\n  node2 slots=2\nnode3\n");
        assertEquals(List.of(new HostList.Host("node1", 4), new HostList.Host("node2", 2), new HostList.Host("node3", 1)),
                HostList.read(f));
    }

    @Test
    void badHostFilesNameTheLine() throws Exception {
        assertMessage(() -> HostList.parseLines(List.of("# none", ""), "--hostfile f"), "--hostfile f names no host");
        assertMessage(() -> HostList.parseLines(List.of("a 1", "b 2 3"), "--hostfile f"),
                "--hostfile f line 2 'b 2 3' is not 'host slots'");
        assertMessage(() -> HostList.read(dir.resolve("missing")), "cannot be read");
    }

    @Test
    void blockPlacementFillsEachHostBeforeTheNext() {
        Placement p = Placement.block(5, HostList.parse("a:2,b:4,c:8"));
        assertEquals(List.of("a", "b"), p.nodes());
        assertEquals(new Placement.Slot("a", 0, 0, 2), p.slot(0));
        assertEquals(new Placement.Slot("a", 0, 1, 2), p.slot(1));
        assertEquals(new Placement.Slot("b", 1, 0, 3), p.slot(2));
        assertEquals(new Placement.Slot("b", 1, 2, 3), p.slot(4));
        assertEquals(List.of(2, 3, 4), p.ranksOn(1));
        assertMessage(() -> Placement.block(7, HostList.parse("a:2,b:4")), "-np 7 needs 7 slots but the hosts have 6 (a:2,b:4)");
    }

    @Test
    void theRendezvousAddressIsLoopbackOnThisHostAndMustBeOneOfItsAddresses() {
        java.net.InetAddress loopback = java.net.InetAddress.getLoopbackAddress();
        assertEquals(loopback, RendezvousAddress.choose(null, List.of()));
        assertEquals(loopback, RendezvousAddress.choose("127.0.0.1", List.of("h2")));
        // Asking the kernel for the route to 127.0.0.1 sends nothing and answers loopback.
        assertEquals(loopback, RendezvousAddress.choose(null, List.of("127.0.0.1")));
        assertMessage(() -> RendezvousAddress.choose("192.0.2.1", List.of()),
                "--rendezvous-address 192.0.2.1 is not an address of this host");
        assertMessage(() -> RendezvousAddress.choose(null, List.of("h2.invalid")),
                "cannot resolve host h2.invalid to choose the address its PEs reach the launcher on");
    }

    @Test
    void runOptionsTakeTheHostOptions() {
        RunOptions o = RunOptions.parse(List.of("-np", "4", "--hosts", "a:2,b:2", "--rendezvous-address=10.77.0.1",
                "--env", "FOO", "-x", "BAR=1", "--spawner", "netns", "Main"));
        assertEquals(List.of(new HostList.Host("a", 2), new HostList.Host("b", 2)), o.hostOptions().hosts());
        assertEquals("10.77.0.1", o.hostOptions().rendezvousAddress());
        assertEquals(List.of("FOO", "BAR=1"), o.hostOptions().forwardedVariables());
        assertEquals("netns", o.hostOptions().spawner());
        assertTrue(o.hostOptions().placed());
        assertSame(HostOptions.NONE, RunOptions.parse(List.of("-np", "2", "Main")).hostOptions());
        RunOptions slurm = RunOptions.parse(List.of("--slurm", "Main"));
        assertTrue(slurm.hostOptions().slurm());
        assertFalse(slurm.hostOptions().placed());
        assertEquals(0, slurm.np(), "-np is left to Slurm");
    }

    @Test
    void conflictingHostOptionsAreRejected() {
        assertMessage(() -> RunOptions.parse(List.of("-np", "2", "--hosts", "a:2", "--hostfile", "f", "M")),
                "--hostfile cannot be combined with --hosts");
        assertMessage(() -> RunOptions.parse(List.of("--slurm", "--hosts", "a:2", "M")),
                "--slurm cannot be combined with --hosts");
        assertMessage(() -> RunOptions.parse(List.of("-np", "2", "--env", "1X", "M")), "--env '1X' is not NAME or NAME=VALUE");
    }

    @Test
    void aPeReadsItsNodeFromTheLaunchVariables() {
        assertEquals(NodeLocation.singleHost(3, 8), NodeLocation.fromEnvironment(Map.of(), 3, 8));
        Map<String, String> env = Map.of(LaunchEnvironment.NODES, "2", LaunchEnvironment.NODE, "1",
                LaunchEnvironment.LOCAL_RANK, "0", LaunchEnvironment.LOCAL_SIZE, "3", LaunchEnvironment.HOST, "h2");
        assertEquals(new NodeLocation(1, 2, 0, 3, "h2"), NodeLocation.fromEnvironment(env, 2, 5));
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> NodeLocation.fromEnvironment(Map.of(LaunchEnvironment.NODES, "2"), 0, 2));
        assertTrue(e.getMessage().contains(LaunchEnvironment.NODE + " is not set"), e.getMessage());
        e = assertThrows(BootstrapException.class, () -> NodeLocation.fromEnvironment(Map.of(LaunchEnvironment.NODES, "2",
                LaunchEnvironment.NODE, "2", LaunchEnvironment.LOCAL_RANK, "0", LaunchEnvironment.LOCAL_SIZE, "1"), 0, 2));
        assertTrue(e.getMessage().contains(LaunchEnvironment.NODE + "=2 is outside [0, 1]"), e.getMessage());
    }

    @Test
    void launchVariablesCarryTheNodeOnlyOnNamedHosts() {
        Map<String, String> single = PeVariables.launch(1, 2, "0123456789abcdef", "127.0.0.1:5", "shm", null, 1);
        assertFalse(single.containsKey(LaunchEnvironment.NODES));
        Map<String, String> placed = PeVariables.launch(3, 4, "0123456789abcdef", "10.77.0.1:5", "shm",
                new Placement.Slot("h2", 1, 1, 2), 2);
        assertEquals("1", placed.get(LaunchEnvironment.NODE));
        assertEquals("2", placed.get(LaunchEnvironment.NODES));
        assertEquals("1", placed.get(LaunchEnvironment.LOCAL_RANK));
        assertEquals("2", placed.get(LaunchEnvironment.LOCAL_SIZE));
        assertEquals("h2", placed.get(LaunchEnvironment.HOST));
        assertFalse(placed.containsKey(LaunchEnvironment.SECRET));
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String expected) {
        UsageException x = assertThrows(UsageException.class, e);
        assertTrue(x.getMessage().contains(expected), x.getMessage());
    }
}
