package org.pgas4j.bench;

import org.pgas4j.Atomics;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemContext;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A PE of {@code bench shmem}: the OSU OpenSHMEM micro-benchmarks' figures through the facade,
 * each next to the same operation through the core API in the same run, in alternating rounds
 * (put + quiet next to the core's implicit put + {@code waitNbi}, which is what the facade issues).
 * PE 0 measures put latency (put + quiet, as {@code osu_oshm_put}) and get latency per size, the 8-byte put
 * message rate (windows of non-blocking puts, then quiet, as {@code osu_oshm_put_mr}) and the
 * fetch-add latency on PE 1, each in rounds of equal time after a warm-up ({@link PairedRounds});
 * both PEs time {@code barrier_all} in counted rounds. Prints {@code shmem_*} and
 * {@code core_*} result lines.
 *
 * <p>Argument: the plan, {@code full} or {@code quick}. Run with 2 PEs by {@link ShmemBenchmark}.
 */
public final class ShmemLatencyPe {
    static final long[] SIZES = {8, 64, 512, 4096, 32768, 65536, 262144, 1 << 20, 4 << 20};
    /** The largest of {@link #SIZES}. */
    static final int MAX_SIZE = 4 << 20;
    /** The segment size the job needs: the facade's heap (the largest message and a counter) and the core's target. */
    static final String SEGMENT_SIZE = "16m";
    static final String PUT_LAT = "put_lat_us";
    static final String GET_LAT = "get_lat_us";
    static final String PUT_MR = "put_mr_mps";
    static final String FADD_LAT = "fadd_lat_us";
    static final String BARRIER = "barrier_us";
    private static final int ROUNDS = 7;
    private static final int BARRIER_WARM_UP_ROUNDS = 3;
    /** Barrier rounds: more than the others', since a barrier's time is both PEs' and noisier. */
    private static final int BARRIER_ROUNDS = 15;
    private static final int WINDOW = 64;

    private ShmemLatencyPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        try (Shmem shmem = Shmem.init()) {
            Client client = shmem.client();
            PeChecks.requirePes(client, JvmCommands.PES);
            SymmetricArray dest = shmem.malloc(ShmemType.CHAR, MAX_SIZE);
            SymmetricArray counter = shmem.calloc(ShmemType.INT64, 1);
            ShmemContext ctx = shmem.ctxDefault();
            Rma rma = client.rma();
            Atomics atomics = client.atomics();
            Team world = client.world();
            long segment = client.primordialEndpoint().boundSegment().orElseThrow().size();
            long coreOffset = segment - MAX_SIZE; // heap bytes no allocation uses: the core's target
            byte[] src = new byte[MAX_SIZE];
            if (shmem.myPe() == 0) {
                PairedRounds timing = quick ? new PairedRounds(20_000_000L, 2_000_000L, 3)
                        : new PairedRounds(400_000_000L, 30_000_000L, ROUNDS);
                for (long size : SIZES) {
                    PairedRounds.Result put = timing.time(() -> {
                        ctx.put(dest, 0, src, 0, (int) size, 1);
                        ctx.quiet();
                    }, () -> {
                        // The core's own form of put + quiet: an implicit put and the implicit-completion wait.
                        rma.putNBI(world, 1, coreOffset, src, 0, (int) size);
                        rma.waitNbi();
                    });
                    ResultLine.print(ResultLine.key("shmem_" + PUT_LAT, size), put.first() / 1e3);
                    ResultLine.print(ResultLine.key("core_" + PUT_LAT, size), put.second() / 1e3);
                }
                byte[] sink = new byte[MAX_SIZE];
                for (long size : SIZES) {
                    PairedRounds.Result get = timing.time(() -> ctx.get(sink, 0, dest, 0, (int) size, 1),
                            () -> rma.get(world, 1, coreOffset, sink, 0, (int) size));
                    ResultLine.print(ResultLine.key("shmem_" + GET_LAT, size), get.first() / 1e3);
                    ResultLine.print(ResultLine.key("core_" + GET_LAT, size), get.second() / 1e3);
                }
                PairedRounds.Result window = timing.time(() -> {
                    for (int i = 0; i < WINDOW; i++) {
                        ctx.putNbi(dest, 0, src, 0, 8, 1);
                    }
                    ctx.quiet();
                }, () -> {
                    for (int i = 0; i < WINDOW; i++) {
                        rma.putNBI(world, 1, coreOffset, src, 0, 8);
                    }
                    rma.waitNbi();
                });
                ResultLine.print("shmem_" + PUT_MR, WINDOW * 1e3 / window.first());
                ResultLine.print("core_" + PUT_MR, WINDOW * 1e3 / window.second());
                PairedRounds.Result fadd = timing.time(() -> ctx.atomicFetchAdd(counter, 0, 1, 1),
                        () -> atomics.fetchAddLong(world, 1, coreOffset, 1));
                ResultLine.print("shmem_" + FADD_LAT, fadd.first() / 1e3);
                ResultLine.print("core_" + FADD_LAT, fadd.second() / 1e3);
            }
            shmem.barrierAll();
            // Both PEs must run the same count, so barriers are counted, not timed: warm-up rounds first.
            int barriers = quick ? 1_000 : 200_000;
            double[] facadeBarrier = new double[BARRIER_ROUNDS];
            double[] coreBarrier = new double[BARRIER_ROUNDS];
            for (int r = -BARRIER_WARM_UP_ROUNDS; r < BARRIER_ROUNDS; r++) {
                boolean facadeFirst = (r & 1) == 0; // alternating which goes first, as both PEs do
                double f = facadeFirst ? time(barriers, shmem::barrierAll) : 0;
                double c = time(barriers, world::barrier);
                if (!facadeFirst) {
                    f = time(barriers, shmem::barrierAll);
                }
                if (r >= 0) {
                    facadeBarrier[r] = f / 1e3;
                    coreBarrier[r] = c / 1e3;
                }
            }
            if (shmem.myPe() == 0) {
                ResultLine.print("shmem_" + BARRIER, Median.of(facadeBarrier));
                ResultLine.print("core_" + BARRIER, Median.of(coreBarrier));
            }
            shmem.free(dest);
            shmem.free(counter);
        }
    }

    /** Nanoseconds per run of {@code op} over {@code n} runs. */
    private static double time(int n, Runnable op) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            op.run();
        }
        return (double) (System.nanoTime() - start) / n;
    }
}
