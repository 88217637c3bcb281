package org.pgas4j.launcher;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the launcher as a child process, as a user would: {@code java -cp target/classes
 * org.pgas4j.launcher.Launcher ARGS}, on the JDK running the tests, with its stdout and stderr in
 * files of a directory.
 */
final class LauncherProcess {
    /** Where pgas4j's main classes are (target/classes). */
    static final Path MAIN_CLASSES = codeSource(Launcher.class);
    /** Where the test PE programs are (target/test-classes). */
    static final Path TEST_CLASSES = codeSource(LauncherProcess.class);
    /** The repository root. */
    static final Path REPO = MAIN_CLASSES.getParent().getParent();

    private final Process process;
    private final Path out;
    private final Path err;
    private final long startNanos = System.nanoTime();

    /**
     * The outcome of a finished launcher.
     *
     * @param status its exit status
     * @param out its standard output
     * @param err its standard error
     * @param millis how long it ran
     */
    record Result(int status, String out, String err, long millis) {
        List<String> outLines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }

        List<String> errLines() {
            return err.isEmpty() ? List.of() : List.of(err.split("\n"));
        }

        @Override
        public String toString() {
            return "status " + status + " after " + millis + " ms\n--- stdout:\n" + out + "--- stderr:\n" + err;
        }
    }

    private LauncherProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /**
     * Starts the launcher.
     *
     * @param dir where its output files go
     * @param launcherJvmArgs options of the launcher JVM itself (such as {@code -Dpgas4j.shm.dir=})
     * @param args the launcher's arguments
     */
    static LauncherProcess start(Path dir, List<String> launcherJvmArgs, String... args) throws IOException {
        return startWithPrefix(dir, List.of(), launcherJvmArgs, args);
    }

    /**
     * Starts the launcher under a command prefix, such as {@code ip netns exec NS}.
     *
     * @param dir where its output files go
     * @param prefix the words before the java command
     * @param launcherJvmArgs options of the launcher JVM itself
     * @param args the launcher's arguments
     */
    static LauncherProcess startWithPrefix(Path dir, List<String> prefix, List<String> launcherJvmArgs, String... args)
            throws IOException {
        return startWith(dir, prefix, java.util.Map.of(), launcherJvmArgs, args);
    }

    /**
     * Starts the launcher under a command prefix with extra environment variables.
     *
     * @param dir where its output files go
     * @param prefix the words before the java command
     * @param env variables added to the launcher's environment
     * @param launcherJvmArgs options of the launcher JVM itself
     * @param args the launcher's arguments
     */
    static LauncherProcess startWith(Path dir, List<String> prefix, java.util.Map<String, String> env,
                                     List<String> launcherJvmArgs, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // bin/pgas4j's own options: info loads the CUDA runtime through java.lang.foreign.
        cmd.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        cmd.addAll(launcherJvmArgs);
        cmd.addAll(List.of("-cp", MAIN_CLASSES.toString(), Launcher.class.getName()));
        cmd.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "launcher", ".out");
        Path err = Files.createTempFile(dir, "launcher", ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        return new LauncherProcess(pb.start(), out, err);
    }

    /** Runs the launcher to its end. */
    static Result run(Path dir, String... args) throws IOException, InterruptedException {
        return start(dir, List.of(), args).await();
    }

    /** Waits for the end of the launcher, at most 50 s. */
    Result await() throws IOException, InterruptedException {
        return await(50);
    }

    /** Waits for the end of the launcher, at most {@code seconds}. */
    Result await(long seconds) throws IOException, InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the launcher did not end within " + seconds + " s; stdout so far:\n" + stdout());
        }
        return new Result(process.exitValue(), stdout(), Files.readString(err, StandardCharsets.UTF_8),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
    }

    /** The standard output so far. */
    String stdout() throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** Waits until stdout has {@code count} lines containing {@code text}, at most 30 s; returns them. */
    List<String> awaitLines(String text, int count) throws IOException, InterruptedException {
        return awaitLines(text, count, 30);
    }

    /** Waits until stdout has {@code count} lines containing {@code text}, at most {@code seconds}; returns them. */
    List<String> awaitLines(String text, int count, long seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline && process.isAlive()) {
            List<String> lines = stdout().lines().filter(l -> l.contains(text)).toList();
            if (lines.size() >= count) {
                return lines;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("expected " + count + " lines with '" + text + "'; stdout:\n" + stdout()
                + "\nstderr:\n" + Files.readString(err));
    }

    /** The launcher process itself. */
    Process process() {
        return process;
    }

    /** Whether {@code pid} is gone (or a zombie nobody reaped yet: it runs no more code). */
    static boolean dead(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException e) {
            return true;
        }
    }

    private static Path codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
