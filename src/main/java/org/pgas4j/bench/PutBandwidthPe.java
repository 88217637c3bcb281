package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the put bandwidth test (OSU {@code osu_oshm_put_bw} style): PE 0 issues windows of
 * {@link RmaPlan#WINDOW} implicit puts ({@code putNBI}) from a local native buffer into PE 1's
 * segment, each window completed by {@code waitNbi}, while PE 1 waits in a barrier. PE 0 prints
 * {@code put_bw_MBps/SIZE} result lines.
 *
 * <p>Argument: the plan's name. Run with 2 PEs by {@link RmaBenchmark}.
 */
public final class PutBandwidthPe {
    private static final long REMOTE_OFFSET = 0;

    private PutBandwidthPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: PutBandwidthPe PLAN");
        }
        RmaPlan plan = RmaPlan.named(args[0]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                long[] sizes = plan.sizes();
                double[] nanos = measure(client.rma(), world, plan);
                double[] mbps = new double[sizes.length];
                for (int i = 0; i < sizes.length; i++) {
                    mbps[i] = RmaMetrics.megabytesPerSecond(sizes[i], nanos[i]);
                }
                ResultLine.printSizes(RmaMetrics.PUT_BW_MBPS, sizes, mbps);
            }
            world.barrier();
        }
    }

    private static double[] measure(Rma rma, Team world, RmaPlan plan) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(RmaPlan.MAX_SIZE, 4096);
            src.fill((byte) 0x5a);
            return SizeSweep.nanosPerOperation(plan, (size, n) -> putWindows(rma, world, src, size, n));
        }
    }

    /**
     * {@code n} implicit puts of {@code size} bytes to PE 1 in windows of {@link RmaPlan#WINDOW},
     * each completed by {@code waitNbi}; {@code n} is a multiple of the window. Returns the
     * elapsed nanoseconds.
     */
    static long putWindows(Rma rma, Team world, MemorySegment src, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i += RmaPlan.WINDOW) {
            for (int k = 0; k < RmaPlan.WINDOW; k++) {
                rma.putNBI(world, 1, REMOTE_OFFSET, src, 0, size);
            }
            rma.waitNbi();
        }
        return System.nanoTime() - start;
    }
}
