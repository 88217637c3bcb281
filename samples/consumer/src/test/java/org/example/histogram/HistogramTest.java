package org.example.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.pgas4j.junit.PeCount;
import org.pgas4j.junit.PgasTest;
import org.pgas4j.junit.Rank;
import org.pgas4j.shmem.Shmem;

/** The histogram as jobs of 1, 2 and 5 PEs, each PE checking its own bins: pgas4j's {@code @PgasTest}. */
class HistogramTest {

    @PgasTest(pes = {1, 2, 5})
    void everyPeHoldsTheSerialCountOfItsBins(Shmem shmem, @Rank int rank, @PeCount int n) {
        int samples = 3_000;
        int bins = 31;
        Histogram.Part part = Histogram.count(shmem, samples, bins);
        long[] expected = Histogram.serialCount(n, samples, bins);
        for (int bin = rank; bin < bins; bin += n) {
            assertEquals(expected[bin], part.bins()[bin], "bin " + bin);
        }
        assertEquals((long) samples * n, part.total(), "the samples counted on all PEs");
    }

    @PgasTest(pes = 3, transport = PgasTest.Transport.SHM)
    void theCountIsTheSameInSeparateProcesses(Shmem shmem, @PeCount int n) {
        assertEquals(1_000L * n, Histogram.count(shmem, 1_000, 7).total());
    }
}
