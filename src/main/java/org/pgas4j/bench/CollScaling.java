package org.pgas4j.bench;

/**
 * How one collective's latency at N PEs compares with its latency at {@link CollPlan#BASE_PES}:
 * the ratio, the prediction of a cost that grows with log2(N) (log2(N) times the base figure),
 * and, when the job has more PEs than the host has cores, the figure divided by the
 * oversubscription factor N / cores, to be held against that prediction.
 *
 * @param n the job size
 * @param base the latency at {@link CollPlan#BASE_PES} PEs, microseconds
 * @param figure the latency at {@code n} PEs, microseconds
 * @param cores the host's cores
 */
record CollScaling(int n, double base, double figure, int cores) {

    /** {@code figure / base}. */
    double ratio() {
        return figure / base;
    }

    /** log2(n), exact for powers of two. */
    double log2N() {
        return Math.log(n) / Math.log(2);
    }

    /** The latency a log2(N) growth predicts: {@code log2(n) x base}, microseconds. */
    double log2Prediction() {
        return log2N() * base;
    }

    /** Whether the job has more PEs than the host has cores. */
    boolean oversubscribed() {
        return n > cores;
    }

    /** The oversubscription factor {@code n / cores}; meaningful when {@link #oversubscribed()}. */
    double oversubscription() {
        return (double) n / cores;
    }

    /** {@code figure / (n / cores)}, microseconds; meaningful when {@link #oversubscribed()}. */
    double perOversubscription() {
        return figure / oversubscription();
    }

    /**
     * Whether the figure grows no worse than log2(N) times the base figure: the figure itself, or
     * {@link #perOversubscription()} when {@link #oversubscribed()}, is at most {@link #log2Prediction()}.
     */
    boolean withinLog2() {
        return (oversubscribed() ? perOversubscription() : figure) <= log2Prediction();
    }
}
