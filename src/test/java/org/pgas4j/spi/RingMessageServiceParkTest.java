package org.pgas4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A park of a transport made of parts ({@link MessageService#parkUntilMessage(long, MessageService)}):
 * it sleeps on the ring service's doorbell, which the other part rings, returns at once when
 * either part already has a message, and tells the other part that a PE thread sleeps for the
 * length of the sleep. The other part here is a stand-in that records its calls (the real one is
 * the ucx transport's, exercised across hosts by {@code CrossHostWakeupTest}).
 */
@Timeout(60)
class RingMessageServiceParkTest {
    private static final long CAPACITY = 4096;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment memory = arena.allocate(MessageRingDescriptor.laneBytes(CAPACITY), 64);
    private final RingMessageService rings = new RingMessageService(0, 1, CAPACITY, memory, rank -> memory);

    /** A service with only what every service must have: the parts' hooks are the defaults. */
    private static class Bare implements MessageService {
        @Override
        public void setSink(MessageSink sink) {
        }

        @Override
        public int maxMessageLength(int jobRank, int lane) {
            return 0;
        }

        @Override
        public long claim(int jobRank, int lane, int headerLength, int payloadLength) {
            return Transport.CLAIM_FULL;
        }

        @Override
        public MemorySegment buffer(int jobRank, int lane) {
            return MemorySegment.NULL;
        }

        @Override
        public void commit(int jobRank, int lane, long claim) {
        }

        @Override
        public void abort(int jobRank, int lane, long claim) {
        }

        @Override
        public int poll(int lane, int limit) {
            return 0;
        }
    }

    /** The other part: a message waiting or not, and the sleeps it was told of. */
    private static final class OtherPart extends Bare {
        volatile boolean waiting;
        final List<Boolean> sleeps = new ArrayList<>();
        Doorbell rung;

        @Override
        public boolean hasMessage() {
            return waiting;
        }

        @Override
        public void sleepingElsewhere(boolean asleep) {
            synchronized (sleeps) {
                sleeps.add(asleep);
            }
        }

        @Override
        public void alsoRing(Doorbell bell) {
            rung = bell;
        }
    }

    @AfterEach
    void close() {
        arena.close();
    }

    @Test
    void aMessageWaitingInTheOtherPartEndsTheParkBeforeItSleeps() {
        OtherPart other = new OtherPart();
        other.waiting = true;
        assertTrue(rings.parkUntilMessage(900_000_000L, other));
        assertEquals(List.of(), other.sleeps, "no sleep began");
    }

    @Test
    void aRecordWaitingHereEndsTheParkBeforeItSleeps() {
        long claim = rings.claim(0, Transport.LANE_REQUEST, 8, 0);
        rings.commit(0, Transport.LANE_REQUEST, claim);
        OtherPart other = new OtherPart();
        assertTrue(rings.hasMessage());
        assertTrue(rings.parkUntilMessage(900_000_000L, other));
        assertEquals(List.of(), other.sleeps);
    }

    @Test
    void theOtherPartRingingThisDoorbellEndsTheSleepAndTheSleepIsToldOf() throws InterruptedException {
        OtherPart other = new OtherPart();
        other.alsoRing(rings.doorbell());
        Thread ringer = Thread.ofPlatform().start(() -> {
            while (!sleeping(other)) {
                Thread.onSpinWait();
            }
            other.waiting = true; // published, then rung: as the ucx part's upcall does
            other.rung.ring();
        });
        // Parks of up to 0.9 s each: a sleep the ring does not end runs to its timer and returns false.
        boolean woken = false;
        for (int i = 0; i < 20 && !woken; i++) {
            woken = rings.parkUntilMessage(900_000_000L, other);
        }
        ringer.join();
        assertTrue(woken, "the ring ended the sleep");
        synchronized (other.sleeps) {
            assertFalse(other.sleeps.isEmpty());
            for (int i = 0; i < other.sleeps.size(); i++) {
                assertEquals(i % 2 == 0, other.sleeps.get(i), "begin and end alternate: " + other.sleeps);
            }
            assertEquals(0, other.sleeps.size() % 2, "every sleep ended: " + other.sleeps);
        }
    }

    @Test
    void aSleepNothingRingsEndsAtItsTimerAndSaysSo() {
        OtherPart other = new OtherPart();
        assertFalse(rings.parkUntilMessage(20_000_000L, other));
        assertEquals(List.of(true, false), other.sleeps);
    }

    @Test
    void theDoorbellIsTheRequestRingsOneEveryCommitRings() {
        assertSame(rings.doorbell(), rings.doorbell());
        assertFalse(rings.hasMessage());
    }

    @Test
    void aServiceWithoutADoorbellCannotParkForTwoPartsNorRingAnother() {
        Bare bare = new Bare();
        assertThrows(UnsupportedOperationException.class, () -> bare.parkUntilMessage(1_000L, new OtherPart()));
        assertThrows(UnsupportedOperationException.class, () -> bare.alsoRing(rings.doorbell()));
        assertNull(bare.doorbell());
        assertFalse(bare.hasMessage());
        bare.sleepingElsewhere(true); // nothing to tell
    }

    private static boolean sleeping(OtherPart other) {
        synchronized (other.sleeps) {
            return !other.sleeps.isEmpty() && other.sleeps.get(other.sleeps.size() - 1);
        }
    }
}
