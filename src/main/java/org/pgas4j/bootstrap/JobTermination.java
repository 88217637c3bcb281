package org.pgas4j.bootstrap;

import org.pgas4j.bootstrap.ShmFiles;
import org.pgas4j.internal.jfr.JobAbortEvent;
import org.pgas4j.internal.jfr.Recordings;

/**
 * What a PE does when its job fails under it (the launcher aborted the job or vanished): remove
 * the job's shared files at once, give the program a short grace to notice and exit by itself,
 * then print one line to stderr, remove the files again and halt the JVM.
 */
final class JobTermination {
    /** The status a PE halts with when its job failed under it. */
    static final int EXIT_STATUS = 1;
    /** How long the program may take to exit by itself after its job failed. */
    static final long GRACE_MILLIS = 1000;

    private final int rank;
    private final String jobId;
    private volatile boolean armed;
    private final Thread cleanupHook;

    JobTermination(int rank, String jobId) {
        this.rank = rank;
        this.jobId = jobId;
        this.cleanupHook = new Thread(this::removeFilesIfArmed, "pgas4j-pe-" + rank + "-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupHook);
    }

    /**
     * Called by the watchdog thread once the job failed: returns only if the program exits first
     * (the thread is a daemon), otherwise halts the JVM.
     */
    void terminate(String reason) {
        terminate(reason, false);
    }

    /**
     * {@link #terminate(String)}, printing the line before the grace instead of after it when
     * {@code announceAtOnce} (a PE whose launcher may kill it as soon as another PE failed).
     */
    void terminate(String reason, boolean announceAtOnce) {
        armed = true;
        JobAbortEvent.halt(rank, reason);
        ShmFiles.removeJobFiles(jobId);
        if (announceAtOnce) {
            announce(reason);
        }
        try {
            Thread.sleep(GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!announceAtOnce) {
            announce(reason);
        }
        ShmFiles.removeJobFiles(jobId);
        Recordings.writeBeforeHalt(); // halt skips JFR's dump at exit: write the --jfr file now
        Runtime.getRuntime().halt(EXIT_STATUS);
    }

    /**
     * The program ended the job ({@link Bootstrap#exit}): removes the job's shared files and halts
     * with {@code status} at once (the launcher has been told, or cannot be).
     */
    void exitNow(int status) {
        armed = true;
        System.out.flush();
        System.err.flush();
        ShmFiles.removeJobFiles(jobId);
        Recordings.writeBeforeHalt();
        Runtime.getRuntime().halt(status);
    }

    private void announce(String reason) {
        System.err.println("pgas4j: PE " + rank + ": " + reason + "; exiting");
        System.err.flush();
    }

    /** The PE finalized cleanly: its shutdown must not touch the job's files. */
    void disarm() {
        armed = false;
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupHook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down; the hook sees armed == false.
        }
    }

    /** The PE joined its job again after {@link #disarm()}: its shutdown removes the job's files again if it fails. */
    void rearm() {
        try {
            Runtime.getRuntime().addShutdownHook(cleanupHook);
        } catch (IllegalArgumentException | IllegalStateException e) {
            // Still registered, or the JVM is already shutting down.
        }
    }

    private void removeFilesIfArmed() {
        if (armed) {
            ShmFiles.removeJobFiles(jobId);
        }
    }
}
