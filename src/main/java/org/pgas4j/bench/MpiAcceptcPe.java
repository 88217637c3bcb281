package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import org.pgas4j.mpi.Comm;
import org.pgas4j.mpi.Datatype;
import org.pgas4j.mpi.Mpi;

/**
 * A PE of {@code bench mpi}'s collective round (N PEs): every PE PUTCs 8 bytes to every other,
 * then all ACCEPTC; the time of a round, median of rounds, printed by PE 0 as
 * {@code mpi_acceptc_us_N}.
 *
 * <p>Argument: the plan, {@code full} or {@code quick}.
 */
public final class MpiAcceptcPe {
    static final String ACCEPTC = "mpi_acceptc_us";

    private MpiAcceptcPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        int rounds = quick ? 3 : 7;
        int iters = quick ? 20 : 300;
        try (Mpi mpi = Mpi.init()) {
            Comm w = mpi.world();
            int n = w.size();
            MemorySegment buf = mpi.rmaMalloc(8L * n);
            long[] value = {w.rank()};
            double[] us = new double[rounds];
            for (int r = -1; r < rounds; r++) {
                w.barrier();
                long start = System.nanoTime();
                for (int i = 0; i < iters; i++) {
                    for (int t = 0; t < n; t++) {
                        if (t != w.rank()) {
                            w.putC(value, 1, Datatype.LONG, t, w.rank(), 1, Datatype.LONG, 5);
                        }
                    }
                    w.acceptC(buf, buf.byteSize(), 8, 5);
                }
                if (r >= 0) {
                    us[r] = (System.nanoTime() - start) / 1e3 / iters;
                }
            }
            if (w.rank() == 0) {
                ResultLine.print(ResultLine.key(ACCEPTC, n), Median.of(us));
            }
        }
    }
}
