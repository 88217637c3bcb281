package org.pgas4j.bench;

/**
 * Times two forms of one operation (a facade's and the core's) in alternating rounds of equal
 * length in time rather than in count, after both have run long enough for the JIT to compile
 * their final code: a fixed count of a few-nanosecond operation is over in a few milliseconds,
 * and its figure is then the interpreter's or C1's, not the steady state's.
 */
final class PairedRounds {
    /** Median nanoseconds per run of each form. */
    record Result(double first, double second) {
    }

    private final long warmUpNanos;
    private final long roundNanos;
    private final int rounds;

    /**
     * @param warmUpNanos how long each form runs before it is measured
     * @param roundNanos the least length of one measured round of either form
     * @param rounds measured rounds of each form (odd, for a plain median)
     */
    PairedRounds(long warmUpNanos, long roundNanos, int rounds) {
        this.warmUpNanos = warmUpNanos;
        this.roundNanos = roundNanos;
        this.rounds = rounds;
    }

    /** Times {@code first} and {@code second} (each one run of the operation). */
    Result time(Runnable first, Runnable second) {
        int n = Math.max(runsPerRound(first), runsPerRound(second));
        double[] a = new double[rounds];
        double[] b = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            a[r] = nanosPerRun(n, first);
            b[r] = nanosPerRun(n, second);
        }
        return new Result(Median.of(a), Median.of(b));
    }

    /** Runs {@code op} for the warm-up time and returns a count of runs that takes at least a round. */
    private int runsPerRound(Runnable op) {
        int n = 16;
        long end = System.nanoTime() + warmUpNanos;
        double perRun;
        do {
            perRun = nanosPerRun(n, op);
            if (perRun * n < roundNanos / 4.0 && n < (1 << 28)) {
                n *= 2;
            }
        } while (System.nanoTime() < end);
        return (int) Math.min(1 << 30, Math.max(1, Math.ceil(roundNanos / perRun)));
    }

    private static double nanosPerRun(int n, Runnable op) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            op.run();
        }
        return (double) (System.nanoTime() - start) / n;
    }
}
