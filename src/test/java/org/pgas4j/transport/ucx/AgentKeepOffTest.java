package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The progress agent's rule for keeping off the worker, with chosen turns, times and states. */
class AgentKeepOffTest {
    private static final long MS = 1_000_000;

    @Test
    void aThreadSpinningOnTheWorkerDrivesItWhateverItHolds() {
        // 200 turns in 1 ms: one per 5 µs, a spinning wait's rate.
        assertTrue(AgentKeepOff.driving(200, MS, false, false));
        assertTrue(AgentKeepOff.driving(200, MS, false, true));
        assertTrue(AgentKeepOff.driving(100, MS, false, false), "exactly one turn per 10 µs");
    }

    @Test
    void aThreadInsideItsOperationsDrivesTheWorkerAtAnyRate() {
        // A stream of 128 KiB puts over tcp: a turn every few tens of µs, the lock held at the look.
        assertTrue(AgentKeepOff.driving(20, MS, true, false));
        assertTrue(AgentKeepOff.driving(2, 16 * MS, true, false));
    }

    @Test
    void aThreadThatComputesBetweenSparseOperationsDoesNot() {
        // An operation now and then, outside the lock at the look: the agent serves the peers.
        assertFalse(AgentKeepOff.driving(20, MS, false, false));
        assertFalse(AgentKeepOff.driving(2, 16 * MS, false, false));
    }

    @Test
    void aWaitingThreadDoesNotDriveTheWorkerBelowTheSpinningRate() {
        // A wait whose parks progress now and then, another PE thread holding the lock.
        assertFalse(AgentKeepOff.driving(20, MS, true, true));
    }

    @Test
    void fewerThanTwoTurnsNeverDrive() {
        assertFalse(AgentKeepOff.driving(1, 1_000, true, false));
        assertFalse(AgentKeepOff.driving(0, 0, true, false));
        assertFalse(AgentKeepOff.driving(-5, MS, true, false), "a wrapped count");
    }

    @Test
    void parksDoubleToTheLongestAndStartAgainAfterAReset() {
        AgentKeepOff keepOff = new AgentKeepOff();
        long expected = AgentKeepOff.FIRST_PARK_NANOS;
        long last = 0;
        for (int i = 0; i < 40; i++) {
            long park = keepOff.nextPark();
            assertEquals(Math.min(expected, AgentKeepOff.LONGEST_PARK_NANOS), park, "park " + i);
            assertTrue(park >= last, "parks never shrink before a reset");
            last = park;
            expected = Math.min(expected * 2, AgentKeepOff.LONGEST_PARK_NANOS);
        }
        assertEquals(AgentKeepOff.LONGEST_PARK_NANOS, last);
        keepOff.reset();
        assertEquals(AgentKeepOff.FIRST_PARK_NANOS, keepOff.nextPark());
    }

    @Test
    void onlyParksLongerThanTheOldLongestEndWhenAThreadStartsWaiting() {
        assertFalse(AgentKeepOff.wakesOnWait(AgentKeepOff.FIRST_PARK_NANOS));
        assertFalse(AgentKeepOff.wakesOnWait(AgentKeepOff.WAKE_ON_WAIT_NANOS));
        assertTrue(AgentKeepOff.wakesOnWait(AgentKeepOff.WAKE_ON_WAIT_NANOS + 1));
        assertTrue(AgentKeepOff.wakesOnWait(AgentKeepOff.LONGEST_PARK_NANOS));
    }

    @Test
    void aThreadThatStoppedTurningAndHoldsNoLockNoLongerDrives() {
        // No turn past the last look's and the lock free for the whole window: it stopped.
        assertFalse(AgentKeepOff.stillDriving(7, () -> 7, () -> false));
    }

    @Test
    void aThreadThatTurnsOrTakesTheLockWithinTheWindowStillDrives() {
        assertTrue(AgentKeepOff.stillDriving(7, () -> 8, () -> false), "a turn since the look");
        assertTrue(AgentKeepOff.stillDriving(7, () -> 7, () -> true), "inside an operation");
        // A turn that comes a few polls into the window (a spinning wait between two turns); a
        // long window here, so that a slow first call cannot end it.
        int[] polls = {0};
        assertTrue(AgentKeepOff.stillDriving(7, () -> ++polls[0] < 5 ? 7 : 8, () -> false, 60_000 * MS));
        assertEquals(5, polls[0], "it polls until the turn comes, then stops looking");
        // The lock taken a few polls in (a stream of puts between two puts).
        int[] looks = {0};
        assertTrue(AgentKeepOff.stillDriving(7, () -> 7, () -> ++looks[0] >= 3, 60_000 * MS));
        assertEquals(3, looks[0]);
    }

    @Test
    void theWindowIsOneSpinningTurnLong() {
        int[] polls = {0};
        long start = System.nanoTime();
        assertFalse(AgentKeepOff.stillDriving(7, () -> {
            polls[0]++;
            return 7;
        }, () -> false));
        // At least the window (no upper bound: a descheduled test thread takes longer).
        assertTrue(System.nanoTime() - start >= AgentKeepOff.SPIN_TURN_NANOS);
        assertTrue(polls[0] >= 1);
    }
}
