package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the ping-pong of {@code bench rma --transport ucx}: PE 0 puts round i into PE 1's
 * segment, PE 1 waits for it and puts it back, in one of two ways:
 * <ul>
 * <li>{@code poll}: the way {@code ucx_perftest -t ucp_put_lat} runs it: each flag is an implicit
 *     put ({@code putNBI}, not waited for remotely: UCX's {@code ucp_put_nbx} there is not flushed
 *     either; a ring of 64 source slots, with {@code waitNbi} once per lap so that no slot is
 *     reused before its put completed), and the wait for the incoming flag makes acquire loads
 *     with {@link Client#poll()} in the loop, as {@code ucp_put_lat} calls
 *     {@code ucp_worker_progress} and as an OpenSHMEM {@code shmem_wait_until} waits: the
 *     like-for-like comparison, since over tcp a put lands only when the target progresses UCX;</li>
 * <li>{@code spin}: blocking {@code putLong}s, and acquire loads only, never calling pgas4j (like {@link PingPongPe} over shm):
 *     each put then lands when the target's progress thread wakes on the worker's event fd, so
 *     this measures that wake-up.</li>
 * </ul>
 * PE 0 prints {@code pingpong_oneway_us} (poll) or {@code pingpong_agent_oneway_us} (spin): half
 * the median round trip.
 *
 * <p>Arguments: {@code poll|spin PLAN}. Run with 2 PEs by {@link UcxRmaBenchmark}.
 */
public final class UcxPingPongPe {
    /** The result of the {@code spin} mode. */
    static final String AGENT_ONEWAY_US = "pingpong_agent_oneway_us";
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Source slots of the implicit puts: one lap of them between two {@code waitNbi}. */
    private static final int SLOTS = 64;

    private UcxPingPongPe() {
    }

    /**
     * Runs one PE of the ping-pong.
     *
     * @param args {@code poll} or {@code spin}, then the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 2 || !(args[0].equals("poll") || args[0].equals("spin"))) {
            throw new IllegalArgumentException("usage: UcxPingPongPe poll|spin PLAN");
        }
        boolean poll = args[0].equals("poll");
        RmaPlan plan = RmaPlan.named(args[1]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            Rma rma = client.rma();
            MemorySegment mine = client.primordialEndpoint().boundSegment().orElseThrow().memory();
            Flags flags = new Flags(rma, world, poll);
            world.barrier();
            if (world.rank() == 0) {
                long round = 1;
                ping(client, flags, mine, round, plan.pingPongWarmup(), poll);
                round += plan.pingPongWarmup();
                int n = plan.pingPongIterations();
                double[] reps = new double[plan.repetitions()];
                for (int r = 0; r < reps.length; r++) {
                    reps[r] = (double) ping(client, flags, mine, round, n, poll) / n;
                    round += n;
                }
                ResultLine.print(poll ? RmaMetrics.PINGPONG_ONEWAY_US : AGENT_ONEWAY_US,
                        RmaMetrics.micros(Median.of(reps) / 2));
            } else {
                pong(client, flags, mine, plan.pingPongTotal(), poll);
            }
            world.barrier();
        }
    }

    /** Rounds {@code first .. first + n - 1} as the pinger; returns the elapsed nanoseconds. */
    static long ping(Client client, Flags flags, MemorySegment mine, long first, int n, boolean poll) {
        long start = System.nanoTime();
        long end = first + n;
        for (long i = first; i < end; i++) {
            flags.put(1, i);
            awaitValue(client, mine, i, poll);
        }
        return System.nanoTime() - start;
    }

    /** Rounds {@code 1 .. total} as the ponger. */
    static void pong(Client client, Flags flags, MemorySegment mine, long total, boolean poll) {
        for (long i = 1; i <= total; i++) {
            awaitValue(client, mine, i, poll);
            flags.put(0, i);
        }
    }

    /** How a flag is put: blocking {@code putLong} (spin mode), or implicit puts from a ring of slots (poll mode). */
    private static final class Flags {
        private final Rma rma;
        private final Team world;
        private final boolean implicit;
        private final MemorySegment slots = java.lang.foreign.Arena.ofAuto().allocate(SLOTS * Long.BYTES, Long.BYTES);
        private int next;

        Flags(Rma rma, Team world, boolean implicit) {
            this.rma = rma;
            this.world = world;
            this.implicit = implicit;
        }

        void put(int rank, long value) {
            if (!implicit) {
                rma.putLong(world, rank, PingPongPe.FLAG_OFFSET, value);
                return;
            }
            if (next == SLOTS) {
                rma.waitNbi(); // every slot's put is complete: the lap may reuse them
                next = 0;
            }
            long at = (long) next++ * Long.BYTES;
            slots.set(ValueLayout.JAVA_LONG, at, value);
            rma.putNBI(world, rank, PingPongPe.FLAG_OFFSET, slots, at, Long.BYTES);
        }
    }

    private static void awaitValue(Client client, MemorySegment mine, long value, boolean poll) {
        // Acquire: what the peer wrote before its put of the flag is visible once we see the flag.
        while ((long) LONG.getAcquire(mine, PingPongPe.FLAG_OFFSET) != value) {
            if (poll) {
                client.poll();
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
