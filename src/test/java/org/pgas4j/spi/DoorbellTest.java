package org.pgas4j.spi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Doorbell}: a sleeper wakes when the bell rings (long before its timeout), a ring after
 * the arming but before the sleep is not lost, and a ring with nobody armed wakes nobody and
 * costs nothing later. Bounds are generous; no timing ratios.
 */
@Timeout(60)
class DoorbellTest {

    @Test
    void aRingWakesASleeperLongBeforeItsTimeout() throws Exception {
        assumeTrue(Futex.AVAILABLE, "futexes need Linux on x86_64 or aarch64");
        try (Arena arena = Arena.ofShared()) {
            Doorbell bell = new Doorbell(arena.allocate(64, 64), 8);
            CountDownLatch armed = new CountDownLatch(1);
            AtomicBoolean rang = new AtomicBoolean();
            long[] slept = new long[1];
            Thread sleeper = Thread.ofPlatform().start(() -> {
                int ticket = bell.arm();
                armed.countDown();
                long t0 = System.nanoTime();
                rang.set(bell.sleep(ticket, 999_000_000L));
                slept[0] = System.nanoTime() - t0;
            });
            assertTrue(armed.await(10, TimeUnit.SECONDS));
            Thread.sleep(50); // usually asleep by now; if not, the ticket makes the sleep return at once
            bell.ring();
            sleeper.join(10_000);
            assertTrue(rang.get(), "the sleep reports the ring");
            assertTrue(slept[0] < 900_000_000L, "woken by the ring, not the timeout: slept " + slept[0] + " ns");
        }
    }

    @Test
    void aRingBetweenArmingAndSleepingIsNotLost() {
        assumeTrue(Futex.AVAILABLE, "futexes need Linux on x86_64 or aarch64");
        try (Arena arena = Arena.ofShared()) {
            Doorbell bell = new Doorbell(arena.allocate(64, 64), 0);
            int ticket = bell.arm();
            bell.ring();
            long t0 = System.nanoTime();
            assertTrue(bell.sleep(ticket, 999_000_000L));
            assertTrue(System.nanoTime() - t0 < 900_000_000L, "returns at once");
        }
    }

    @Test
    void aRingWithNobodyArmedChangesNothing() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = arena.allocate(64, 64);
            Doorbell bell = new Doorbell(m, 0);
            bell.ring();
            assertTrue(m.asSlice(0, 8).mismatch(MemorySegment.ofArray(new byte[8])) < 0, "armed flag and bell untouched");
            int ticket = bell.arm();
            assertFalse(bell.sleep(ticket, 1_000_000L), "a timed-out sleep reports no ring");
        }
    }
}
