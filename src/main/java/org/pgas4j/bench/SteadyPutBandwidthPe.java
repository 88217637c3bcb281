package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the steady-state put bandwidth test of {@code bench rma --transport ucx}: PE 0 puts
 * {@code SIZE}-byte messages into PE 1's segment in windows of {@link RmaPlan#WINDOW} implicit
 * puts, each window completed by {@code waitNbi} ({@link PutBandwidthPe#putWindows}), first
 * {@code WARMUP} bytes untimed and then {@code BYTES} bytes timed, and prints
 * {@code put_bw_steady_MBps/SIZE}. PE 1 waits in a barrier. One long run of one size per job is
 * what {@code ucx_perftest -t ucp_put_bw -O 64} is compared with, run after it each round.
 *
 * <p>Arguments: {@code SIZE BYTES WARMUP}; run with 2 PEs by {@link UcxRmaBenchmark}.
 */
public final class SteadyPutBandwidthPe {
    /** The metric of the result line. */
    static final String PUT_BW_STEADY_MBPS = "put_bw_steady_MBps";

    private SteadyPutBandwidthPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args the message size, the timed bytes and the warm-up bytes
     */
    public static void main(String[] args) {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: SteadyPutBandwidthPe SIZE BYTES WARMUP");
        }
        long size = Long.parseLong(args[0]);
        if (size <= 0 || size > RmaPlan.MAX_SIZE) {
            throw new IllegalArgumentException("SIZE must be in 1.." + RmaPlan.MAX_SIZE + ", not " + size);
        }
        int timed = operations(Long.parseLong(args[1]), size);
        int warmup = operations(Long.parseLong(args[2]), size);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment src = arena.allocate(size, 4096);
                    src.fill((byte) 0x5a);
                    Rma rma = client.rma();
                    PutBandwidthPe.putWindows(rma, world, src, size, warmup);
                    long nanos = PutBandwidthPe.putWindows(rma, world, src, size, timed);
                    ResultLine.print(ResultLine.key(PUT_BW_STEADY_MBPS, size),
                            RmaMetrics.megabytesPerSecond(size, (double) nanos / timed));
                }
            }
            world.barrier();
        }
    }

    /** The puts that move at least {@code bytes} of {@code size}, a whole number of windows, at least one. */
    static int operations(long bytes, long size) {
        long puts = (bytes + size - 1) / size;
        long windows = Math.max(1, (puts + RmaPlan.WINDOW - 1) / RmaPlan.WINDOW);
        return Math.toIntExact(windows * RmaPlan.WINDOW);
    }
}
