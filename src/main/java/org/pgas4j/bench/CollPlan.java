package org.pgas4j.bench;

import java.util.List;

/**
 * How much of {@code bench coll} to measure: the job sizes, and per size the untimed warm-up
 * operations, the operations per timed repetition and the repetitions whose median is reported.
 * Counts are given for {@link #BASE_PES} PEs and scaled by {@code BASE_PES / N} for N PEs: with
 * more PEs than cores an operation costs many context switches, so large jobs run fewer of them
 * and the whole benchmark stays within about two minutes. Every process of a run derives the same
 * plan from its name ({@link RmaPlan#FULL} or {@link RmaPlan#QUICK}, as for {@code bench rma}).
 *
 * @param name the plan's name, passed to the processes that take its measurements
 * @param pes the job sizes, ascending, the first one {@link #BASE_PES}
 * @param warmupAtBase untimed operations of each kind at {@link #BASE_PES} PEs
 * @param iterationsAtBase operations per timed repetition at {@link #BASE_PES} PEs
 * @param repetitions timed repetitions per kind and size; the median is reported
 */
record CollPlan(String name, List<Integer> pes, int warmupAtBase, int iterationsAtBase, int repetitions) {
    /** The job size every scaling figure is relative to, and the size of the target. */
    static final int BASE_PES = 2;

    /**
     * The plan called {@code name}.
     *
     * @throws IllegalArgumentException for a name other than full or quick
     */
    static CollPlan named(String name) {
        return switch (name) {
            // 256 Ki untimed barriers (and allreduces) at N = 2, then 9 repetitions of 64 Ki; 1/8 of that at N = 16.
            case RmaPlan.FULL -> new CollPlan(RmaPlan.FULL, List.of(2, 4, 8, 16), 1 << 18, 1 << 16, 9);
            // A check that everything runs: the figures mean nothing.
            case RmaPlan.QUICK -> new CollPlan(RmaPlan.QUICK, List.of(2, 4), 1 << 12, 1 << 10, 3);
            default -> throw new IllegalArgumentException("unknown plan '" + name + "'; known: full, quick");
        };
    }

    /** The plan of a run with or without {@code --quick}. */
    static CollPlan of(boolean quick) {
        return named(quick ? RmaPlan.QUICK : RmaPlan.FULL);
    }

    /** Untimed operations of each kind before the timed ones, in a job of {@code n} PEs. */
    int warmup(int n) {
        return scaled(warmupAtBase, n);
    }

    /** Operations per timed repetition in a job of {@code n} PEs. */
    int iterations(int n) {
        return scaled(iterationsAtBase, n);
    }

    private static int scaled(int atBase, int n) {
        return (int) Math.max(1, (long) atBase * BASE_PES / n);
    }

    /**
     * Fails unless this plan measures jobs of {@code n} PEs.
     *
     * @throws IllegalStateException naming the size found and the sizes measured
     */
    void requireMeasured(int n) {
        if (!pes.contains(n)) {
            throw new IllegalStateException("the " + name + " plan of bench coll measures jobs of " + pes + " PEs, not "
                    + n + "; run it through 'pgas4j bench coll'");
        }
    }
}
