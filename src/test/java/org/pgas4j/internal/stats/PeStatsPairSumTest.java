package org.pgas4j.internal.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link PeStats.PeReport#sum}: the counters of one PE's repeated init/finalize pairs add up, and
 * counters that are not of one PE, or not counters at all, are refused.
 */
@Timeout(30)
class PeStatsPairSumTest {
    private static final int PUT = Stats.KIND_NAMES.indexOf("put");
    private static final int GET = Stats.KIND_NAMES.indexOf("get");

    /** One pair of PE {@code rank} of 3: {@code puts} 8-byte puts to PE 2, one 64-byte get from PE 0, a wait. */
    private static byte[] pair(String job, int rank, int puts) throws InterruptedException {
        PeStats s = PeStats.open(job, rank, 3);
        for (int i = 0; i < puts; i++) {
            s.count(PUT, 2, 8);
        }
        s.count(GET, 0, 64);
        s.waited(0, 1_000);
        Thread.sleep(2);
        return s.close();
    }

    @Test
    void theSumOfTwoPairsAddsEveryCounterAndTheTimes() throws InterruptedException {
        byte[] first = pair("sumtest0000000a", 1, 3);
        byte[] second = pair("sumtest0000000a", 1, 5);
        PeStats.PeReport a = PeStats.PeReport.decode(first);
        PeStats.PeReport b = PeStats.PeReport.decode(second);
        PeStats.PeReport sum = PeStats.PeReport.decode(PeStats.PeReport.sum(first, second));
        assertEquals(1, sum.rank());
        assertEquals(3, sum.size());
        assertEquals(b.host(), sum.host());
        assertEquals(a.elapsedNanos() + b.elapsedNanos(), sum.elapsedNanos());
        assertEquals(Stats.KIND_NAMES, sum.kinds());
        assertEquals(Stats.WAIT_NAMES, sum.waits());
        assertArrayEquals(new long[] {0, 0, 8}, sum.ops()[PUT]);
        assertArrayEquals(new long[] {0, 0, 64}, sum.bytes()[PUT]);
        assertArrayEquals(new long[] {2, 0, 0}, sum.ops()[GET]);
        assertArrayEquals(new long[] {128, 0, 0}, sum.bytes()[GET]);
        assertEquals(2, sum.waitCounts()[0]);
        assertEquals(2_000, sum.waitNanos()[0]);
        assertTrue(sum.elapsedNanos() >= 4_000_000, "at least the two sleeps: " + sum.elapsedNanos());
        // A third pair: the sum goes on.
        PeStats.PeReport three = PeStats.PeReport.decode(PeStats.PeReport.sum(PeStats.PeReport.sum(first, second), first));
        assertArrayEquals(new long[] {0, 0, 11}, three.ops()[PUT]);
    }

    @Test
    void countersOfTwoPesOrNoCountersAtAllAreRefused() throws InterruptedException {
        byte[] pe1 = pair("sumtest0000000b", 1, 1);
        byte[] pe2 = pair("sumtest0000000b", 2, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PeStats.PeReport.sum(pe1, pe2));
        assertTrue(e.getMessage().contains("PE 2 of 3") && e.getMessage().contains("PE 1 of 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PeStats.PeReport.sum(pe1, new byte[] {1, 2, 3, 4}));
        assertThrows(IllegalArgumentException.class, () -> PeStats.PeReport.sum(new byte[0], pe1));
    }
}
