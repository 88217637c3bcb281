package org.pgas4j.bench;

/**
 * How one collective's latency at N PEs compares with the log2(N) model. A barrier or small
 * allreduce takes log2(N) rounds; each round costs what it takes one PE to hand over to another.
 * With no more PEs than cores that is the figure at {@link CollPlan#BASE_PES} PEs (a cross-core
 * hand-off: {@code base}). With more PEs than cores a round cannot end before each of the N PEs
 * has run, which on C cores takes N / C same-core hand-offs ({@code handoff}, measured in the
 * same run between two plain JVMs pinned to one core); the round then costs the larger of the two.
 * The model: {@code log2(N) x max(base, (N / cores) x handoff)}.
 *
 * @param n the job size
 * @param base the latency at {@link CollPlan#BASE_PES} PEs, microseconds
 * @param figure the latency at {@code n} PEs, microseconds
 * @param cores the host's cores
 * @param handoff the same-core hand-off, microseconds; NaN when it was not measured
 */
record CollScaling(int n, double base, double figure, int cores, double handoff) {

    /** {@code figure / base}. */
    double ratio() {
        return figure / base;
    }

    /** log2(n), exact for powers of two. */
    double log2N() {
        return Math.log(n) / Math.log(2);
    }

    /** Whether the job has more PEs than the host has cores. */
    boolean oversubscribed() {
        return n > cores;
    }

    /** The oversubscription factor {@code n / cores}; meaningful when {@link #oversubscribed()}. */
    double oversubscription() {
        return (double) n / cores;
    }

    /** The cost of one round under the model, microseconds. */
    double roundCost() {
        if (oversubscribed() && !Double.isNaN(handoff)) {
            return Math.max(base, oversubscription() * handoff);
        }
        return base;
    }

    /** The latency the model predicts: {@code log2(n) x} {@link #roundCost()}, microseconds. */
    double log2Prediction() {
        return log2N() * roundCost();
    }

    /** Whether the figure is within the model's prediction. */
    boolean withinLog2() {
        return figure <= log2Prediction();
    }
}
