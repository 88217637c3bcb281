package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.AotPe;
import org.pgas4j.launcher.testpes.ExitStatusPe;

/**
 * {@code pgas4j run --aot-train FILE} and {@code --aot FILE} through the launcher, with real 2-PE
 * jobs over shm: one training (of {@link AotPe}, from a class directory of its own, which the
 * launcher packs into a jar) records one cache and its record; a job with {@code --aot} starts
 * its PEs from it (the JVM's class-loading log says "shared objects file"); a cache whose classes,
 * class path or JDK changed, or that the JVM cannot map, is left out with one warning line; bad
 * paths are usage errors; the JVM's AOT lines never reach the program's output. No timing.
 */
class AotCacheTest {
    private static final String PE = AotPe.class.getName();
    private static final String PE_FILE = PE.replace('.', '/') + ".class";

    @TempDir
    static Path dir;
    private static Path classes;
    private static Path cache;
    private static LauncherProcess.Result training;

    @BeforeAll
    @Timeout(240)
    static void train() throws Exception {
        classes = dir.resolve("app classes"); // a space in the name is fine
        Path to = classes.resolve(PE_FILE);
        Files.createDirectories(to.getParent());
        Files.copy(LauncherProcess.TEST_CLASSES.resolve(PE_FILE), to);
        cache = dir.resolve("app.aot");
        training = LauncherProcess.start(dir, List.of(), "run", "-np", "2", "--aot-train", cache.toString(),
                "-cp", classes.toString(), PE).await(200);
    }

    @Test
    void trainingRecordsOneCacheAndItsRecordAndKeepsTheJvmsLinesOutOfTheOutput() throws IOException {
        assertEquals(0, training.status(), training::toString);
        assertTrue(Files.isRegularFile(cache), training::toString);
        assertTrue(Files.size(cache) > 1 << 20, training::toString);
        assertTrue(Files.isRegularFile(dir.resolve("app.aot" + AotCache.RECORD_SUFFIX)), training::toString);
        assertTrue(Files.isDirectory(dir.resolve("app.aot" + AotCache.JARS_SUFFIX)), "class directories packed");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".aotconf") || n.endsWith(".tmp")).toList(), "the training's leftovers");
        }
        assertProgramOutput(training);
        assertTrue(training.err().contains("pgas4j: AOT cache recorded in " + cache), training::toString);
    }

    @Test
    @Timeout(120)
    void aJobWithTheCacheStartsItsPesFromIt() throws Exception {
        Path loads = dir.resolve("loads");
        Files.createDirectories(loads);
        LauncherProcess.Result r = LauncherProcess.start(dir, List.of(), "run", "-np", "2", "--aot", cache.toString(),
                "-Xlog:class+load=info:file=" + loads.resolve("pe-%p.log"), "-cp", classes.toString(), PE).await(100);
        assertEquals(0, r.status(), r::toString);
        assertProgramOutput(r);
        assertEquals("", r.err(), r::toString);
        try (Stream<Path> logs = Files.list(loads)) {
            List<Path> files = logs.toList();
            assertEquals(2, files.size(), files::toString);
            for (Path log : files) {
                assertTrue(Files.readString(log).contains(PE + " source: shared objects file"), log::toString);
            }
        }
    }

    @Test
    @Timeout(120)
    void changedClassesMakeTheCacheStaleWithOneWarning() throws Exception {
        Path copy = dir.resolve("copy");
        copyTraining(copy);
        Files.setLastModifiedTime(copy.resolve("app classes").resolve(PE_FILE),
                FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        LauncherProcess.Result r = runWith(copy.resolve("app.aot"), copy.resolve("app classes").toString());
        assertStale(r, "the classes in " + copy.resolve("app classes") + " changed since training");
    }

    @Test
    @Timeout(120)
    void anotherClassPathMakesTheCacheStale() throws Exception {
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        LauncherProcess.Result r = runWith(cache, other + java.io.File.pathSeparator + classes);
        assertStale(r, "the class path changed");
    }

    @Test
    @Timeout(120)
    void anotherJdkMakesTheCacheStale() throws Exception {
        Path copy = dir.resolve("jdk");
        copyTraining(copy);
        Path record = copy.resolve("app.aot" + AotCache.RECORD_SUFFIX);
        Files.writeString(record, Files.readString(record).replaceAll("(?m)^jdk=.*$", "jdk=/opt/jdk-24 24+36"));
        // (Properties escapes nothing in that value)
        LauncherProcess.Result r = runWith(copy.resolve("app.aot"), copy.resolve("app classes").toString());
        assertStale(r, "the JDK changed (trained with /opt/jdk-24 24+36");
    }

    @Test
    @Timeout(120)
    void aCacheTheJvmCannotMapIsReportedInOneLineAndTheJobRuns() throws Exception {
        Path copy = dir.resolve("corrupt");
        copyTraining(copy);
        Files.write(copy.resolve("app.aot"), "not an AOT cache".getBytes(StandardCharsets.US_ASCII));
        LauncherProcess.Result r = runWith(copy.resolve("app.aot"), copy.resolve("app classes").toString());
        assertEquals(0, r.status(), r::toString);
        assertProgramOutput(r);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.err().startsWith("pgas4j: warning: the JVM did not use the AOT cache " + copy.resolve("app.aot")),
                r::toString);
    }

    @Test
    @Timeout(60)
    void badPathsAreUsageErrors() throws Exception {
        assertUsage(List.of("--aot", dir.resolve("missing.aot").toString()), "there is no such file");
        assertUsage(List.of("--aot", dir.toString()), "is a directory, not file");
        assertUsage(List.of("--aot-train", dir.resolve("no/such/dir/x.aot").toString()), "does not exist or is not writable");
        assertUsage(List.of("--aot-train", dir.toString()), "is a directory: give the cache file to write");
        assertUsage(List.of("--aot", cache.toString(), "--aot-train", dir.resolve("x.aot").toString()),
                "cannot be combined with --aot");
        assertUsage(List.of("--aot-train="), "needs a file name");
        assertUsage(List.of("--no-aot=yes"), "option --no-aot takes no value");
        assertUsage(List.of("--aot-train", dir.resolve("m.aot").toString(), "-p", dir.toString(), "-m", "org.example.app"),
                "not for a module (-m)");
    }

    @Test
    @Timeout(120)
    void aFailedTrainingJobRecordsNoCache() throws Exception {
        Path failed = dir.resolve("failed.aot");
        LauncherProcess.Result r = LauncherProcess.start(dir, List.of(), "run", "-np", "2", "--aot-train", failed.toString(),
                "-cp", LauncherProcess.TEST_CLASSES.toString(), ExitStatusPe.class.getName(), "0", "3").await(100);
        assertEquals(3, r.status(), r::toString);
        assertFalse(Files.exists(failed), r::toString);
        assertTrue(r.err().contains("the job failed, so no AOT cache was recorded in " + failed), r::toString);
    }

    @Test
    void execGivesItsPeTheCacheAsRunGivesEveryPe() throws Exception {
        assertEquals(0, training.status(), training::toString);
        List<String> cmd = ExecCommand.command(List.of("--aot", cache.toString(), "-cp", classes.toString(), PE));
        int at = cmd.indexOf("-XX:AOTCache=" + cache);
        assertTrue(at > 0, cmd::toString);
        assertTrue(at < cmd.indexOf(PE), "a JVM option, before the main class: " + cmd);
        assertFalse(cmd.stream().anyMatch(w -> w.startsWith("-Xlog:aot*=warning")), "no log nobody reads: " + cmd);
        assertFalse(String.join(" ", ExecCommand.command(List.of("--no-aot", "-cp", classes.toString(), PE)))
                .contains("-XX:AOTCache"));
    }

    @Test
    void execLeavesAStaleCacheOut() throws Exception {
        Path other = dir.resolve("other-exec");
        Files.createDirectories(other);
        List<String> cmd = ExecCommand.command(List.of("--aot", cache.toString(), "-cp",
                other + java.io.File.pathSeparator + classes, PE));
        assertFalse(String.join(" ", cmd).contains("-XX:AOTCache"), cmd::toString);
    }

    @Test
    void execRecordsNoCache() {
        UsageException e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> ExecCommand.command(List.of("--aot-train", dir.resolve("exec.aot").toString(), "-cp",
                        classes.toString(), PE)));
        assertTrue(e.getMessage().contains("run --aot-train FILE, then give exec --aot FILE"), e.getMessage());
    }

    private static LauncherProcess.Result runWith(Path aot, String classPath) throws Exception {
        return LauncherProcess.start(dir, List.of(), "run", "-np", "2", "--aot", aot.toString(), "-cp", classPath, PE)
                .await(100);
    }

    /** A copy of the training's cache, record and classes in {@code to}, the record pointing at the copies. */
    private static void copyTraining(Path to) throws IOException {
        Path classesCopy = to.resolve("app classes").resolve(PE_FILE);
        Files.createDirectories(classesCopy.getParent());
        Files.copy(classes.resolve(PE_FILE), classesCopy);
        FileTime trained = Files.getLastModifiedTime(classes.resolve(PE_FILE));
        try (Stream<Path> copied = Files.walk(to.resolve("app classes"))) {
            for (Path p : copied.toList()) {
                Files.setLastModifiedTime(p, trained); // directories too: a new entry in one is a change
            }
        }
        Files.copy(cache, to.resolve("app.aot"));
        Path jars = to.resolve("app.aot" + AotCache.JARS_SUFFIX);
        Files.createDirectories(jars);
        try (Stream<Path> made = Files.list(dir.resolve("app.aot" + AotCache.JARS_SUFFIX))) {
            for (Path jar : made.toList()) {
                Files.copy(jar, jars.resolve(jar.getFileName()));
                Files.setLastModifiedTime(jars.resolve(jar.getFileName()), Files.getLastModifiedTime(jar));
            }
        }
        java.util.Properties record = new java.util.Properties();
        try (java.io.InputStream in = Files.newInputStream(dir.resolve("app.aot" + AotCache.RECORD_SUFFIX))) {
            record.load(in);
        }
        for (String key : record.stringPropertyNames()) {
            record.setProperty(key, record.getProperty(key).replace(dir.toString(), to.toString()));
        }
        try (java.io.OutputStream out = Files.newOutputStream(to.resolve("app.aot" + AotCache.RECORD_SUFFIX))) {
            record.store(out, null);
        }
    }

    private static void assertProgramOutput(LauncherProcess.Result r) {
        assertEquals(List.of("aot PE 0 of 2 counted 1", "aot PE 1 of 2 counted 1"), r.outLines().stream().sorted().toList(),
                r::toString);
    }

    private static void assertStale(LauncherProcess.Result r, String reason) {
        assertEquals(0, r.status(), r::toString);
        assertProgramOutput(r);
        assertEquals(1, r.errLines().size(), r::toString);
        String line = r.errLines().getFirst();
        assertTrue(line.startsWith("pgas4j: warning: the AOT cache "), line);
        assertTrue(line.contains(" is stale and not used: " + reason), line);
        assertTrue(line.endsWith("; record it again with run --aot-train"), line);
    }

    private void assertUsage(List<String> aotOptions, String message) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", "-np", "2"));
        args.addAll(aotOptions);
        args.addAll(List.of("-cp", classes.toString(), PE));
        LauncherProcess.Result r = LauncherProcess.start(dir, List.of(), args.toArray(String[]::new)).await(30);
        assertEquals(UsageException.EXIT_STATUS, r.status(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.err().contains(message), r::toString);
        assertEquals("", r.out(), r::toString);
    }
}
