package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the progress agent lingers after work ({@link AgentLinger}), with chosen times. */
class AgentLingerTest {
    private static final long WINDOW = 50_000;

    @Test
    void aStreamOfWorkWhileThePeWaitsLingersOneWindowAfterTheLast() {
        AgentLinger l = new AgentLinger(true, WINDOW, 1_000_000);
        l.worked(1_000_000, true);
        assertFalse(l.lingers(1_000_001), "the first work of all is no stream");
        l.worked(1_040_000, true); // 40 us later: a stream
        assertTrue(l.lingers(1_040_001));
        assertTrue(l.lingers(1_089_999), "up to a window after the last work");
        assertFalse(l.lingers(1_090_000), "and no longer");
    }

    @Test
    void sporadicWorkSleepsAtOnce() {
        AgentLinger l = new AgentLinger(true, WINDOW, 0);
        l.worked(1_000_000, true);
        l.worked(1_050_001, true); // just over a window apart
        assertFalse(l.lingers(1_050_002));
        l.worked(1_060_000, true); // then close again: a stream
        assertTrue(l.lingers(1_060_001));
        l.worked(2_000_000, true); // a pause ends it
        assertFalse(l.lingers(2_000_001));
    }

    @Test
    void aComputingPeOrAnOversubscribedHostNeverLingers() {
        AgentLinger computing = new AgentLinger(true, WINDOW, 0);
        computing.worked(1_000_000, false);
        computing.worked(1_010_000, false);
        assertFalse(computing.lingers(1_010_001), "no PE thread parked: the PE computes on this core");
        AgentLinger notAllowed = new AgentLinger(false, WINDOW, 0);
        notAllowed.worked(1_000_000, true);
        notAllowed.worked(1_010_000, true);
        assertFalse(notAllowed.lingers(1_010_001), "more PEs than cores");
    }
}
