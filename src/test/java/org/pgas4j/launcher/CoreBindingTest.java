package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.launcher.testpes.AffinityPe;
import org.pgas4j.testing.LaunchedJob;

/**
 * {@code run --bind-to}: which CPU each PE gets under each policy (auto binds only a job with
 * exactly one PE per CPU of this host), the command that binds it, the parsing of CPU lists and of
 * the option; and real jobs through the launcher, each PE reading the CPUs its process may use
 * from {@code /proc/self/status} and the processor count its JVM sees (the job's, not its one CPU).
 */
@Timeout(120)
class CoreBindingTest {
    private static final List<Integer> ALLOWED = CoreBinding.allowedCpus();

    @Test
    void placementSaysWhichCpuEachRankGetsOrThatNoneIsBound() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        assertEquals("bound: ranks 0-1 on CPUs 4,7 (run's --bind-to auto)",
                CoreBinding.placement(CoreBinding.Policy.AUTO, 2, List.of(4, 7)));
        assertEquals("not bound (run's --bind-to auto)", CoreBinding.placement(CoreBinding.Policy.AUTO, 3, List.of(4, 7)));
        assertEquals("bound: ranks 0-2 on CPUs 4,7,4 (run's --bind-to core)",
                CoreBinding.placement(CoreBinding.Policy.CORE, 3, List.of(4, 7)));
        assertEquals("not bound (run's --bind-to none)", CoreBinding.placement(CoreBinding.Policy.NONE, 2, List.of(4, 7)));
        assertEquals("not bound (run's --bind-to auto)", CoreBinding.placement(CoreBinding.Policy.AUTO, 2, null));
    }

    @Test
    void autoBindsAJobWithOnePePerCpuAndNoOther() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        assertArrayEquals(new int[] {2, 3, 5}, CoreBinding.cpus(CoreBinding.Policy.AUTO, 3, List.of(2, 3, 5)));
        assertNull(CoreBinding.cpus(CoreBinding.Policy.AUTO, 2, List.of(2, 3, 5)), "fewer PEs than CPUs");
        assertNull(CoreBinding.cpus(CoreBinding.Policy.AUTO, 4, List.of(2, 3, 5)), "more PEs than CPUs");
    }

    @Test
    void coreBindsRoundRobinAndNoneNever() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        assertArrayEquals(new int[] {0, 4, 0, 4, 0}, CoreBinding.cpus(CoreBinding.Policy.CORE, 5, List.of(0, 4)));
        assertArrayEquals(new int[] {7}, CoreBinding.cpus(CoreBinding.Policy.CORE, 1, List.of(7, 8)));
        assertNull(CoreBinding.cpus(CoreBinding.Policy.NONE, 2, List.of(0, 1)));
        assertNull(CoreBinding.cpus(CoreBinding.Policy.CORE, 2, null), "CPUs unknown");
        assertNull(CoreBinding.cpus(CoreBinding.Policy.CORE, 2, List.of()), "CPUs unknown");
    }

    @Test
    void aBoundCommandRunsUnderTasksetWithTheJobsProcessorCount() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        List<String> bound = CoreBinding.bound(List.of("/jdk/bin/java", "-Xss1m", "Main", "arg"), 3, 4);
        assertEquals(List.of(CoreBinding.taskset().toString(), "-c", "3", "/jdk/bin/java",
                "-XX:ActiveProcessorCount=4", "-Xss1m", "Main", "arg"), bound);
    }

    @Test
    void cpuListsParseAsLinuxWritesThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CoreBinding.parseCpuList("0-3,8,10-11"));
        assertEquals(List.of(5), CoreBinding.parseCpuList("5"));
        assertThrows(IllegalArgumentException.class, () -> CoreBinding.parseCpuList("3-1"));
        assertThrows(NumberFormatException.class, () -> CoreBinding.parseCpuList("a-b"));
        assertNotNull(ALLOWED, "this Linux host's /proc/self/status has Cpus_allowed_list");
        assertEquals(Runtime.getRuntime().availableProcessors(), ALLOWED.size());
    }

    @Test
    void theOptionTakesAutoCoreOrNone() {
        assertEquals(CoreBinding.Policy.CORE, CoreBinding.Policy.parse("core"));
        assertEquals(CoreBinding.Policy.NONE, CoreBinding.Policy.parse("NONE"));
        assertEquals(CoreBinding.Policy.AUTO,
                RunOptions.parse(List.of("-np", "2", "Main")).bindTo(), "the default");
        assertEquals(CoreBinding.Policy.NONE,
                RunOptions.parse(List.of("-np", "2", "--bind-to", "none", "Main")).bindTo());
        assertEquals(CoreBinding.Policy.CORE, RunOptions.parse(List.of("-np", "2", "--bind-to=core", "Main")).bindTo());
        UsageException e = assertThrows(UsageException.class,
                () -> RunOptions.parse(List.of("-np", "2", "--bind-to", "socket", "Main")));
        assertTrue(e.getMessage().contains("--bind-to socket: give auto, core or none"), e.getMessage());
        e = assertThrows(UsageException.class,
                () -> RunOptions.parse(List.of("-np", "2", "--bind-to", "core", "--hosts", "a:1,b:1", "Main")));
        assertTrue(e.getMessage().contains("not every PE runs here"), e.getMessage());
        e = assertThrows(UsageException.class,
                () -> RunOptions.parse(List.of("--slurm", "--bind-to", "core", "Main")));
        assertTrue(e.getMessage().contains("srun --cpu-bind=cores"), e.getMessage());
    }

    @Test
    void aJobWithAPePerCpuHasEachPeOnItsOwnCpu() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        assumeTrue(ALLOWED != null && ALLOWED.size() >= 2 && ALLOWED.size() <= 8, "2 to 8 CPUs here");
        TreeMap<Integer, String[]> pes = affinities(ALLOWED.size(), List.of());
        for (int rank = 0; rank < ALLOWED.size(); rank++) {
            assertEquals(Integer.toString(ALLOWED.get(rank)), pes.get(rank)[0], "PE " + rank + "'s CPUs");
            assertEquals(Integer.toString(ALLOWED.size()), pes.get(rank)[1], "PE " + rank + "'s JVM's processors");
        }
    }

    @Test
    void moreOrFewerPesThanCpusOrNoneRunUnbound() {
        assumeTrue(ALLOWED != null && ALLOWED.size() >= 2, "2 CPUs or more here");
        for (var pe : affinities(ALLOWED.size() + 1, List.of()).values()) {
            assertEquals(ALLOWED, CoreBinding.parseCpuList(pe[0]), "a job with more PEs than CPUs");
        }
        for (var pe : affinities(ALLOWED.size(), List.of("--bind-to", "none")).values()) {
            assertEquals(ALLOWED, CoreBinding.parseCpuList(pe[0]), "--bind-to none");
        }
    }

    @Test
    void bindToCoreSharesCpusRoundRobinWhenThereAreMorePes() {
        assumeTrue(CoreBinding.taskset() != null, "taskset (util-linux) is not installed");
        assumeTrue(ALLOWED != null && ALLOWED.size() >= 1 && ALLOWED.size() <= 4, "1 to 4 CPUs here");
        int np = ALLOWED.size() + 1;
        TreeMap<Integer, String[]> pes = affinities(np, List.of("--bind-to", "core"));
        for (int rank = 0; rank < np; rank++) {
            assertEquals(Integer.toString(ALLOWED.get(rank % ALLOWED.size())), pes.get(rank)[0], "PE " + rank);
        }
    }

    @Test
    void theLocalTransportRefusesBindToCore() {
        LaunchedJob.Result r = LaunchedJob.run(2, "local", 60, List.of("--bind-to", "core"), AffinityPe.class.getName());
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.toString().contains("--bind-to core binds processes"), r::toString);
    }

    /** Rank to {CPUs, processors} of a job of {@code np} AffinityPe PEs started with {@code options}. */
    private static TreeMap<Integer, String[]> affinities(int np, List<String> options) {
        LaunchedJob.Result r = LaunchedJob.run(np, "shm", 100, options, AffinityPe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        TreeMap<Integer, String[]> pes = new TreeMap<>();
        for (String line : r.lines()) {
            if (line.contains("AFFINITY ")) {
                String[] w = line.substring(line.indexOf("AFFINITY ")).split(" ");
                pes.put(Integer.parseInt(w[1]), new String[] {w[2], w[3]});
            }
        }
        assertEquals(np, pes.size(), r::toString);
        return pes;
    }
}
