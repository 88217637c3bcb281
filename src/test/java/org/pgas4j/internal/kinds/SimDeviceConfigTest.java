package org.pgas4j.internal.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The simulated-device configuration: how many devices, and which PEs see which. */
class SimDeviceConfigTest {

    @Test
    void everyDeviceIsVisibleToEveryPeByDefault() {
        SimDeviceConfig c = new SimDeviceConfig(2, 1 << 20, "all");
        for (int r = 0; r < 5; r++) {
            assertTrue(c.visible(0, r, 5) && c.visible(1, r, 5));
            assertEquals(2, c.visibleCount(r, 5));
        }
        assertFalse(c.visible(2, 0, 5), "no device 2");
        assertFalse(c.visible(-1, 0, 5));
    }

    @Test
    void halvesParitiesAndRanges() {
        SimDeviceConfig c = new SimDeviceConfig(4, 1 << 20, "0=lower-half; 1=upper-half;2=odd;3=0-1,4");
        int size = 5;
        boolean[][] expected = {
            {true, true, false, false, false},
            {false, false, true, true, true},
            {false, true, false, true, false},
            {true, true, false, false, true},
        };
        for (int d = 0; d < 4; d++) {
            for (int r = 0; r < size; r++) {
                assertEquals(expected[d][r], c.visible(d, r, size), "device " + d + ", rank " + r);
            }
        }
        assertFalse(new SimDeviceConfig(1, 1, "0=none").visible(0, 0, 1));
        assertTrue(new SimDeviceConfig(2, 1, "1=even").visible(0, 3, 4), "unlisted devices are visible to all");
    }

    @Test
    void badConfigurationsNameTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(2, 1, "5=all"))
                .getMessage().contains("device 5 does not exist"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(2, 1, "0:all"))
                .getMessage().contains("device=ranks"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(2, 1, "0=3-1"))
                .getMessage().contains("not a jobrank"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(2, 1, "x=all"))
                .getMessage().contains("not a device number"));
        assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(65, 1, "all"));
        assertThrows(IllegalArgumentException.class, () -> new SimDeviceConfig(1, 0, "all"));
    }
}
