package org.pgas4j.bench;

/**
 * Times one operation over every size of a plan, the same way for every benchmark: a warm-up
 * pass over all sizes (so the compiled code has seen every size before anything is timed), then
 * per size one more untimed repetition and {@link RmaPlan#repetitions()} timed ones, reporting
 * the median time per operation.
 */
final class SizeSweep {
    /** A timed loop of one operation at one size; keep its body a small method of its own. */
    interface Loop {
        /**
         * Performs the operation {@code iterations} times on {@code size} bytes.
         *
         * @return the elapsed nanoseconds
         */
        long run(long size, int iterations);
    }

    private SizeSweep() {
    }

    /** The median nanoseconds per operation at each size of {@code plan}, in the plan's order. */
    static double[] nanosPerOperation(RmaPlan plan, Loop loop) {
        long[] sizes = plan.sizes();
        for (long size : sizes) {
            loop.run(size, plan.iterations(size));
        }
        double[] result = new double[sizes.length];
        double[] reps = new double[plan.repetitions()];
        for (int i = 0; i < sizes.length; i++) {
            int n = plan.iterations(sizes[i]);
            loop.run(sizes[i], n);
            for (int r = 0; r < reps.length; r++) {
                reps[r] = (double) loop.run(sizes[i], n) / n;
            }
            result[i] = Median.of(reps);
        }
        return result;
    }
}
