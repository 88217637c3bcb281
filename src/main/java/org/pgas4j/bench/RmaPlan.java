package org.pgas4j.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * How much of {@code bench rma} to measure and for how long: the message sizes, the iterations
 * per timed repetition (scaled down with size so each repetition moves about the same number of
 * bytes), the repetitions whose median a process reports, the ping-pong counts, and how many
 * rounds of each baseline-and-pgas4j pair the driver alternates. Every process of a run derives
 * the same plan from its name ({@link #FULL} or {@link #QUICK}).
 *
 * <p>Iteration counts are powers of two, hence multiples of {@link #WINDOW}.
 */
final class RmaPlan {
    /** The plan name of a complete run. */
    static final String FULL = "full";
    /** The plan name of {@code --quick}. */
    static final String QUICK = "quick";
    /** The plan name of {@code --transport ucx}: fewer bytes per repetition, since tcp is slower than memory. */
    static final String UCX_FULL = "ucx-full";
    /** The plan name of {@code --transport ucx --quick}. */
    static final String UCX_QUICK = "ucx-quick";
    /** Puts in flight between two waits in the bandwidth test (OSU's window). */
    static final int WINDOW = 64;
    /** The largest message size of any plan: the local buffers' size. */
    static final long MAX_SIZE = 4L << 20;
    /** Round trips per timed repetition of the spin ping-pong in the quick plans ({@link #agentPingPongIterations()}). */
    static final int QUICK_AGENT_PING_PONG_ITERATIONS = 256;
    /** The segment size the PEs need: the largest message and the ping-pong flag fit. */
    static final String SEGMENT_SIZE = "8m";

    private final String name;
    private final long[] sizes;
    private final int bytesShift;
    private final int minIterations;
    private final int maxIterations;
    private final int repetitions;
    private final int pingPongIterations;
    private final int pingPongWarmup;
    private final int rounds;

    private RmaPlan(String name, long[] sizes, int bytesShift, int minIterations, int maxIterations, int repetitions,
                    int pingPongIterations, int pingPongWarmup, int rounds) {
        this.name = name;
        this.sizes = sizes;
        this.bytesShift = bytesShift;
        this.minIterations = minIterations;
        this.maxIterations = maxIterations;
        this.repetitions = repetitions;
        this.pingPongIterations = pingPongIterations;
        this.pingPongWarmup = pingPongWarmup;
        this.rounds = rounds;
    }

    /**
     * The plan called {@code name}.
     *
     * @throws IllegalArgumentException for a name other than {@link #FULL} or {@link #QUICK}
     */
    static RmaPlan named(String name) {
        return switch (name) {
            // 1 GiB per repetition (about 25 ms at cache bandwidth), 9 repetitions, 8 B .. 4 MiB, 5 rounds.
            case FULL -> new RmaPlan(FULL, powersOfTwo(8, MAX_SIZE), 30, 256, 1 << 19, 9, 1 << 18, 1 << 19, 5);
            // 16 MiB per repetition, 3 repetitions, three sizes, 1 round: a check that everything runs.
            case QUICK -> new RmaPlan(QUICK, new long[] {8, 4096, 1 << 20}, 24, 64, 1 << 14, 3, 1 << 14, 1 << 14, 1);
            // 64 MiB but at most 4096 operations per repetition, 5 repetitions, 8 B .. 4 MiB, 1 round;
            // 65536 warm-up round trips (2-3 s): the FFM call sites and UCX's paths reach their
            // speed only after some 10^4 round trips, which took 50-60 us each before.
            case UCX_FULL -> new RmaPlan(UCX_FULL, powersOfTwo(8, MAX_SIZE), 26, 64, 1 << 12, 5, 1 << 12, 1 << 16, 1);
            // 4 MiB per repetition, 3 repetitions, the sizes of the quick plan, 1 round.
            case UCX_QUICK -> new RmaPlan(UCX_QUICK, new long[] {8, 4096, 1 << 20}, 22, 64, 1 << 11, 3, 1 << 11,
                    1 << 12, 1);
            default -> throw new IllegalArgumentException("unknown plan '" + name
                    + "'; known: full, quick, ucx-full, ucx-quick");
        };
    }

    /** Whether this is one of the short plans of {@code --quick}. */
    boolean quick() {
        return name.equals(QUICK) || name.equals(UCX_QUICK);
    }

    /** The plan of a run with or without {@code --quick}. */
    static RmaPlan of(boolean quick) {
        return named(quick ? QUICK : FULL);
    }

    /** The plan of a {@code --transport ucx} run with or without {@code --quick}. */
    static RmaPlan ofUcx(boolean quick) {
        return named(quick ? UCX_QUICK : UCX_FULL);
    }

    private static long[] powersOfTwo(long from, long to) {
        List<Long> list = new ArrayList<>();
        for (long s = from; s <= to; s <<= 1) {
            list.add(s);
        }
        return list.stream().mapToLong(Long::longValue).toArray();
    }

    /** The plan's name, passed to the processes that take its measurements. */
    String name() {
        return name;
    }

    /** The message sizes in bytes, ascending. */
    long[] sizes() {
        return sizes.clone();
    }

    /** Operations per timed repetition at {@code size} bytes: a power of two, at least {@link #WINDOW}. */
    int iterations(long size) {
        long n = (1L << bytesShift) / size;
        return (int) Math.max(minIterations, Math.min(maxIterations, n));
    }

    /** Timed repetitions per size; the median is reported. */
    int repetitions() {
        return repetitions;
    }

    /**
     * How many times the driver alternates a baseline and its pgas4j counterpart (raw and pgas4j
     * ping-pong; memcpy and put bandwidth), each time in fresh processes; it reports the median of
     * the rounds. The machine's speed drifts over seconds, so alternating keeps a ratio's two
     * figures from being taken in different states of it.
     */
    int rounds() {
        return rounds;
    }

    /** Round trips per timed ping-pong repetition. */
    int pingPongIterations() {
        return pingPongIterations;
    }

    /**
     * Round trips per timed repetition of the ping-pong whose PEs spin without calling pgas4j
     * ({@link UcxPingPongPe}'s {@code spin}): every hop waits for a progress thread to wake (about
     * 0.5 ms over tcp here), so the quick plans, a check that everything runs, take
     * {@link #QUICK_AGENT_PING_PONG_ITERATIONS}; the others the ping-pong's count.
     */
    int agentPingPongIterations() {
        return quick() ? Math.min(QUICK_AGENT_PING_PONG_ITERATIONS, pingPongIterations) : pingPongIterations;
    }

    /**
     * How many {@code ucx_perftest} runs of each size (and window) the driver takes the median of:
     * the repetitions, but one in the quick plans, since each run is a new pair of processes that
     * connect (about 0.4 s).
     */
    int perftestRuns() {
        return quick() ? 1 : repetitions;
    }

    /** Untimed round trips before the first timed ping-pong repetition. */
    int pingPongWarmup() {
        return pingPongWarmup;
    }

    /** Every round trip of a ping-pong run: warm-up and all repetitions. */
    long pingPongTotal() {
        return pingPongWarmup + (long) repetitions * pingPongIterations;
    }
}
