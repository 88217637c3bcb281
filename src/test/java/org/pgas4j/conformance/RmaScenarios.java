package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * The RMA and barrier conformance scenarios: every transport must pass each at every job size.
 * Each scenario writes values that depend on its own name, so data left by an earlier scenario
 * cannot make a later one pass.
 */
final class RmaScenarios {
    private RmaScenarios() {
    }

    /** Every scenario by name, in the order they run. */
    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("ringPutLong", RmaScenarios::ringPutLong);
        s.put("typedValuesEveryType", RmaScenarios::typedValuesEveryType);
        s.put("bulkSegmentsManySizes", RmaScenarios::bulkSegmentsManySizes);
        s.put("arraysEveryType", RmaScenarios::arraysEveryType);
        s.put("nonBlockingEvents", RmaScenarios::nonBlockingEvents);
        s.put("implicitNbi", RmaScenarios::implicitNbi);
        s.put("implicitNbiCompletedTowardsOnePeer", RmaScenarios::implicitNbiTowardsOnePeer);
        s.put("implicitToEveryPeerFromReusedSources", RmaScenarios::implicitToEveryPeerFromReusedSources);
        s.put("largeSourcesReusableOnReturn", RmaScenarios::largeSourcesReusableOnReturn);
        s.put("allToAllSlots", RmaScenarios::allToAllSlots);
        s.put("barrierOrdersRounds", RmaScenarios::barrierOrdersRounds);
        s.put("boundsErrorsWriteNothing", RmaScenarios::boundsErrorsWriteNothing);
        s.put("zeroLengthAtEnd", RmaScenarios::zeroLengthAtEnd);
        s.put("primordialSegmentCannotBeDestroyed", RmaScenarios::primordialSegmentCannotBeDestroyed);
        s.put("peerHandles", PeerScenarios::handles);
        s.put("peerEveryForm", PeerScenarios::everyForm);
        s.put("peerAtomics", PeerScenarios::atomics);
        s.put("peerErrorsWriteNothing", PeerScenarios::errorsWriteNothing);
        s.put("peerOfDestroyedTeam", PeerScenarios::destroyedTeam);
        return s;
    }

    private static MemorySegment mine(Client c) {
        return c.primordialEndpoint().boundSegment().orElseThrow().memory();
    }

    /**
     * {@code Rma.waitNbi(Peer)}: a PE's implicit puts to its right are complete (visible there) once
     * it returns, before a flag put after it, while its implicit puts to its left may still be in
     * flight; a null or foreign handle is refused before anything is sent.
     */
    static void implicitNbiTowardsOnePeer(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        int longs = 32 * 1024; // 256 KiB: long enough to be in flight over a transport
        long[] block = new long[longs];
        java.util.Arrays.fill(block, 1_000L + me);
        long blockAt = 4096;
        long flagAt = blockAt + 8L * longs;
        long leftAt = flagAt + 64;
        rma.putNBI(w, left, leftAt, new long[] {5_000L + me}, 0, 1);
        rma.putNBI(w, right, blockAt, block, 0, longs);
        org.pgas4j.Peer toRight = rma.peer(w, right);
        rma.waitNbi(toRight);
        rma.putLong(w, right, flagAt, 1);
        MemorySegment m = mine(c);
        for (long spins = 0; m.get(JAVA_LONG, flagAt) != 1; spins++) {
            if ((spins & 1023) == 1023) {
                c.poll(); // over a transport the flag's delivery may need this PE's progress
                Thread.onSpinWait();
            }
        }
        java.lang.invoke.VarHandle.fullFence();
        for (int i = 0; i < longs; i += 997) {
            int at = i;
            Check.equal(1_000L + left, m.get(JAVA_LONG, blockAt + 8L * i),
                    () -> "PE " + me + ": element " + at + " of the block from PE " + left + " after its flag");
        }
        Check.fails(BadArgumentException.class, () -> rma.waitNbi((org.pgas4j.Peer) null));
        rma.waitNbi();
        w.barrier();
        Check.equal(5_000L + right, m.get(JAVA_LONG, leftAt), () -> "PE " + me + ": the put from its right");
        m.set(JAVA_LONG, flagAt, 0);
        w.barrier();
    }

    static void ringPutLong(Client c) {
        Team w = c.world();
        int me = w.rank();
        int n = w.size();
        c.rma().putLong(w, (me + 1) % n, 0, 7_000_000L + me);
        w.barrier();
        int left = (me - 1 + n) % n;
        Check.equal(7_000_000L + left, mine(c).get(JAVA_LONG, 0), () -> "PE " + me + " ring value from " + left);
        w.barrier();
    }

    static void typedValuesEveryType(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int right = (me + 1) % w.size();
        // Odd offsets on purpose: RMA has no alignment rule.
        rma.putByte(w, right, 1, (byte) (me - 100));
        rma.putShort(w, right, 3, (short) (me * 1000 - 30000));
        rma.putChar(w, right, 7, (char) ('A' + me));
        rma.putInt(w, right, 9, me * 100_003 + 1);
        rma.putLong(w, right, 17, -me * 1_000_000_007L - 1);
        rma.putFloat(w, right, 29, me + 0.25f);
        rma.putDouble(w, right, 37, me - 0.125);
        w.barrier();
        int l = (me - 1 + w.size()) % w.size();
        Check.equal((byte) (l - 100), rma.getByte(w, me, 1), () -> "byte");
        Check.equal((short) (l * 1000 - 30000), rma.getShort(w, me, 3), () -> "short");
        Check.equal((char) ('A' + l), rma.getChar(w, me, 7), () -> "char");
        Check.equal(l * 100_003 + 1, rma.getInt(w, me, 9), () -> "int");
        Check.equal(-l * 1_000_000_007L - 1, rma.getLong(w, me, 17), () -> "long");
        Check.that(rma.getFloat(w, me, 29) == l + 0.25f, () -> "float");
        Check.that(rma.getDouble(w, me, 37) == l - 0.125, () -> "double");
        // And reading the neighbour's copy remotely: it holds my values.
        Check.equal(me * 100_003 + 1, rma.getInt(w, right, 9), () -> "remote int get");
        Check.that(rma.getDouble(w, right, 37) == me - 0.125, () -> "remote double get");
        w.barrier();
    }

    static void bulkSegmentsManySizes(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        long[] sizes = {1, 7, 64, 4097, 65_536, 1_048_579};
        long dstBase = 3; // unaligned destination
        try (Arena arena = Arena.ofConfined()) {
            for (long size : sizes) {
                MemorySegment src = arena.allocate(size + 5);
                fill(src, me, size);
                rma.put(w, right, dstBase, src, 5, size);
                w.barrier();
                MemorySegment back = arena.allocate(size);
                int left = (me - 1 + n) % n;
                rma.get(w, me, dstBase, back, 0, size);
                checkPattern(back, left, size, "own segment after put of " + size + " bytes by PE " + left);
                MemorySegment remote = arena.allocate(size);
                rma.get(w, right, dstBase, remote, 0, size);
                checkPattern(remote, me, size, "get of " + size + " bytes from PE " + right);
                w.barrier();
            }
            // Heap segments as local buffers work too.
            MemorySegment heap = MemorySegment.ofArray(new byte[1000]);
            fill(heap, me + 50, 1000);
            rma.put(w, right, 100, heap, 0, 1000);
            w.barrier();
            MemorySegment heapBack = MemorySegment.ofArray(new byte[1000]);
            rma.get(w, me, 100, heapBack, 0, 1000);
            checkPattern(heapBack, (me - 1 + n) % n + 50, 1000, "heap segment round trip");
            w.barrier();
        }
    }

    private static void fill(MemorySegment s, int seed, long size) {
        Patterns.fill(s, s.byteSize() - size, size, 31, seed * 7 + 1); // the pattern ends at the buffer's end
    }

    private static void checkPattern(MemorySegment s, int seed, long size, String what) {
        long at = Patterns.mismatch(s, 0, size, 31, seed * 7 + 1);
        if (at >= 0) {
            throw new AssertionError(what + ": byte " + at + " is " + s.get(JAVA_BYTE, at) + ", expected "
                    + Patterns.at(at, 31, seed * 7 + 1));
        }
    }

    static void arraysEveryType(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        int left = (me - 1 + n) % n;
        rma.put(w, right, 0, new byte[] {9, (byte) me, 2, 3, 9}, 1, 3);
        rma.put(w, right, 8, new short[] {9, (short) me, 22, 9}, 1, 2);
        rma.put(w, right, 16, new char[] {'x', (char) ('a' + me), 'y'}, 1, 2);
        rma.put(w, right, 24, new int[] {me, me + 1, me + 2}, 0, 3);
        rma.put(w, right, 40, new long[] {-1, me * 10L, me * 20L}, 1, 2);
        rma.put(w, right, 56, new float[] {me + 0.5f}, 0, 1);
        rma.put(w, right, 64, new double[] {0, me + 0.75, 0}, 1, 1);
        w.barrier();
        byte[] b = new byte[5];
        rma.get(w, me, 0, b, 1, 3);
        Check.that(b[0] == 0 && b[1] == left && b[2] == 2 && b[3] == 3 && b[4] == 0, () -> "byte array");
        short[] s = new short[2];
        rma.get(w, me, 8, s, 0, 2);
        Check.that(s[0] == left && s[1] == 22, () -> "short array");
        char[] ch = new char[2];
        rma.get(w, me, 16, ch, 0, 2);
        Check.that(ch[0] == 'a' + left && ch[1] == 'y', () -> "char array");
        int[] i = new int[3];
        rma.get(w, me, 24, i, 0, 3);
        Check.that(i[0] == left && i[2] == left + 2, () -> "int array");
        long[] l = new long[2];
        rma.get(w, me, 40, l, 0, 2);
        Check.that(l[0] == left * 10L && l[1] == left * 20L, () -> "long array");
        float[] f = new float[1];
        rma.get(w, me, 56, f, 0, 1);
        Check.that(f[0] == left + 0.5f, () -> "float array");
        double[] d = new double[3];
        rma.get(w, me, 64, d, 2, 1);
        Check.that(d[2] == left + 0.75 && d[0] == 0, () -> "double array");
        w.barrier();
    }

    static void nonBlockingEvents(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        Event[] events = new Event[n];
        long[] value = {0};
        for (int r = 0; r < n; r++) {
            value[0] = 5_000L * me + r;
            // The source array is reusable on return (local completion), so it is overwritten at once.
            events[r] = rma.putNB(w, r, 1024 + 8L * me, value, 0, 1);
        }
        Event.waitAll(events);
        Check.that(Event.testAll(events), () -> "testAll after waitAll");
        w.barrier();
        long[] got = new long[n];
        Event e = rma.getNB(w, me, 1024, got, 0, n);
        e.waitFor();
        Check.that(e.test(), () -> "test after wait");
        for (int r = 0; r < n; r++) {
            Check.equal(5_000L * r + me, got[r], () -> "slot written by putNB");
        }
        Event[] some = {null, rma.getNB(w, (me + 1) % n, 1024, MemorySegment.ofArray(new long[n]), 0, 8L * n), null};
        Check.equal(1, Event.waitSome(some), () -> "waitSome index");
        Check.equal(-1, Event.waitSome(null, null), () -> "waitSome of nulls");
        Check.that(Event.DONE.test(), () -> "DONE is complete");
        w.barrier();
    }

    static void implicitNbi(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(8 * 512);
            for (int k = 0; k < 512; k++) {
                src.setAtIndex(JAVA_LONG, k, me * 1_000_000L + k);
                rma.putNBI(w, right, 4096 + 8L * k, src, 8L * k, 8);
            }
            rma.waitNbi();
            Check.that(rma.testNbi(), () -> "testNbi after waitNbi");
            w.barrier();
            MemorySegment dst = arena.allocate(8 * 512);
            rma.getNBI(w, me, 4096, dst, 0, 8 * 512);
            rma.waitNbi();
            int left = (me - 1 + n) % n;
            for (int k = 0; k < 512; k++) {
                Check.equal(left * 1_000_000L + k, dst.getAtIndex(JAVA_LONG, k), () -> "NBI put/get element");
            }
            w.barrier();
        }
    }

    /**
     * Implicit puts of 8 and 4099 bytes to every PE (itself included), from a heap array and from
     * native memory, each source overwritten as soon as the put returns (local completion is on
     * return); completed once by testNbi polled until true, once by waitNbi. Each target checks
     * every sender's slots. Over ucx these puts share one flush per wait.
     */
    static void implicitToEveryPeerFromReusedSources(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int[] sizes = {8, 4099};
        long slot = 2 * 4112; // per sender: the heap puts (8, then 4099 bytes), then the native ones at 4112
        long base = 8192;
        byte[] heap = new byte[4099];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(4099);
            for (int r = 0; r < 2; r++) {
                int round = r;
                for (int t = 0; t < n; t++) {
                    long at = base + slot * me;
                    for (int size : sizes) {
                        java.util.Arrays.fill(heap, 0, size, pattern(me, t, size, round, 0));
                        rma.putNBI(w, t, at, heap, 0, size);
                        java.util.Arrays.fill(heap, (byte) 0x7f); // reused at once
                        nat.asSlice(0, size).fill(pattern(me, t, size, round, 1));
                        rma.putNBI(w, t, at + 4112, nat, 0, size);
                        nat.fill((byte) 0x7f);
                        at += size == 8 ? 8 : 0;
                    }
                }
                if (round == 0) {
                    for (int i = 0; !rma.testNbi(); i++) {
                        Check.that(i < 10_000_000, () -> "testNbi never reported the implicit puts complete");
                    }
                } else {
                    rma.waitNbi();
                }
                w.barrier();
                MemorySegment mine = mine(c);
                for (int from = 0; from < n; from++) {
                    long at = base + slot * from;
                    for (int size : sizes) {
                        for (int kind = 0; kind < 2; kind++) {
                            byte want = pattern(from, me, size, round, kind);
                            long bad = Patterns.mismatchConstant(mine, at + kind * 4112L, size, want);
                            if (bad >= 0) {
                                int fromPe = from;
                                int k = kind;
                                Check.equal(want, mine.get(JAVA_BYTE, at + kind * 4112L + bad), () -> "round " + round
                                        + ": byte " + bad + " of the " + size + "-byte " + (k == 0 ? "heap" : "native")
                                        + " put from PE " + fromPe);
                            }
                        }
                        at += size == 8 ? 8 : 0;
                    }
                }
                w.barrier();
            }
        }
    }

    private static byte pattern(int from, int to, int size, int round, int kind) {
        return (byte) (from * 31 + to * 7 + size + round * 3 + kind * 101 + 1);
    }

    /**
     * A put of up to 1 MiB from native memory, blocking, with an event, and implicit, its source
     * overwritten as soon as the call returns: the target sees the data as it was at the call.
     * Over ucx such a put may still be in progress when UCX's call returns; the transport must not
     * return before UCX is done with the source.
     */
    static void largeSourcesReusableOnReturn(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        long segment = c.primordialEndpoint().boundSegment().orElseThrow().size();
        long size = Math.min(1L << 20, segment / 4);
        long at = segment / 2;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(size);
            for (int form = 0; form < 3; form++) {
                byte value = (byte) (me * 13 + form * 5 + 1);
                src.fill(value);
                Event e = Event.DONE;
                switch (form) {
                    case 0 -> rma.put(w, right, at, src, 0, size);
                    case 1 -> e = rma.putNB(w, right, at, src, 0, size);
                    default -> rma.putNBI(w, right, at, src, 0, size);
                }
                src.fill((byte) ~value);
                e.waitFor();
                rma.waitNbi();
                w.barrier();
                byte want = (byte) (((me - 1 + n) % n) * 13 + form * 5 + 1);
                long first = Patterns.mismatchConstant(mine(c), at, size, want);
                int f = form;
                Check.that(first < 0, () -> "form " + f + ": byte " + first + " of the " + size
                        + "-byte put holds the source's later value");
                w.barrier();
            }
        }
    }

    static void allToAllSlots(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        for (int r = 0; r < n; r++) {
            rma.putLong(w, r, 8192 + 8L * me, 31L * me + r);
        }
        w.barrier();
        for (int r = 0; r < n; r++) {
            long slot = 8192 + 8L * r;
            Check.equal(31L * r + me, mine(c).get(JAVA_LONG, slot), () -> "slot of PE in all-to-all");
        }
        w.barrier();
    }

    static void barrierOrdersRounds(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        // Each round every PE writes the round number to a rotating target, then a barrier;
        // after it, the value from this round must be there: a barrier that let anyone through
        // early would show an older round.
        int rounds = n > 4 ? 300 : 1000;
        for (int round = 1; round <= rounds; round++) {
            int target = (me + round) % n;
            rma.putLong(w, target, 16384 + 8L * me, round);
            w.barrier();
            int from = ((me - round) % n + n) % n;
            long v = mine(c).get(JAVA_LONG, 16384 + 8L * from);
            int r = round;
            Check.equal(round, v, () -> "round " + r + " value from PE " + from);
            w.barrier();
        }
    }

    static void boundsErrorsWriteNothing(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        Segment seg = c.primordialEndpoint().boundSegment().orElseThrow();
        long size = seg.size();
        // Sentinel just below the end of the neighbour's segment.
        rma.putLong(w, right, size - 8, 0x5a5a5a5aL);
        w.barrier();
        String bounds = "[0, " + size + ")";
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> rma.putLong(w, right, size - 4, -1L));
        Check.mentions(e.getMessage(), "PE " + me, "rank " + right, "segment", "offset " + (size - 4), "length 8", bounds);
        e = Check.fails(BadArgumentException.class, () -> rma.put(w, right, size - 8, new byte[16], 0, 16));
        Check.mentions(e.getMessage(), "offset " + (size - 8), "length 16", bounds);
        e = Check.fails(BadArgumentException.class, () -> rma.putLong(w, right, -8, -1L));
        Check.mentions(e.getMessage(), "offset -8", bounds);
        e = Check.fails(BadArgumentException.class,
                () -> rma.put(w, right, 0, MemorySegment.ofArray(new byte[8]), 0, -1));
        Check.mentions(e.getMessage(), "length -1");
        e = Check.fails(BadArgumentException.class, () -> rma.getLong(w, right, Long.MAX_VALUE));
        Check.mentions(e.getMessage(), "offset " + Long.MAX_VALUE);
        e = Check.fails(BadArgumentException.class, () -> rma.putLong(w, n, 0, 1));
        Check.mentions(e.getMessage(), "rank " + n, "size " + n, "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> rma.getLong(w, -1, 0));
        Check.mentions(e.getMessage(), "rank -1");
        e = Check.fails(BadArgumentException.class, () -> rma.putNB(w, right, 0, new long[4], 2, 3));
        Check.mentions(e.getMessage(), "src", "index 2", "count 3", "[0, 4)");
        e = Check.fails(BadArgumentException.class, () -> rma.getNBI(w, right, 0, new int[2], 0, 3));
        Check.mentions(e.getMessage(), "dst", "[0, 2)");
        e = Check.fails(BadArgumentException.class,
                () -> rma.get(w, right, 0, MemorySegment.ofArray(new byte[10]), 4, 8));
        Check.mentions(e.getMessage(), "dst", "offset 4", "length 8", "[0, 10)");
        w.barrier();
        // Nothing was written by any failed call: the sentinel is intact and nothing moved past it.
        Check.equal(0x5a5a5a5aL, seg.memory().get(JAVA_LONG, size - 8), () -> "sentinel at the end of the segment");
        w.barrier();
    }

    static void zeroLengthAtEnd(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int right = (w.rank() + 1) % w.size();
        long size = c.primordialEndpoint().boundSegment().orElseThrow().size();
        rma.put(w, right, size, MemorySegment.ofArray(new byte[0]), 0, 0);
        rma.get(w, right, size, MemorySegment.ofArray(new byte[0]), 0, 0);
        rma.put(w, right, 0, new int[0], 0, 0);
        Check.that(rma.putNB(w, right, size, new long[1], 1, 0).test(), () -> "zero-length NB completes");
        rma.putNBI(w, right, size, MemorySegment.ofArray(new byte[0]), 0, 0);
        rma.waitNbi();
        w.barrier();
    }

    static void primordialSegmentCannotBeDestroyed(Client c) {
        Segment seg = c.primordialEndpoint().boundSegment().orElseThrow();
        Check.that(seg.isPrimordial(), () -> "the init segment is primordial");
        BadArgumentException e = Check.fails(BadArgumentException.class, seg::destroy);
        Check.mentions(e.getMessage(), "primordial", "PE " + c.jobRank());
        Check.that(!seg.isDestroyed(), () -> "still alive");
        c.world().barrier();
    }
}
