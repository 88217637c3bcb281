package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How many puts a steady-state run makes, and the arguments it refuses before starting a PE. */
class SteadyPutBandwidthPeTest {

    @Test
    void thePutsCoverTheBytes() {
        assertEquals(32_768, SteadyPutBandwidthPe.operations(2L << 30, 64 << 10));
        assertEquals(2_048, SteadyPutBandwidthPe.operations(2L << 30, 1 << 20));
        // One byte more than 100 puts: a 101st put.
        assertEquals(101, SteadyPutBandwidthPe.operations(100L * 4096 + 1, 4096));
    }

    @Test
    void atLeastOnePutEvenForNoBytes() {
        assertEquals(1, SteadyPutBandwidthPe.operations(0, 4096));
        assertEquals(1, SteadyPutBandwidthPe.operations(100, 1 << 20));
    }

    @Test
    void badArgumentsAreRefusedNamingWhatIsWrong() {
        IllegalArgumentException usage = assertThrows(IllegalArgumentException.class,
                () -> SteadyPutBandwidthPe.main(new String[] {"65536", "1024"}));
        assertTrue(usage.getMessage().contains("SIZE BYTES WARMUP_MS"), usage.getMessage());
        IllegalArgumentException tooBig = assertThrows(IllegalArgumentException.class,
                () -> SteadyPutBandwidthPe.main(new String[] {Long.toString(RmaPlan.MAX_SIZE + 1), "1", "1"}));
        assertTrue(tooBig.getMessage().contains("SIZE must be in 1.." + RmaPlan.MAX_SIZE), tooBig.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SteadyPutBandwidthPe.main(new String[] {"0", "1", "1"}));
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> SteadyPutBandwidthPe.main(new String[] {"4096", "1", "-1"}));
        assertTrue(negative.getMessage().contains("WARMUP_MS must be 0 or more, not -1"), negative.getMessage());
    }
}
