package org.pgas4j;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.pgas4j.internal.am.AmHeader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.spi.Transport;
import org.pgas4j.transport.local.LocalJob;

/**
 * The receiver's validation of incoming active messages: forged messages, fed to the client's
 * dispatcher as a transport would deliver them, are dropped without running any handler and
 * reported by the next poll as a {@link BadMessageException} naming the sender and the rule.
 * Each case breaks one rule of an otherwise valid message, so it fails if that check is removed.
 */
@Timeout(60)
class AmDispatcherTest {
    private static final int SHORT_H = 200;
    private static final int MEDIUM_H = 201;
    private static final int LONG_H = 202;
    private static final long SEGMENT = 64 * 1024;

    /** A forged message: its fields, each changeable on its own. */
    private static final class Forged {
        int source = 1;
        int lane = Transport.LANE_REQUEST;
        int handler = SHORT_H;
        int category = AmCategory.SHORT.ordinal();
        int nargs = 2;
        int flags = 0;
        int headerLength = AmHeader.length(2);
        int targetEndpoint = 0;
        int sourceEndpoint = 0;
        int reserved = 0;
        long longOffset = 0;
        long longLength = 0;
        int payloadLength = 0;

        Forged category(AmCategory c, int handler) {
            this.category = c.ordinal();
            this.handler = handler;
            return this;
        }

        void deliverTo(Client c) {
            MemorySegment b = Arena.ofAuto().allocate(4096, 8);
            long h = 64;
            b.set(JAVA_INT, h + AmHeader.WORD, handler | category << 8 | nargs << 16 | flags << 24);
            b.set(JAVA_INT, h + AmHeader.TARGET_ENDPOINT, targetEndpoint);
            b.set(JAVA_INT, h + AmHeader.SOURCE_ENDPOINT, sourceEndpoint);
            b.set(JAVA_INT, h + AmHeader.RESERVED, reserved);
            b.set(java.lang.foreign.ValueLayout.JAVA_LONG, h + AmHeader.LONG_OFFSET, longOffset);
            b.set(java.lang.foreign.ValueLayout.JAVA_LONG, h + AmHeader.LONG_LENGTH, longLength);
            for (int i = 0; i < nargs && i < 16; i++) {
                b.set(JAVA_INT, h + AmHeader.ARGS + 4L * i, 1000 + i);
            }
            c.am().dispatcher().deliver(source, lane, b, h, headerLength, 1024, payloadLength);
        }
    }

    private static void withClient(long segmentSize, LocalJob.Pe body) {
        String previous = System.getProperty("pgas4j.segment.size");
        System.setProperty("pgas4j.segment.size", Long.toString(segmentSize));
        try {
            LocalJob.run(2, Duration.ofSeconds(50), body);
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.segment.size");
            } else {
                System.setProperty("pgas4j.segment.size", previous);
            }
        }
    }

    /** Registers the three handlers, each counting its runs into {@code ran}. */
    private static void register(Client c, AtomicInteger ran) {
        c.am().register(SHORT_H, AmCategory.SHORT, t -> ran.incrementAndGet());
        c.am().register(MEDIUM_H, AmCategory.MEDIUM, t -> ran.incrementAndGet());
        c.am().register(LONG_H, AmCategory.LONG, t -> {
            assertEquals(8, t.payloadLength());
            ran.incrementAndGet();
        });
    }

    private static void assertDropped(Client c, AtomicInteger ran, Forged m, String... fragments) {
        int before = ran.get();
        m.deliverTo(c);
        BadMessageException e = assertThrows(BadMessageException.class, c::poll);
        assertEquals(before, ran.get(), "a handler ran for a dropped message: " + e.getMessage());
        assertTrue(e.getMessage().contains("PE " + c.jobRank() + " dropped"), e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "'" + f + "' missing from: " + e.getMessage());
        }
        c.poll(); // reported once
    }

    @Test
    void everyBrokenRuleIsDroppedAndReported() {
        withClient(SEGMENT, () -> {
            try (Client c = Client.init()) {
                if (c.jobRank() == 0) {
                    AtomicInteger ran = new AtomicInteger();
                    register(c, ran);
                    new Forged().deliverTo(c);
                    c.poll();
                    assertEquals(1, ran.get(), "the unbroken forged message runs its handler");
                    Forged valid = new Forged().category(AmCategory.LONG, LONG_H);
                    valid.longOffset = SEGMENT - 8;
                    valid.longLength = 8;
                    valid.deliverTo(c);
                    c.poll();
                    assertEquals(2, ran.get(), "the unbroken forged LONG message runs its handler");

                    Forged m = new Forged();
                    m.handler = 210;
                    assertDropped(c, ran, m, "from PE 1", "handler index 210", "not registered on PE 0");
                    m = new Forged();
                    m.category = AmCategory.MEDIUM.ordinal();
                    assertDropped(c, ran, m, "handler index 200", "registered for SHORT", "the message is MEDIUM");
                    m = new Forged();
                    m.category = 7;
                    assertDropped(c, ran, m, "category code 7");
                    m = new Forged();
                    m.nargs = 3;
                    assertDropped(c, ran, m, "does not hold the 3 arguments");
                    m = new Forged();
                    m.nargs = 17;
                    m.headerLength = AmHeader.length(17);
                    assertDropped(c, ran, m, "header of " + AmHeader.length(17) + " bytes");
                    m = new Forged();
                    m.headerLength = 8;
                    assertDropped(c, ran, m, "header of 8 bytes");
                    m = new Forged();
                    m.flags = AmHeader.FLAG_REPLY;
                    assertDropped(c, ran, m, "flags 0x1");
                    m = new Forged();
                    m.lane = Transport.LANE_REPLY;
                    assertDropped(c, ran, m, "reply from PE 1", "flags 0x0");
                    m = new Forged();
                    m.source = 2;
                    assertDropped(c, ran, m, "from PE 2", "outside the job of 2 PEs");
                    m = new Forged();
                    m.source = -1;
                    assertDropped(c, ran, m, "outside the job");
                    m = new Forged();
                    m.targetEndpoint = 1;
                    assertDropped(c, ran, m, "endpoint 1 of PE 0", "does not exist");
                    m = new Forged();
                    m.sourceEndpoint = -3;
                    assertDropped(c, ran, m, "from endpoint -3");
                    m = new Forged();
                    m.reserved = 1;
                    assertDropped(c, ran, m, "reserved");
                    m = new Forged();
                    m.payloadLength = 8;
                    assertDropped(c, ran, m, "a SHORT message carries a payload");
                    m = new Forged();
                    m.longLength = 8;
                    assertDropped(c, ran, m, "a SHORT message carries a payload");
                    m = new Forged().category(AmCategory.MEDIUM, MEDIUM_H);
                    m.longOffset = 16;
                    assertDropped(c, ran, m, "a MEDIUM message has Long fields");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.longOffset = SEGMENT - 4;
                    m.longLength = 8;
                    assertDropped(c, ran, m, "Long payload at offset " + (SEGMENT - 4), "length 8",
                            "[0, " + SEGMENT + ")");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.longOffset = -8;
                    m.longLength = 8;
                    assertDropped(c, ran, m, "offset -8");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.longLength = -1;
                    assertDropped(c, ran, m, "length -1");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.longLength = 8;
                    m.payloadLength = 8;
                    assertDropped(c, ran, m, "8 bytes inline");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.flags = AmHeader.FLAG_LONG_INLINE;
                    m.longLength = 8;
                    m.payloadLength = 4;
                    assertDropped(c, ran, m, "4 bytes inline for an inline payload of 8");
                    m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.flags = AmHeader.FLAG_LONG_INLINE;
                    m.longOffset = SEGMENT - 4;
                    m.longLength = 8;
                    m.payloadLength = 8;
                    assertDropped(c, ran, m, "Long payload at offset " + (SEGMENT - 4), "[0, " + SEGMENT + ")");
                    m = new Forged().category(AmCategory.MEDIUM, MEDIUM_H);
                    m.flags = AmHeader.FLAG_LONG_INLINE;
                    assertDropped(c, ran, m, "MEDIUM message is flagged as carrying a Long payload inline");
                    m = new Forged();
                    m.lane = 5;
                    assertDropped(c, ran, m, "unknown lane 5");
                    assertEquals(2, ran.get());
                }
                c.world().barrier();
            }
        });
    }

    @Test
    void aLongMessageNeedsABoundSegment() {
        withClient(0, () -> {
            try (Client c = Client.init()) {
                if (c.jobRank() == 0) {
                    AtomicInteger ran = new AtomicInteger();
                    register(c, ran);
                    Forged m = new Forged().category(AmCategory.LONG, LONG_H);
                    m.longLength = 8;
                    assertDropped(c, ran, m, "has no bound, live segment");
                }
                c.world().barrier();
            }
        });
    }

    @Test
    void theFirstFailureIsReportedOnceWithLaterOnesAttachedByPollRequestOrClose() {
        withClient(SEGMENT, () -> {
            Client c = Client.init();
            try {
                if (c.jobRank() == 0) {
                    AtomicInteger ran = new AtomicInteger();
                    register(c, ran);
                    c.am().register(203, AmCategory.SHORT, t -> {
                        throw new IllegalArgumentException("handler 203 failed on purpose");
                    });
                    Forged bad = new Forged();
                    bad.handler = 210;
                    bad.deliverTo(c);
                    Forged throwing = new Forged();
                    throwing.handler = 203;
                    throwing.deliverTo(c);
                    BadMessageException e = assertThrows(BadMessageException.class, c::poll);
                    assertTrue(e.getMessage().contains("handler index 210"), e.getMessage());
                    assertEquals(1, e.getSuppressed().length);
                    assertTrue(e.getSuppressed()[0].getMessage().contains("on purpose"));
                    c.poll();
                    throwing.deliverTo(c);
                    c.world().barrier(); // not reported by collectives: the other members would wait
                    IllegalArgumentException h = assertThrows(IllegalArgumentException.class,
                            () -> c.am().requestShort(c.world(), 1, SHORT_H));
                    assertTrue(h.getMessage().contains("on purpose"), h.getMessage());
                    bad.deliverTo(c);
                    BadMessageException atClose = assertThrows(BadMessageException.class, c::close);
                    assertTrue(atClose.getMessage().contains("handler index 210"), atClose.getMessage());
                    assertTrue(c.isClosed(), "closed all the same");
                } else {
                    c.am().register(SHORT_H, AmCategory.SHORT, t -> { });
                    c.world().barrier();
                }
            } finally {
                c.close();
            }
        });
    }
}
