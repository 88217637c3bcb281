package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Locale;

/**
 * One progress line per phase of a benchmark on standard error: which phase, how far through the
 * run ({@code 3/8}) and the time since the run started, so that a long run is never silent.
 */
final class Progress {
    private final String bench;
    private final PrintStream err;
    private final long start = System.nanoTime();
    private int total;
    private int done;

    /**
     * @param bench the benchmark's name, as in {@code bench NAME}
     * @param total how many phases the run has (it may grow with {@link #expect})
     */
    Progress(String bench, int total, PrintStream err) {
        this.bench = bench;
        this.total = total;
        this.err = err;
    }

    /** Adds {@code more} phases to the count. */
    void expect(int more) {
        total += more;
    }

    /** Starts the next phase: prints {@code bench NAME: [ 12.3 s] 3/8 what ...}. */
    void phase(String what) {
        done++;
        err.println(String.format(Locale.ROOT, "bench %s: [%6.1f s] %d/%d %s ...", bench, elapsedSeconds(),
                done, Math.max(done, total), what));
        err.flush();
    }

    /** Seconds since the run started. */
    double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }
}
