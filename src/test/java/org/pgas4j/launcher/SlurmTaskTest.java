package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Slurm's variables as {@code --slurm} reads them, and the rendezvous file of a step. */
@Timeout(10)
class SlurmTaskTest {
    @TempDir
    Path dir;

    static Map<String, String> task(int rank) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_NTASKS", "7");
        env.put("SLURM_NNODES", "3");
        env.put("SLURM_NODEID", rank < 3 ? "0" : rank < 6 ? "1" : "2");
        env.put("SLURM_LOCALID", Integer.toString(rank < 3 ? rank : rank < 6 ? rank - 3 : 0));
        env.put("SLURM_STEP_TASKS_PER_NODE", "3(x2),1");
        env.put("SLURM_JOB_ID", "4242");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURMD_NODENAME", "cn" + env.get("SLURM_NODEID"));
        return env;
    }

    @Test
    void readsRankSizeNodeAndLocalRank() {
        assertEquals(new SlurmTask(4, 7, 1, 3, 1, 3, "cn1", "4242.0", null), SlurmTask.fromEnvironment(task(4)));
        assertEquals(new SlurmTask(6, 7, 2, 3, 0, 1, "cn2", "4242.0", null), SlurmTask.fromEnvironment(task(6)));
    }

    @Test
    void fallsBackToTheOlderNames() {
        Map<String, String> env = task(0);
        env.put("SLURM_NPROCS", env.remove("SLURM_NTASKS"));
        env.put("SLURM_JOB_NUM_NODES", env.remove("SLURM_NNODES"));
        env.put("SLURM_TASKS_PER_NODE", env.remove("SLURM_STEP_TASKS_PER_NODE"));
        env.remove("SLURMD_NODENAME");
        assertEquals(new SlurmTask(0, 7, 0, 3, 0, 3, "node0", "4242.0", null), SlurmTask.fromEnvironment(env));
    }

    @Test
    void aBlockStepOverNamedNodesGivesEveryTasksPlace() {
        Map<String, String> env = task(4);
        env.put("SLURM_STEP_NODELIST", "cn[0-1],cn2");
        Placement p = SlurmTask.fromEnvironment(env).placement();
        assertEquals(List.of("cn0", "cn1", "cn2"), p.nodes());
        assertEquals(new Placement.Slot("cn1", 1, 2, 3), p.slot(5));
        env.put("SLURM_DISTRIBUTION", "cyclic");
        assertEquals(null, SlurmTask.fromEnvironment(env).placement(), "a cyclic step is not a block placement");
    }

    @Test
    void expandsSlurmHostLists() {
        assertEquals(List.of("cn01", "cn02", "cn03", "cn7", "gpu5"), SlurmHostList.expand("cn[01-03,7],gpu5"));
        assertEquals(List.of("a"), SlurmHostList.expand("a"));
        assertThrows(UsageException.class, () -> SlurmHostList.expand("cn[1-"));
        assertThrows(UsageException.class, () -> SlurmHostList.expand("cn[3-1]"));
        assertThrows(UsageException.class, () -> SlurmHostList.expand("a,,b"));
    }

    @Test
    void expandsTheTasksPerNodeList() {
        assertEquals(List.of(2, 2, 2, 1), SlurmTask.tasksPerNode("2(x3),1", "X"));
        assertEquals(List.of(4), SlurmTask.tasksPerNode("4", "X"));
        assertThrows(UsageException.class, () -> SlurmTask.tasksPerNode("2(3)", "X"));
        assertThrows(UsageException.class, () -> SlurmTask.tasksPerNode("0", "X"));
    }

    @Test
    void missingOrInconsistentVariablesAreNamed() {
        assertMessage(Map.of(), "--slurm: SLURM_NTASKS is not set; run 'srun bin/pgas4j run --slurm ...'");
        Map<String, String> env = task(0);
        env.put("SLURM_PROCID", "7");
        assertMessage(env, "SLURM_PROCID=7 is outside [0, 6]");
        env = task(0);
        env.put("SLURM_STEP_TASKS_PER_NODE", "3(x2),2");
        assertMessage(env, "adds up to 8 tasks but SLURM_NTASKS is 7");
        env = task(0);
        env.put("SLURM_STEP_TASKS_PER_NODE", "3,4");
        assertMessage(env, "describes 2 nodes but the step has 3");
        env = task(6);
        env.put("SLURM_LOCALID", "1");
        assertMessage(env, "SLURM_LOCALID=1 is outside [0, 0]");
        env = task(0);
        env.put("SLURM_NODEID", "x");
        assertMessage(env, "SLURM_NODEID='x' is not a whole number");
    }

    @Test
    void theRendezvousFileIsPrivateAndRoundTrips() throws Exception {
        Path file = RendezvousFile.of(dir.resolve("shared"), "4242.0");
        RendezvousFile.Contents c = new RendezvousFile.Contents("10.77.0.1:4000", "0123456789abcdef",
                "0123456789abcdef0123456789abcdef");
        RendezvousFile.write(file, c);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals(c, RendezvousFile.await(file, 1000));
        assertEquals(dir.resolve("x"), RendezvousFile.directory(Map.of(RendezvousFile.DIR_VARIABLE, dir.resolve("x").toString())));
        assertEquals(Path.of("/home/u/.pgas4j/rendezvous"), RendezvousFile.directory(Map.of("HOME", "/home/u")));
    }

    @Test
    void aMissingOrForgedRendezvousFileIsReported() throws Exception {
        IOException e = assertThrows(IOException.class, () -> RendezvousFile.await(dir.resolve("none"), 200));
        assertTrue(e.getMessage().contains("task 0 did not publish its rendezvous"), e.getMessage());
        Path bad = dir.resolve("bad");
        Files.writeString(bad, "rendezvous=x\njob=zz\nsecret=1\n");
        e = assertThrows(IOException.class, () -> RendezvousFile.await(bad, 200));
        assertTrue(e.getMessage().contains("is not a pgas4j rendezvous file"), e.getMessage());
    }

    private static void assertMessage(Map<String, String> env, String expected) {
        UsageException e = assertThrows(UsageException.class, () -> SlurmTask.fromEnvironment(env));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
