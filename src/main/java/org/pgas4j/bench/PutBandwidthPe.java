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
 * <p>With {@value #STREAM} after the plan it also measures the bandwidth of a stream, as
 * {@code ucx_perftest -t ucp_put_bw} does: all the repetition's puts back to back and one
 * {@code waitNbi} at the end, printed as {@code put_bw_stream_MBps/SIZE}. A window's
 * {@code waitNbi} empties the path between the PEs 64 times per repetition, which ucx_perftest's
 * loop never does, so only the stream compares with its figure.
 *
 * <p>Arguments: the plan's name, then optionally {@value #STREAM}. Run with 2 PEs by
 * {@link RmaBenchmark} and {@link UcxRmaBenchmark}.
 */
public final class PutBandwidthPe {
    /** The argument that adds the stream measurement. */
    static final String STREAM = "stream";
    private static final long REMOTE_OFFSET = 0;

    private PutBandwidthPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2 || args.length == 2 && !args[1].equals(STREAM)) {
            throw new IllegalArgumentException("usage: PutBandwidthPe PLAN [" + STREAM + "]");
        }
        RmaPlan plan = RmaPlan.named(args[0]);
        boolean stream = args.length == 2;
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment src = arena.allocate(RmaPlan.MAX_SIZE, 4096);
                    src.fill((byte) 0x5a);
                    Rma rma = client.rma();
                    print(RmaMetrics.PUT_BW_MBPS, plan, SizeSweep.nanosPerOperation(plan,
                            (size, n) -> putWindows(rma, world, src, size, n)));
                    if (stream) {
                        print(RmaMetrics.PUT_BW_STREAM_MBPS, plan, SizeSweep.nanosPerOperation(plan,
                                (size, n) -> putStream(rma, world, src, size, n)));
                    }
                }
            }
            world.barrier();
        }
    }

    /** Prints {@code key/SIZE} lines of MB/s from nanoseconds per put at each of the plan's sizes. */
    private static void print(String key, RmaPlan plan, double[] nanos) {
        long[] sizes = plan.sizes();
        double[] mbps = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            mbps[i] = RmaMetrics.megabytesPerSecond(sizes[i], nanos[i]);
        }
        ResultLine.printSizes(key, sizes, mbps);
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

    /**
     * {@code n} implicit puts of {@code size} bytes to PE 1 back to back, then one
     * {@code waitNbi}. Returns the elapsed nanoseconds.
     */
    static long putStream(Rma rma, Team world, MemorySegment src, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            rma.putNBI(world, 1, REMOTE_OFFSET, src, 0, size);
        }
        rma.waitNbi();
        return System.nanoTime() - start;
    }
}
