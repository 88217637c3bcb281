package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.EnumSet;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.gaspi.AllocPolicy;
import org.pgas4j.gaspi.Gaspi;
import org.pgas4j.gaspi.GaspiReturn;

/**
 * A rank of {@code bench gaspi}, 2 ranks over {@code shm}: the ping-pong of write_notify +
 * notify_waitsome + notify_reset (+ the queue's wait) per size, next to the core's
 * {@code putLong} ping-pong on a segment of its own in the same run; and a stream of 1 MiB writes
 * completed by wait, next to the core's implicit puts completed by {@code waitNbi}. Both ranks
 * run the same counted rounds, alternating the GASPI and the core form; rank 0 prints the
 * medians as result lines ({@code gaspi_wn_lat_us_SIZE}, {@code core_pingpong_us},
 * {@code gaspi_write_bw_mbs}, {@code core_put_bw_mbs}).
 *
 * <p>Argument: the plan, {@code full} or {@code quick}.
 */
public final class GaspiLatencyPe {
    static final long[] SIZES = {8, 64, 512, 4096, 32768, 65536, 262144, 1 << 20};
    static final String WN_LAT = "gaspi_wn_lat_us";
    static final String CORE_PP = "core_pingpong_us";
    static final String GASPI_BW = "gaspi_write_bw_mbs";
    static final String CORE_BW = "core_put_bw_mbs";
    private static final long MIB = 1 << 20;
    private static final int STREAM = 16;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private GaspiLatencyPe() {
    }

    /** Runs one rank. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        int rounds = quick ? 3 : 9;
        try (Gaspi gaspi = Gaspi.init(Gaspi.BLOCK)) {
            Client client = gaspi.client();
            PeChecks.requirePes(client, JvmCommands.PES);
            int me = gaspi.rank();
            int peer = 1 - me;
            check(gaspi.segmentCreate(0, 2 * MIB, Gaspi.GROUP_ALL, Gaspi.BLOCK, AllocPolicy.INITIALIZED));
            // The core's baseline: a runtime segment on an endpoint of its own, the same index on both ranks.
            Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA), EnumSet.noneOf(AccelerationHint.class));
            Segment coreSegment = client.createSegment(2 * MIB + 64);
            ep.bindSegment(coreSegment);
            client.world().publishBoundSegments(ep);
            Team core = client.pair(client.primordialEndpoint(), ep.index());
            MemorySegment flag = coreSegment.memory();
            Rma rma = client.rma();
            MemorySegment src = gaspi.segmentPtr(0);
            long[] next = {1};
            double[] coreRounds = new double[rounds];
            // Both forms run long enough for the JIT to finish with them first (a few hundred ms in
            // the full plan): 8-byte rounds of 20,000 round trips lasted 2 ms and measured the warm-up.
            int warmUp = quick ? 50_000 : 2_000_000;
            pingPongGaspi(gaspi, me, peer, 8, warmUp);
            pingPongCore(rma, core, flag, me, peer, next, warmUp);
            for (long size : SIZES) {
                int n = iterations(size, quick);
                double[] g = new double[rounds];
                pingPongGaspi(gaspi, me, peer, size, n / 4 + 1); // warm-up
                pingPongCore(rma, core, flag, me, peer, next, n / 4 + 1);
                for (int r = 0; r < rounds; r++) {
                    g[r] = pingPongGaspi(gaspi, me, peer, size, n) / n / 2;
                    if (size == 8) {
                        coreRounds[r] = pingPongCore(rma, core, flag, me, peer, next, n) / n / 2;
                    }
                }
                if (me == 0) {
                    ResultLine.print(ResultLine.key(WN_LAT, size), Median.of(g) / 1e3);
                    if (size == 8) {
                        ResultLine.print(CORE_PP, Median.of(coreRounds) / 1e3);
                    }
                }
            }
            check(gaspi.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK));
            double[] gbw = new double[rounds];
            double[] cbw = new double[rounds];
            int streams = quick ? 20 : 200;
            for (int r = -1; r < rounds; r++) {
                double gs = 0;
                double cs = 0;
                if (me == 0) {
                    gs = streamGaspi(gaspi, peer, streams);
                    cs = streamCore(rma, core, src, peer, streams);
                }
                if (r >= 0) {
                    gbw[r] = (double) streams * STREAM * MIB / gs * 1e3;
                    cbw[r] = (double) streams * STREAM * MIB / cs * 1e3;
                }
            }
            check(gaspi.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK));
            if (me == 0) {
                ResultLine.print(GASPI_BW, Median.of(gbw));
                ResultLine.print(CORE_BW, Median.of(cbw));
            }
            gaspi.segmentDelete(0);
            coreSegment.memory(); // lives until the client closes with the job
        }
    }

    private static int iterations(long size, boolean quick) {
        int base = size <= 4096 ? 200_000 : size <= 65536 ? 4_000 : 500;
        return quick ? base / 10 : base;
    }

    /**
     * Nanoseconds of {@code n} round trips of write_notify + waitsome + reset (+ wait). Each rank
     * writes from the upper MiB of its segment into the peer's lower MiB, so that a source is never
     * memory the peer has just written (separate send and receive buffers, as ping-pong benchmarks keep them).
     */
    private static double pingPongGaspi(Gaspi g, int me, int peer, long size, int n) {
        int[] first = new int[1];
        check(g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK));
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (me == 0) {
                check(g.writeNotify(0, MIB, peer, 0, 0, size, 0, 1, 0, Gaspi.BLOCK));
                check(g.notifyWaitsome(0, 1, 1, first, Gaspi.BLOCK));
                g.notifyReset(0, 1);
            } else {
                check(g.notifyWaitsome(0, 0, 1, first, Gaspi.BLOCK));
                g.notifyReset(0, 0);
                check(g.writeNotify(0, MIB, peer, 0, 0, size, 1, 1, 0, Gaspi.BLOCK));
            }
            check(g.wait(0, Gaspi.BLOCK));
        }
        return System.nanoTime() - start;
    }

    /** Nanoseconds of {@code n} round trips of the core's putLong ping-pong. */
    private static double pingPongCore(Rma rma, Team core, MemorySegment flag, int me, int peer, long[] next, int n) {
        rma.putLong(core, peer, 0, 0); // both start from a known flag after the other's last round
        core.client().world().barrier();
        long first = next[0];
        long start = System.nanoTime();
        for (long i = first; i < first + n; i++) {
            if (me == 0) {
                rma.putLong(core, peer, 0, i);
                await(flag, i);
            } else {
                await(flag, i);
                rma.putLong(core, peer, 0, i);
            }
        }
        next[0] = first + n;
        return System.nanoTime() - start;
    }

    private static void await(MemorySegment flag, long value) {
        int spins = 0;
        while ((long) LONG.getAcquire(flag, 0L) != value) {
            if (++spins < 200) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Nanoseconds of {@code streams} x 16 writes of 1 MiB, each stream completed by wait. */
    private static double streamGaspi(Gaspi g, int peer, int streams) {
        long start = System.nanoTime();
        for (int s = 0; s < streams; s++) {
            for (int i = 0; i < STREAM; i++) {
                check(g.write(0, MIB, peer, 0, 0, MIB, 0, Gaspi.BLOCK));
            }
            check(g.wait(0, Gaspi.BLOCK));
        }
        return System.nanoTime() - start;
    }

    /** The core's form: implicit puts of 1 MiB from the same memory, completed by waitNbi. */
    private static double streamCore(Rma rma, Team core, MemorySegment src, int peer, int streams) {
        long start = System.nanoTime();
        for (int s = 0; s < streams; s++) {
            for (int i = 0; i < STREAM; i++) {
                rma.putNBI(core, peer, 64, src, MIB, MIB);
            }
            rma.waitNbi();
        }
        return System.nanoTime() - start;
    }

    private static void check(GaspiReturn r) {
        if (r != GaspiReturn.SUCCESS) {
            throw new IllegalStateException("a GASPI call returned " + r);
        }
    }
}
