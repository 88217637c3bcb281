package org.pgas4j.junit;

import java.time.Duration;
import java.util.List;
import org.pgas4j.transport.local.LocalJob;

/**
 * Runs a job's PEs as threads of this JVM over the {@code local} transport, through
 * {@link LocalJob}: when a PE throws, the job is marked failing so the others' waits throw instead
 * of hanging; at the timeout the job is failed and the PE threads interrupted.
 */
final class LocalPes {
    /** How long PE threads get to end after the job, beyond {@link LocalJob}'s own wait. */
    private static final Duration THREAD_GRACE = Duration.ofSeconds(5);
    /** How long before the deadline the stacks of the PEs still running are taken. */
    private static final Duration SNAPSHOT_LEAD = Duration.ofMillis(200);

    private LocalPes() {
    }

    /** Runs {@code body} as the {@code job}'s PEs; {@code fromJUnit}: JUnit's arguments. */
    static JobOutcome run(JobSpec job, PeBody body, List<Object> fromJUnit) {
        int size = job.size();
        LocalPeRecords records = new LocalPeRecords(size);
        Duration timeout = Duration.ofSeconds(job.timeoutSeconds());
        long deadline = System.nanoTime() + timeout.toNanos();
        // The stacks are taken a little before the deadline: at it, LocalJob fails the job and the PEs unwind.
        long snapshotAt = deadline - Math.min(SNAPSHOT_LEAD.toNanos(), timeout.toNanos() / 10);
        Thread watchdog = Thread.ofPlatform().daemon().name("pgas4j-junit-watchdog").start(() -> {
            try {
                Thread.sleep(Duration.ofNanos(Math.max(0, snapshotAt - System.nanoTime())));
                records.snapshotStacks();
            } catch (InterruptedException e) {
                // the job ended in time
            }
        });
        boolean failed = false;
        try (org.pgas4j.launcher.SystemPropertyScope _ = JobProperties.apply(job.properties())) {
            LocalJob.run(size, timeout, () -> runPe(body, size, fromJUnit, records));
        } catch (LocalJob.LocalJobException e) {
            failed = true; // the records say which PE failed, and how
        } finally {
            watchdog.interrupt();
            joinQuietly(watchdog);
        }
        boolean timedOut = failed && records.anyRunningAt(deadline);
        List<String> problems = records.awaitThreads(THREAD_GRACE);
        records.releaseLeftOpen();
        return new JobOutcome(size, records.results(timedOut, deadline, job.method().getDeclaringClass()), job.timeoutSeconds(), timedOut, problems);
    }

    private static void runPe(PeBody body, int size, List<Object> fromJUnit, LocalPeRecords records) throws Exception {
        int rank = LocalJob.currentRank();
        records.started(rank);
        try {
            body.run(rank, size, fromJUnit, records);
            records.entered(rank, Phase.PASSED);
        } catch (Throwable t) {
            records.failed(rank, t);
            throw rethrowable(t); // so that LocalJob marks the job failing and the others stop
        }
    }

    private static Exception rethrowable(Throwable t) {
        if (t instanceof Error e) {
            throw e;
        }
        return t instanceof Exception e ? e : new RuntimeException(t);
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
