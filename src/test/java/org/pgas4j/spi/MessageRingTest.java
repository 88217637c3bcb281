package org.pgas4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The many-to-one message ring on its own: wrap-around, a full ring's back-pressure, records of
 * every size, aborted claims, re-entrant and failing sinks, corruption, and several producer
 * threads against one consumer with exactly-once, per-producer ordered delivery.
 */
@Timeout(120)
class MessageRingTest {
    private static final int LANE = Transport.LANE_REQUEST;

    /** A message as delivered: its source, header and payload bytes, copied out of the ring. */
    private record Delivered(int source, int lane, byte[] header, byte[] payload) {
    }

    /** Collects what the ring delivers. */
    private static final class Collector implements MessageSink {
        final List<Delivered> got = new ArrayList<>();

        @Override
        public void deliver(int source, int lane, MemorySegment buffer, long headerOffset, int headerLength,
                            long payloadOffset, int payloadLength) {
            assertEquals(0, payloadOffset % 8, "payload alignment");
            got.add(new Delivered(source, lane, buffer.asSlice(headerOffset, headerLength).toArray(ValueLayout.JAVA_BYTE),
                    buffer.asSlice(payloadOffset, payloadLength).toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    private static MessageRing newRing(long capacity) {
        return MessageRing.create(Arena.ofAuto().allocate(MessageRingDescriptor.length(capacity), 4096), capacity);
    }

    /** Claims, writes recognisable bytes, commits; false when the ring is full. */
    private static boolean send(MessageRing ring, int source, int headerLength, int payloadLength, int tag) {
        long claim = ring.tryClaim(source, headerLength, payloadLength);
        if (claim == MessageRing.FULL) {
            return false;
        }
        MemorySegment m = ring.memory();
        for (int i = 0; i < headerLength; i++) {
            m.set(ValueLayout.JAVA_BYTE, claim + i, (byte) (tag + i));
        }
        long p = MessageRing.payloadOffset(claim, headerLength);
        for (int i = 0; i < payloadLength; i++) {
            m.set(ValueLayout.JAVA_BYTE, p + i, (byte) (tag * 7 + i));
        }
        ring.commit(claim);
        return true;
    }

    private static void assertMessage(Delivered d, int source, int headerLength, int payloadLength, int tag) {
        assertEquals(source, d.source());
        assertEquals(headerLength, d.header().length, "header length");
        assertEquals(payloadLength, d.payload().length, "payload length");
        for (int i = 0; i < headerLength; i++) {
            assertEquals((byte) (tag + i), d.header()[i], "header byte " + i);
        }
        for (int i = 0; i < payloadLength; i++) {
            assertEquals((byte) (tag * 7 + i), d.payload()[i], "payload byte " + i);
        }
    }

    @Test
    void recordsWrapAroundTheBufferManyTimes() {
        MessageRing ring = newRing(4096);
        Collector c = new Collector();
        int sent = 0;
        for (int round = 0; round < 2000; round++) {
            int payload = (round * 37) % 300; // sizes that do not divide the buffer: padding at the end
            assertTrue(send(ring, 3, 12, payload, round));
            sent++;
            if (round % 3 == 2) {
                ring.poll(c, LANE, Integer.MAX_VALUE);
            }
        }
        ring.poll(c, LANE, Integer.MAX_VALUE);
        assertEquals(sent, c.got.size());
        for (int round = 0; round < sent; round++) {
            assertMessage(c.got.get(round), 3, 12, (round * 37) % 300, round);
        }
        assertEquals(0, ring.poll(c, LANE, 10), "empty once drained");
    }

    @Test
    void fullRingReturnsFullAndLosesNothing() {
        MessageRing ring = newRing(4096);
        int n = 0;
        while (send(ring, 1, 8, 100, n)) {
            n++;
            assertTrue(n < 100, "a 4 KiB ring cannot hold 100 records of 128 bytes");
        }
        assertTrue(n >= 4096 / 136 - 1, "filled to about capacity: " + n);
        assertEquals(MessageRing.FULL, ring.tryClaim(1, 8, 100), "still full");
        Collector c = new Collector();
        assertEquals(1, ring.poll(c, LANE, 1));
        assertTrue(send(ring, 1, 8, 100, n), "room again after one record was consumed");
        n++;
        ring.poll(c, LANE, Integer.MAX_VALUE);
        assertEquals(n, c.got.size());
        for (int i = 0; i < n; i++) {
            assertMessage(c.got.get(i), 1, 8, 100, i);
        }
    }

    @Test
    void recordsOfEverySizeUpToTheMaximum() {
        MessageRing ring = newRing(4096);
        int max = ring.maxMessageLength();
        assertEquals(4096 / 8 - MessageRingDescriptor.RECORD_HEADER_BYTES, max);
        for (int header : new int[] {0, 4, 12, 24, 96}) {
            int aligned = (header + 7) & -8;
            for (int payload = 0; payload <= max - aligned; payload++) {
                Collector c = new Collector();
                assertTrue(send(ring, 2, header, payload, payload + header));
                ring.poll(c, LANE, Integer.MAX_VALUE); // a padding to the end of the buffer may come first
                assertEquals(1, c.got.size());
                assertMessage(c.got.getFirst(), 2, header, payload, payload + header);
            }
            int over = max - aligned + 1;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(2, header, over));
            assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(2, 8, -1));
        assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(2, -8, 0));
    }

    @Test
    void abortedClaimsAreSkipped() {
        MessageRing ring = newRing(4096);
        assertTrue(send(ring, 0, 8, 10, 1));
        long claim = ring.tryClaim(0, 8, 50);
        ring.memory().set(ValueLayout.JAVA_LONG, claim, 0x1234L);
        ring.abort(claim);
        assertTrue(send(ring, 0, 8, 20, 2));
        Collector c = new Collector();
        assertEquals(3, ring.poll(c, LANE, 10), "two records and one skipped claim consumed");
        assertEquals(2, c.got.size());
        assertMessage(c.got.get(0), 0, 8, 10, 1);
        assertMessage(c.got.get(1), 0, 8, 20, 2);
    }

    @Test
    void aReentrantPollDeliversNothingAndAFailingSinkStillFreesTheRecord() {
        MessageRing ring = newRing(4096);
        send(ring, 0, 8, 0, 1);
        send(ring, 0, 8, 0, 2);
        AtomicReference<Integer> inner = new AtomicReference<>();
        int outer = ring.poll((s, l, b, ho, hl, po, pl) -> {
            if (inner.get() == null) {
                inner.set(ring.poll((s2, l2, b2, ho2, hl2, po2, pl2) -> { }, LANE, 10));
            }
        }, LANE, 10);
        assertEquals(0, inner.get(), "a poll from inside the sink delivers nothing");
        assertEquals(2, outer);
        send(ring, 0, 8, 0, 3);
        send(ring, 0, 8, 0, 4);
        RuntimeException boom = new RuntimeException("boom");
        assertEquals(boom, assertThrows(RuntimeException.class, () -> ring.poll((s, l, b, ho, hl, po, pl) -> {
            throw boom;
        }, LANE, 10)));
        Collector c = new Collector();
        assertEquals(1, ring.poll(c, LANE, 10), "the record the sink failed on is gone, the next one is there");
        assertMessage(c.got.getFirst(), 0, 8, 0, 4);
    }

    @Test
    void aCorruptLengthIsReportedAndNeverActedOn() {
        MessageRing ring = newRing(4096);
        send(ring, 0, 8, 0, 1);
        ring.memory().set(ValueLayout.JAVA_INT, 0, 100_000); // longer than any record
        AtomicBoolean delivered = new AtomicBoolean();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ring.poll((s, l, b, ho, hl, po, pl) -> delivered.set(true), LANE, 10));
        assertTrue(e.getMessage().contains("corrupt") && e.getMessage().contains("100000"), e.getMessage());
        assertTrue(!delivered.get());
        assertThrows(IllegalStateException.class, () -> ring.poll((s, l, b, ho, hl, po, pl) -> { }, LANE, 10));

        MessageRing other = newRing(4096);
        send(other, 0, 8, 0, 1);
        other.memory().set(ValueLayout.JAVA_INT, MessageRingDescriptor.RECORD_PAYLOAD_LENGTH, 9); // does not fill it
        e = assertThrows(IllegalStateException.class,
                () -> other.poll((s, l, b, ho, hl, po, pl) -> delivered.set(true), LANE, 10));
        assertTrue(e.getMessage().contains("dropped"), e.getMessage());
        assertTrue(!delivered.get());
        send(other, 0, 8, 0, 2);
        Collector c = new Collector();
        assertEquals(1, other.poll(c, LANE, 10), "the ring goes on after a dropped record");
    }

    @Test
    void attachChecksTheCapacity() {
        MemorySegment m = Arena.ofAuto().allocate(MessageRingDescriptor.length(8192), 4096);
        assertThrows(IllegalStateException.class, () -> MessageRing.attach(m, 8192), "not yet created");
        MessageRing.create(m, 8192);
        assertEquals(8192, MessageRing.attach(m, 8192).capacity());
        assertThrows(IllegalStateException.class, () -> MessageRing.attach(m, 4096));
        assertThrows(IllegalArgumentException.class, () -> MessageRing.create(m, 5000));
    }

    @Test
    void manyProducerThreadsOneConsumerExactlyOnceInOrder() throws InterruptedException {
        long capacity = 64 * 1024;
        MemorySegment memory = Arena.ofShared().allocate(MessageRingDescriptor.length(capacity), 4096);
        MessageRing consumer = MessageRing.create(memory, capacity);
        int producers = 4;
        int perProducer = 200_000;
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int p = 0; p < producers; p++) {
            int id = p;
            // Each producer has its own view, as a peer process would.
            MessageRing ring = MessageRing.attach(memory, capacity);
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    for (int seq = 0; seq < perProducer; seq++) {
                        int payload = seq % 41;
                        long claim;
                        while ((claim = ring.tryClaim(id, 8, payload)) == MessageRing.FULL) {
                            Thread.onSpinWait();
                        }
                        memory.set(ValueLayout.JAVA_INT, claim, id);
                        memory.set(ValueLayout.JAVA_INT, claim + 4, seq);
                        long po = MessageRing.payloadOffset(claim, 8);
                        for (int i = 0; i < payload; i++) {
                            memory.set(ValueLayout.JAVA_BYTE, po + i, (byte) (seq + i));
                        }
                        ring.commit(claim);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        int[] next = new int[producers];
        long[] total = {0};
        MessageSink check = (source, lane, b, ho, hl, po, pl) -> {
            int id = b.get(ValueLayout.JAVA_INT, ho);
            int seq = b.get(ValueLayout.JAVA_INT, ho + 4);
            if (id != source || seq != next[id] || pl != seq % 41) {
                throw new AssertionError("producer " + source + "/" + id + " sent seq " + seq + " of " + pl
                        + " bytes, expected seq " + next[Math.floorMod(id, producers)]);
            }
            for (int i = 0; i < pl; i++) {
                if (b.get(ValueLayout.JAVA_BYTE, po + i) != (byte) (seq + i)) {
                    throw new AssertionError("payload byte " + i + " of seq " + seq + " from " + id);
                }
            }
            next[id]++;
            total[0]++;
        };
        long deadline = System.nanoTime() + 100_000_000_000L;
        while (total[0] < (long) producers * perProducer && failure.get() == null && System.nanoTime() < deadline) {
            if (consumer.poll(check, LANE, 256) == 0) {
                Thread.onSpinWait();
            }
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("a producer failed", failure.get());
        }
        assertEquals((long) producers * perProducer, total[0]);
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer, next[p], "every message of producer " + p + " exactly once");
        }
        assertEquals(0, consumer.poll(check, LANE, 10), "nothing more, nothing twice");
    }
}
