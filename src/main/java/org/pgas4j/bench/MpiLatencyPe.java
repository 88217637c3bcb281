package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.mpi.Comm;
import org.pgas4j.mpi.Datatype;
import org.pgas4j.mpi.Mpi;

/**
 * A PE of {@code bench mpi} (2 PEs): the PUT/ACCEPT ping-pong per size (each side PUTs, then
 * ACCEPTs count 1), the core's {@code putLong} ping-pong in the same run, and the bandwidth of a
 * stream of k 1 MiB PUTs from {@code rmaMalloc} memory into an {@code rmaMalloc} buffer serviced by
 * one ACCEPT of count k against k core puts of 1 MiB. Rounds alternate between the facade and the
 * core; each figure is the median of the rounds. Prints {@code mpi_*} and {@code core_*} result
 * lines (PE 0).
 *
 * <p>Argument: the plan, {@code full} or {@code quick}.
 */
public final class MpiLatencyPe {
    static final long[] SIZES = {8, 64, 512, 4096, 32768, 65536, 262144, 1 << 20};
    static final String PUT_ACCEPT_LAT = "put_accept_lat_us";
    static final String CORE_PINGPONG = "core_pingpong_us";
    static final String BW_RATIO = "put_accept_bw_ratio_1MiB";
    static final String VIS_RATIO = "vis_strided_put_ratio";
    /** The strided put of the VIS figure: 32 x 32 blocks of 64 bytes, 128 bytes apart at the target. */
    private static final int VIS_SIDE = 32;
    private static final int VIS_BLOCK = 64;
    private static final int VIS_STRIDE = 128;
    private static final int MIB = 1 << 20;
    private static final int STREAM = 16;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private MpiLatencyPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        int rounds = quick ? 3 : 7;
        try (Mpi mpi = Mpi.init()) {
            Client client = mpi.client();
            PeChecks.requirePes(client, JvmCommands.PES);
            Comm w = mpi.world();
            int me = w.rank();
            int peer = 1 - me;
            MemorySegment src = mpi.rmaMalloc(MIB);
            MemorySegment dst = mpi.rmaMalloc(MIB);
            MemorySegment flag = mpi.rmaMalloc(64); // same offset on both: allocations run in the same order
            long flagOffset = flag.address() - client.primordialEndpoint().boundSegment().orElseThrow().memory().address();
            Rma rma = client.rma();
            Team world = client.world();
            double[] mpiUs = new double[rounds];
            double[] coreUs = new double[rounds];
            long[] seq = {0};
            // warm-up: both paths compiled before the first measured size. The facade's 8 B
            // ping-pong reaches its steady state (the final C2 code of the whole PUT/ACCEPT path)
            // only after some 300 000 round trips here; 30 000 left it about 1.7x slower. How soon
            // a program gets there is the warm-up issue's subject, not this figure's.
            int warm = quick ? 2_000 : 500_000;
            w.barrier();
            pingPong(w, src, dst, 8, warm, me, peer);
            w.barrier();
            corePingPong(rma, world, flag, flagOffset, warm, me, peer, seq);
            for (long size : SIZES) {
                int iters = iterations(size, quick);
                for (int r = -1; r < rounds; r++) {
                    w.barrier();
                    double m = pingPong(w, src, dst, (int) size, iters, me, peer);
                    w.barrier();
                    double c = corePingPong(rma, world, flag, flagOffset, iters, me, peer, seq);
                    if (r >= 0) {
                        mpiUs[r] = m;
                        coreUs[r] = c;
                    }
                }
                if (me == 0) {
                    ResultLine.print(ResultLine.key("mpi_" + PUT_ACCEPT_LAT, size), Median.of(mpiUs));
                    if (size == 8) {
                        ResultLine.print(CORE_PINGPONG, Median.of(coreUs));
                    }
                }
            }
            double[] ratio = new double[rounds];
            // warm-up of the rendezvous path (request, servicing RMA, notice) and of the core's
            // stream, as the ping-pongs are warmed: the measured rounds run compiled code
            for (int r = 0; r < (quick ? 20 : 300); r++) {
                w.barrier();
                stream(w, src, dst, me, 65536);
                w.barrier();
                coreStream(rma, world, src, flagOffset, me, 65536);
            }
            for (int r = -1; r < rounds; r++) {
                w.barrier();
                double m = stream(w, src, dst, me, MIB);
                w.barrier();
                double c = coreStream(rma, world, src, flagOffset, me, MIB);
                if (r >= 0) {
                    ratio[r] = c / m;
                }
            }
            if (me == 0) {
                ResultLine.print("mpi_" + BW_RATIO, Median.of(ratio));
            }
            w.barrier();
            if (me == 0) {
                double[] vis = new double[rounds];
                int reps = quick ? 20 : 400;
                for (int r = -3; r < rounds; r++) {
                    double v = visStrided(client, world, src, flagOffset + 64, reps);
                    double c = separatePuts(rma, world, src, flagOffset + 64, reps);
                    if (r >= 0) {
                        vis[r] = v / c;
                    }
                }
                ResultLine.print(VIS_RATIO, Median.of(vis));
            }
            w.barrier();
        }
    }

    private static int iterations(long size, boolean quick) {
        int base = size <= 4096 ? 2000 : size <= 65536 ? 400 : 60;
        return quick ? Math.max(10, base / 20) : base;
    }

    /** One-way microseconds of a PUT/ACCEPT ping-pong. */
    private static double pingPong(Comm w, MemorySegment src, MemorySegment dst, int size, int iters, int me,
                                   int peer) {
        long start = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (me == 0) {
                w.put(src, size, Datatype.BYTE, peer, 0, size, Datatype.BYTE, 1);
                w.accept(dst, size, 1, 1, 1);
            } else {
                w.accept(dst, size, 1, 1, 1);
                w.put(src, size, Datatype.BYTE, peer, 0, size, Datatype.BYTE, 1);
            }
        }
        if (me == 1) {
            w.accept(dst, size, 1, 1, 0); // its last PUT serviced
        }
        return (System.nanoTime() - start) / 1e3 / iters / 2;
    }

    /** One-way microseconds of the core's putLong ping-pong on a flag. */
    private static double corePingPong(Rma rma, Team world, MemorySegment flag, long flagOffset, int iters, int me,
                                       int peer, long[] seq) {
        long start = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            long v = ++seq[0];
            if (me == 0) {
                rma.putLong(world, peer, flagOffset, v);
                awaitFlag(flag, v);
            } else {
                awaitFlag(flag, v);
                rma.putLong(world, peer, flagOffset, v);
            }
        }
        return (System.nanoTime() - start) / 1e3 / iters / 2;
    }

    private static void awaitFlag(MemorySegment flag, long v) {
        while ((long) LONG.getAcquire(flag, 0L) != v) {
            Thread.onSpinWait();
        }
    }

    /** Nanoseconds of STREAM PUTs of {@code size} bytes serviced by one ACCEPT of count STREAM, as PE 0 sees them. */
    private static double stream(Comm w, MemorySegment src, MemorySegment dst, int me, int size) {
        long start = System.nanoTime();
        if (me == 0) {
            for (int i = 0; i < STREAM; i++) {
                w.put(src, size, Datatype.BYTE, 1, 0, size, Datatype.BYTE, 2);
            }
            w.accept(dst, size, 1, 2, 0); // returns once every PUT is fully serviced
        } else {
            w.accept(dst, size, 1, 2, STREAM);
        }
        return System.nanoTime() - start;
    }

    /** Nanoseconds of {@code reps} 2-D strided puts of 1024 blocks of 64 B through the core's VIS. */
    private static double visStrided(Client client, Team world, MemorySegment src, long dstOffset, int reps) {
        long[] dstStrides = {VIS_STRIDE, (long) VIS_STRIDE * VIS_SIDE};
        long[] srcStrides = {VIS_BLOCK, (long) VIS_BLOCK * VIS_SIDE};
        long[] counts = {VIS_SIDE, VIS_SIDE};
        long start = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            client.vis().putStrided(world, 1, dstOffset, dstStrides, src, 0, srcStrides, VIS_BLOCK, counts);
        }
        return System.nanoTime() - start;
    }

    /** Nanoseconds of {@code reps} times 1024 separate blocking puts of the same blocks. */
    private static double separatePuts(Rma rma, Team world, MemorySegment src, long dstOffset, int reps) {
        long start = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            for (int b = 0; b < VIS_SIDE * VIS_SIDE; b++) {
                rma.put(world, 1, dstOffset + (long) b * VIS_STRIDE, src, (long) b * VIS_BLOCK, VIS_BLOCK);
            }
        }
        return System.nanoTime() - start;
    }

    /** Nanoseconds of STREAM core puts of {@code size} bytes (PE 0), to the region after the flag. */
    private static double coreStream(Rma rma, Team world, MemorySegment src, long flagOffset, int me, int size) {
        long start = System.nanoTime();
        if (me == 0) {
            long dstOffset = flagOffset + 64;
            for (int i = 0; i < STREAM; i++) {
                rma.putNBI(world, 1, dstOffset, src, 0, size);
            }
            rma.waitNbi();
        }
        return System.nanoTime() - start;
    }
}
