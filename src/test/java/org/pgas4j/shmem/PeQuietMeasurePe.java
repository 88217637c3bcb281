package org.pgas4j.shmem;

import java.util.Arrays;

/**
 * A measurement, not a test: {@code peQuiet} against {@code quiet} when PE 0 has traffic towards
 * every other PE but needs completion towards one. Each round PE 0 issues a non-blocking get (or
 * put) of {@code COUNT} longs from (to) every other PE, then times {@code quiet()} or
 * {@code peQuiet(1)} (alternating rounds), then completes the rest untimed. Prints the median
 * and the 90th percentile of each. Run it as
 * {@code bin/pgas4j run -np 5 --transport ucx -cp target/classes:target/test-classes org.pgas4j.shmem.PeQuietMeasurePe}.
 */
public final class PeQuietMeasurePe {
    private static final int COUNT = 8192; // 64 KiB per PE
    private static final int ROUNDS = 2000;

    private PeQuietMeasurePe() {
    }

    /** No arguments. */
    public static void main(String[] args) {
        try (Shmem s = Shmem.init()) {
            SymmetricArray a = s.calloc(ShmemType.LONG, COUNT);
            ShmemContext c = s.ctxDefault();
            long[][] bufs = new long[s.nPes()][COUNT];
            for (boolean gets : new boolean[] {true, false}) {
                long[] quiet = new long[ROUNDS / 2];
                long[] peQuiet = new long[ROUNDS / 2];
                if (s.myPe() == 0 && s.nPes() > 1) {
                    for (int r = 0; r < ROUNDS; r++) {
                        for (int pe = 1; pe < s.nPes(); pe++) {
                            if (gets) {
                                c.getNbi(bufs[pe], 0, a, 0, COUNT, pe);
                            } else {
                                c.putNbi(a, 0, bufs[pe], 0, COUNT, pe);
                            }
                        }
                        long t0 = System.nanoTime();
                        if ((r & 1) == 0) {
                            c.quiet();
                        } else {
                            c.peQuiet(1);
                        }
                        long t = System.nanoTime() - t0;
                        c.quiet();
                        ((r & 1) == 0 ? quiet : peQuiet)[r / 2] = t;
                    }
                    Arrays.sort(quiet);
                    Arrays.sort(peQuiet);
                    int skip = quiet.length / 10; // the warm-up rounds are among the slowest anyway
                    System.out.printf("%s to %d PEs, %d bytes each: quiet median %.1f us (p90 %.1f), "
                            + "peQuiet(1) median %.1f us (p90 %.1f)%n", gets ? "getNbi" : "putNbi", s.nPes() - 1,
                            COUNT * 8, quiet[quiet.length / 2] / 1e3, quiet[quiet.length - skip] / 1e3,
                            peQuiet[peQuiet.length / 2] / 1e3, peQuiet[peQuiet.length - skip] / 1e3);
                }
                s.barrierAll();
            }
            s.free(a);
        }
    }
}
