package org.pgas4j.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a real job through the launcher ({@code org.pgas4j.launcher.Launcher run ...}) as a child
 * process of the test JVM, with the test class path, and captures what it printed.
 */
public final class LaunchedJob {
    private LaunchedJob() {
    }

    /**
     * What a finished job left behind.
     *
     * @param exitCode the launcher's exit status
     * @param stdout everything the PEs and the launcher printed to standard output
     * @param stderr everything printed to standard error
     */
    public record Result(int exitCode, String stdout, String stderr) {
        /** Lines of standard output. */
        public List<String> lines() {
            return stdout.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** The java executable running the tests (JDK 25). */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs the launcher with {@code launcherArgs} and waits at most {@code timeoutSeconds}. */
    public static Result launcher(long timeoutSeconds, List<String> launcherArgs) {
        return launcher(timeoutSeconds, launcherArgs, Map.of());
    }

    /**
     * Runs the launcher with {@code launcherArgs} and {@code environment} added to this JVM's
     * (the PEs inherit it), waiting at most {@code timeoutSeconds}.
     */
    public static Result launcher(long timeoutSeconds, List<String> launcherArgs, Map<String, String> environment) {
        List<String> cmd = new ArrayList<>(List.of(java(), "--enable-native-access=ALL-UNNAMED",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "org.pgas4j.launcher.Launcher"));
        cmd.addAll(launcherArgs);
        return exec(cmd, timeoutSeconds, environment);
    }

    /**
     * Runs {@code mainClass} as a job of {@code np} PEs over {@code transport}, with output tagged
     * by rank, the test class path and the test jobs' AOT cache ({@link TestAotCache}) unless
     * {@code extraOptions} choose their own AOT options.
     */
    public static Result run(int np, String transport, long timeoutSeconds, List<String> extraOptions,
                             String mainClass, String... args) {
        return run(np, transport, timeoutSeconds, extraOptions, Map.of(), mainClass, args);
    }

    /**
     * Runs {@code mainClass} as a job of {@code np} PEs over {@code transport} as
     * {@link #run(int, String, long, List, String, String...)} does, with {@code environment}
     * added to the launcher's (and so the PEs') environment.
     */
    public static Result run(int np, String transport, long timeoutSeconds, List<String> extraOptions,
                             Map<String, String> environment, String mainClass, String... args) {
        List<String> a = new ArrayList<>(List.of("run", "-np", Integer.toString(np), "--transport", transport,
                "--tag-output", "--timeout", Long.toString(timeoutSeconds)));
        a.addAll(TestAotCache.optionsFor(extraOptions));
        a.addAll(extraOptions);
        a.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        a.addAll(List.of(args));
        return launcher(timeoutSeconds + 15, a, environment);
    }

    /** Runs a command, capturing its output, killing it after {@code timeoutSeconds}. */
    public static Result exec(List<String> cmd, long timeoutSeconds) {
        return exec(cmd, timeoutSeconds, Map.of());
    }

    /** Runs a command with {@code environment} added to this JVM's, capturing its output, killing it after {@code timeoutSeconds}. */
    public static Result exec(List<String> cmd, long timeoutSeconds, Map<String, String> environment) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().putAll(environment);
            Process p = pb.start();
            p.getOutputStream().close();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                return new Result(-1, out.join(), err.join() + "\n[test harness: killed after " + timeoutSeconds + " s]");
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "[read failed: " + e + "]";
            }
        });
    }
}
