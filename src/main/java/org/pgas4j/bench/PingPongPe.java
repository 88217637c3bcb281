package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the pgas4j ping-pong: PE 0 puts round number i into PE 1's segment with a blocking
 * {@code putLong}; PE 1 spins on its own segment (acquire loads) until it sees i and puts i back
 * into PE 0's segment; PE 0 spins likewise. Both flags are at {@link #FLAG_OFFSET} of the
 * receiver's primordial segment, which starts zeroed. PE 0 prints {@code pingpong_oneway_us}:
 * half the median round trip.
 *
 * <p>Argument: the plan's name. Run with 2 PEs by {@link RmaBenchmark}.
 */
public final class PingPongPe {
    /** Where in each PE's segment its incoming flag lives. */
    static final long FLAG_OFFSET = 0;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private PingPongPe() {
    }

    /**
     * Runs one PE of the ping-pong.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: PingPongPe PLAN");
        }
        RmaPlan plan = RmaPlan.named(args[0]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            Rma rma = client.rma();
            MemorySegment mine = client.primordialEndpoint().boundSegment().orElseThrow().memory();
            world.barrier();
            if (world.rank() == 0) {
                long round = 1;
                ping(rma, world, mine, round, plan.pingPongWarmup());
                round += plan.pingPongWarmup();
                int n = plan.pingPongIterations();
                double[] reps = new double[plan.repetitions()];
                for (int r = 0; r < reps.length; r++) {
                    reps[r] = (double) ping(rma, world, mine, round, n) / n;
                    round += n;
                }
                ResultLine.print(RmaMetrics.PINGPONG_ONEWAY_US, RmaMetrics.micros(Median.of(reps) / 2));
            } else {
                pong(rma, world, mine, plan.pingPongTotal());
            }
            world.barrier();
        }
    }

    /** Rounds {@code first .. first + n - 1} as the pinger; returns the elapsed nanoseconds. */
    static long ping(Rma rma, Team world, MemorySegment mine, long first, int n) {
        long start = System.nanoTime();
        long end = first + n;
        for (long i = first; i < end; i++) {
            rma.putLong(world, 1, FLAG_OFFSET, i);
            awaitValue(mine, i);
        }
        return System.nanoTime() - start;
    }

    /** Rounds {@code 1 .. total} as the ponger. */
    static void pong(Rma rma, Team world, MemorySegment mine, long total) {
        for (long i = 1; i <= total; i++) {
            awaitValue(mine, i);
            rma.putLong(world, 0, FLAG_OFFSET, i);
        }
    }

    private static void awaitValue(MemorySegment mine, long value) {
        // Acquire: what the peer wrote before its put of the flag is visible once we see the flag.
        while ((long) LONG.getAcquire(mine, FLAG_OFFSET) != value) {
            Thread.onSpinWait();
        }
    }
}
