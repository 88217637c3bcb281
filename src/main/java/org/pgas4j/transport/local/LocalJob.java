package org.pgas4j.transport.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.pgas4j.bootstrap.Bootstraps;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.internal.stats.StatsReport;

/**
 * Runs a job whose PEs are threads of this JVM, over the {@code local} transport. Each thread
 * runs {@code body}; inside it, {@code Client.init()} returns that thread's PE. When one PE fails,
 * the job is marked failing, so the others' waits throw instead of hanging, and {@link #run}
 * throws a {@link LocalJobException} naming the PE that failed first. When a PE ends the job
 * ({@code Client.exit}, {@code shmem_global_exit}) the others' waits throw likewise, {@link #run}
 * waits at most two seconds more for them, and the exception names that PE and carries its status.
 *
 * <pre>{@code
 * LocalJob.run(4, () -> {
 *     try (Client client = Client.init()) {
 *         ...
 *     }
 * });
 * }</pre>
 */
public final class LocalJob {
    private static final InheritableThreadLocal<Integer> RANK = new InheritableThreadLocal<>();
    /** How long the other PEs have to end once one ended the job ({@code shmem_global_exit}). */
    private static final Duration EXIT_GRACE = Duration.ofSeconds(2);

    private LocalJob() {
    }

    /** The body each PE thread runs. */
    @FunctionalInterface
    public interface Pe {
        /** Runs one PE; an exception fails the job. */
        void run() throws Exception;
    }

    /** Runs {@code body} on {@code size} PE threads and waits for all of them. */
    public static void run(int size, Pe body) {
        run(size, null, body);
    }

    /**
     * Runs {@code body} on {@code size} PE threads and waits for all of them, at most
     * {@code timeout} (null: no limit).
     *
     * @throws IllegalArgumentException if {@code size < 1}
     * @throws LocalJobException naming the first PE that failed, or those still running at the timeout
     */
    public static void run(int size, Duration timeout, Pe body) {
        if (size < 1) {
            throw new IllegalArgumentException("LocalJob.run: size must be at least 1, got " + size);
        }
        LocalFabric fabric = new LocalFabric(size);
        AtomicReference<LocalJobException> first = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            int rank = r;
            Thread t = new Thread(() -> runPe(fabric, rank, body, first), "pgas4j-pe-" + rank);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        try {
            runAndJoin(size, timeout, fabric, first, threads, deadline);
        } finally {
            if (Stats.ON) {
                writeStatistics(fabric);
            }
        }
    }

    /** The job's report from the counters its PEs left at close; PEs that left none are named missing. */
    private static void writeStatistics(LocalFabric fabric) {
        byte[][] parts = new byte[fabric.size()][];
        boolean any = false;
        for (int r = 0; r < parts.length; r++) {
            parts[r] = fabric.statistics.get(r);
            any |= parts[r] != null;
        }
        if (!any) {
            return; // no PE made a client: nothing was counted
        }
        StatsReport.writeEmbedded(StatsReport.merge(fabric.jobId(), parts.length, parts));
    }

    private static void runAndJoin(int size, Duration timeout, LocalFabric fabric,
                                   AtomicReference<LocalJobException> first, List<Thread> threads, long deadline) {
        List<Integer> hung = join(threads, deadline, fabric);
        if (fabric.exitRank() >= 0) {
            // A PE ended the job: the others had a moment to notice; those still running are left behind.
            threads.forEach(Thread::interrupt);
            throw new LocalJobException(fabric.exitReason(), null, fabric.exitStatus());
        }
        if (!hung.isEmpty()) {
            fabric.fail("the job timed out after " + timeout);
            threads.forEach(Thread::interrupt);
            join(threads, System.nanoTime() + Duration.ofSeconds(2).toNanos(), null);
            LocalJobException e = new LocalJobException("in-JVM job of " + size + " PEs timed out after " + timeout
                    + "; PEs still running: " + hung, first.get());
            throw e;
        }
        if (first.get() != null) {
            throw first.get();
        }
    }

    private static void runPe(LocalFabric fabric, int rank, Pe body, AtomicReference<LocalJobException> first) {
        RANK.set(rank);
        Bootstraps.bindToThread(new LocalBootstrap(fabric, rank));
        try {
            body.run();
        } catch (Throwable t) {
            String why = "PE " + rank + " failed: " + t;
            first.compareAndSet(null, new LocalJobException(why, t));
            fabric.fail(why);
        } finally {
            fabric.ended(rank);
            Bootstraps.unbindThread();
            RANK.remove();
        }
    }

    /**
     * Joins every thread until {@code deadline}; once a PE ends the job ({@code fabric}'s exit), waits
     * at most {@link #EXIT_GRACE} more. Returns the ranks still running.
     */
    private static List<Integer> join(List<Thread> threads, long deadline, LocalFabric fabric) {
        List<Integer> running = new ArrayList<>();
        long exitDeadline = Long.MAX_VALUE;
        for (int r = 0; r < threads.size(); r++) {
            Thread t = threads.get(r);
            try {
                while (t.isAlive()) {
                    if (fabric != null && exitDeadline == Long.MAX_VALUE && fabric.exitRank() >= 0) {
                        exitDeadline = System.nanoTime() + EXIT_GRACE.toNanos();
                    }
                    long left = Math.min(deadline, exitDeadline) - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    t.join(Duration.ofNanos(Math.min(left, 50_000_000L)));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                running.add(r);
            }
        }
        return running;
    }

    /** The rank of the PE the calling thread runs as, or -1 outside an in-JVM job. */
    public static int currentRank() {
        Integer r = RANK.get();
        return r == null ? -1 : r;
    }

    /** An in-JVM job failed: the message names the PE; the cause is what it threw. */
    public static final class LocalJobException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final int exitStatus;

        LocalJobException(String message, Throwable cause) {
            this(message, cause, 1);
        }

        LocalJobException(String message, Throwable cause, int exitStatus) {
            super(message, cause);
            this.exitStatus = exitStatus;
        }

        /**
         * The status a launched job would exit with: the status a PE passed to
         * {@code shmem_global_exit} ({@code Client.exit}) when one ended the job, else 1.
         */
        public int exitStatus() {
            return exitStatus;
        }
    }
}
