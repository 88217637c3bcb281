package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the ping-pongs of {@code bench rma --transport ucx}: PE 0 puts round i into PE 1's
 * segment, PE 1 waits for it and puts it back, in one of two ways:
 * <ul>
 * <li>{@code poll}: put latency by size, the way {@code ucx_perftest -t ucp_put_lat} measures it:
 *     each side puts {@code size} bytes whose last 8 hold the round number with an implicit put
 *     ({@code putNBI}: the source is reusable on return, and nothing waits for remote completion,
 *     as {@code ucp_put_nbx} there is not flushed either), then waits for the peer's round to land
 *     in its own segment, with acquire loads and {@link Client#poll()} in the loop, as
 *     {@code ucp_put_lat} calls {@code ucp_worker_progress} (and as an OpenSHMEM
 *     {@code shmem_wait_until} waits): over tcp a put lands only when its target progresses UCX.
 *     Half the round trip is the put's latency.</li>
 * <li>{@code spin}: 8-byte blocking {@code putLong}s, and acquire loads only, never calling pgas4j
 *     (like {@link PingPongPe} over shm): each put then lands when the target's progress thread
 *     wakes on the worker's event fd, so this measures that wake-up.</li>
 * </ul>
 * PE 0 prints {@code pingpong_put_lat_us/SIZE} (poll) or {@code pingpong_agent_oneway_us} (spin):
 * half the median round trip of the plan's repetitions, after the plan's warm-up round trips.
 *
 * <p>Arguments: {@code poll|spin PLAN}. Run with 2 PEs by {@link UcxRmaBenchmark}.
 */
public final class UcxPingPongPe {
    /** The result of the {@code poll} mode, by size. */
    static final String PUT_LAT_US = "pingpong_put_lat_us";
    /** The result of the {@code spin} mode. */
    static final String AGENT_ONEWAY_US = "pingpong_agent_oneway_us";
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle(); // every size is a multiple of 8

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
            MemorySegment mine = client.primordialEndpoint().boundSegment().orElseThrow().memory();
            world.barrier();
            if (poll) {
                putLatencies(client, world, mine, plan);
            } else {
                agentLatency(client, world, mine, plan);
            }
            world.barrier();
        }
    }

    /** The {@code poll} mode: every size of the plan, the smallest first (after the warm-up). */
    private static void putLatencies(Client client, Team world, MemorySegment mine, RmaPlan plan) {
        long[] sizes = plan.sizes();
        double[] micros = new double[sizes.length];
        long round = 1;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(sizes[sizes.length - 1], 4096);
            Puts puts = new Puts(client.rma(), world, src);
            round += pingPong(client, world, puts, mine, sizes[0], round, plan.pingPongWarmup());
            for (int s = 0; s < sizes.length; s++) {
                int n = plan.iterations(sizes[s]);
                round += pingPong(client, world, puts, mine, sizes[s], round, Math.max(1, n / 4)); // this size's warm-up
                double[] reps = new double[plan.repetitions()];
                for (int r = 0; r < reps.length; r++) {
                    long start = System.nanoTime();
                    round += pingPong(client, world, puts, mine, sizes[s], round, n);
                    reps[r] = (double) (System.nanoTime() - start) / n;
                }
                micros[s] = RmaMetrics.micros(Median.of(reps) / 2);
            }
            client.rma().waitNbi();
        }
        if (world.rank() == 0) {
            ResultLine.printSizes(PUT_LAT_US, sizes, micros);
        }
    }

    /** {@code n} round trips of {@code size}-byte puts from round {@code first}; returns {@code n}. */
    private static int pingPong(Client client, Team world, Puts puts, MemorySegment mine, long size, long first,
                                int n) {
        long last = size - Long.BYTES; // where the round number goes: the last bytes to land
        long end = first + n;
        if (world.rank() == 0) {
            for (long i = first; i < end; i++) {
                puts.put(1, size, i);
                awaitValue(client, mine, last, i, true);
            }
        } else {
            for (long i = first; i < end; i++) {
                awaitValue(client, mine, last, i, true);
                puts.put(0, size, i);
            }
        }
        return n;
    }

    /** The {@code spin} mode: 8-byte blocking {@code putLong}s, waits that never call pgas4j. */
    private static void agentLatency(Client client, Team world, MemorySegment mine, RmaPlan plan) {
        Rma rma = client.rma();
        int warmUp = plan.agentPingPongIterations() / 2; // every hop waits for a thread to wake: keep it short
        int n = plan.agentPingPongIterations();
        double[] reps = new double[plan.repetitions()];
        long round = 1;
        for (int r = -1; r < reps.length; r++) {
            int count = r < 0 ? warmUp : n;
            long start = System.nanoTime();
            for (long i = round; i < round + count; i++) {
                if (world.rank() == 0) {
                    rma.putLong(world, 1, PingPongPe.FLAG_OFFSET, i);
                    awaitValue(client, mine, PingPongPe.FLAG_OFFSET, i, false);
                } else {
                    awaitValue(client, mine, PingPongPe.FLAG_OFFSET, i, false);
                    rma.putLong(world, 0, PingPongPe.FLAG_OFFSET, i);
                }
            }
            if (r >= 0) {
                reps[r] = (double) (System.nanoTime() - start) / count;
            }
            round += count;
        }
        if (world.rank() == 0) {
            ResultLine.print(AGENT_ONEWAY_US, RmaMetrics.micros(Median.of(reps) / 2));
        }
    }

    /** The implicit puts of the {@code poll} mode, from one native source buffer. */
    private record Puts(Rma rma, Team world, MemorySegment src) {
        void put(int rank, long size, long round) {
            src.set(ValueLayout.JAVA_LONG_UNALIGNED, size - Long.BYTES, round);
            rma.putNBI(world, rank, 0, src, 0, size);
        }
    }

    private static void awaitValue(Client client, MemorySegment mine, long offset, long value, boolean poll) {
        // Acquire: what the peer wrote before its put of the flag is visible once we see the flag.
        while ((long) LONG.getAcquire(mine, offset) != value) {
            if (poll) {
                client.poll();
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
