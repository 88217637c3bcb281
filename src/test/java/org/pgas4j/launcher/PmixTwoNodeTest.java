package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.examples.RingDemo;
import org.pgas4j.launcher.testpes.BootstrapBarrierPe;
import org.pgas4j.launcher.testpes.HostsPe;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.RuntimeJar;
import org.pgas4j.testing.SlurmCluster;
import org.pgas4j.testing.SystemComponent;

/**
 * Steps that span two hosts under a real Slurm: {@link SlurmCluster#startTwoNodes} with node
 * {@code n1} (and the controller) in one network namespace and {@code n2} in another, joined by a
 * veth ({@link NamespacePair}). {@code srun --mpi=pmix -N 2} of plain {@code java} PEs: the ring,
 * placement and allreduce over {@code hybrid} (shared memory within a node, UCX over the veth);
 * {@code pgas4j run --slurm} over the same two nodes (with {@code --rendezvous-address}, as this
 * host's name resolves to loopback); a PE killed with SIGKILL on the second node, alone there,
 * ends the step naming it, and no shared file is left; the bootstrap's barriers hold across the
 * nodes; {@code bin/pgas4j exec} starts the PEs of both nodes. Skipped where Slurm, munge,
 * libpmix, UCX or {@code ip} is missing or the tests do not run as root.
 */
@Needs({SystemComponent.ROOT, SystemComponent.SLURM, SystemComponent.PMIX, SystemComponent.UCX,
    SystemComponent.IPROUTE2})
@Timeout(150)
class PmixTwoNodeTest {
    private static final long PID = ProcessHandle.current().pid();
    private static final String NS_A = "pgas4j-s" + PID + "-a";
    private static final String NS_B = "pgas4j-s" + PID + "-b";
    private static final String VETH = "pg4js" + PID % 100000;
    private static final String ADDRESS_A = "10.77.5.1";
    private static final String ADDRESS_B = "10.77.5.2";
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String CP = LauncherProcess.MAIN_CLASSES + File.pathSeparator + LauncherProcess.TEST_CLASSES;
    /** HostsPe's line: PE, size, node, nodes, local rank, local size, host, allreduce, pid. */
    private static final Pattern LINE = Pattern.compile(
            "PE (\\d+) of (\\d+) node (\\d+) of (\\d+) local (\\d+) of (\\d+) host (\\S+): ring ok, allreduce (\\d+), pid (\\d+)");

    @TempDir
    static Path clusterDir;
    private static NamespacePair hosts;
    private static SlurmCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startTwoNodes() throws Exception {
        hosts = NamespacePair.create(NS_A, NS_B, VETH, ADDRESS_A, VETH, ADDRESS_B);
        cluster = SlurmCluster.startTwoNodes(clusterDir, NS_A, ADDRESS_A, NS_B, ADDRESS_B);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (hosts != null) {
            hosts.remove();
        }
    }

    /** {@code srun --mpi=pmix -N 2 --ntasks-per-node=2} of a plain {@code java} PE running {@code main}. */
    private ProcessBuilder srun(String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of("srun", "--mpi=pmix", "-N", "2", "--ntasks-per-node=2",
                JAVA, "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dpgas4j.shm.dir=" + shmDir(), "-Dpgas4j.segment.size=1m", "-cp", CP, main));
        cmd.addAll(List.of(args));
        return cluster.command(cmd);
    }

    private Path shmDir() {
        return dir.resolve("shm");
    }

    private List<String> shmFiles() {
        String[] names = shmDir().toFile().list();
        return names == null ? List.of() : List.of(names);
    }

    @Test
    void aRingSpansTwoNodesOverHybrid() throws Exception {
        String out = run(srun(HostsPe.class.getName()));
        List<String> lines = out.lines().filter(l -> l.contains("ring ok")).toList();
        assertEquals(4, lines.size(), out);
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.find(), line);
            int rank = Integer.parseInt(m.group(1));
            int node = rank / 2; // Slurm's block distribution: ranks 0 and 1 on n1, 2 and 3 on n2
            assertEquals("4", m.group(2), line);
            assertEquals(Integer.toString(node), m.group(3), line);
            assertEquals("2", m.group(4), line);
            assertEquals(Integer.toString(rank % 2), m.group(5), line);
            assertEquals("2", m.group(6), line);
            assertEquals("n" + (node + 1), m.group(7), line);
            assertEquals("6", m.group(8), line);
        }
        out = run(srun(RingDemo.class.getName()));
        assertEquals(4, out.lines().filter(l -> l.matches("PE \\d of 4 \\(hybrid\\): .* verified")).count(), out);
        assertEquals(List.of(), shmFiles(), "shared files left");
    }

    /**
     * {@code srun --mpi=pmix -N 2 bin/pgas4j exec}: each node's first task computes the PE command
     * and its other task reads it; the ring runs over {@code hybrid} and leaves no shared file.
     */
    @Test
    void binPgas4jExecSpansTwoNodes() throws Exception {
        Path jar = RuntimeJar.pack(LauncherProcess.MAIN_CLASSES, dir.resolve("pgas4j.jar"));
        ProcessBuilder pb = cluster.command(List.of("srun", "--mpi=pmix", "-N", "2", "--ntasks-per-node=2",
                LauncherProcess.REPO.resolve("bin/pgas4j").toString(), "-Dpgas4j.shm.dir=" + shmDir(), "exec",
                "-Dpgas4j.segment.size=1m", "-cp", LauncherProcess.TEST_CLASSES.toString(), HostsPe.class.getName()));
        pb.environment().put("PGAS4J_JAR", jar.toString());
        String out = run(pb);
        List<String> lines = out.lines().filter(l -> l.contains("ring ok")).toList();
        assertEquals(4, lines.size(), out);
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.find(), line);
            assertEquals("n" + (Integer.parseInt(m.group(1)) / 2 + 1), m.group(7), line);
        }
        assertEquals(List.of(), shmFiles(), "shared files left");
    }

    /**
     * The bootstrap's barrier and allgather hold across the nodes: Slurm's PMIx plugin ends a
     * fence that collects no data as soon as the node's own tasks have entered it (unless
     * {@code PMIxFenceBarrier} is set), so a barrier made of such a fence let PEs of one node run
     * ahead of the other's, and a PE read a peer's directory before it was written.
     */
    @Test
    void bootstrapBarriersHoldAcrossNodes() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("rounds"));
        String out = run(srun(BootstrapBarrierPe.class.getName(), shared.toString(), "150"));
        assertEquals(4, out.lines().filter(l -> l.endsWith(": 150 rounds, barriers held")).count(), out);
    }

    @Test
    void runSlurmSpansTwoNodesGivenARendezvousAddress() throws Exception {
        // This host's name resolves to loopback here, so task 0 is told where it listens.
        String out = run(cluster.command(List.of("srun", "--mpi=pmix", "-N", "2", "--ntasks-per-node=2", JAVA,
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                LauncherProcess.MAIN_CLASSES.toString(), Launcher.class.getName(), "run", "--slurm",
                "--rendezvous-address", ADDRESS_A, "-Dpgas4j.shm.dir=" + shmDir(), "-Dpgas4j.segment.size=1m",
                "-cp", CP, RingDemo.class.getName())));
        assertEquals(4, out.lines().filter(l -> l.matches("PE \\d of 4 \\(hybrid\\): .* verified")).count(), out);
        assertEquals(List.of(), shmFiles(), "shared files left");
    }

    @Test
    void aPeKilledAloneOnTheSecondNodeEndsTheStepNamingItAndLeavesNoSharedFile() throws Exception {
        Files.createDirectories(shmDir());
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        ProcessBuilder pb = cluster.command(List.of("srun", "--mpi=pmix", "-N", "2", "-n", "3", "--distribution=block",
                JAVA, "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dpgas4j.shm.dir=" + shmDir(), "-Dpgas4j.segment.size=1m", "-cp", CP, HostsPe.class.getName(), "hold"));
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            List<String> lines = List.of();
            while (lines.size() < 3 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
                lines = Files.readAllLines(out).stream().filter(l -> l.contains("ring ok")).toList();
            }
            assertEquals(3, lines.size(), () -> "out:\n" + read(out) + "\nerr:\n" + read(err));
            String victim = null;
            for (String line : lines) {
                Matcher m = LINE.matcher(line);
                assertTrue(m.find(), line);
                if (m.group(7).equals("n2")) {
                    assertEquals("1", m.group(6), "alone on n2: " + line);
                    assertTrue(NamespacePair.pids(NS_B).contains(m.group(9)), "runs in " + NS_B + ": " + line);
                    victim = m.group(1) + " " + m.group(9);
                }
            }
            assertTrue(victim != null, "a PE on n2: " + lines);
            String[] rankAndPid = victim.split(" ");
            assertEquals(List.of(), shmFiles(), "the running PEs' shared files have no names");
            long killedAt = System.nanoTime();
            ProcessHandle.of(Long.parseLong(rankAndPid[1])).orElseThrow().destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "srun did not end after PE " + rankAndPid[0] + " was killed");
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
            String text = read(out) + read(err);
            assertNotEquals(0, p.exitValue(), text);
            assertTrue(text.contains("PE " + rankAndPid[0] + " on host n2 ended without finalizing"), text);
            assertTrue(millis < 15_000, "the step took " + millis + " ms to end\n" + text);
            assertEquals(List.of(), shmFiles(), "shared files left");
        } finally {
            p.destroyForcibly();
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (java.io.IOException e) {
            return "(" + f + " unreadable: " + e + ")";
        }
    }

    private String run(ProcessBuilder pb) throws Exception {
        Files.createDirectories(shmDir());
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(100, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(pb.command() + " did not end within 100 s:\n" + read(out) + "\n" + read(err));
        }
        String text = read(out);
        assertEquals(0, p.exitValue(), () -> text + "\nstderr:\n" + read(err));
        return text;
    }
}
