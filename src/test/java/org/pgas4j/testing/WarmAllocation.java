package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The harness of the facades' hot-path allocation tests: a job of fresh PE JVMs, each of which
 * measures its own thread's allocation over warm calls and prints {@code ALLOC <bytes>} (the least
 * of its measured windows). Up to a few fresh jobs are tried, since a compiled-code effect in one
 * JVM has been seen to allocate a few bytes a call in rare runs; the test fails when every job's
 * PEs allocate, as a real allocation per call would (megabytes).
 */
public final class WarmAllocation {
    /** Bytes a PE's measured window may allocate and still count as nothing (noise, not per call). */
    public static final long TOLERATED_BYTES = 16 * 1024;

    private WarmAllocation() {
    }

    /**
     * Runs {@code mainClass} as a job of {@code np} PEs on {@code shm} up to {@code jobs} times and
     * passes as soon as every PE of one job printed {@code ALLOC} below {@link #TOLERATED_BYTES}.
     * The jobs run without the test jobs' AOT cache ({@link TestAotCache}): a fresh JVM's own
     * profiles are what this measures, and with that cache (recorded from other scenarios, with
     * the measuring class itself in it) the GASPI measurement's loop, not pgas4j's calls,
     * allocated 32 bytes an iteration, while the same loop in a class outside the cache allocated
     * nothing under the same cache.
     */
    public static void assertNoneInSomeJob(int np, int jobs, long timeoutSeconds, List<String> options, String mainClass) {
        List<String> withoutCache = new ArrayList<>(options);
        withoutCache.add("--no-aot");
        StringBuilder seen = new StringBuilder();
        for (int job = 1; job <= jobs; job++) {
            LaunchedJob.Result r = LaunchedJob.run(np, "shm", timeoutSeconds, withoutCache, mainClass);
            assertEquals(0, r.exitCode(), r::toString);
            List<String> lines = r.lines().stream().filter(l -> l.matches("^\\[\\d+] ALLOC \\d+$")).toList();
            assertEquals(np, lines.size(), r::toString);
            boolean clean = true;
            for (String line : lines) {
                clean &= Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)) < TOLERATED_BYTES;
            }
            if (clean) {
                return;
            }
            seen.append("job ").append(job).append(": ").append(lines).append('\n');
        }
        fail("every job's warm calls allocated:\n" + seen);
    }

    /**
     * The least that this thread allocated in {@code windows} runs of {@code window} (made before
     * the first, so that calling it allocates nothing of its own).
     */
    public static long leastOfWindows(int windows, Runnable window) {
        long least = Long.MAX_VALUE;
        for (int w = 0; w < windows; w++) {
            long before = byThisThread();
            window.run();
            least = Math.min(least, byThisThread() - before);
        }
        return least;
    }

    /** Bytes this thread has allocated so far (the JVM's per-thread counter). */
    public static long byThisThread() {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return bean.getCurrentThreadAllocatedBytes();
    }
}
