package org.pgas4j.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgas4j.Settings;

/**
 * The facade's idling: it spins, yields, then parks through the client's
 * {@code parkUntilMessage} (a stand-in here that records each park and says whether a message
 * ended it) in growing parks; a park that a message ended starts the wait over, so the wait
 * spins for the next message instead of sleeping on.
 */
class BackoffTest {
    private final List<Long> parks = new ArrayList<>();
    private boolean messageEnds;
    /** One process on this host, so the default spins (auto: 2000) and yields apply. */
    private final Backoff backoff = new Backoff(1, nanos -> {
        parks.add(nanos);
        return messageEnds;
    });

    private static int spins() {
        int s = Settings.SPIN_ITERATIONS.value();
        return s == Settings.AUTO ? 2000 : s;
    }

    private static int yields() {
        return Settings.YIELD_ITERATIONS.value();
    }

    @Test
    void spinsAndYieldsWithoutParkingThenParksInGrowingSteps() {
        int i = 0;
        for (int k = 0; k < spins() + yields(); k++) {
            i = backoff.idle(i);
        }
        assertEquals(spins() + yields(), i);
        assertTrue(parks.isEmpty(), "no park while spinning and yielding: " + parks);
        for (int k = 0; k < 8; k++) {
            i = backoff.idle(i);
        }
        long max = Settings.PARK_MICROS.value() * 1_000L;
        List<Long> expected = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            expected.add(Math.min(max, 1_000L << k));
        }
        assertEquals(expected, parks, "1 us doubling up to pgas4j.wait.park.us");
    }

    @Test
    void aParkThatAMessageEndedStartsTheWaitOver() {
        int i = spins() + yields();
        assertEquals(i + 1, backoff.idle(i), "a park that ran to its timer counts on");
        messageEnds = true;
        assertEquals(0, backoff.idle(i + 1), "a park that a message ended starts over");
        assertEquals(2, parks.size());
        assertEquals(1, backoff.idle(0), "spinning again, no park");
        assertEquals(2, parks.size());
    }

    @Test
    void longWaitsParkTheLongPark() {
        long max = Settings.PARK_MICROS.value() * 1_000L;
        long longPark = Math.max(max, Settings.LONG_PARK_MICROS.value() * 1_000L);
        int longAfter = (int) Math.max(1, 10_000_000L / max);
        assertEquals(longPark, backoff.parkNanos(spins() + yields() + longAfter));
        assertEquals(0, backoff.parkNanos(0));
        assertEquals(spins() + yields(), backoff.idle(Integer.MAX_VALUE), "the count wraps to the park phase");
    }
}
