package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.MemoryKind;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Active messages and the AM fallback of atomics on client-allocated memory, run with
 * {@code pgas4j.segment.size=0}: each PE binds a segment over native memory it owns, which
 * {@code shm} peers cannot map (they reach it by cross-memory attach). So atomics on it go
 * through the owner's handler ({@code AmAtomicFallback}) and Long payloads are written by
 * cross-memory attach before the message; on {@code local} the same scenarios take the direct
 * paths. The atomics scenarios are those of the {@code atomics} set, run unchanged on this memory.
 */
final class AmClientSegmentScenarios {
    /** Bytes of each PE's client segment: every region of {@link AtomicScenarios} fits. */
    static final long SEGMENT_BYTES = 1L << 20;
    private static final long LONG_REGION = 0xA_0000;

    private AmClientSegmentScenarios() {
    }

    /** Every scenario by name, in the order they run. */
    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("bindClientSegment", AmClientSegmentScenarios::bindClientSegment);
        s.put("atomicsTableViaFallback", c -> AtomicScenarios.table(c, false));
        s.put("atomicsTableNbViaFallback", c -> AtomicScenarios.table(c, true));
        s.put("allPesOnOneLocationViaFallback", AtomicScenarios::allPesOnOneLocation);
        s.put("nonBlockingViaFallback", AtomicScenarios::nonBlockingResultsAndEvents);
        s.put("contentionViaFallback", c -> AtomicScenarios.contentionIsExact(c, AtomicScenarios.FALLBACK_CONTENDED_OPS));
        s.put("longIntoClientMemory", AmClientSegmentScenarios::longIntoClientMemory);
        s.put("waitsInHandlerThrowOnUnmappedTargets", AmClientSegmentScenarios::waitsInHandlerThrowOnUnmappedTargets);
        s.put("longReplyTooBigForTheMessageThroughTheOwner",
                AmClientSegmentScenarios::longReplyTooBigForTheMessageThroughTheOwner);
        return s;
    }

    private static MemorySegment mine(Client c) {
        return c.primordialEndpoint().boundSegment().orElseThrow().memory();
    }

    /** Binds and publishes a client segment over 8-byte-aligned native memory (freed with the job). */
    static void bindClientSegment(Client c) {
        MemorySegment own = Arena.ofAuto().allocate(SEGMENT_BYTES, 4096);
        Segment s = c.createSegment(MemoryKind.HOST, own);
        c.primordialEndpoint().bindSegment(s);
        c.world().publishBoundSegments(c.primordialEndpoint());
        Check.that(s.isClientAllocated(), () -> "client segment");
    }

    /** Long request into the right neighbour's client memory, Long reply into the requester's. */
    static void longIntoClientMemory(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        int right = (me + 1) % w.size();
        List<String> problems = new ArrayList<>();
        AtomicInteger replies = new AtomicInteger();
        MemorySegment reply = MemorySegment.ofArray(new byte[5000]);
        am.register(170, AmCategory.LONG, t -> {
            long length = t.payloadLength();
            for (long i = 0; i < length; i++) {
                if (mine(c).get(JAVA_BYTE, t.longOffset() + i) != (byte) (i + t.sourceJobRank())) {
                    problems.add("long payload byte " + i + " from PE " + t.sourceJobRank());
                    break;
                }
            }
            for (int i = 0; i < length; i++) {
                reply.set(JAVA_BYTE, i, (byte) (i * 3 + me));
            }
            t.replyLong(171, reply, 0, length, LONG_REGION + 8192, (int) length);
        });
        am.register(171, AmCategory.LONG, t -> {
            for (long i = 0; i < t.payloadLength(); i++) {
                if (mine(c).get(JAVA_BYTE, t.longOffset() + i) != (byte) (i * 3 + t.sourceJobRank())) {
                    problems.add("long reply byte " + i + " from PE " + t.sourceJobRank());
                    break;
                }
            }
            replies.incrementAndGet();
        });
        w.barrier();
        for (int length : new int[] {1, 13, 4099}) {
            MemorySegment src = MemorySegment.ofArray(new byte[length]);
            for (int i = 0; i < length; i++) {
                src.set(JAVA_BYTE, i, (byte) (i + me));
            }
            int before = replies.get();
            am.requestLong(w, right, 170, src, 0, length, LONG_REGION + 3);
            AmScenarios.pollUntil(c, () -> replies.get() == before + 1, "the long reply of " + length + " bytes");
        }
        w.barrier();
        Check.that(problems.isEmpty(), () -> "handlers found: " + problems);
        w.barrier();
    }

    /**
     * In a handler, waiting for an event of an operation on a peer's client memory, and a blocking
     * atomic on it (which needs the owner's handler), throw: both would block.
     */
    static void waitsInHandlerThrowOnUnmappedTargets(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        List<String> problems = new ArrayList<>();
        AtomicInteger replies = new AtomicInteger();
        boolean throughOwner = org.pgas4j.Settings.RMA_PATH.value().equals("am");
        am.register(172, AmCategory.SHORT, t -> {
            if (throughOwner && t.sourceJobRank() != c.jobRank()) {
                // Every access to a peer's client memory is a request to its owner: refused in a handler.
                try {
                    c.rma().putNB(w, t.sourceJobRank(), LONG_REGION, new long[] {42}, 0, 1);
                    problems.add("a put through the owner in a handler did not throw");
                } catch (IllegalStateException expected) {
                    if (!expected.getMessage().contains("inside an active-message handler")) {
                        problems.add(expected.getMessage());
                    }
                }
                t.replyShort(173);
                return;
            }
            Event e = c.rma().putNB(w, t.sourceJobRank(), LONG_REGION, new long[] {42}, 0, 1);
            // Only shm has memory this process does not map: a peer's client memory. Elsewhere
            // the put completed inside the call (Event.DONE) and the atomic is direct.
            if (!c.transportName().equals("shm") || t.sourceJobRank() == c.jobRank()) {
                t.replyShort(173);
                return;
            }
            try {
                e.waitFor();
                problems.add("Event.waitFor in a handler did not throw");
            } catch (IllegalStateException expected) {
                if (!expected.getMessage().contains("Event.waitFor")) {
                    problems.add(expected.getMessage());
                }
            }
            try {
                c.atomics().fetchAddLong(w, t.sourceJobRank(), LONG_REGION + 8, 1);
                problems.add("a fallback atomic in a handler did not throw");
            } catch (IllegalStateException expected) {
                if (!expected.getMessage().contains("fetchAddLong")) {
                    problems.add(expected.getMessage());
                }
            }
            t.replyShort(173);
        });
        am.register(173, AmCategory.SHORT, t -> replies.incrementAndGet());
        w.barrier();
        am.requestShort(w, right, 172);
        AmScenarios.pollUntil(c, () -> replies.get() == 1, "the reply");
        w.barrier();
        Check.that(problems.isEmpty(), () -> "handlers found: " + problems);
        if (!throughOwner || w.size() == 1) {
            Check.equal(42, mine(c).get(JAVA_LONG, LONG_REGION), () -> "the put the handler made");
        }
        w.barrier();
    }

    /**
     * A Long reply one byte longer than a Medium reply, into the requester's client memory: where
     * this PE reaches that memory only through its owner ({@code pgas4j.rma.path=am}), the payload
     * cannot travel in the message and writing it through the owner would be a request from a
     * handler, so the reply is refused before anything is sent, naming the limit; elsewhere it is
     * written before the message, as any Long reply.
     */
    static void longReplyTooBigForTheMessageThroughTheOwner(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        boolean throughOwner = org.pgas4j.Settings.RMA_PATH.value().equals("am");
        List<String> problems = new ArrayList<>();
        AtomicInteger longReplies = new AtomicInteger();
        AtomicInteger refusals = new AtomicInteger();
        am.register(174, AmCategory.SHORT, t -> {
            long n = am.maxReplyMedium(w, t.sourceJobRank()) + 1;
            MemorySegment big = MemorySegment.ofArray(new byte[(int) n]);
            if (throughOwner && t.sourceJobRank() != c.jobRank()) {
                try {
                    t.replyLong(175, big, 0, n, 0);
                    problems.add("a " + n + "-byte Long reply through the owner was not refused");
                } catch (org.pgas4j.BadArgumentException expected) {
                    if (!expected.getMessage().contains("must fit in the message: at most " + (n - 1) + " bytes")) {
                        problems.add(expected.getMessage());
                    }
                }
                t.replyShort(176);
            } else {
                t.replyLong(175, big, 0, n, 0);
            }
        });
        am.register(175, AmCategory.LONG, t -> longReplies.incrementAndGet());
        am.register(176, AmCategory.SHORT, t -> refusals.incrementAndGet());
        w.barrier();
        am.requestShort(w, right, 174);
        AmScenarios.pollUntil(c, () -> longReplies.get() + refusals.get() == 1, "the reply");
        w.barrier();
        Check.that(problems.isEmpty(), () -> "handlers found: " + problems);
        boolean refused = throughOwner && right != w.rank();
        Check.equal(refused ? 1 : 0, refusals.get(), () -> "refusals");
        Check.equal(refused ? 0 : 1, longReplies.get(), () -> "Long replies");
        w.barrier();
    }
}
