package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The hand-off between the progress agent and the PE threads' longer parks ({@link ServedParks}). */
class ServedParksTest {
    private final AtomicInteger rings = new AtomicInteger();
    private final ServedParks parks = new ServedParks(rings::incrementAndGet);

    @Test
    void aLongParkLastsLongerOnlyWhileTheAgentServes() {
        assertEquals(1_000_000, parks.begin(1_000_000), "the agent has not served yet");
        parks.serving();
        assertTrue(parks.agentServing());
        assertEquals(ServedParks.PARK_NANOS, parks.begin(1_000_000));
        parks.end();
        assertEquals(ServedParks.PARK_NANOS + 1, parks.begin(ServedParks.PARK_NANOS + 1), "never shortened");
        assertEquals(ServedParks.PARK_NANOS, parks.begin(ServedParks.PARK_NANOS), "nor counted when not lengthened");
        parks.stopped();
        assertFalse(parks.agentServing());
        assertEquals(1_000_000, parks.begin(1_000_000), "the agent stopped");
        assertEquals(0, rings.get(), "nobody was parked when it stopped");
    }

    @Test
    void shortParksAreLeftAlone() {
        parks.serving();
        assertEquals(50_000, parks.begin(50_000));
        assertEquals(ServedParks.LONG_PARK_NANOS - 1, parks.begin(ServedParks.LONG_PARK_NANOS - 1));
        parks.stopped();
        assertEquals(0, rings.get(), "short parks are not counted in, so nothing rings for them");
    }

    @Test
    void stoppingRingsOnceForTheParkedThreadsAndOnlyOnce() {
        parks.serving();
        parks.begin(1_000_000);
        parks.begin(1_000_000);
        parks.stopped();
        assertEquals(1, rings.get(), "one ring wakes every thread sleeping on the doorbell");
        parks.stopped();
        assertEquals(1, rings.get(), "a second stop without serving in between rings nothing");
        assertEquals(1, parks.handOffs());
        parks.end();
        parks.end();
    }

    @Test
    void completionsRingWhileAServedParkLasts() {
        parks.completed();
        assertEquals(0, rings.get(), "nobody parked");
        parks.serving();
        parks.begin(1_000_000);
        parks.completed();
        parks.completed();
        assertEquals(2, rings.get(), "each completion may be what the wait waits for");
        parks.end();
        parks.completed();
        assertEquals(2, rings.get(), "the park ended");
    }

    /**
     * The race the counting order closes: a thread that was granted a longer park is either rung by
     * the stop that follows, or the stop came first and the thread was not granted one. Many rounds
     * of a parking thread and a stopping thread started together; no round may end with a granted
     * park that no ring followed.
     */
    @Test
    void noGrantedParkMissesTheStopThatFollowsIt() throws InterruptedException {
        AtomicLong rounds = new AtomicLong();
        AtomicLong missed = new AtomicLong();
        for (int round = 0; round < 5_000; round++) {
            AtomicInteger rung = new AtomicInteger();
            ServedParks p = new ServedParks(rung::incrementAndGet);
            p.serving();
            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean granted = new AtomicBoolean();
            Thread parker = Thread.ofPlatform().start(() -> {
                await(start);
                granted.set(p.begin(1_000_000) > 1_000_000);
            });
            Thread agent = Thread.ofPlatform().start(() -> {
                await(start);
                p.stopped();
            });
            start.countDown();
            parker.join();
            agent.join();
            rounds.incrementAndGet();
            if (granted.get() && rung.get() == 0) {
                missed.incrementAndGet();
            }
        }
        assertEquals(0, missed.get(), "granted parks that no stop rang, of " + rounds.get() + " rounds");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
