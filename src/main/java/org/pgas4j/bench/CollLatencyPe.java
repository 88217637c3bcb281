package org.pgas4j.bench;

import org.pgas4j.Client;
import org.pgas4j.Collectives;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;

/**
 * A PE of {@code bench coll} (OSU {@code osu_oshm_barrier} style): every PE of the job runs, on
 * the world team, back-to-back blocking {@code team.barrier()} calls, then back-to-back
 * {@code allreduceLong(world, v, SUM)} calls (8 bytes), each kind as warm-up, one untimed
 * repetition and the timed repetitions of {@link CollPlan}. The time of a repetition is that of
 * the slowest PE (an allreduce of the elapsed times with MAX, outside the timed loop); PE 0
 * prints the median per operation as {@code barrier_us/N} and {@code allreduce8_us/N}. Every
 * allreduce result is checked.
 *
 * <p>Argument: the plan's name. Run with each N of the plan by {@link CollBenchmark}.
 */
public final class CollLatencyPe {
    private CollLatencyPe() {
    }

    /**
     * Runs one PE.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: CollLatencyPe PLAN");
        }
        CollPlan plan = CollPlan.named(args[0]);
        try (Client client = Client.init()) {
            int n = client.jobSize();
            plan.requireMeasured(n);
            Team world = client.world();
            Collectives coll = client.collectives();
            double barrier = nanosPerOperation(plan, coll, world, count -> barrierLoop(world, count));
            double allreduce = nanosPerOperation(plan, coll, world, count -> allreduceLoop(coll, world, count));
            if (world.rank() == 0) {
                ResultLine.print(ResultLine.key(CollMetrics.BARRIER_US, n), RmaMetrics.micros(barrier));
                ResultLine.print(ResultLine.key(CollMetrics.ALLREDUCE8_US, n), RmaMetrics.micros(allreduce));
            }
        }
    }

    /** A loop of one kind of collective. */
    interface Loop {
        /**
         * Performs {@code count} operations.
         *
         * @return the elapsed nanoseconds on this PE
         */
        long run(int count);
    }

    /**
     * Warm-up, one untimed repetition, then the median over the timed repetitions of the slowest
     * PE's nanoseconds per operation. Collective: every PE of {@code world} calls it.
     */
    static double nanosPerOperation(CollPlan plan, Collectives coll, Team world, Loop loop) {
        int n = world.size();
        loop.run(plan.warmup(n));
        int count = plan.iterations(n);
        loop.run(count);
        double[] reps = new double[plan.repetitions()];
        for (int r = 0; r < reps.length; r++) {
            world.barrier();
            long elapsed = loop.run(count);
            reps[r] = (double) coll.allreduceLong(world, elapsed, ReduceOp.MAX) / count;
        }
        return Median.of(reps);
    }

    /** {@code count} barriers on {@code world}. */
    static long barrierLoop(Team world, int count) {
        long begin = System.nanoTime();
        for (int i = 0; i < count; i++) {
            world.barrier();
        }
        return System.nanoTime() - begin;
    }

    /**
     * {@code count} allreduces (SUM) of {@code rank + i} on {@code world}: the i-th must return
     * {@code N(N-1)/2 + N i}.
     *
     * @throws IllegalStateException for a wrong sum
     */
    static long allreduceLoop(Collectives coll, Team world, int count) {
        int n = world.size();
        long ranks = (long) n * (n - 1) / 2;
        long begin = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long sum = coll.allreduceLong(world, world.rank() + (long) i, ReduceOp.SUM);
            if (sum != ranks + (long) n * i) {
                throw new IllegalStateException("allreduceLong SUM number " + i + " on " + n + " PEs returned " + sum
                        + ", not " + (ranks + (long) n * i));
            }
        }
        return System.nanoTime() - begin;
    }
}
