package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.HostsPe;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * Jobs placed on named hosts that are all this host (localhost and 127.0.0.1), so they run
 * anywhere: placement, node ids through the bootstrap, and a host whose PEs all die.
 */
class MultiHostLauncherTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    static final Pattern LINE = Pattern.compile(
            "\\[(\\d+)] PE (\\d+) of (\\d+) node (\\d+) of (\\d+) local (\\d+) of (\\d+) host (\\S+): ring ok, allreduce (\\d+), pid (\\d+)");

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    @Needs(SystemComponent.UCX)
    void placesPesInHostOrderAndEachLearnsItsNodeAndLocalRank() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "5", "--hosts", "localhost:2,127.0.0.1:4",
                "--tag-output", "-cp", CP, HostsPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertPlacement(r.outLines(), 5, List.of("localhost", "localhost", "127.0.0.1", "127.0.0.1", "127.0.0.1"),
                new int[] {0, 0, 1, 1, 1}, new int[] {0, 1, 0, 1, 2}, new int[] {2, 2, 3, 3, 3}, 2);
    }

    @Test
    @Timeout(60)
    @Needs(SystemComponent.UCX)
    void readsAHostFileWithComments() throws Exception {
        Path hostfile = dir.resolve("hosts");
        Files.writeString(hostfile, "# two hosts\nlocalhost 1   # the first\n\n127.0.0.1 slots=2\n");
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "--hostfile", hostfile.toString(),
                "--tag-output", "-cp", CP, HostsPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertPlacement(r.outLines(), 3, List.of("localhost", "127.0.0.1", "127.0.0.1"), new int[] {0, 1, 1},
                new int[] {0, 0, 1}, new int[] {1, 2, 2}, 2);
    }

    @Test
    @Timeout(60)
    @Needs(SystemComponent.UCX)
    void killingEveryPeOfOneHostFailsTheJobNamingTheHost() throws Exception {
        LauncherProcess launcher = LauncherProcess.start(dir, List.of(), "run", "-np", "4", "--hosts",
                "localhost:2,127.0.0.1:2", "--tag-output", "-cp", CP, HostsPe.class.getName(), "hold");
        List<String> lines = launcher.awaitLines("ring ok", 4);
        long killedAt = System.nanoTime();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            if (m.group(8).equals("127.0.0.1")) {
                ProcessHandle.of(Long.parseLong(m.group(10))).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        LauncherProcess.Result r = launcher.await();
        long millis = (System.nanoTime() - killedAt) / 1_000_000;
        assertEquals(137, r.status(), r::toString);
        assertTrue(r.err().contains("pgas4j: host 127.0.0.1 lost all its PEs (2, 3): PE "),
                r::toString);
        assertTrue(r.err().contains("was killed by signal 9 (SIGKILL)"), r::toString);
        assertTrue(millis < 10_000, "the job took " + millis + " ms to fail after the kill\n" + r);
    }

    @Test
    @Timeout(30)
    void moreProcessesThanSlotsIsBadInput() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "5", "--hosts", "localhost:2,127.0.0.1:2",
                "-cp", CP, HostsPe.class.getName());
        assertEquals(2, r.status(), r::toString);
        assertEquals("pgas4j: -np 5 needs 5 slots but the hosts have 4 (localhost:2,127.0.0.1:2)\n", r.err());
    }

    @Test
    @Timeout(60)
    @Needs({SystemComponent.UCX, SystemComponent.UNSHARE, SystemComponent.ROOT})
    void withoutUcxAJobOnTwoHostsStopsBeforeStartingNamingWhatIsMissing() throws Exception {
        Path libucp = Path.of("/usr/lib/x86_64-linux-gnu/libucp.so.0");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(libucp), "needs UCX where Debian puts it, " + libucp);
        // In a mount namespace of its own, libucp is /dev/null: this host "lacks" UCX.
        List<String> prefix = List.of("unshare", "-m", "sh", "-c",
                "mount --bind /dev/null " + libucp.toRealPath() + " && exec \"$@\"", "sh");
        LauncherProcess.Result r = LauncherProcess.startWithPrefix(dir, prefix, List.of(), "run", "-np", "2", "--hosts",
                "localhost:1,127.0.0.1:1", "-cp", CP, HostsPe.class.getName()).await(50);
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.err().contains("pgas4j: the job spans 2 hosts, so its transport is hybrid, which cannot run on"
                + " this host: it needs UCX: UCX is not installed: libucp.so.0 could not be loaded"), r::toString);
        assertTrue(r.err().contains("--transport shm serves hosts that share /dev/shm"), r::toString);
        assertEquals("", r.out(), r::toString);
    }

    @Test
    @Timeout(60)
    void aLibraryPathWithoutUcxStopsAJobOnTwoHostsNamingTheDirectory() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("no-ucx"));
        LauncherProcess.Result r = LauncherProcess.startWith(dir, List.of(), Map.of("PGAS4J_LIBRARY_PATH", empty.toString()),
                List.of(), "run", "-np", "2", "--hosts", "localhost:1,127.0.0.1:1", "-cp", CP,
                HostsPe.class.getName()).await(50);
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.err().contains("pgas4j: the job spans 2 hosts, so its transport is hybrid, which cannot run on"
                + " this host: it needs UCX: UCX is not installed: libucs.so.0 could not be loaded (libucs.so.0 is not in"
                + " any directory of pgas4j.library.path (" + empty + "))"), r::toString);
        assertEquals("", r.out(), r::toString);
    }

    /** Checks one line per rank, with the expected place. */
    static void assertPlacement(List<String> out, int np, List<String> hosts, int[] nodes, int[] localRanks,
                                int[] localSizes, int nodeCount) {
        assertEquals(np, out.size(), String.join("\n", out));
        long sum = (long) np * (np - 1) / 2;
        for (String line : out) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            int rank = Integer.parseInt(m.group(1));
            assertEquals(rank, Integer.parseInt(m.group(2)), line);
            assertEquals(np, Integer.parseInt(m.group(3)), line);
            assertEquals(nodes[rank], Integer.parseInt(m.group(4)), line);
            assertEquals(nodeCount, Integer.parseInt(m.group(5)), line);
            assertEquals(localRanks[rank], Integer.parseInt(m.group(6)), line);
            assertEquals(localSizes[rank], Integer.parseInt(m.group(7)), line);
            assertEquals(hosts.get(rank), m.group(8), line);
            assertEquals(sum, Long.parseLong(m.group(9)), line);
        }
    }
}
