package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.Setting;
import org.pgas4j.Settings;
import org.pgas4j.launcher.testpes.AllgatherPe;
import org.pgas4j.launcher.testpes.ExitStatusPe;
import org.pgas4j.launcher.testpes.HelloPe;
import org.pgas4j.launcher.testpes.MarkerPe;
import org.pgas4j.launcher.testpes.SigkillPe;
import org.pgas4j.launcher.testpes.SleepPe;
import org.pgas4j.launcher.testpes.UnfinalizedPe;
import org.pgas4j.launcher.testpes.WrongSecretPe;
import org.pgas4j.bootstrap.ShmFiles;

/** The launcher as a user runs it: real PE JVMs, real signals, real /dev/shm. */
class LauncherTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    private static final Path SHM = Path.of("/dev/shm");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 2, 3, 8})
    @Timeout(60)
    void runsEveryPeAndForwardsItsOutputUntagged(int np) throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", Integer.toString(np), "-cp", CP,
                AllgatherPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertEquals(np, r.outLines().size(), r::toString);
        assertEquals(np, r.errLines().size(), r::toString);
        for (int rank = 0; rank < np; rank++) {
            assertTrue(r.outLines().contains("out: PE " + rank + " of " + np + " allgather ok"), r::toString);
            assertTrue(r.errLines().contains("err: PE " + rank + " stderr line"), r::toString);
        }
    }

    @ParameterizedTest(name = "-np {0}")
    @ValueSource(ints = {1, 3})
    @Timeout(60)
    void aPesWatchdogEndsWhenItsJvmExitsSoTheExitDoesNotWaitForIt(int np) throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", Integer.toString(np), "-cp", CP,
                org.pgas4j.launcher.testpes.ExitHookPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        for (int pe = 0; pe < np; pe++) {
            assertTrue(r.outLines().contains("PE " + pe + " watchdog ended at exit: true"), r::toString);
        }
        assertEquals("", r.err(), r::toString);
    }

    @Test
    @Timeout(60)
    void aPeThatTakesSecondsToExitAfterItsConnectionClosedEndsTheJobWithItsOwnStatus() throws Exception {
        // PE 0's connection closes at the start of its exit, which then takes 2.5 s (a JVM writing an
        // AOT cache at exit): the job waits for the exit and reports its status, not the policy's 1.
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-cp", CP,
                org.pgas4j.launcher.testpes.SlowExitPe.class.getName(), "0", "3", "2500");
        assertEquals(3, r.status(), r::toString);
        assertFalse(r.err().contains("without finalizing"), "the closed connection is not the news: " + r);
        assertFalse(r.out().contains("passed a barrier"), r::toString);
    }

    @Test
    @Timeout(60)
    void aPeExitingUnfinalizedIsStillReportedAsSuch() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-cp", CP,
                org.pgas4j.launcher.testpes.ExitHookPe.class.getName(), "unfinalized");
        assertTrue(r.status() != 0, r::toString);
        assertTrue(r.err().contains("without finalizing"), r::toString);
        assertFalse(r.err().contains("lost the connection to the launcher"), "the exit hook's close is no failure: " + r);
    }

    @Test
    @Timeout(30)
    void tagOutputPrefixesEveryLineWithItsRank() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "--tag-output", "-cp", CP,
                AllgatherPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertEquals(3, r.outLines().size(), r::toString);
        for (String line : r.outLines()) {
            assertTrue(line.matches("\\[(\\d)] out: PE \\1 of 3 allgather ok"), line);
        }
        assertEquals(3, r.errLines().size(), r::toString);
        for (String line : r.errLines()) {
            assertTrue(line.matches("\\[(\\d)] err: PE \\1 stderr line"), line);
        }
    }

    @Test
    @Timeout(30)
    void theFailingPesStatusIsTheJobsStatusAndTheOthersAreStopped() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "-cp", CP,
                ExitStatusPe.class.getName(), "1", "3");
        assertEquals(3, r.status(), r::toString);
        List<String> reports = r.errLines().stream().filter(l -> l.startsWith("pgas4j: PE 1 (pid ")).toList();
        assertEquals(1, reports.size(), r::toString);
        assertTrue(reports.getFirst().endsWith(") exited with status 3"), r::toString);
        assertFalse(r.out().contains("passed a barrier"), r::toString);
    }

    @Test
    @Timeout(30)
    void aPeKilledBySigkillStopsTheJobAndLeavesNoSharedFiles() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "-cp", CP,
                SigkillPe.class.getName(), "2");
        assertEquals(128 + 9, r.status(), r::toString);
        assertTrue(r.err().lines().anyMatch(l -> l.matches("pgas4j: PE 2 \\(pid \\d+\\) was killed by signal 9 \\(SIGKILL\\)")),
                r::toString);
        assertTrue(r.millis() < 10_000, () -> "the job took " + r.millis() + " ms");
        Matcher m = Pattern.compile("job (\\p{XDigit}{16}) PE (\\d) pid (\\d+)").matcher(r.out());
        String job = null;
        int pes = 0;
        while (m.find()) {
            job = m.group(1);
            assertTrue(LauncherProcess.dead(Long.parseLong(m.group(3))), "PE " + m.group(2) + " still runs");
            pes++;
        }
        assertEquals(3, pes, r::toString);
        assertEquals(List.of(), jobFiles(SHM, job));
    }

    @Test
    @Timeout(30)
    void aJobPastItsTimeoutFailsNamingTheHungPe() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "--timeout", "2", "-cp", CP,
                SleepPe.class.getName(), "1");
        assertEquals(124, r.status(), r::toString);
        List<String> lines = r.errLines().stream().filter(l -> l.startsWith("pgas4j: the job timed out after 2 s")).toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.getFirst().matches(".*still running: PE 1 \\(pid \\d+\\)$"), r::toString);
        assertTrue(r.millis() < 10_000, () -> "the job took " + r.millis() + " ms");
    }

    @Test
    @Timeout(30)
    void aPeWithAWrongSecretIsRefusedAndDoesNotTakeTheRank() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-cp", CP, WrongSecretPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.out().contains("impostor refused: PE 0: the launcher refused to let this PE join the job: "
                + "authentication failed: wrong job secret"), r::toString);
        assertFalse(r.out().contains("IMPOSTOR JOINED"), r::toString);
        assertTrue(r.out().contains("PE 0 joined with the right secret"), r::toString);
        assertTrue(r.out().contains("PE 1 joined with the right secret"), r::toString);
        assertTrue(r.err().contains("pgas4j: refused a rendezvous connection claiming to be PE 0"), r::toString);
    }

    @Test
    @Timeout(30)
    void aJoinedPeThatExitsWithoutFinalizingFailsTheJob() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-cp", CP, UnfinalizedPe.class.getName());
        assertEquals(1, r.status(), r::toString);
        assertTrue(r.err().lines().anyMatch(l -> l.matches(
                "pgas4j: PE 1 \\(pid \\d+\\) exited with status 0 without finalizing while other PEs still run.*")),
                r::toString);
        assertTrue(r.millis() < 10_000, () -> "the job took " + r.millis() + " ms");
    }

    @Test
    @Timeout(30)
    void killingTheLauncherWithSigkillEndsItsPesAndTheyRemoveTheirFiles() throws Exception {
        LauncherProcess launcher = LauncherProcess.start(dir, List.of(), "run", "-np", "2", "-cp", CP,
                SleepPe.class.getName(), "all");
        List<Long> pids = joinedPids(launcher);
        String job = jobOf(launcher);
        assertEquals(2, jobFiles(SHM, job).size());
        launcher.process().destroyForcibly();
        awaitDead(pids, 6_000);
        assertEquals(List.of(), jobFiles(SHM, job));
    }

    @Test
    @Timeout(30)
    void stoppingTheLauncherWithSigtermStopsItsPesAndRemovesTheFiles() throws Exception {
        LauncherProcess launcher = LauncherProcess.start(dir, List.of(), "run", "-np", "2", "-cp", CP,
                SleepPe.class.getName(), "all");
        List<Long> pids = joinedPids(launcher);
        String job = jobOf(launcher);
        launcher.process().destroy();
        LauncherProcess.Result r = launcher.await();
        assertEquals(128 + 15, r.status(), r::toString);
        assertEquals(List.of("pgas4j: the launcher is stopping; stopping the job's PEs"), r.errLines(), r::toString);
        awaitDead(pids, 3_000);
        assertEquals(List.of(), jobFiles(SHM, job));
    }

    @Test
    @Timeout(30)
    void runsTheMainClassOfAJar() throws Exception {
        Path jar = dir.resolve("allgather.jar");
        writeJar(jar, AllgatherPe.class.getName());
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-jar", jar.toString());
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.outLines().contains("out: PE 1 of 2 allgather ok"), r::toString);
    }

    @Test
    @Timeout(30)
    void theLocalTransportRunsThePesInOneJvm() throws Exception {
        assumeTrue(Files.exists(LauncherProcess.MAIN_CLASSES.resolve(
                PeCommand.LOCAL_JOB_MAIN.replace('.', '/') + ".class")), "LocalJobMain is not built");
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "--transport", "local", "--tag-output",
                "-cp", CP, HelloPe.class.getName(), "world");
        assertEquals(0, r.status(), r::toString);
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.outLines().contains("[" + rank + "] hello world"), r::toString);
        }
    }

    static Stream<Arguments> badInputs() {
        String marker = MarkerPe.class.getName();
        return Stream.of(
                Arguments.of(List.of("run", "-np", "0", "-cp", CP, marker), "-np 0 is outside [1, 1024]"),
                Arguments.of(List.of("run", "-np", "x", "-cp", CP, marker), "-np needs a whole number of PEs"),
                Arguments.of(List.of("run", "-cp", CP, marker), "missing -np N"),
                Arguments.of(List.of("run", "-np", "2", "-cp", CP), "missing the program"),
                Arguments.of(List.of("run", "-np", "2", "-cp", CP, "org.example.NoSuchMain"),
                        "main class org.example.NoSuchMain not found on the class path"),
                Arguments.of(List.of("run", "-np", "2", "--transport", "carrier-pigeon", "-cp", CP, marker),
                        "unknown transport 'carrier-pigeon'; known transports: auto, hybrid, local"),
                Arguments.of(List.of("run", "-np", "2", "--frobnicate", "-cp", CP, marker),
                        "unknown option '--frobnicate'"),
                Arguments.of(List.of("run", "-np", "2", "--timeout", "soon", "-cp", CP, marker),
                        "--timeout needs a number of seconds"),
                Arguments.of(List.of("run", "-np", "2", "-jar", "/no/such.jar"), "jar file /no/such.jar not found"),
                Arguments.of(List.of("run", "-np", "2", "-Xmxlots", "-cp", CP, marker), "-Xmx needs a size"),
                Arguments.of(List.of("run", "-np", "2", "-D", "-cp", CP, marker), "'-D' names no property"),
                Arguments.of(List.of("run", "-np", "2", "-cp", CP, "--add-opens"), "option --add-opens needs a value"),
                Arguments.of(List.of("run", "-np", "2", "-Dpgas4j.transport=carrier-pigeon", "-cp", CP, marker),
                        "unknown transport 'carrier-pigeon'"),
                Arguments.of(List.of("run", "-np", "2", "-p", CP, marker), "-p needs -m MODULE[/MAIN_CLASS]"),
                Arguments.of(List.of("run", "-np", "2", "-p", CP, "-m"), "option -m needs a value"),
                Arguments.of(List.of("launch"), "unknown command 'launch'"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badInputs")
    @Timeout(20)
    void aBadCommandLineGetsOneLineAndStatusTwoAndSpawnsNothing(List<String> args, String expected) throws Exception {
        assertBadInput(args, expected);
    }

    @Test
    @Timeout(20)
    void aJarWithoutMainClassIsBadInput() throws Exception {
        Path jar = dir.resolve("nomain.jar");
        writeJar(jar, null);
        assertBadInput(List.of("run", "-np", "2", "-jar", jar.toString()), "has no Main-Class in its manifest");
    }

    @Test
    @Timeout(20)
    void infoPrintsVersionJdkTransportsKindsLimitsAndSettings() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "info");
        assertEquals(0, r.status(), r::toString);
        String out = r.out();
        assertTrue(out.startsWith("pgas4j "), out);
        for (String section : List.of("JDK:", "Transports:", "Memory kinds (classes):", "Limits:", "Settings")) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith(section)), () -> "no section " + section + " in\n" + out);
        }
        assertTrue(out.contains(System.getProperty("java.version")), out);
        assertTrue(out.lines().anyMatch(l -> l.strip().matches("HOST\\s+available")), out);
        assertTrue(out.contains("largest segment"), out);
        assertTrue(out.contains("max endpoints     " + Settings.MAX_ENDPOINTS.value()), out);
        for (Setting<?> s : Settings.all()) {
            assertTrue(out.contains(s.property() + ", " + s.environment() + " = "), () -> s.property() + " missing:\n" + out);
            assertTrue(out.contains(s.doc()), () -> s.property() + "'s doc missing:\n" + out);
            // ASCII, so that it prints alike in every locale ("10 µs" came out as "10 ?s" under LANG unset).
            assertTrue(s.doc().chars().allMatch(c -> c < 128), () -> s.property() + "'s doc is not ASCII: " + s.doc());
        }
        // Nothing on stderr but the JDK's own warning when it loads Debian's libamdhip64 (built with an
        // executable stack) to probe the HIP kind: the JVM prints it, pgas4j cannot (docs/memory-kinds.md).
        List<String> err = r.err().lines().filter(l -> !l.contains("might have disabled stack guard")
                && !l.contains("execstack -c")).toList();
        assertEquals(List.of(), err, r::toString);
    }

    @Test
    @Timeout(20)
    void theScriptRefusesToRunWithoutAJdk25() throws Exception {
        Path jdk17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        if (!Files.isExecutable(jdk17.resolve("bin/java"))) {
            jdk17 = fakeJdk(17);
        }
        ProcessBuilder pb = new ProcessBuilder("bash", LauncherProcess.REPO.resolve("bin/pgas4j").toString(), "info")
                .directory(dir.toFile());
        pb.environment().put("JAVA_HOME", jdk17.toString());
        pb.environment().put("PGAS4J_JDK_SEARCH", "/nonexistent");
        Process p = pb.start();
        assertTrue(p.waitFor(15, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        assertEquals(1, p.exitValue(), err);
        assertEquals("", out);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("pgas4j: needs a JDK >= 25; JAVA_HOME=" + jdk17 + " is 17 and /nonexistent has none."), err);
    }

    @Test
    @Timeout(20)
    void theScriptReadsAJdksVersionFromItsReleaseFileWithoutStartingIt() throws Exception {
        Path ran = dir.resolve("java-ran");
        Path jdk25 = fakeJdk(17); // its java would say 17 (and leave a mark): the release file says 25
        Files.writeString(jdk25.resolve("bin/java"), "#!/bin/sh\ntouch " + ran + "\necho '    java.specification.version = 17' >&2\n");
        Files.writeString(jdk25.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"25.0.3\"\nJAVA_RUNTIME_VERSION=\"25.0.3+9\"\n");
        assertEquals("25", jdkMajor(jdk25));
        assertFalse(Files.exists(ran), "the JVM was started to read its version");
        Path jdk8 = fakeJdk(8);
        Files.writeString(jdk8.resolve("release"), "JAVA_VERSION=\"1.8.0_392\"\n");
        assertEquals("8", jdkMajor(jdk8));
        Path noRelease = fakeJdk(21); // no release file: the JVM is asked
        assertEquals("21", jdkMajor(noRelease));
    }

    /** bin/jdk.sh's pgas4j_jdk_major of {@code home}. */
    private static String jdkMajor(Path home) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "source \"$1\" && pgas4j_jdk_major \"$2\"", "bash",
                LauncherProcess.REPO.resolve("bin/jdk.sh").toString(), home.toString());
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertTrue(p.waitFor(15, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private void assertBadInput(List<String> args, String expected) throws Exception {
        Path shm = Files.createDirectory(dir.resolve("shm"));
        Path markers = Files.createDirectory(dir.resolve("markers"));
        List<String> withMarkers = new ArrayList<>(args);
        if (args.contains(MarkerPe.class.getName())) {
            withMarkers.add(markers.toString());
        }
        LauncherProcess.Result r = LauncherProcess.start(dir, List.of("-Dpgas4j.shm.dir=" + shm),
                withMarkers.toArray(String[]::new)).await();
        assertEquals(UsageException.EXIT_STATUS, r.status(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.err().startsWith("pgas4j: "), r::toString);
        assertTrue(r.err().contains(expected), r::toString);
        assertEquals("", r.out(), r::toString);
        try (Stream<Path> spawned = Files.list(markers); Stream<Path> files = Files.list(shm)) {
            assertEquals(0, spawned.count(), "a PE was spawned");
            assertEquals(0, files.count(), "shared files were left");
        }
    }

    private static List<Long> joinedPids(LauncherProcess launcher) throws Exception {
        List<Long> pids = new ArrayList<>();
        for (String line : launcher.awaitLines("joined PE", 2)) {
            pids.add(Long.parseLong(line.split(" ")[4]));
        }
        return pids;
    }

    private static String jobOf(LauncherProcess launcher) throws Exception {
        return launcher.awaitLines("joined PE", 1).getFirst().split(" ")[6];
    }

    private static void awaitDead(List<Long> pids, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (long pid : pids) {
            while (!LauncherProcess.dead(pid)) {
                assertTrue(System.nanoTime() < deadline, "PE pid " + pid + " still runs after " + millis + " ms");
                Thread.sleep(50);
            }
        }
    }

    private static List<Path> jobFiles(Path shm, String job) throws IOException {
        assertTrue(job != null && job.matches("\\p{XDigit}{16}"), "no job id: " + job);
        try (Stream<Path> files = Files.list(shm)) {
            return files.filter(f -> f.getFileName().toString().startsWith(ShmFiles.jobPrefix(job))).toList();
        }
    }

    /** A jar holding the test PE classes, with {@code mainClass} (or no Main-Class when null). */
    private static void writeJar(Path jar, String mainClass) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) {
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        }
        Path classes = LauncherProcess.TEST_CLASSES;
        Path pes = classes.resolve(AllgatherPe.class.getPackageName().replace('.', '/'));
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os, manifest);
             Stream<Path> files = Files.list(pes)) {
            for (Path f : files.toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
    }

    /** A directory whose bin/java reports Java {@code major}, for the JDK check of bin/pgas4j. */
    private Path fakeJdk(int major) throws IOException {
        Path home = Files.createDirectories(dir.resolve("jdk-" + major));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho '    java.specification.version = " + major + "' >&2\n");
        assertTrue(java.toFile().setExecutable(true));
        return home;
    }
}
