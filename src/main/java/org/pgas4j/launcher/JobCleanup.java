package org.pgas4j.launcher;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * Makes sure a job leaves nothing behind: registered as a shutdown hook before the first PE is
 * spawned, so that also when the launcher is stopped by SIGTERM or SIGINT its PEs are stopped
 * (SIGTERM, then SIGKILL) and every {@code pgas4j-<jobId>-*} shared file is removed.
 */
final class JobCleanup {
    private static final long TERM_WAIT_MILLIS = 1_000;

    private final String jobId;
    /** The only PE whose files are this launcher's to remove, or -1 for the whole job's. */
    private final int onlyRank;
    private final LineSink err;
    private final List<Process> processes = new CopyOnWriteArrayList<>();
    private final Thread hook;
    private volatile boolean finished;
    private volatile boolean stopping;

    JobCleanup(String jobId, LineSink err) {
        this(jobId, -1, err);
    }

    /**
     * A cleanup that removes the files of PE {@code onlyRank} alone (a Slurm task other than 0,
     * whose node may still run other PEs of the job), or of the whole job when it is -1.
     */
    JobCleanup(String jobId, int onlyRank, LineSink err) {
        this.jobId = jobId;
        this.onlyRank = onlyRank;
        this.err = err;
        this.hook = new Thread(this::onShutdown, "pgas4j-launcher-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Records a spawned process, to be stopped if the launcher is. */
    void add(Process p) {
        processes.add(p);
    }

    /** The job ended normally: removes its shared files. */
    void finish() {
        finished = true;
        removeFiles();
    }

    private void removeFiles() {
        if (onlyRank < 0) {
            ShmFiles.removeJobFiles(jobId);
        } else {
            ShmFiles.removePeFiles(jobId, onlyRank);
        }
    }

    /** Stops every process at once (used when spawning fails half-way), then removes the files. */
    void abandon() {
        stopAll();
        finish();
    }

    /** Whether the launcher is being stopped (its shutdown hook runs). */
    boolean stopping() {
        return stopping;
    }

    private void onShutdown() {
        stopping = true;
        if (!finished && processes.stream().anyMatch(Process::isAlive)) {
            err.message("the launcher is stopping; stopping the job's PEs");
            stopAll();
        }
        removeFiles();
    }

    private void stopAll() {
        for (Process p : processes) {
            p.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TERM_WAIT_MILLIS);
        for (Process p : processes) {
            try {
                p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (Process p : processes) {
            Teardown.killForcibly(p);
        }
        for (Process p : processes) {
            try {
                p.waitFor(TERM_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }
}
