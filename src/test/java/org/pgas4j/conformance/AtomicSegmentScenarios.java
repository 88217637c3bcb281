package org.pgas4j.conformance;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.MemoryKind;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Atomics on segments the program manages, run with {@code pgas4j.segment.size=0}: an unpublished
 * target, client-allocated memory (direct where the transport maps it; where it does not, the
 * active-message fallback, which until it exists must refuse with a message saying so), its
 * address alignment, a destroyed target, and a closed client (last: it closes the client).
 */
final class AtomicSegmentScenarios {
    /** What a refusal for want of the active-message fallback says. */
    static final List<String> FALLBACK_NOT_YET = List.of("active-message fallback", "not available yet");

    private AtomicSegmentScenarios() {
    }

    /** Every scenario by name, in the order they run. */
    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("unpublishedTargetIsAnError", AtomicSegmentScenarios::unpublishedTargetIsAnError);
        s.put("clientMemoryThenDestroyed", AtomicSegmentScenarios::clientMemoryThenDestroyed);
        s.put("closedClientRefusesAtomics", AtomicSegmentScenarios::closedClientRefusesAtomics);
        return s;
    }

    static void unpublishedTargetIsAnError(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> c.atomics().fetchAddLong(w, right, 0, 1));
        Check.mentions(e.getMessage(), "fetchAddLong", "rank " + right, "PE " + right, "no published segment");
        e = Check.fails(BadArgumentException.class,
                () -> c.atomics().opNB(new AtomicResult(), w, w.rank(), 0, AtomicType.INT, AtomicOp.FINC, 0, 0));
        Check.mentions(e.getMessage(), "no published segment");
        w.barrier();
    }

    /**
     * Client memory starting 4 bytes past an 8-byte boundary: int atomics work at offsets that
     * are multiples of 4 (or, where the memory is not mapped, are refused for want of the
     * fallback); a long atomic at offset 8 is misaligned in the address, which a mapping
     * detects. Then the segment is destroyed and atomics on it are errors.
     */
    static void clientMemoryThenDestroyed(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        Arena arena = Arena.ofShared();
        MemorySegment own = arena.allocate(64 * 1024 + 8, 4096).asSlice(4);
        Segment s = c.createSegment(MemoryKind.HOST, own);
        c.primordialEndpoint().bindSegment(s);
        w.publishBoundSegments(c.primordialEndpoint());

        boolean mustWork = c.transportName().equals("local"); // local maps every segment
        try {
            a.setInt(w, right, 16, 7);
            Check.equal(7, a.fetchAddInt(w, right, 16, 3 + me), () -> "fetchAddInt on client memory");
            Check.equal(10 + me, a.getInt(w, right, 16), () -> "getInt on client memory");
            a.setInt(w, 0, 32, 0);
            w.barrier();
            a.incInt(w, 0, 32);
            w.barrier();
            Check.equal(n, a.getInt(w, 0, 32), () -> "every PE's increment on client memory");
        } catch (BadArgumentException e) {
            Check.that(!mustWork, () -> "atomics on client memory failed on " + c.transportName() + ": " + e);
            Check.mentions(e.getMessage(), FALLBACK_NOT_YET.toArray(String[]::new));
            Check.mentions(e.getMessage(), "PE " + me, "rank " + right, "segment");
            w.barrier();
            w.barrier();
        }
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> a.fetchAddLong(w, right, 8, 1));
        if (mustWork || !e.getMessage().contains(FALLBACK_NOT_YET.get(0))) {
            Check.mentions(e.getMessage(), "offset 8", "address", "alignment 8");
        }
        w.barrier();
        s.destroy();
        w.barrier();
        e = Check.fails(BadArgumentException.class, () -> a.fetchAddInt(w, right, 16, 1));
        Check.mentions(e.getMessage(), "fetchAddInt", "PE " + right, "destroyed");
        e = Check.fails(BadArgumentException.class,
                () -> a.op(w, me, 16, AtomicType.UINT, AtomicOp.FMAX, 1, 0));
        Check.mentions(e.getMessage(), "destroyed");
        w.barrier();
        arena.close();
    }

    /** Closes the client (collective), then every form of atomic is refused. Must run last. */
    static void closedClientRefusesAtomics(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        c.close();
        for (Runnable call : new Runnable[] {
            () -> a.fetchAddLong(w, 0, 0, 1),
            () -> a.setInt(w, 0, 0, 1),
            () -> a.compareAndSwapDouble(w, 0, 0, 0, 1),
            () -> a.op(w, 0, 0, AtomicType.LONG, AtomicOp.FADD, 1, 0),
            () -> a.opNB(new AtomicResult(), w, 0, 0, AtomicType.ULONG, AtomicOp.FMIN, 1, 0),
        }) {
            IllegalStateException e = Check.fails(IllegalStateException.class, call);
            Check.mentions(e.getMessage(), "closed", "PE " + c.jobRank());
        }
    }
}
