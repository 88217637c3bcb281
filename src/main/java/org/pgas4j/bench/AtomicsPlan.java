package org.pgas4j.bench;

/**
 * How much of {@code bench atomics} to measure: the untimed warm-up operations of each kind, the
 * operations per timed repetition, the repetitions whose median a PE reports, the window of
 * non-blocking operations in flight, and how many rounds of raw ping-pong and atomics job the
 * driver alternates. Every process of a run derives the same plan from its name
 * ({@link RmaPlan#FULL} or {@link RmaPlan#QUICK}, as for {@code bench rma}).
 *
 * @param name the plan's name, passed to the processes that take its measurements
 * @param warmup untimed operations of each kind before the first timed repetition
 * @param iterations operations per timed repetition: a multiple of {@code window}
 * @param repetitions timed repetitions per kind; the median is reported
 * @param window non-blocking operations in flight between two waits
 * @param rounds how many times the driver alternates the raw ping-pong and the atomics job
 */
record AtomicsPlan(String name, int warmup, int iterations, int repetitions, int window, int rounds) {

    /**
     * The plan called {@code name}.
     *
     * @throws IllegalArgumentException for a name other than full or quick
     */
    static AtomicsPlan named(String name) {
        return switch (name) {
            // 512 Ki untimed operations of each kind, then 9 repetitions of 1 Mi; 3 rounds.
            case RmaPlan.FULL -> new AtomicsPlan(RmaPlan.FULL, 1 << 19, 1 << 20, 9, 64, 3);
            // A check that everything runs: the figures mean nothing.
            case RmaPlan.QUICK -> new AtomicsPlan(RmaPlan.QUICK, 1 << 12, 1 << 12, 3, 64, 1);
            default -> throw new IllegalArgumentException("unknown plan '" + name + "'; known: full, quick");
        };
    }

    /** The plan of a run with or without {@code --quick}. */
    static AtomicsPlan of(boolean quick) {
        return named(quick ? RmaPlan.QUICK : RmaPlan.FULL);
    }

    /** Every operation of one kind in a PE's run: warm-up, one untimed and every timed repetition. */
    long total() {
        return warmup + (long) (repetitions + 1) * iterations;
    }
}
