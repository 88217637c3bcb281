package org.pgas4j.examples;

import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * The README's first job: every PE puts a value into its right neighbour's segment, a barrier,
 * every PE checks what arrived, then a global sum built from one-sided puts: every PE puts its
 * value into a slot of PE 0, PE 0 adds them up and puts the sum back to everyone. Each PE prints
 * what it verified; a PE whose check fails exits non-zero, which fails the job.
 */
public final class RingDemo {
    private static final long RING_SLOT = 0;     // where my left neighbour's value lands
    private static final long SUM_SLOT = 64;     // where PE 0 puts the sum
    private static final long GATHER_BASE = 128; // PE 0: one long per PE

    private RingDemo() {
    }

    /** Runs one PE of the demo. */
    public static void main(String[] args) {
        try (Client client = Client.init()) {
            Team world = client.world();
            Rma rma = client.rma();
            int me = world.rank();
            int n = world.size();
            long value = 1000L + me * me;

            rma.putLong(world, (me + 1) % n, RING_SLOT, value);
            world.barrier();
            int left = (me - 1 + n) % n;
            long arrived = rma.getLong(world, me, RING_SLOT);
            long expected = 1000L + (long) left * left;
            check(arrived == expected, me, "ring: expected " + expected + " from PE " + left + ", found " + arrived);

            rma.putLong(world, 0, GATHER_BASE + 8L * me, value);
            world.barrier();
            if (me == 0) {
                long[] values = new long[n];
                rma.get(world, 0, GATHER_BASE, values, 0, n);
                long sum = 0;
                for (long v : values) {
                    sum += v;
                }
                for (int r = 0; r < n; r++) {
                    rma.putLong(world, r, SUM_SLOT, sum);
                }
            }
            world.barrier();
            long sum = rma.getLong(world, me, SUM_SLOT);
            long expectedSum = 0;
            for (int r = 0; r < n; r++) {
                expectedSum += 1000L + (long) r * r;
            }
            check(sum == expectedSum, me, "sum: expected " + expectedSum + ", found " + sum);
            System.out.println("PE " + me + " of " + n + " (" + client.transportName() + "): received " + arrived
                    + " from PE " + left + ", global sum " + sum + " verified");
        }
    }

    private static void check(boolean ok, int me, String what) {
        if (!ok) {
            System.err.println("PE " + me + ": FAILED " + what);
            System.exit(3);
        }
    }
}
