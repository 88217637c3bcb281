package org.pgas4j.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a job's PEs as processes over shared memory: one launcher process (see
 * {@link LauncherCommand}) that starts N {@link ShmPeMain} processes, each running the test method
 * and reporting through {@link PeStatusFiles} in a private temporary directory. The launcher's
 * output is copied to this JVM's; its time limit is the job's. Nothing is left running: the
 * launcher stops every PE when one fails or the time is up, and any process of the job still alive
 * when the launcher ends, or the whole tree when the launcher itself does not end, is killed.
 */
final class ShmPes {
    /** Beyond the job's timeout: the launcher's own teardown of a timed-out job, and start-up. */
    private static final long LAUNCHER_GRACE_SECONDS = 30;
    /** The launcher's status for a job that ran out of time. */
    private static final int TIMEOUT_STATUS = 124;

    private ShmPes() {
    }

    /** Runs the {@code job}'s PEs as processes. */
    static JobOutcome run(JobSpec job) {
        Path dir = createStatusDir();
        try {
            return run(job, dir);
        } finally {
            deleteQuietly(dir);
        }
    }

    private static JobOutcome run(JobSpec job, Path dir) {
        Process launcher;
        try {
            launcher = new ProcessBuilder(LauncherCommand.of(job, dir)).start();
        } catch (IOException e) {
            throw new UncheckedIOException("@PgasTest: cannot start the launcher", e);
        }
        Set<ProcessHandle> seen = new LinkedHashSet<>();
        List<String> problems = new ArrayList<>();
        try {
            launcher.getOutputStream().close();
        } catch (IOException ignored) {
            // no input to give
        }
        OutputPump out = OutputPump.start(launcher.getInputStream(), System.out, "pgas4j-junit-stdout");
        OutputPump err = OutputPump.start(launcher.getErrorStream(), System.err, "pgas4j-junit-stderr");
        long limitNanos = TimeUnit.SECONDS.toNanos(job.timeoutSeconds() + LAUNCHER_GRACE_SECONDS);
        long start = System.nanoTime();
        try {
            while (!launcher.waitFor(100, TimeUnit.MILLISECONDS)) {
                launcher.descendants().forEach(seen::add);
                if (System.nanoTime() - start > limitNanos) {
                    problems.add("the launcher did not end within " + (job.timeoutSeconds() + LAUNCHER_GRACE_SECONDS)
                            + " s; it and its PE processes were killed");
                    killTree(launcher);
                    launcher.waitFor();
                }
            }
        } catch (InterruptedException e) {
            killTree(launcher);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("@PgasTest: interrupted while waiting for the PE processes; they were killed", e);
        }
        out.finish(5_000);
        List<String> errTail = err.finish(5_000);
        for (ProcessHandle p : seen) {
            if (p.isAlive()) {
                problems.add("process " + p.pid() + " of the job was still running after the launcher ended; it was killed");
                p.destroyForcibly();
            }
        }
        int status = launcher.exitValue();
        boolean timedOut = status == TIMEOUT_STATUS;
        List<PeResult> results = results(job, dir, timedOut);
        boolean anyFailure = results.stream().anyMatch(r -> r.failure() != null);
        if (status != 0 && !timedOut && !anyFailure) {
            problems.add("the launcher ended with status " + status + " and no PE reported a failure; it said:\n  "
                    + String.join("\n  ", errTail));
        } else if (status == 0 && !results.stream().allMatch(PeResult::passed)) {
            problems.add("the launcher ended with status 0 but not every PE reported that it passed");
        }
        return new JobOutcome(job.size(), results, job.timeoutSeconds(), timedOut, problems);
    }

    private static List<PeResult> results(JobSpec job, Path dir, boolean timedOut) {
        PeStatusFiles files = new PeStatusFiles(dir);
        ClassLoader loader = job.testClass().getClassLoader();
        List<PeResult> results = new ArrayList<>();
        for (int r = 0; r < job.size(); r++) {
            PeStatusFiles.Status s;
            try {
                s = files.read(r, loader);
            } catch (UncheckedIOException e) {
                s = new PeStatusFiles.Status(r, Phase.FAILED, Phase.STARTING, new AssertionError(e.getCause().getMessage()));
            }
            if (s == null) {
                s = new PeStatusFiles.Status(r, Phase.STARTING, Phase.STARTING, null);
            }
            // At a timeout, PEs the launcher stopped either said nothing more or threw because the job was failing.
            boolean running = timedOut && !s.phase().ended()
                    || timedOut && s.failure() != null && Consequences.isConsequence(s.failure());
            results.add(new PeResult(r, s.phase(), s.where(), s.failure(), running, null, null));
        }
        return results;
    }

    private static void killTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static Path createStatusDir() {
        try {
            return Files.createTempDirectory("pgas4j-junit-");
        } catch (IOException e) {
            throw new UncheckedIOException("@PgasTest: cannot create a directory for the PEs' reports", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // left in the temporary directory
                }
            });
        } catch (IOException ignored) {
            // left in the temporary directory
        }
    }
}
