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
 * PE 0 measures put latency (put + quiet, as {@code osu_oshm_put}) per size, the 8-byte put
 * message rate (windows of non-blocking puts, then quiet, as {@code osu_oshm_put_mr}) and the
 * fetch-add latency on PE 1; both PEs time {@code barrier_all}. Prints {@code shmem_*} and
 * {@code core_*} result lines.
 *
 * <p>Argument: the plan, {@code full} or {@code quick}. Run with 2 PEs by {@link ShmemBenchmark}.
 */
public final class ShmemLatencyPe {
    static final long[] SIZES = {8, 64, 512, 4096, 32768, 65536, 262144, 1 << 20};
    static final String PUT_LAT = "put_lat_us";
    static final String PUT_MR = "put_mr_mps";
    static final String FADD_LAT = "fadd_lat_us";
    static final String BARRIER = "barrier_us";
    private static final int ROUNDS = 5;
    private static final int WINDOW = 64;

    private ShmemLatencyPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        long budget = quick ? 1 << 20 : 1 << 28; // bytes moved per size and loop
        int small = quick ? 2_000 : 200_000;
        try (Shmem shmem = Shmem.init()) {
            Client client = shmem.client();
            PeChecks.requirePes(client, JvmCommands.PES);
            SymmetricArray dest = shmem.malloc(ShmemType.CHAR, 1 << 20);
            SymmetricArray counter = shmem.calloc(ShmemType.INT64, 1);
            ShmemContext ctx = shmem.ctxDefault();
            Rma rma = client.rma();
            Atomics atomics = client.atomics();
            Team world = client.world();
            long segment = client.primordialEndpoint().boundSegment().orElseThrow().size();
            long coreOffset = segment - (2L << 20); // heap bytes no allocation uses: the core's target
            byte[] src = new byte[1 << 20];
            if (shmem.myPe() == 0) {
                for (long size : SIZES) {
                    int n = (int) Math.max(quick ? 20 : 200, Math.min(small, budget / size));
                    double[] facade = new double[ROUNDS];
                    double[] core = new double[ROUNDS];
                    for (int r = -1; r < ROUNDS; r++) {
                        double f = time(n, () -> {
                            ctx.put(dest, 0, src, 0, (int) size, 1);
                            ctx.quiet();
                        });
                        // The core's own form of put + quiet: an implicit put and the implicit-completion wait.
                        double c = time(n, () -> {
                            rma.putNBI(world, 1, coreOffset, src, 0, (int) size);
                            rma.waitNbi();
                        });
                        if (r >= 0) {
                            facade[r] = f;
                            core[r] = c;
                        }
                    }
                    ResultLine.print(ResultLine.key("shmem_" + PUT_LAT, size), Median.of(facade) / 1e3);
                    ResultLine.print(ResultLine.key("core_" + PUT_LAT, size), Median.of(core) / 1e3);
                }
                double[] facadeMr = new double[ROUNDS];
                double[] coreMr = new double[ROUNDS];
                double[] facadeFadd = new double[ROUNDS];
                double[] coreFadd = new double[ROUNDS];
                int windows = small / WINDOW;
                for (int r = -1; r < ROUNDS; r++) {
                    double f = time(windows, () -> {
                        for (int i = 0; i < WINDOW; i++) {
                            ctx.putNbi(dest, 0, src, 0, 8, 1);
                        }
                        ctx.quiet();
                    });
                    double c = time(windows, () -> {
                        for (int i = 0; i < WINDOW; i++) {
                            rma.putNBI(world, 1, coreOffset, src, 0, 8);
                        }
                        rma.waitNbi();
                    });
                    double fa = time(small, () -> ctx.atomicFetchAdd(counter, 0, 1, 1));
                    double ca = time(small, () -> atomics.fetchAddLong(world, 1, coreOffset, 1));
                    if (r >= 0) {
                        facadeMr[r] = WINDOW * 1e3 / f;
                        coreMr[r] = WINDOW * 1e3 / c;
                        facadeFadd[r] = fa / 1e3;
                        coreFadd[r] = ca / 1e3;
                    }
                }
                ResultLine.print("shmem_" + PUT_MR, Median.of(facadeMr));
                ResultLine.print("core_" + PUT_MR, Median.of(coreMr));
                ResultLine.print("shmem_" + FADD_LAT, Median.of(facadeFadd));
                ResultLine.print("core_" + FADD_LAT, Median.of(coreFadd));
            }
            shmem.barrierAll();
            int barriers = quick ? 1_000 : 100_000;
            double[] facadeBarrier = new double[ROUNDS];
            double[] coreBarrier = new double[ROUNDS];
            for (int r = -1; r < ROUNDS; r++) {
                double f = time(barriers, shmem::barrierAll);
                double c = time(barriers, world::barrier);
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
