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
 * reads its own bins; a sum reduction gives the samples counted on all PEs.
 */
public final class Histogram {
    private static final long SEED = 0x5EED_2026L;

    /**
     * What one PE holds after the count.
     *
     * @param bins the counts of the bins this PE owns, indexed by bin (0 for bins it does not own)
     * @param owned how many bins this PE owns
     * @param total the samples counted in all bins of all PEs
     */
    public record Part(long[] bins, int owned, long total) {
        /** The sum of this PE's bins. */
        public long held() {
            long sum = 0;
            for (long b : bins) {
                sum += b;
            }
            return sum;
        }
    }

    private Histogram() {
    }

    /** Counts every PE's samples into the distributed bins; collective over the world team. */
    public static Part count(Shmem shmem, int samples, int bins) {
        int me = shmem.myPe();
        int npes = shmem.nPes();
        int ownedPerPe = (bins + npes - 1) / npes;
        // Symmetric: the same allocation on every PE; calloc zeroes this PE's part.
        SymmetricArray counts = shmem.calloc(ShmemType.LONG, ownedPerPe);
        SymmetricArray total = shmem.calloc(ShmemType.LONG, 1);
        ShmemContext ctx = shmem.ctxDefault();
        for (long value : draw(me, samples, bins)) {
            int bin = (int) value;
            ctx.atomicInc(counts, bin / npes, bin % npes);
        }
        shmem.barrierAll(); // completes every PE's increments (a barrier implies quiet)

        long[] mine = new long[bins];
        MemorySegment local = shmem.local(counts);
        long held = 0;
        int owned = 0;
        for (int bin = me; bin < bins; bin += npes) {
            mine[bin] = local.getAtIndex(ValueLayout.JAVA_LONG, bin / npes);
            held += mine[bin];
            owned++;
        }
        shmem.local(total).set(ValueLayout.JAVA_LONG, 0, held);
        shmem.collectives().reduce(shmem.teamWorld(), ReduceOp.SUM, total, total, 1);
        long all = shmem.local(total).get(ValueLayout.JAVA_LONG, 0);
        shmem.free(total);
        shmem.free(counts);
        return new Part(mine, owned, all);
    }

    /** The serial count of every PE's samples: what the distributed bins must hold. */
    public static long[] serialCount(int npes, int samples, int bins) {
        long[] expected = new long[bins];
        for (int pe = 0; pe < npes; pe++) {
            for (long value : draw(pe, samples, bins)) {
                expected[(int) value]++;
            }
        }
        return expected;
    }

    /** The samples of PE {@code pe}: the same on every PE that asks. */
    static long[] draw(int pe, int samples, int bins) {
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
}
