package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real progress agent grants the PE threads' longer parks while it serves a peer's stream of
 * puts over tcp, and rings them once the stream ends ({@link ServedParks}). Skipped when libucp
 * is not installed.
 */
class UcxServedParksTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theAgentGrantsLongerParksWhileItServesAndRingsThemWhenTheStreamEnds() throws Exception {
        try (AgentEnginePair pair = AgentEnginePair.open(4096)) {
            AtomicInteger rings = new AtomicInteger();
            pair.target.setOnAcknowledged(rings::incrementAndGet);
            ServedParks parks = pair.target.servedParks();
            AtomicBoolean streaming = new AtomicBoolean(true);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            AtomicInteger landed = new AtomicInteger();
            Thread origin = Thread.ofPlatform().start(() -> {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment value = arena.allocate(8, 8);
                    for (long i = 1; streaming.get(); i++) {
                        value.set(JAVA_LONG, 0, i);
                        pair.origin.putBlocking(pair.toTarget(), pair.key, pair.memory.address(), value, 0, 8);
                        landed.incrementAndGet();
                    }
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            pair.target.peThreadParks(); // this thread stands for a PE thread waiting in a barrier
            try {
                long granted = 0;
                int ringsBefore = 0;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                // Until the agent has served some of the stream and a long park was granted.
                while (granted == 0 && System.nanoTime() < deadline) {
                    ringsBefore = rings.get(); // the agent may stop (and ring) even before the stream ends
                    if (parks.begin(ServedParks.LONG_PARK_NANOS) == ServedParks.PARK_NANOS) {
                        granted++;
                    } else {
                        Thread.sleep(1);
                    }
                }
                assertEquals(1, granted, "the agent serving " + landed.get() + " puts granted no longer park");
                streaming.set(false);
                origin.join();
                // The stream has ended: the agent goes idle, stops serving and rings the parked thread
                // (if a pause in the stream has not made it do so already).
                int since = ringsBefore;
                while (rings.get() == since && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                parks.end();
                assertTrue(rings.get() > ringsBefore, "the agent never rang the parked thread after the stream");
                assertTrue(parks.handOffs() > 0);
                // Idle now: a long park is not lengthened.
                while (parks.agentServing() && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                assertEquals(ServedParks.LONG_PARK_NANOS, parks.begin(ServedParks.LONG_PARK_NANOS));
            } finally {
                streaming.set(false);
                pair.target.peThreadWakes();
                origin.join();
            }
            if (failed.get() != null) {
                throw new AssertionError("the origin's puts failed", failed.get());
            }
            assertTrue(landed.get() > 0);
        }
    }
}
