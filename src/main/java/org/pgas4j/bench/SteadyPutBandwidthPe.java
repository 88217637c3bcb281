package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the steady-state put bandwidth test of {@code bench rma --transport ucx}: PE 0 puts
 * {@code SIZE}-byte messages into PE 1's segment as streams of implicit puts, each completed by
 * one {@code waitNbi} at its end ({@link PutBandwidthPe#putStream}): untimed streams of
 * {@link #WARMUP_CHUNK_BYTES} for {@code WARMUP_MS} milliseconds, then one stream of
 * {@code BYTES} bytes timed. It prints {@code put_bw_steady_MBps/SIZE} and the bytes the warm-up
 * moved ({@code put_bw_steady_warmup_bytes/SIZE}), which {@code ucx_perftest} then gets as its
 * own warm-up ({@code -w}). PE 1 waits in a barrier. One long run of one size per job is what
 * {@code ucx_perftest -t ucp_put_bw} (its puts back to back, one flush at the end) is compared
 * with, run after it each round.
 *
 * <p>Why the warm-up is timed: a fresh PE's put path keeps changing for seconds. At 32 KiB over
 * tcp, C2 compiled it about 1.2 s into the job, deoptimised {@code Rma.putSegment} at 1.9 s and
 * recompiled it at 2.4 s, and deoptimised {@code UcxEngine.startPut} at 2.5 s, when a put first
 * found UCX's send queue full (a branch the profile had never seen taken); the PE compiles in the
 * foreground, and its puts stopped for 13-43 ms four times in the first 2.2 s. After 4 GiB of
 * warm-up (about a second) the timed stream moved 3,340-3,880 MB/s, after 12 GiB 3,860-3,890.
 * Compilations went on until about 3 s (the target's progress path last), and in one job a C2
 * compilation 3.5 s in held the sender for 34 ms while the target's progress thread, finding
 * nothing to read, went to sleep.
 *
 * <p>Arguments: {@code SIZE BYTES WARMUP_MS}; run with 2 PEs by {@link UcxRmaBenchmark}.
 */
public final class SteadyPutBandwidthPe {
    /** The metric of the bandwidth's result line. */
    static final String PUT_BW_STEADY_MBPS = "put_bw_steady_MBps";
    /** The metric of the warm-up's bytes. */
    static final String WARMUP_BYTES = "put_bw_steady_warmup_bytes";
    /** The bytes of each warm-up stream (about 15-25 ms here), so that the warm-up ends near its time. */
    static final long WARMUP_CHUNK_BYTES = 64L << 20;

    private SteadyPutBandwidthPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args the message size, the timed bytes and the warm-up's milliseconds
     */
    public static void main(String[] args) {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: SteadyPutBandwidthPe SIZE BYTES WARMUP_MS");
        }
        long size = Long.parseLong(args[0]);
        if (size <= 0 || size > RmaPlan.MAX_SIZE) {
            throw new IllegalArgumentException("SIZE must be in 1.." + RmaPlan.MAX_SIZE + ", not " + size);
        }
        int timed = operations(Long.parseLong(args[1]), size);
        long warmupMillis = Long.parseLong(args[2]);
        if (warmupMillis < 0) {
            throw new IllegalArgumentException("WARMUP_MS must be 0 or more, not " + warmupMillis);
        }
        int chunk = operations(WARMUP_CHUNK_BYTES, size);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment src = arena.allocate(size, 4096);
                    src.fill((byte) 0x5a);
                    Rma rma = client.rma();
                    long warmupPuts = 0;
                    long warmupNanos = warmupMillis * 1_000_000;
                    for (long start = System.nanoTime(); System.nanoTime() - start < warmupNanos; ) {
                        PutBandwidthPe.putStream(rma, world, src, size, chunk);
                        warmupPuts += chunk;
                    }
                    long nanos = PutBandwidthPe.putStream(rma, world, src, size, timed);
                    ResultLine.print(ResultLine.key(PUT_BW_STEADY_MBPS, size),
                            RmaMetrics.megabytesPerSecond(size, (double) nanos / timed));
                    ResultLine.print(ResultLine.key(WARMUP_BYTES, size), (double) (warmupPuts * size));
                }
            }
            world.barrier();
        }
    }

    /** The puts of {@code size} bytes that move at least {@code bytes}, at least one. */
    static int operations(long bytes, long size) {
        return Math.toIntExact(Math.max(1, (bytes + size - 1) / size));
    }
}
