package org.pgas4j.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A process a benchmark spawned: its {@link ResultLine result lines} are collected, every other
 * line it prints (standard output or error) is copied to the benchmark's error stream prefixed
 * with its label, and it is killed with its descendants when it outlives its time limit.
 */
final class ChildProcess {
    private static final File NULL_DEVICE = new File("/dev/null");

    private final String label;
    private final Process process;
    private final Map<String, Double> results = new ConcurrentHashMap<>();
    private final Thread stdout;
    private final Thread stderr;
    private volatile BenchFailure malformed;

    private ChildProcess(String label, Process process, PrintStream err) {
        this.label = label;
        this.process = process;
        this.stdout = pump(process.getInputStream(), true, err, label + "-out");
        this.stderr = pump(process.getErrorStream(), false, err, label + "-err");
    }

    /**
     * Starts {@code command}.
     *
     * @param label how to name the process in messages
     * @throws BenchFailure if it cannot be started
     */
    static ChildProcess start(String label, List<String> command, PrintStream err) {
        return start(label, command, Map.of(), err);
    }

    /**
     * Starts {@code command} with {@code environment} added to this JVM's environment.
     *
     * @param label how to name the process in messages
     * @throws BenchFailure if it cannot be started
     */
    static ChildProcess start(String label, List<String> command, Map<String, String> environment, PrintStream err) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE));
        pb.environment().putAll(environment);
        try {
            return new ChildProcess(label, pb.start(), err);
        } catch (IOException e) {
            throw new BenchFailure(label + " could not be started (" + command.getFirst() + "): " + e.getMessage(), e);
        }
    }

    /** Runs {@code command} to the end and returns its results. */
    static Map<String, Double> run(String label, List<String> command, long timeoutSeconds, PrintStream err) {
        return start(label, command, err).await(timeoutSeconds);
    }

    /** Runs {@code command} with {@code environment} added to this JVM's to the end and returns its results. */
    static Map<String, Double> run(String label, List<String> command, Map<String, String> environment,
                                   long timeoutSeconds, PrintStream err) {
        return start(label, command, environment, err).await(timeoutSeconds);
    }

    private Thread pump(InputStream in, boolean parseResults, PrintStream err, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    boolean isResult = false;
                    if (parseResults) {
                        try {
                            isResult = ResultLine.parse(line, results);
                        } catch (BenchFailure e) {
                            malformed = e;
                        }
                    }
                    if (!isResult) {
                        err.println("[" + label + "] " + line);
                    }
                }
            } catch (IOException e) {
                // The process is gone; its exit status tells what happened.
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Waits for the process to end, then for its output to be read.
     *
     * @return every result it printed, by key
     * @throws BenchFailure if it fails, prints a malformed result or outlives {@code timeoutSeconds}
     */
    Map<String, Double> await(long timeoutSeconds) {
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                kill();
                throw new BenchFailure(label + " did not finish within " + timeoutSeconds + " s and was killed");
            }
            stdout.join(TimeUnit.SECONDS.toMillis(5));
            stderr.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
            throw new BenchFailure(label + ": interrupted while waiting for it", e);
        }
        if (process.exitValue() != 0) {
            throw new BenchFailure(label + " exited with status " + process.exitValue() + " (its output is above)");
        }
        if (malformed != null) {
            throw malformed;
        }
        return Map.copyOf(results);
    }

    /**
     * Like {@link #await}, but accepts a process that exits with a non-zero status after printing
     * every key of {@code required}, and says so on {@code err}: Open MPI's OSHMEM may crash in its
     * UCX teardown at {@code shmem_finalize} once its figures are out.
     *
     * @throws BenchFailure if it outlives {@code timeoutSeconds}, prints a malformed result, or
     *     fails before printing every required key
     */
    Map<String, Double> awaitFigures(long timeoutSeconds, java.util.Set<String> required, PrintStream err) {
        try {
            return await(timeoutSeconds);
        } catch (BenchFailure e) {
            if (process.isAlive() || malformed != null || !results.keySet().containsAll(required)) {
                throw e;
            }
            err.println("[" + label + "] exited with status " + process.exitValue()
                    + " after printing all its figures; they stand");
            return Map.copyOf(results);
        }
    }

    /** Kills the process and its descendants at once. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
