package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * The {@link Peer} forms of {@link Rma} and {@link Atomics}: the same data and errors as the
 * (team, rank) forms, and a retired or out-of-date handle refused like the team forms refuse.
 * Part of the {@code rma} set; the segment-lifecycle cases are in the {@code runtime-segments} set.
 */
final class PeerScenarios {
    private PeerScenarios() {
    }

    /** The handle of (team, rank): one per pair, and what it says about itself. */
    static void handles(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        for (int r = 0; r < n; r++) {
            Peer p = rma.peer(w, r);
            Check.that(p == rma.peer(w, r), () -> "one handle per (team, rank)");
            Check.that(p.team() == w && p.rank() == r && p.jobRank() == r && p.isUsable(), () -> "handle " + p);
            Check.mentions(p.toString(), "rank " + r, "PE " + r);
        }
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> rma.peer(w, n));
        Check.mentions(e.getMessage(), "rank " + n, "size " + n, "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> rma.peer(w, -1));
        Check.mentions(e.getMessage(), "rank -1");
        e = Check.fails(BadArgumentException.class, () -> rma.peer(null, 0));
        Check.mentions(e.getMessage(), "team is null", "PE " + me);
        w.barrier();
    }

    /** Every array form, every single value, through handles of the right neighbour and of this PE. */
    static void everyForm(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int left = (me - 1 + n) % n;
        Peer right = rma.peer(w, (me + 1) % n);
        Peer self = rma.peer(w, me);
        long base = 4096; // clear of the rma set's other scenarios
        rma.put(right, base, new byte[] {9, (byte) me, 9}, 1, 1);
        rma.putNBI(right, base + 8, new short[] {(short) (me + 1)}, 0, 1);
        rma.putNB(right, base + 16, new char[] {(char) ('a' + me)}, 0, 1).waitFor();
        rma.put(right, base + 24, new int[] {me, me + 1}, 0, 2);
        rma.putNBI(right, base + 32, new long[] {-1, me * 10L}, 1, 1);
        rma.put(right, base + 40, new float[] {me + 0.5f}, 0, 1);
        rma.putNB(right, base + 48, new double[] {me + 0.25}, 0, 1).waitFor();
        rma.putByte(right, base + 56, (byte) (me + 3));
        rma.putShort(right, base + 57, (short) (me * 7)); // odd offsets: RMA has no alignment rule
        rma.putChar(right, base + 59, (char) ('A' + me));
        rma.putInt(right, base + 61, me * 100_003);
        rma.putLong(right, base + 65, -me * 1_000_000_007L);
        rma.putFloat(right, base + 73, me - 0.5f);
        rma.putDouble(right, base + 77, me - 0.125);
        rma.waitNbi();
        w.barrier();
        byte[] b = new byte[1];
        rma.get(self, base, b, 0, 1);
        Check.equal(left, b[0], () -> "byte array");
        short[] s = new short[1];
        rma.getNBI(self, base + 8, s, 0, 1);
        rma.waitNbi();
        Check.equal(left + 1, s[0], () -> "short array");
        char[] ch = new char[1];
        rma.getNB(self, base + 16, ch, 0, 1).waitFor();
        Check.equal('a' + left, ch[0], () -> "char array");
        int[] i = new int[3];
        rma.get(self, base + 24, i, 1, 2);
        Check.that(i[0] == 0 && i[1] == left && i[2] == left + 1, () -> "int array");
        long[] l = new long[1];
        rma.get(self, base + 32, l, 0, 1);
        Check.equal(left * 10L, l[0], () -> "long array");
        float[] f = new float[1];
        rma.getNBI(self, base + 40, f, 0, 1);
        rma.waitNbi();
        Check.that(f[0] == left + 0.5f, () -> "float array");
        double[] d = new double[1];
        Event e = rma.getNB(self, base + 48, d, 0, 1);
        e.waitFor();
        Check.that(d[0] == left + 0.25, () -> "double array");
        Check.equal((byte) (left + 3), rma.getByte(self, base + 56), () -> "byte");
        Check.equal((short) (left * 7), rma.getShort(self, base + 57), () -> "short");
        Check.equal('A' + left, rma.getChar(self, base + 59), () -> "char");
        Check.equal(left * 100_003, rma.getInt(self, base + 61), () -> "int");
        Check.equal(-left * 1_000_000_007L, rma.getLong(self, base + 65), () -> "long");
        Check.that(rma.getFloat(self, base + 73) == left - 0.5f, () -> "float");
        Check.that(rma.getDouble(self, base + 77) == left - 0.125, () -> "double");
        // Remote gets read the neighbour's copy, which holds this PE's values.
        Check.equal(me * 100_003, rma.getInt(right, base + 61), () -> "remote int get");
        long[] remote = new long[1];
        rma.get(right, base + 32, remote, 0, 1);
        Check.equal(me * 10L, remote[0], () -> "remote long array get");
        // Zero-length transfers at the very end of the segment are in bounds.
        long size = c.primordialEndpoint().boundSegment().orElseThrow().size();
        rma.put(right, size, new byte[0], 0, 0);
        rma.get(right, size, new long[0], 0, 0);
        w.barrier();
    }

    /** Atomics through handles: every PE adds to rank 0's counter; the generic forms too. */
    static void atomics(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        Peer root = c.rma().peer(w, 0);
        long off = 8192;
        if (me == 0) {
            a.setLong(root, off, 0);
            a.setInt(root, off + 8, 0);
        }
        w.barrier();
        for (int k = 0; k < 100; k++) {
            a.fetchAddLong(root, off, 1);
            a.addInt(root, off + 8, 2);
        }
        w.barrier();
        Check.equal(100L * n, a.getLong(root, off), () -> "fetchAddLong through a handle from every PE");
        Check.equal(200L * n, a.getInt(root, off + 8), () -> "addInt through a handle from every PE");
        w.barrier();
        Peer mine = c.rma().peer(w, me);
        a.setDouble(mine, off + 16, 1.5);
        Check.that(a.fetchAddDouble(mine, off + 16, 2.0) == 1.5 && a.getDouble(mine, off + 16) == 3.5,
                () -> "double add");
        Check.equal(0, a.op(mine, off + 24, AtomicType.LONG, AtomicOp.SET, 41, 0), () -> "non-fetching op");
        Check.equal(41, a.op(mine, off + 24, AtomicType.LONG, AtomicOp.FINC, 0, 0), () -> "fetching op");
        AtomicResult old = new AtomicResult();
        a.opNB(old, mine, off + 24, AtomicType.LONG, AtomicOp.FCAS, 42, 7).waitFor();
        Check.equal(42, old.bits(), () -> "opNB compare-and-swap's old value");
        Check.equal(7, a.getLong(mine, off + 24), () -> "opNB compare-and-swap stored");
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> a.fetchAddLong(mine, off + 4, 1));
        Check.mentions(e.getMessage(), "offset " + (off + 4), "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> a.opNB(null, mine, off, AtomicType.LONG, AtomicOp.FADD, 1, 0));
        Check.mentions(e.getMessage(), "opNB");
        e = Check.fails(BadArgumentException.class, () -> a.op(mine, off, AtomicType.DOUBLE, AtomicOp.AND, 1, 0));
        Check.mentions(e.getMessage(), "op");
        w.barrier();
    }

    /** Bounds and argument errors through a handle: named like the team forms', and nothing written. */
    static void errorsWriteNothing(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int r = (me + 1) % n;
        Peer right = rma.peer(w, r);
        Segment seg = c.primordialEndpoint().boundSegment().orElseThrow();
        long size = seg.size();
        rma.putLong(right, size - 8, 0x5a5a5a5aL);
        w.barrier();
        String bounds = "[0, " + size + ")";
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> rma.putLong(right, size - 4, -1L));
        Check.mentions(e.getMessage(), "putLong", "PE " + me, "rank " + r, "segment", "offset " + (size - 4),
                "length 8", bounds);
        e = Check.fails(BadArgumentException.class, () -> rma.putNBI(right, size - 8, new byte[16], 0, 16));
        Check.mentions(e.getMessage(), "putNBI", "offset " + (size - 8), "length 16", bounds);
        e = Check.fails(BadArgumentException.class, () -> rma.putLong(right, -8, -1L));
        Check.mentions(e.getMessage(), "offset -8", bounds);
        e = Check.fails(BadArgumentException.class, () -> rma.getLong(right, Long.MAX_VALUE));
        Check.mentions(e.getMessage(), "offset " + Long.MAX_VALUE);
        e = Check.fails(BadArgumentException.class, () -> rma.putNB(right, 0, new long[4], 2, 3));
        Check.mentions(e.getMessage(), "src", "index 2", "count 3", "[0, 4)");
        e = Check.fails(BadArgumentException.class, () -> rma.getNBI(right, 0, new int[2], 0, 3));
        Check.mentions(e.getMessage(), "dst", "[0, 2)");
        e = Check.fails(BadArgumentException.class, () -> rma.put((Peer) null, 0, new byte[1], 0, 1));
        Check.mentions(e.getMessage(), "peer is null", "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> c.atomics().setLong((Peer) null, 0, 1));
        Check.mentions(e.getMessage(), "peer is null");
        w.barrier();
        Check.equal(0x5a5a5a5aL, seg.memory().get(JAVA_LONG, size - 8), () -> "sentinel at the end of the segment");
        w.barrier();
    }

    /** A handle of a team that is then destroyed: refused afterwards; handles of the world still work. */
    static void destroyedTeam(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        Team reversed = w.split(0, n - 1 - me); // rank n-1-me: a translation the handle must have kept
        int target = (reversed.rank() + 1) % n;
        Peer p = rma.peer(reversed, target);
        Check.equal(n - 1 - target, p.jobRank(), () -> "jobrank of a handle in a reordered team");
        long off = 12288 + 8L * me;
        rma.putLong(p, off, 500 + me);
        w.barrier();
        int writer = n - 1 - ((reversed.rank() - 1 + n) % n); // jobrank of the member ranked before me
        Check.equal(500 + writer, rma.getLong(rma.peer(w, me), 12288 + 8L * writer), () -> "put through the reordered team");
        w.barrier();
        reversed.destroy();
        Check.that(!p.isUsable(), () -> "retired with its team");
        IllegalStateException e = Check.fails(IllegalStateException.class, () -> rma.putLong(p, off, 1));
        Check.mentions(e.getMessage(), "destroyed", "PE " + me);
        Check.fails(IllegalStateException.class, () -> rma.get(p, off, new long[1], 0, 1));
        Check.fails(IllegalStateException.class, () -> c.atomics().fetchAddLong(p, off, 1));
        Check.fails(IllegalStateException.class, () -> rma.peer(reversed, target));
        Check.mentions(p.toString(), "retired");
        rma.putLong(rma.peer(w, (me + 1) % n), off, 1); // the world's handles are unaffected
        w.barrier();
    }

    /** Before anything is published: a handle cannot be made (runtime-segments set). */
    static void unpublished(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> c.rma().peer(w, right));
        Check.mentions(e.getMessage(), "rank " + right, "PE " + right, "no published segment");
        w.barrier();
    }

    /** Handles warmed before the primordial segment's destroy (runtime-segments set): right neighbour, self. */
    static Peer[] warmBeforeDestroy(Client c) {
        Team w = c.world();
        Peer[] p = {c.rma().peer(w, (w.rank() + 1) % w.size()), c.rma().peer(w, w.rank())};
        c.rma().putLong(p[0], 24, 1);
        c.atomics().fetchAddLong(p[1], 32, 1);
        return p;
    }

    /** The handles of {@link #warmBeforeDestroy} once every PE destroyed its segment: refused as the team forms are. */
    static void refusedAfterDestroy(Client c, Peer[] p) {
        int right = p[0].jobRank();
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> c.rma().putLong(p[0], 24, 2));
        Check.mentions(e.getMessage(), "segment", "PE " + right, "destroyed");
        e = Check.fails(BadArgumentException.class, () -> c.atomics().fetchAddLong(p[1], 32, 1));
        Check.mentions(e.getMessage(), "destroyed");
        e = Check.fails(BadArgumentException.class, () -> c.rma().get(p[1], 24, new long[1], 0, 1));
        Check.mentions(e.getMessage(), "destroyed");
    }
}
