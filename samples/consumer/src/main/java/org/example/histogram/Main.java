package org.example.histogram;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.pgas4j.ReduceOp;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemContext;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A distributed histogram on pgas4j's OpenSHMEM facade.
 *
 * <p>Every PE draws {@code samples} pseudo-random values from its own seed and counts each into
 * one of {@code bins} bins. The bins are spread over the PEs round-robin: bin {@code b} lives on
 * PE {@code b % nPes} at index {@code b / nPes} of a symmetric array, and a PE counts a sample
 * with a one-sided atomic increment on the owner, which takes no part. After a barrier each PE
 * checks its own bins against a serial count of every PE's samples (the seeds are known to
 * all), and a sum reduction checks that no sample was lost. Each PE prints one line ending in
 * {@code verified}, or exits with status 1.
 *
 * <pre>bin/pgas4j run -np 3 -cp samples/consumer/target/classes org.example.histogram.Main [SAMPLES [BINS]]</pre>
 */
public final class Main {
    private static final long SEED = 0x5EED_2026L;

    private Main() {
    }

    /**
     * Runs this PE's part of the histogram.
     *
     * @param args optionally the samples per PE (default 20000) and the number of bins (default 97)
     */
    public static void main(String[] args) {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int bins = args.length > 1 ? Integer.parseInt(args[1]) : 97;
        try (Shmem shmem = Shmem.init()) {
            int me = shmem.myPe();
            int npes = shmem.nPes();
            int ownedPerPe = (bins + npes - 1) / npes;
            // Symmetric: the same allocation on every PE; calloc zeroes this PE's part.
            SymmetricArray counts = shmem.calloc(ShmemType.LONG, ownedPerPe);
            SymmetricArray total = shmem.calloc(ShmemType.LONG, 1);
            ShmemContext ctx = shmem.ctxDefault();

            long[] mine = draw(me, samples, bins);
            for (long value : mine) {
                int bin = (int) value;
                ctx.atomicInc(counts, bin / npes, bin % npes);
            }
            shmem.barrierAll(); // completes every PE's increments (a barrier implies quiet)

            long[] expected = new long[bins];
            for (int pe = 0; pe < npes; pe++) {
                for (long value : draw(pe, samples, bins)) {
                    expected[(int) value]++;
                }
            }
            MemorySegment local = shmem.local(counts);
            long held = 0;
            int owned = 0;
            for (int bin = me; bin < bins; bin += npes) {
                long got = local.getAtIndex(ValueLayout.JAVA_LONG, bin / npes);
                if (got != expected[bin]) {
                    fail(me, "bin " + bin + " holds " + got + ", a serial count gives " + expected[bin]);
                }
                held += got;
                owned++;
            }

            shmem.local(total).set(ValueLayout.JAVA_LONG, 0, held);
            shmem.collectives().reduce(shmem.teamWorld(), ReduceOp.SUM, total, total, 1);
            long all = shmem.local(total).get(ValueLayout.JAVA_LONG, 0);
            if (all != (long) samples * npes) {
                fail(me, "the bins hold " + all + " samples in all, not " + (long) samples * npes);
            }
            shmem.free(total);
            shmem.free(counts);

            Module module = Main.class.getModule();
            String where = module.isNamed() ? "module " + module.getName() + " with " + Shmem.class.getModule()
                    : "class path";
            System.out.printf("PE %d of %d: %d bins hold %d of %d samples, matching a serial count (%s): verified%n",
                    me, npes, owned, held, all, where);
        }
    }

    /** The samples of PE {@code pe}: the same on every PE that asks. */
    private static long[] draw(int pe, int samples, int bins) {
        SplittableRandom random = new SplittableRandom(SEED + pe);
        long[] values = new long[samples];
        for (int i = 0; i < samples; i++) {
            // Skewed towards the low bins, so that the owners' loads differ.
            int a = random.nextInt(bins);
            int b = random.nextInt(bins);
            values[i] = Math.min(a, b);
        }
        return values;
    }

    private static void fail(int me, String what) {
        System.err.println("PE " + me + ": " + what);
        System.exit(1);
    }
}
