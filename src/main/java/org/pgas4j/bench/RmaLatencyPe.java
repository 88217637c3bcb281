package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the blocking put or get latency test (OSU {@code osu_oshm_put}/{@code get} style): PE 0
 * puts from a local native buffer into PE 1's segment (or gets from it), one blocking operation
 * per iteration, while PE 1 waits in a barrier. PE 0 prints {@code put_lat_us/SIZE} or
 * {@code get_lat_us/SIZE} result lines.
 *
 * <p>Arguments: {@code put|get PLAN}. Run with 2 PEs by {@link RmaBenchmark}.
 */
public final class RmaLatencyPe {
    private static final long REMOTE_OFFSET = 0;

    private RmaLatencyPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args {@code put} or {@code get}, then the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 2 || !(args[0].equals("put") || args[0].equals("get"))) {
            throw new IllegalArgumentException("usage: RmaLatencyPe put|get PLAN");
        }
        boolean put = args[0].equals("put");
        RmaPlan plan = RmaPlan.named(args[1]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                double[] nanos = measure(client.rma(), world, plan, put);
                double[] micros = new double[nanos.length];
                for (int i = 0; i < nanos.length; i++) {
                    micros[i] = RmaMetrics.micros(nanos[i]);
                }
                ResultLine.printSizes(put ? RmaMetrics.PUT_LAT_US : RmaMetrics.GET_LAT_US, plan.sizes(), micros);
            }
            world.barrier();
        }
    }

    private static double[] measure(Rma rma, Team world, RmaPlan plan, boolean put) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(RmaPlan.MAX_SIZE, 4096);
            local.fill((byte) 0x5a);
            SizeSweep.Loop loop = put
                    ? (size, n) -> putLoop(rma, world, local, size, n)
                    : (size, n) -> getLoop(rma, world, local, size, n);
            return SizeSweep.nanosPerOperation(plan, loop);
        }
    }

    /** {@code n} blocking puts of {@code size} bytes to PE 1; returns the elapsed nanoseconds. */
    static long putLoop(Rma rma, Team world, MemorySegment src, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            rma.put(world, 1, REMOTE_OFFSET, src, 0, size);
        }
        return System.nanoTime() - start;
    }

    /** {@code n} blocking gets of {@code size} bytes from PE 1; returns the elapsed nanoseconds. */
    static long getLoop(Rma rma, Team world, MemorySegment dst, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            rma.get(world, 1, REMOTE_OFFSET, dst, 0, size);
        }
        return System.nanoTime() - start;
    }
}
