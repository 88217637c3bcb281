package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.HostsPe;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * The ssh spawner through a stand-in ssh that runs the remote command string with {@code sh -c}
 * on this host (as sshd hands it to the login shell), and the Slurm mode with srun's variables
 * set by hand for each task: there is neither an ssh server nor Slurm here.
 */
@Needs(SystemComponent.UCX)
class SshAndSlurmLauncherTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    /** ssh [-o OPT] [-T] [-x] HOST COMMAND...: joins COMMAND with spaces and gives it to sh -c. */
    private static final String FAKE_SSH = """
            #!/bin/sh
            while [ $# -gt 0 ]; do
              case "$1" in -o) shift 2 ;; -T|-x) shift ;; *) break ;; esac
            done
            echo "$1" >> "$(dirname "$0")/ssh-hosts"
            shift
            exec sh -c "$*"
            """;

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void theSshSpawnerForwardsTheEnvironmentOnTheCommandLineAndTheSecretOnStdin() throws Exception {
        Path ssh = fakeSsh();
        LauncherProcess.Result r = LauncherProcess.start(dir,
                List.of("-Dpgas4j.launcher.spawner=ssh", "-Dpgas4j.launcher.ssh=" + ssh), "run", "-np", "4",
                "--hosts", "localhost:2,127.0.0.1:2", "--env", "PGAS4J_ENDPOINTS_MAX=32", "--tag-output", "-cp", CP,
                HostsPe.class.getName()).await();
        assertEquals(0, r.status(), r::toString);
        MultiHostLauncherTest.assertPlacement(r.outLines(), 4, List.of("localhost", "localhost", "127.0.0.1", "127.0.0.1"),
                new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}, new int[] {2, 2, 2, 2}, 2);
        assertEquals(List.of("localhost", "localhost", "127.0.0.1", "127.0.0.1"),
                Files.readAllLines(dir.resolve("ssh-hosts")).stream().sorted(java.util.Comparator.reverseOrder()).toList());
    }

    @Test
    @Timeout(60)
    void aHostReachedOverSshThatLosesItsPesIsNamed() throws Exception {
        LauncherProcess launcher = LauncherProcess.start(dir,
                List.of("-Dpgas4j.launcher.spawner=ssh", "-Dpgas4j.launcher.ssh=" + fakeSsh()), "run", "-np", "4",
                "--hosts", "localhost:2,127.0.0.1:2", "--tag-output", "-cp", CP, HostsPe.class.getName(), "hold");
        List<String> lines = launcher.awaitLines("ring ok", 4);
        long killedAt = System.nanoTime();
        for (String line : lines) {
            Matcher m = MultiHostLauncherTest.LINE.matcher(line);
            assertTrue(m.matches(), line);
            if (m.group(8).equals("127.0.0.1")) {
                ProcessHandle.of(Long.parseLong(m.group(10))).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        LauncherProcess.Result r = launcher.await();
        long millis = (System.nanoTime() - killedAt) / 1_000_000;
        assertTrue(r.status() != 0, r::toString);
        assertTrue(r.err().contains("pgas4j: host 127.0.0.1 lost all its PEs (2, 3): PE "), r::toString);
        assertTrue(r.err().contains(" there)"), "the PE is named with its pid on its host\n" + r);
        assertTrue(millis < 10_000, "the job took " + millis + " ms to fail after the kill\n" + r);
    }

    @Test
    @Timeout(60)
    void slurmTasksEachRunOnePeAndTaskZeroHostsTheRendezvous() throws Exception {
        List<LauncherProcess> tasks = startTasks();
        List<String> out = new ArrayList<>();
        for (LauncherProcess t : tasks) {
            LauncherProcess.Result r = t.await();
            assertEquals(0, r.status(), r::toString);
            out.addAll(r.outLines());
        }
        MultiHostLauncherTest.assertPlacement(out, 3, List.of("cn0", "cn0", "cn1"), new int[] {0, 0, 1},
                new int[] {0, 1, 0}, new int[] {2, 2, 1}, 2);
        assertFalse(Files.exists(RendezvousFile.of(dir.resolve("shared"), "77.3")), "task 0 left its rendezvous file");
    }

    @Test
    @Timeout(60)
    void aSlurmTaskWhosePeDiesFailsTheWholeStep() throws Exception {
        List<LauncherProcess> tasks = startTasks("hold");
        List<String> ready = tasks.get(2).awaitLines("ring ok", 1);
        Matcher m = MultiHostLauncherTest.LINE.matcher(ready.getFirst());
        assertTrue(m.matches(), ready.getFirst());
        long killedAt = System.nanoTime();
        ProcessHandle.of(Long.parseLong(m.group(10))).ifPresent(ProcessHandle::destroyForcibly);
        LauncherProcess.Result zero = tasks.get(0).await();
        for (LauncherProcess t : tasks.subList(1, 3)) {
            assertTrue(t.await().status() != 0);
        }
        long millis = (System.nanoTime() - killedAt) / 1_000_000;
        assertTrue(zero.status() != 0, zero::toString);
        assertTrue(zero.err().contains("pgas4j: host cn1 lost its PE (2): PE 2 on host cn1 (pid " + m.group(10)
                + " there) closed its connection to the launcher without finalizing"), zero::toString);
        assertTrue(millis < 10_000, "the step took " + millis + " ms to fail\n" + zero);
    }

    private Path fakeSsh() throws java.io.IOException {
        Path ssh = dir.resolve("ssh");
        Files.writeString(ssh, FAKE_SSH);
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        return ssh;
    }

    /** Starts the three tasks of a step on two emulated nodes: tasks 0 and 1 on cn0, task 2 on cn1. */
    private List<LauncherProcess> startTasks(String... programArgs) throws Exception {
        List<LauncherProcess> tasks = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            Map<String, String> env = new java.util.HashMap<>();
            env.put("SLURM_PROCID", Integer.toString(rank));
            env.put("SLURM_NTASKS", "3");
            env.put("SLURM_NNODES", "2");
            env.put("SLURM_NODEID", rank < 2 ? "0" : "1");
            env.put("SLURM_LOCALID", Integer.toString(rank < 2 ? rank : 0));
            env.put("SLURM_STEP_TASKS_PER_NODE", "2,1");
            env.put("SLURM_STEP_NODELIST", "cn[0-1]");
            env.put("SLURM_JOB_ID", "77");
            env.put("SLURM_STEP_ID", "3");
            env.put("SLURMD_NODENAME", rank < 2 ? "cn0" : "cn1");
            env.put(RendezvousFile.DIR_VARIABLE, dir.resolve("shared").toString());
            List<String> args = new ArrayList<>(List.of("run", "--slurm", "--rendezvous-address", "127.0.0.1",
                    "--tag-output", "-cp", CP, HostsPe.class.getName()));
            args.addAll(List.of(programArgs));
            tasks.add(LauncherProcess.startWith(dir, List.of(), env, List.of(), args.toArray(String[]::new)));
        }
        return tasks;
    }
}
