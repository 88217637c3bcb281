package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.Event;
import org.pgas4j.MemoryKind;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Segment scenarios, run with {@code pgas4j.segment.size=0} so that the program creates, binds,
 * publishes and destroys segments itself. The primordial endpoint takes one binding in its life,
 * so runtime-allocated and client-allocated segments are two sets, each a job of its own.
 */
final class SegmentScenarios {
    private SegmentScenarios() {
    }

    /** Runtime-allocated segments: creation rules, binding rules, publication, destruction. */
    static Map<String, Scenario> runtime() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("unpublishedTargetIsAnError", SegmentScenarios::unpublishedTargetIsAnError);
        s.put("segCreate_s4_2_rule6_invalidLengthOrKind_isBadArg", SegmentScenarios::createRejectsBadLengthsAndKinds);
        s.put("segCreate_s4_2_rule3_runtimeAllocated_roundedUpAndZeroed", SegmentScenarios::runtimeSegmentRoundsAndIsZeroed);
        s.put("bind_s3_6_rules_andPublish", SegmentScenarios::bindAndPublishRules);
        s.put("segDestroy_s4_3_rule3_useAfterDestroy_detectedOnEveryPe", SegmentScenarios::destroyedTargetIsAnErrorEverywhere);
        return s;
    }

    /** Client-allocated segments over memory the program owns. */
    static Map<String, Scenario> clientAllocated() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("segCreate_s4_2_rule4_clientAllocated_rules", SegmentScenarios::clientMemoryRules);
        s.put("clientMemoryRmaEveryForm", SegmentScenarios::clientMemoryRmaEveryForm);
        return s;
    }

    static void unpublishedTargetIsAnError(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> c.rma().putLong(w, right, 0, 1));
        Check.mentions(e.getMessage(), "rank " + right, "PE " + right, "no published segment");
        e = Check.fails(BadArgumentException.class, () -> c.rma().getLong(w, w.rank(), 0));
        Check.mentions(e.getMessage(), "no published segment");
        PeerScenarios.unpublished(c);
    }

    static void createRejectsBadLengthsAndKinds(Client c) {
        Check.mentions(Check.fails(BadArgumentException.class, () -> c.createSegment(0)).getMessage(), "length 0",
                "largest segment", "PE " + c.jobRank());
        Check.mentions(Check.fails(BadArgumentException.class, () -> c.createSegment(-5)).getMessage(), "length -5");
        // Far beyond this machine's memory; the exact maximum moves with free memory.
        long tooBig = c.maxSegmentSize() + (1L << 50);
        Check.mentions(Check.fails(BadArgumentException.class, () -> c.createSegment(tooBig)).getMessage(),
                "length " + tooBig);
        MemoryKind destroyed = c.createMemoryKind(new org.pgas4j.MemoryKindSpec.DeviceSim(0));
        destroyed.destroy();
        Check.mentions(Check.fails(BadArgumentException.class, () -> c.createSegment(destroyed, 4096)).getMessage(),
                "DEVICE_SIM", "destroyed");
        Check.mentions(Check.fails(BadArgumentException.class, () -> c.createSegment(null, 4096)).getMessage(),
                "kind is null");
    }

    static void runtimeSegmentRoundsAndIsZeroed(Client c) {
        Segment s = c.createSegment(1000);
        Check.equal(4096, s.size(), () -> "rounded size");
        Check.that(!s.isClientAllocated() && s.kind() == MemoryKind.HOST && !s.isPrimordial(), () -> "properties");
        for (long i = 0; i < s.size(); i += 8) {
            Check.equal(0, s.memory().get(JAVA_LONG, i), () -> "zero-filled");
        }
        s.destroy();
        Check.that(s.isDestroyed(), () -> "destroyed");
        Check.fails(IllegalStateException.class, s::memory);
        Check.fails(IllegalStateException.class, s::destroy);
    }

    static void bindAndPublishRules(Client c) {
        Team w = c.world();
        Endpoint ep = c.primordialEndpoint();
        Check.mentions(Check.fails(BadArgumentException.class, () -> w.publishBoundSegments(ep)).getMessage(),
                "no bound segment");
        Check.mentions(Check.fails(BadArgumentException.class, () -> ep.bindSegment(null)).getMessage(), "null");
        Segment dead = c.createSegment(4096);
        dead.destroy();
        Check.mentions(Check.fails(BadArgumentException.class, () -> ep.bindSegment(dead)).getMessage(), "destroyed");
        Segment s = c.createSegment(64 * 1024);
        ep.bindSegment(s);
        Check.that(ep.boundSegment().orElseThrow() == s, () -> "bound");
        Segment another = c.createSegment(4096);
        Check.mentions(Check.fails(BadArgumentException.class, () -> ep.bindSegment(another)).getMessage(),
                "already has segment");
        another.destroy();
        w.publishBoundSegments(ep);
        int right = (w.rank() + 1) % w.size();
        c.rma().putLong(w, right, 8, 4242L + w.rank());
        w.barrier();
        int left = (w.rank() - 1 + w.size()) % w.size();
        Check.equal(4242L + left, s.memory().get(JAVA_LONG, 8), () -> "put into a published runtime segment");
        w.barrier();
    }

    static void destroyedTargetIsAnErrorEverywhere(Client c) {
        Team w = c.world();
        Segment s = c.primordialEndpoint().boundSegment().orElseThrow();
        int right = (w.rank() + 1) % w.size();
        c.rma().putLong(w, right, 16, 1); // resolves and caches the target
        org.pgas4j.Peer[] peers = PeerScenarios.warmBeforeDestroy(c);
        w.barrier();
        s.destroy();
        w.barrier();
        PeerScenarios.refusedAfterDestroy(c, peers);
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> c.rma().putLong(w, right, 16, 2));
        Check.mentions(e.getMessage(), "segment", "PE " + right, "destroyed");
        e = Check.fails(BadArgumentException.class, () -> c.rma().getLong(w, w.rank(), 16));
        Check.mentions(e.getMessage(), "destroyed");
        w.barrier();
    }

    static void clientMemoryRules(Client c) {
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> c.createSegment(MemoryKind.HOST, (MemorySegment) null)).getMessage(), "null");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> c.createSegment(MemoryKind.HOST, MemorySegment.ofArray(new byte[64]))).getMessage(), "heap");
        Arena arena = Arena.ofShared();
        MemorySegment m = arena.allocate(100);
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> c.createSegment(MemoryKind.HOST, m.asSlice(0, 0))).getMessage(), "empty");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> c.createSegment(MemoryKind.HOST, m.asReadOnly())).getMessage(), "read-only");
        arena.close();
    }

    static void clientMemoryRmaEveryForm(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        int left = (me - 1 + n) % n;
        // Odd length and odd address: host client memory has no alignment rule.
        Arena arena = Arena.ofShared();
        MemorySegment own = arena.allocate(3 * 1024 * 1024 + 17, 1).asSlice(1);
        own.set(JAVA_BYTE, 0, (byte) 77);
        Segment s = c.createSegment(MemoryKind.HOST, own);
        Check.that(s.isClientAllocated() && s.size() == own.byteSize(), () -> "client segment size unchanged");
        Check.equal(77, s.memory().get(JAVA_BYTE, 0), () -> "contents untouched by creation");
        c.primordialEndpoint().bindSegment(s);
        w.publishBoundSegments(c.primordialEndpoint());

        rma.putLong(w, right, 1, 900L + me);
        rma.putDouble(w, right, 9, me + 0.5);
        rma.put(w, right, 17, new int[] {me, me * 2, me * 3}, 0, 3);
        MemorySegment big = arena.allocate(2 * 1024 * 1024 + 3);
        for (long i = 0; i < big.byteSize(); i++) {
            big.set(JAVA_BYTE, i, (byte) (i * 13 + me));
        }
        rma.put(w, right, 100, big, 0, big.byteSize());
        Event e = rma.putNB(w, right, 40, new long[] {123L * me}, 0, 1);
        e.waitFor();
        rma.putNBI(w, right, 48, MemorySegment.ofArray(new long[] {321L * me}), 0, 8);
        rma.waitNbi();
        w.barrier();
        Check.equal(900L + left, own.get(JAVA_LONG_UNALIGNED, 1), () -> "long in client memory");
        Check.that(own.get(JAVA_DOUBLE_UNALIGNED, 9) == left + 0.5, () -> "double in client memory");
        Check.equal(left * 3L, own.get(JAVA_INT_UNALIGNED, 25), () -> "int array element");
        Check.equal(123L * left, own.get(JAVA_LONG_UNALIGNED, 40), () -> "putNB into client memory");
        Check.equal(321L * left, own.get(JAVA_LONG_UNALIGNED, 48), () -> "putNBI into client memory");
        for (long i = 0; i < big.byteSize(); i += 4099) {
            long at = i;
            Check.equal((byte) (i * 13 + left), own.get(JAVA_BYTE, 100 + i), () -> "bulk byte " + at);
        }
        // Gets from the neighbour's client memory, every form.
        Check.equal(900L + me, rma.getLong(w, right, 1), () -> "getLong");
        MemorySegment back = arena.allocate(big.byteSize());
        rma.get(w, right, 100, back, 0, back.byteSize());
        Check.that(back.mismatch(big) == -1, () -> "bulk get matches what was put");
        long[] one = new long[1];
        rma.getNB(w, right, 40, one, 0, 1).waitFor();
        Check.equal(123L * me, one[0], () -> "getNB");
        int[] three = new int[3];
        rma.getNBI(w, right, 17, three, 0, 3);
        rma.waitNbi();
        Check.equal(me * 2L, three[1], () -> "getNBI");
        BadArgumentException bad = Check.fails(BadArgumentException.class,
                () -> rma.putLong(w, right, own.byteSize() - 7, 0));
        Check.mentions(bad.getMessage(), "[0, " + own.byteSize() + ")");
        w.barrier();
        s.destroy();
        Check.equal(77, own.get(JAVA_BYTE, 0), () -> "client memory survives destroy");
        w.barrier();
        // The memory is the program's: it frees it after every peer is done with it.
        arena.close();
    }
}
