package org.pgas4j.bench;

/**
 * How much of {@code bench am} to measure: the untimed round trips before anything is timed, the
 * round trips per timed repetition (fewer for large Medium payloads), the repetitions whose median
 * a PE reports, the Medium payload sizes, and how many rounds of raw ping-pong and AM job the
 * driver alternates. Every process of a run derives the same plan from its name
 * ({@link RmaPlan#FULL} or {@link RmaPlan#QUICK}, as for {@code bench rma}).
 *
 * @param name the plan's name, passed to the processes that take its measurements
 * @param warmup untimed Short round trips before the first timed repetition (Medium: a tenth)
 * @param iterations Short round trips per timed repetition
 * @param repetitions timed repetitions per figure; the median is reported
 * @param mediumSizes the Medium payload sizes in bytes, ascending
 * @param rounds how many times the driver alternates the raw ping-pong and the AM job
 */
record AmPlan(String name, int warmup, int iterations, int repetitions, long[] mediumSizes, int rounds) {
    /** Bytes moved per timed Medium repetition (both ways), which sets its round trips. */
    private static final long MEDIUM_BYTES_PER_REPETITION = 1L << 29;

    /**
     * The plan called {@code name}.
     *
     * @throws IllegalArgumentException for a name other than full or quick
     */
    static AmPlan named(String name) {
        return switch (name) {
            // 512 Ki untimed round trips, then 9 repetitions of 256 Ki; 3 rounds: about 30 s.
            case RmaPlan.FULL -> new AmPlan(RmaPlan.FULL, 1 << 19, 1 << 18, 9, new long[] {8, 256, 4096, 65536}, 3);
            // A check that everything runs: the figures mean nothing.
            case RmaPlan.QUICK -> new AmPlan(RmaPlan.QUICK, 1 << 12, 1 << 12, 3, new long[] {8, 4096}, 1);
            default -> throw new IllegalArgumentException("unknown plan '" + name + "'; known: full, quick");
        };
    }

    /** The plan of a run with or without {@code --quick}. */
    static AmPlan of(boolean quick) {
        return named(quick ? RmaPlan.QUICK : RmaPlan.FULL);
    }

    /** Medium round trips per timed repetition at {@code size} bytes: at most the Short count, at least 256. */
    int mediumIterations(long size) {
        return (int) Math.max(256, Math.min(iterations, MEDIUM_BYTES_PER_REPETITION / (2 * size)));
    }

    /** The largest Medium payload of the plan: the PEs' buffers' size. */
    long maxMediumSize() {
        return mediumSizes[mediumSizes.length - 1];
    }
}
