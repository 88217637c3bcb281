package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.launcher.testpes.ExecMemoPe;
import org.pgas4j.launcher.testpes.HostsPe;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.RuntimeJar;
import org.pgas4j.testing.SlurmCluster;
import org.pgas4j.testing.SystemComponent;

/**
 * Jobs started by a real Slurm ({@link SlurmCluster}: munged, slurmctld and slurmd started for
 * this class) with {@code srun --mpi=pmix}: one PE per task through {@code pgas4j exec} and as a
 * plain {@code java} command (the PMIx bootstrap), and {@code pgas4j run --slurm} (task 0's
 * rendezvous handed over through PMIx, no shared file; without PMIx, the rendezvous file); a PE
 * killed with SIGKILL ends the step with the PE named and no shared file left, also a lone PE under
 * {@code bin/pgas4j exec} and every PE of a plain {@code java} job killed at once (no shared file
 * keeps a name while in use); {@code mpirun --oversubscribe --allow-run-as-root} jobs and a killed PE
 * under mpirun; repeated init/finalize pairs under {@code run --slurm} (each task's PE rejoins task
 * 0's rendezvous), and the one-pair limit of a PE started through PMIx; statistics under {@code run
 * --slurm} and under PMIx alone. Skipped where Slurm, munge or libpmix is missing or
 * the tests do not run as root.
 */
@Needs({SystemComponent.ROOT, SystemComponent.SLURM, SystemComponent.PMIX})
@Timeout(120)
class PmixLaunchTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String MAIN = LauncherProcess.MAIN_CLASSES.toString();
    private static final String TESTS = LauncherProcess.TEST_CLASSES.toString();
    /** HostsPe's line: PE, size, node, nodes, local rank, local size, host, allreduce, pid. */
    private static final Pattern LINE = Pattern.compile(
            "PE (\\d+) of (\\d+) node (\\d+) of (\\d+) local (\\d+) of (\\d+) host (\\S+): ring ok, allreduce (\\d+), pid (\\d+)");

    @TempDir
    static Path clusterDir;
    private static SlurmCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSlurm() throws Exception {
        cluster = SlurmCluster.start(clusterDir);
    }

    @AfterAll
    static void stopSlurm() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** {@code java} with pgas4j's launcher options and the shared files in this test's directory. */
    private List<String> java() {
        return new ArrayList<>(List.of(JAVA, "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Dpgas4j.shm.dir=" + shmDir(), "-Dpgas4j.segment.size=1m"));
    }

    private Path shmDir() {
        return dir.resolve("shm");
    }

    private List<String> srun(int n, String... more) {
        List<String> cmd = new ArrayList<>(List.of("srun", "--mpi=pmix", "-n", Integer.toString(n)));
        cmd.addAll(List.of(more));
        return cmd;
    }

    /** {@code srun} (its words) running {@code pgas4j run --slurm HostsPe ARGS} as every task. */
    private ProcessBuilder runSlurm(List<String> srun, String... args) {
        List<String> cmd = new ArrayList<>(srun);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN, Launcher.class.getName(), "run", "--slurm", "-Dpgas4j.shm.dir=" + shmDir(),
                "-Dpgas4j.segment.size=1m", "-cp", TESTS, HostsPe.class.getName()));
        cmd.addAll(List.of(args));
        return cluster.command(cmd);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void pgas4jExecStartsOnePePerSrunTask(int n) throws Exception {
        List<String> cmd = srun(n);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN, Launcher.class.getName(), "exec", "-Dpgas4j.shm.dir=" + shmDir(),
                "-Dpgas4j.segment.size=1m", "-cp", TESTS, HostsPe.class.getName()));
        assertRing(run(cluster.command(cmd)), n);
    }

    @Test
    void binPgas4jExecRunsThePeUnderSrunAndMpirunAndCleansUpAfterALonePe() throws Exception {
        // bin/pgas4j runs this build's classes as a jar (the suite runs before Maven packages one).
        Path jar = RuntimeJar.pack(LauncherProcess.MAIN_CLASSES, dir.resolve("pgas4j.jar"));
        List<String> exec = binPgas4jExec(HostsPe.class);
        List<String> cmd = srun(2);
        cmd.addAll(exec);
        assertRing(run(withJar(cluster.command(cmd), jar)), 2);
        if (SystemComponent.OPENMPI.missing().isEmpty()) {
            cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-n", "2"));
            cmd.addAll(exec);
            assertRing(run(withJar(new ProcessBuilder(cmd), jar)), 2);
        }
        // The only PE of its node killed: no other PE is left there, bin/pgas4j removes its files.
        cmd = srun(1);
        cmd.addAll(exec);
        cmd.add("hold");
        Path out = dir.resolve("lone.out");
        Path err = dir.resolve("lone.err");
        Process p = withJar(cluster.command(cmd), jar).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            Matcher m = LINE.matcher(awaitLines(p, out, err, 1).getFirst());
            assertTrue(m.find());
            assertEquals(List.of(), List.of(listShm()), "a running PE's shared files have no names");
            ProcessHandle.of(Long.parseLong(m.group(9))).orElseThrow().destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "srun did not end after its only PE was killed");
            assertNotEquals(0, p.exitValue());
            assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * bin/pgas4j exec keeps the PE's command in the PMIx server's directory of the host, or, where
     * the launcher gives none, in a temporary file that it removes; the marker in which a PE names
     * its shared files goes too: nothing is left in {@code $TMPDIR} either way.
     */
    @Test
    void binPgas4jExecLeavesNothingInTheTemporaryDirectory() throws Exception {
        Path jar = RuntimeJar.pack(LauncherProcess.MAIN_CLASSES, dir.resolve("pgas4j.jar"));
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        List<String> exec = binPgas4jExec(HostsPe.class);
        for (boolean serverDirectory : new boolean[] {true, false}) {
            List<String> cmd = srun(2);
            if (!serverDirectory) {
                cmd.addAll(List.of("env", "-u", "PMIX_SERVER_TMPDIR"));
            }
            cmd.addAll(exec);
            ProcessBuilder pb = withJar(cluster.command(cmd), jar);
            pb.environment().put("TMPDIR", tmp.toString());
            assertRing(run(pb), 2);
            try (Stream<Path> left = Files.list(tmp)) {
                assertEquals(List.of(), left.toList(), "left in TMPDIR, with the server's directory: " + serverDirectory);
            }
        }
    }

    @Test
    void binPgas4jExecComputesThePeCommandOncePerHostOfAStep() throws Exception {
        Path jar = RuntimeJar.pack(LauncherProcess.MAIN_CLASSES, dir.resolve("pgas4j.jar"));
        List<String> cmd = srun(4);
        cmd.addAll(binPgas4jExec(ExecMemoPe.class));
        Result r = run(withJar(cluster.command(cmd), jar));
        assertEquals(0, r.status(), r::toString);
        List<String> lines = r.out().lines().sorted().toList();
        assertEquals(List.of("PE 0: memos 1, own command true", "PE 1: memos 1, own command true",
                "PE 2: memos 1, own command true", "PE 3: memos 1, own command true"), lines, r::toString);
        assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
    }

    /** {@code bin/pgas4j exec} of {@code main} from the test classes, this test's shm directory and a 1 MiB segment. */
    private List<String> binPgas4jExec(Class<?> main) {
        return List.of(LauncherProcess.REPO.resolve("bin/pgas4j").toString(), "-Dpgas4j.shm.dir=" + shmDir(), "exec",
                "-Dpgas4j.segment.size=1m", "-cp", TESTS, main.getName());
    }

    private static ProcessBuilder withJar(ProcessBuilder pb, Path jar) {
        pb.environment().put("PGAS4J_JAR", jar.toString());
        return pb;
    }


    @ParameterizedTest
    @ValueSource(ints = {5, 8})
    void aPlainJavaPeUnderSrunFindsItsJobThroughPmix(int n) throws Exception {
        List<String> cmd = srun(n);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName()));
        assertRing(run(cluster.command(cmd)), n);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 8})
    void runSlurmUnderSrunMpiPmixNeedsNoSharedDirectory(int n) throws Exception {
        ProcessBuilder pb = runSlurm(srun(n));
        Path nowhere = dir.resolve("no-such-shared-directory");
        pb.environment().put(RendezvousFile.DIR_VARIABLE, nowhere.toString());
        assertRing(run(pb), n);
        assertTrue(Files.notExists(nowhere), "no rendezvous file was written");
    }

    @Test
    void aPeKilledUnderSrunEndsTheStepNamingItAndLeavesNoSharedFile() throws Exception {
        List<String> cmd = srun(4);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName(), "hold"));
        assertKilledPeIsNamed(cluster.command(cmd), 4, "srun");
    }

    @Test
    void underRunSlurmEveryTasksPeInitsAgainAfterFinalizing() throws Exception {
        List<String> cmd = srun(3);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN, Launcher.class.getName(), "run", "--slurm", "-Dpgas4j.shm.dir=" + shmDir(),
                "-Dpgas4j.segment.size=1m", "-cp", TESTS, "org.pgas4j.shmem.RepeatedInitPe", "2"));
        ProcessBuilder pb = cluster.command(cmd);
        pb.environment().put(RendezvousFile.DIR_VARIABLE, dir.resolve("no-such-shared-directory").toString());
        Result r = run(pb);
        assertEquals(0, r.status(), r::toString);
        for (int pe = 0; pe < 3; pe++) {
            for (int pair = 1; pair <= 2; pair++) {
                assertTrue(r.out().contains("PAIR " + pair + " PE " + pe + " OF 3 OK"), "PE " + pe + " pair " + pair + ": " + r);
            }
        }
        assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
    }

    @Test
    void aPeStartedThroughPmixMakesOneInitFinalizePairAndIsToldSo() throws Exception {
        List<String> cmd = srun(2);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, "org.pgas4j.shmem.RepeatedInitPe", "2"));
        Result r = run(cluster.command(cmd));
        assertNotEquals(0, r.status(), r::toString);
        assertTrue(r.out().contains("PAIR 1 PE 0 OF 2 OK") && r.out().contains("PAIR 1 PE 1 OF 2 OK"), r::toString);
        assertTrue(r.err().contains("a PE started by a PMIx launcher (srun, mpirun) initialises one client in its life"),
                r::toString);
    }

    @Test
    void everyPeOfAPlainJavaJobKilledAtOnceUnderSrunLeavesNoSharedFile() throws Exception {
        List<String> cmd = srun(3);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName(), "hold"));
        assertKillingEveryPeLeavesNoSharedFile(cluster.command(cmd), 3, "srun");
    }

    @Test
    @Needs(SystemComponent.OPENMPI)
    void aLonePlainJavaPeKilledUnderMpirunLeavesNoSharedFile() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-n", "1"));
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName(), "hold"));
        assertKillingEveryPeLeavesNoSharedFile(new ProcessBuilder(cmd), 1, "mpirun");
    }

    /**
     * Starts a job of plain {@code java} PEs (nobody around them to clean up), kills all of them
     * with SIGKILL at once (so that no PE survives to remove anything) and checks that the
     * launcher ends and no shared file, of any name, is left.
     */
    private void assertKillingEveryPeLeavesNoSharedFile(ProcessBuilder pb, int n, String launcher) throws Exception {
        Files.createDirectories(shmDir());
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            List<ProcessHandle> pes = new ArrayList<>();
            for (long pid : runningPePids(p, out, err, n).values()) {
                pes.add(ProcessHandle.of(pid).orElseThrow());
            }
            pes.forEach(ProcessHandle::destroyForcibly);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), launcher + " did not end after its PEs were killed");
            for (ProcessHandle pe : pes) {
                assertTrue(pe.onExit().get(10, TimeUnit.SECONDS) != null, "PE pid " + pe.pid() + " ended");
            }
            assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void runSlurmWithoutPmixUsesTheRendezvousFile() throws Exception {
        ProcessBuilder pb = runSlurm(new ArrayList<>(List.of("srun", "--mpi=none", "-n", "2")));
        Path shared = dir.resolve("shared");
        pb.environment().put(RendezvousFile.DIR_VARIABLE, shared.toString());
        assertRing(run(pb), 2);
        assertTrue(Files.isDirectory(shared), "task 0 wrote its rendezvous file there");
        assertEquals(0, shared.toFile().list().length, "and removed it at the end");
    }

    @Test
    void runSlurmWithStatsWritesOneReportOfEveryTasksPe() throws Exception {
        Path report = dir.resolve("slurm-stats.json");
        List<String> cmd = srun(3);
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN, Launcher.class.getName(), "run", "--slurm", "--stats=" + report,
                "-Dpgas4j.shm.dir=" + shmDir(), "-Dpgas4j.segment.size=1m", "-cp", TESTS,
                org.pgas4j.launcher.testpes.StatsScriptPe.class.getName()));
        Result r = run(cluster.command(cmd));
        assertEquals(0, r.status(), r::toString);
        assertScriptedReport(report, r);
    }

    @Test
    void pmixStartedPesWithStatisticsWriteOneReportAtPeZero() throws Exception {
        Path report = dir.resolve("pmix-stats.json");
        List<String> cmd = srun(3);
        cmd.addAll(java());
        cmd.addAll(List.of("-Dpgas4j.stats=true", "-Dpgas4j.stats.file=" + report, "-cp", MAIN + File.pathSeparator + TESTS,
                org.pgas4j.launcher.testpes.StatsScriptPe.class.getName()));
        Result r = run(cluster.command(cmd));
        assertEquals(0, r.status(), r::toString);
        assertScriptedReport(report, r);
    }

    private static void assertScriptedReport(Path report, Result r) throws IOException {
        org.pgas4j.internal.stats.StatsReport.Matrices m = org.pgas4j.internal.stats.StatsReport.read(report);
        long[][][] want = StatisticsTest.expected();
        for (int f = 0; f < 3; f++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(want[0][f], m.bytes()[f], "bytes from PE " + f);
            org.junit.jupiter.api.Assertions.assertArrayEquals(want[1][f], m.ops()[f], "operations from PE " + f);
        }
        assertEquals(List.of(), m.missing(), r::toString);
        assertTrue(r.err().contains("busiest pairs: "), "the summary was printed: " + r);
    }

    @Test
    void aPeKilledUnderRunSlurmEndsTheStepNamingIt() throws Exception {
        ProcessBuilder pb = runSlurm(srun(4), "hold");
        pb.environment().put(RendezvousFile.DIR_VARIABLE, dir.resolve("no-such-shared-directory").toString());
        assertKilledPeIsNamed(pb, 4, "srun");
    }

    @Test
    @Needs(SystemComponent.OPENMPI)
    void mpirunStartsAJob() throws Exception {
        for (int n : new int[] {2, 5}) {
            List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-n",
                    Integer.toString(n)));
            cmd.addAll(java());
            cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName()));
            assertRing(run(new ProcessBuilder(cmd)), n);
        }
    }

    @Test
    @Needs(SystemComponent.OPENMPI)
    void aPeKilledUnderMpirunIsNamed() throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--allow-run-as-root", "-n", "3"));
        cmd.addAll(java());
        cmd.addAll(List.of("-cp", MAIN + File.pathSeparator + TESTS, HostsPe.class.getName(), "hold"));
        assertKilledPeIsNamed(new ProcessBuilder(cmd), 3, "mpirun");
    }

    private void assertKilledPeIsNamed(ProcessBuilder pb, int n, String launcher) throws Exception {
        Files.createDirectories(shmDir());
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            int victim = n - 2;
            long pid = runningPePids(p, out, err, n).get(victim);
            long killedAt = System.nanoTime();
            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), launcher + " did not end after PE " + victim + " was killed");
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
            String text = Files.readString(out) + Files.readString(err);
            assertNotEquals(0, p.exitValue(), text);
            // ours, from the other PEs; mpirun may end them first with its own line naming the rank
            assertTrue(text.contains("PE " + victim + " on host ")
                    || launcher.equals("mpirun") && text.contains("rank " + victim + " "), "the killed PE is named:\n" + text);
            assertTrue(millis < 15_000, "the job took " + millis + " ms to end\n" + text);
            assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * Waits for the ring lines of {@code n} running PEs and returns each PE's pid by rank, after
     * checking that the running job's shared files have no names.
     */
    private java.util.Map<Integer, Long> runningPePids(Process p, Path out, Path err, int n) throws Exception {
        java.util.Map<Integer, Long> pids = new java.util.TreeMap<>();
        for (String line : awaitLines(p, out, err, n)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.find(), line);
            pids.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(9)));
        }
        assertEquals(List.of(), List.of(listShm()), "the running PEs' shared files have no names");
        return pids;
    }

    private String[] listShm() {
        String[] names = shmDir().toFile().list();
        return names == null ? new String[0] : names;
    }

    private static List<String> awaitLines(Process p, Path out, Path err, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            List<String> lines = Files.readAllLines(out).stream().filter(l -> l.contains("ring ok")).toList();
            if (lines.size() >= n) {
                return lines;
            }
            if (!p.isAlive()) {
                break;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not " + n + " 'ring ok' lines; out:\n" + Files.readString(out) + "\nerr:\n"
                + Files.readString(err));
    }

    private record Result(int status, String out, String err) {
        @Override
        public String toString() {
            return "status " + status + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    private Result run(ProcessBuilder pb) throws IOException, InterruptedException {
        Files.createDirectories(shmDir());
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(pb.command() + " did not end within 90 s:\n" + Files.readString(out) + "\n"
                    + Files.readString(err));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private void assertRing(Result r, int n) {
        assertEquals(0, r.status(), r::toString);
        List<String> lines = Stream.of(r.out().split("\n")).filter(l -> l.contains("ring ok")).toList();
        assertEquals(n, lines.size(), r::toString);
        boolean[] seen = new boolean[n];
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.find(), line);
            int rank = Integer.parseInt(m.group(1));
            assertEquals(n, Integer.parseInt(m.group(2)), line);
            assertEquals("0", m.group(3), "one node: " + line);
            assertEquals("1", m.group(4), "one node: " + line);
            assertEquals(Integer.toString(rank), m.group(5), "local rank: " + line);
            assertEquals(Integer.toString(n), m.group(6), "local size: " + line);
            assertEquals(Long.toString((long) n * (n - 1) / 2), m.group(8), "allreduce: " + line);
            seen[rank] = true;
        }
        for (int i = 0; i < n; i++) {
            assertTrue(seen[i], "PE " + i + " ran: " + r);
        }
        assertEquals(List.of(), List.of(listShm()), "shared files left in " + shmDir());
    }
}
