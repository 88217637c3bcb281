package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * The remote-atomics conformance scenarios, run with the primordial segment of the {@code rma}
 * set: every op on every type with hand-computed outcomes (blocking, generic and typed, and
 * non-blocking), all PEs on one location, the contention test (every PE fetch-adds 10,000 times
 * on one location: the total is exact and the fetched values are a permutation), and the errors
 * caught before anything is done. Each scenario has its own region of the segment and sets it up
 * itself, so data left by an earlier scenario cannot make a later one pass.
 */
final class AtomicScenarios {
    private static final long TABLE = 0x1_0000;
    private static final long TABLE_NB = 0x2_0000;
    private static final long TYPED = 0x3_0000;
    private static final long SHARED = 0x4_0000;
    private static final long NB = 0x5_0000;
    private static final long CONTENTION = 0x6_0000;
    private static final long BITMAP = 0x7_0000;
    private static final long ERRORS = 0x9_0000;
    /** Fetch-adds per PE in the contention test. */
    static final int CONTENDED_OPS = 10_000;
    /**
     * Fetch-adds per PE in the contention test through the active-message fallback, where each is
     * a round trip that PE 0 serves between its own: about 90 µs with 3 PEs on 2 cores (10,000 took
     * 5.8 s at N = 3 and 9.4 s at N = 8), and 2,000 still keep every PE issuing while the others do.
     */
    static final int FALLBACK_CONTENDED_OPS = 2_000;

    private AtomicScenarios() {
    }

    /** Every scenario by name, in the order they run. */
    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("tableCoversEveryOpAndType", AtomicScenarios::tableCoversEveryOpAndType);
        s.put("everyOpEveryTypeBlocking", c -> table(c, false));
        s.put("everyOpEveryTypeNonBlocking", c -> table(c, true));
        s.put("typedIntAndUInt", AtomicScenarios::typedIntAndUInt);
        s.put("typedLongAndULong", AtomicScenarios::typedLongAndULong);
        s.put("typedFloatAndDouble", AtomicScenarios::typedFloatAndDouble);
        s.put("allPesOnOneLocation", AtomicScenarios::allPesOnOneLocation);
        s.put("nonBlockingResultsAndEvents", AtomicScenarios::nonBlockingResultsAndEvents);
        s.put("contentionIsExact", c -> contentionIsExact(c, CONTENDED_OPS));
        s.put("errorsBeforeAnythingIsDone", AtomicScenarios::errorsBeforeAnythingIsDone);
        return s;
    }

    private static MemorySegment mine(Client c) {
        return c.primordialEndpoint().boundSegment().orElseThrow().memory();
    }

    private static int seedOf(int rank) {
        return rank + 3;
    }

    static void tableCoversEveryOpAndType(Client c) {
        Set<String> covered = new TreeSet<>();
        for (AtomicCases.Case k : AtomicCases.forSeed(1)) {
            covered.add(k.type() + " " + k.op());
        }
        Check.that(covered.equals(AtomicCases.everyValidPair()), () -> "the table covers " + covered
                + " instead of " + AtomicCases.everyValidPair());
        c.world().barrier();
    }

    /**
     * Each PE runs its table on its right neighbour, one slot per case: sets the initial value
     * with a plain put, runs the op (blocking or NB), checks what it returned and what an atomic
     * get reads. After a barrier each PE checks with plain loads that its own memory holds what
     * its left neighbour's table left there.
     */
    static void table(Client c, boolean nonBlocking) {
        Team w = c.world();
        Atomics a = c.atomics();
        Rma rma = c.rma();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        int left = (me - 1 + n) % n;
        long base = nonBlocking ? TABLE_NB : TABLE;
        List<AtomicCases.Case> cases = AtomicCases.forSeed(seedOf(me));
        AtomicResult result = new AtomicResult();
        for (int i = 0; i < cases.size(); i++) {
            AtomicCases.Case k = cases.get(i);
            long off = base + 8L * i;
            if (k.type().byteSize() == 8) {
                rma.putLong(w, right, off, k.initial());
            } else {
                rma.putLong(w, right, off, 0);
                rma.putInt(w, right, off, (int) k.initial());
            }
            long returned;
            if (nonBlocking) {
                long before = result.bits();
                Event e = a.opNB(result, w, right, off, k.type(), k.op(), k.operand1(), k.operand2());
                e.waitFor();
                returned = k.op().isFetching() ? result.bits() : 0;
                Check.that(k.op().isFetching() || result.bits() == before,
                        () -> k + ": a non-fetching NB op changed the result holder");
            } else {
                returned = a.op(w, right, off, k.type(), k.op(), k.operand1(), k.operand2());
            }
            Check.equal(k.returned(), returned, () -> k + " returned");
            Check.equal(k.after(), a.op(w, right, off, k.type(), AtomicOp.GET, 0, 0), () -> k + " left");
        }
        w.barrier();
        List<AtomicCases.Case> fromLeft = AtomicCases.forSeed(seedOf(left));
        MemorySegment own = mine(c);
        for (int i = 0; i < fromLeft.size(); i++) {
            AtomicCases.Case k = fromLeft.get(i);
            long off = base + 8L * i;
            long found = k.type().byteSize() == 8 ? own.get(JAVA_LONG, off)
                    : AtomicCases.bits(k.type() == AtomicType.INT ? AtomicType.INT : AtomicType.UINT, own.get(JAVA_INT, off));
            Check.equal(k.after(), found, () -> k + " by PE " + left + ", seen by its owner");
        }
        w.barrier();
    }

    static void typedIntAndUInt(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int right = (me + 1) % w.size();
        int s = seedOf(me);
        long off = TYPED;
        a.setInt(w, right, off, 10 + s);
        Check.equal(10 + s, a.getInt(w, right, off), () -> "setInt then getInt");
        Check.equal(10 + s, a.swapInt(w, right, off, 20), () -> "swapInt");
        Check.equal(20, a.compareAndSwapInt(w, right, off, 20, 30), () -> "compareAndSwapInt that matches");
        Check.equal(30, a.compareAndSwapInt(w, right, off, 20, 40), () -> "compareAndSwapInt that does not match");
        a.addInt(w, right, off, 5);
        Check.equal(35, a.fetchAddInt(w, right, off, -6), () -> "fetchAddInt");
        a.incInt(w, right, off);
        Check.equal(30, a.fetchIncInt(w, right, off), () -> "fetchIncInt");
        a.minInt(w, right, off, -s);
        Check.equal(-s, a.fetchMinInt(w, right, off, 0), () -> "fetchMinInt");
        a.maxInt(w, right, off, 7);
        Check.equal(7, a.fetchMaxInt(w, right, off, 100), () -> "fetchMaxInt");
        a.andInt(w, right, off, 0b1111); // 100 & 15 = 4
        Check.equal(4, a.fetchAndInt(w, right, off, 0b110), () -> "fetchAndInt");
        a.orInt(w, right, off, 0b11);
        Check.equal(7, a.fetchOrInt(w, right, off, 8), () -> "fetchOrInt");
        a.xorInt(w, right, off, 5);
        Check.equal(10, a.fetchXorInt(w, right, off, 15), () -> "fetchXorInt");
        Check.equal(5, a.getInt(w, right, off), () -> "after fetchXorInt");
        // Unsigned: values above 2^31 are larger than those below.
        a.setInt(w, right, off, -1);
        a.minUInt(w, right, off, 0x9000_0000);
        Check.equal(0x9000_0000, a.fetchMinUInt(w, right, off, 0x7000_0000 + s), () -> "fetchMinUInt");
        Check.equal(0x7000_0000 + s, a.getInt(w, right, off), () -> "after fetchMinUInt");
        a.maxUInt(w, right, off, 0x9000_0000);
        Check.equal(0x9000_0000, a.fetchMaxUInt(w, right, off, 0x8000_0000), () -> "fetchMaxUInt");
        Check.equal(0x9000_0000, a.getInt(w, right, off), () -> "fetchMaxUInt keeps the larger unsigned");
        a.minInt(w, right, off, 0x7000_0000); // signed: 0x90000000 is negative, so it stays
        Check.equal(0x9000_0000, a.getInt(w, right, off), () -> "minInt compares signed");
        w.barrier();
    }

    static void typedLongAndULong(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int right = (me + 1) % w.size();
        long s = seedOf(me) * 1_000_000_007L;
        long off = TYPED + 64;
        a.setLong(w, right, off, s);
        Check.equal(s, a.getLong(w, right, off), () -> "setLong then getLong");
        Check.equal(s, a.swapLong(w, right, off, 20), () -> "swapLong");
        Check.equal(20, a.compareAndSwapLong(w, right, off, 20, 30), () -> "compareAndSwapLong that matches");
        Check.equal(30, a.compareAndSwapLong(w, right, off, 20, 40), () -> "compareAndSwapLong that does not match");
        a.addLong(w, right, off, 5);
        Check.equal(35, a.fetchAddLong(w, right, off, -6), () -> "fetchAddLong");
        a.incLong(w, right, off);
        Check.equal(30, a.fetchIncLong(w, right, off), () -> "fetchIncLong");
        a.minLong(w, right, off, -s);
        Check.equal(-s, a.fetchMinLong(w, right, off, 0), () -> "fetchMinLong");
        a.maxLong(w, right, off, 7);
        Check.equal(7, a.fetchMaxLong(w, right, off, 100), () -> "fetchMaxLong");
        a.andLong(w, right, off, 0b1111);
        Check.equal(4, a.fetchAndLong(w, right, off, 0b110), () -> "fetchAndLong");
        a.orLong(w, right, off, 0b11);
        Check.equal(7, a.fetchOrLong(w, right, off, 1L << 40), () -> "fetchOrLong");
        a.xorLong(w, right, off, 5);
        Check.equal(2 | 1L << 40, a.fetchXorLong(w, right, off, -1L), () -> "fetchXorLong");
        Check.equal(~(2 | 1L << 40), a.getLong(w, right, off), () -> "after fetchXorLong");
        long high = 0x9000_0000_0000_0000L;
        long low = 0x7000_0000_0000_0000L + s;
        a.setLong(w, right, off, -1);
        a.minULong(w, right, off, high);
        Check.equal(high, a.fetchMinULong(w, right, off, low), () -> "fetchMinULong");
        Check.equal(low, a.getLong(w, right, off), () -> "after fetchMinULong");
        a.maxULong(w, right, off, high);
        Check.equal(high, a.fetchMaxULong(w, right, off, 0x8000_0000_0000_0000L), () -> "fetchMaxULong");
        Check.equal(high, a.getLong(w, right, off), () -> "fetchMaxULong keeps the larger unsigned");
        a.minLong(w, right, off, low);
        Check.equal(high, a.getLong(w, right, off), () -> "minLong compares signed");
        w.barrier();
    }

    static void typedFloatAndDouble(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int right = (me + 1) % w.size();
        float s = seedOf(me);
        long off = TYPED + 128;
        a.setFloat(w, right, off, s);
        Check.that(a.getFloat(w, right, off) == s, () -> "setFloat then getFloat");
        Check.that(a.swapFloat(w, right, off, 1.5f) == s, () -> "swapFloat");
        Check.that(a.compareAndSwapFloat(w, right, off, 1.5f, 2.25f) == 1.5f, () -> "compareAndSwapFloat that matches");
        Check.that(a.compareAndSwapFloat(w, right, off, 1.5f, 9f) == 2.25f, () -> "compareAndSwapFloat that does not");
        a.addFloat(w, right, off, 0.5f);
        Check.that(a.fetchAddFloat(w, right, off, -0.25f) == 2.75f, () -> "fetchAddFloat");
        a.minFloat(w, right, off, -s);
        Check.that(a.fetchMinFloat(w, right, off, 0f) == -s, () -> "fetchMinFloat");
        a.maxFloat(w, right, off, 0.125f);
        Check.that(a.fetchMaxFloat(w, right, off, 8f) == 0.125f, () -> "fetchMaxFloat");
        Check.that(a.getFloat(w, right, off) == 8f, () -> "after fetchMaxFloat");

        double d = seedOf(me) + 0.5;
        off = TYPED + 192;
        a.setDouble(w, right, off, d);
        Check.that(a.getDouble(w, right, off) == d, () -> "setDouble then getDouble");
        Check.that(a.swapDouble(w, right, off, 1.5) == d, () -> "swapDouble");
        Check.that(a.compareAndSwapDouble(w, right, off, 1.5, 2.25) == 1.5, () -> "compareAndSwapDouble that matches");
        Check.that(a.compareAndSwapDouble(w, right, off, 1.5, 9) == 2.25, () -> "compareAndSwapDouble that does not");
        a.addDouble(w, right, off, 0.5);
        Check.that(a.fetchAddDouble(w, right, off, -0.25) == 2.75, () -> "fetchAddDouble");
        a.minDouble(w, right, off, -d);
        Check.that(a.fetchMinDouble(w, right, off, 0) == -d, () -> "fetchMinDouble");
        a.maxDouble(w, right, off, 0.125);
        Check.that(a.fetchMaxDouble(w, right, off, 8) == 0.125, () -> "fetchMaxDouble");
        Check.that(a.getDouble(w, right, off) == 8, () -> "after fetchMaxDouble");
        w.barrier();
    }

    /** Every PE updates the same locations on the last PE; after a barrier the result is exact. */
    static void allPesOnOneLocation(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        int root = n - 1;
        long sum = SHARED;
        long or = SHARED + 8;
        long umax = SHARED + 16;
        long dsum = SHARED + 24;
        long fsum = SHARED + 32;
        long umin = SHARED + 36;
        long xor = SHARED + 40;
        long mul = SHARED + 48;
        if (me == root) {
            MemorySegment own = mine(c);
            own.asSlice(SHARED, 64).fill((byte) 0);
            own.set(JAVA_INT, umin, -1);
            own.set(JAVA_LONG, mul, 1);
        }
        w.barrier();
        a.addLong(w, root, sum, me + 1);
        a.orLong(w, root, or, 1L << me);
        a.maxULong(w, root, umax, 0x8000_0000_0000_0000L + me);
        a.addDouble(w, root, dsum, 0.5 * (me + 1));
        a.addFloat(w, root, fsum, me + 1);
        a.minUInt(w, root, umin, 0xF000_0000 - me);
        a.op(w, root, xor, AtomicType.LONG, AtomicOp.XOR, 0b11L << (2 * me), 0);
        a.op(w, root, mul, AtomicType.LONG, AtomicOp.MULT, 3, 0);
        w.barrier();
        long triangle = (long) n * (n + 1) / 2;
        Check.equal(triangle, a.getLong(w, root, sum), () -> "sum of every PE's add");
        Check.equal((1L << n) - 1, a.getLong(w, root, or), () -> "or of every PE's bit");
        Check.equal(0x8000_0000_0000_0000L + n - 1, a.getLong(w, root, umax), () -> "unsigned max");
        Check.that(a.getDouble(w, root, dsum) == 0.5 * triangle, () -> "double sum");
        Check.that(a.getFloat(w, root, fsum) == triangle, () -> "float sum");
        Check.equal(0xF000_0000 - (n - 1), a.getInt(w, root, umin), () -> "unsigned min");
        Check.equal((1L << 2 * n) - 1, a.getLong(w, root, xor), () -> "xor of disjoint bits");
        long product = 1;
        for (int i = 0; i < n; i++) {
            product *= 3;
        }
        Check.equal(product, a.getLong(w, root, mul), () -> "product");
        w.barrier();
    }

    static void nonBlockingResultsAndEvents(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        long off = NB;
        AtomicResult r1 = new AtomicResult();
        AtomicResult r2 = new AtomicResult();
        a.setLong(w, right, off, 100 + me);
        Event e1 = a.opNB(r1, w, right, off, AtomicType.LONG, AtomicOp.FADD, 5, 0);
        Event e2 = a.opNB(null, w, right, off, AtomicType.LONG, AtomicOp.ADD, 1, 0);
        Event.waitAll(e1, e2);
        Check.equal(100 + me, r1.asLong(), () -> "FADD NB result");
        e1 = a.opNB(r1, w, right, off, AtomicType.LONG, AtomicOp.FCAS, 106 + me, -me);
        e1.waitFor();
        Check.equal(106 + me, r1.asLong(), () -> "FCAS NB result");
        e1 = a.opNB(r1, w, right, off, AtomicType.LONG, AtomicOp.FCAS, 106 + me, 1);
        Check.that(e1.test() || waited(e1), () -> "FCAS NB completes");
        Check.equal(-me, r1.asLong(), () -> "failed FCAS NB returns the old value");
        a.setDouble(w, right, off + 8, 0.5);
        a.setInt(w, right, off + 16, 0x7000_0000);
        e1 = a.opNB(r1, w, right, off + 8, AtomicType.DOUBLE, AtomicOp.FADD, Double.doubleToRawLongBits(0.25), 0);
        e2 = a.opNB(r2, w, right, off + 16, AtomicType.UINT, AtomicOp.FMAX, 0x9000_0000L, 0);
        Check.equal(1, Event.waitSome(null, e2), () -> "waitSome index");
        Event.waitAll(e1, e2);
        Check.that(r1.asDouble() == 0.5, () -> "double FADD NB result");
        Check.equal(0x7000_0000L, r2.bits(), () -> "UINT FMAX NB result bits (zero-extended)");
        Check.that(a.getDouble(w, right, off + 8) == 0.75, () -> "double after FADD NB");
        Check.equal(0x9000_0000, a.getInt(w, right, off + 16), () -> "UINT after FMAX NB");
        a.setFloat(w, right, off + 20, 2.5f);
        a.opNB(r1, w, right, off + 20, AtomicType.FLOAT, AtomicOp.SWAP, Float.floatToRawIntBits(-1f), 0).waitFor();
        Check.that(r1.asFloat() == 2.5f, () -> "float SWAP NB result");
        a.opNB(r1, w, right, off + 20, AtomicType.FLOAT, AtomicOp.GET, 0, 0).waitFor();
        Check.that(r1.asFloat() == -1f, () -> "float GET NB result");
        a.opNB(r1, w, right, off + 16, AtomicType.INT, AtomicOp.FINC, 0, 0).waitFor();
        Check.equal(0x9000_0000, r1.asInt(), () -> "INT FINC NB result");
        Check.equal((int) 0x9000_0000, r1.bits(), () -> "INT result bits are sign-extended");
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> a.opNB(null, w, right, off, AtomicType.LONG, AtomicOp.FADD, 1, 0));
        Check.mentions(e.getMessage(), "FADD", "result", "PE " + me);
        w.barrier();
    }

    private static boolean waited(Event e) {
        e.waitFor();
        return true;
    }

    /**
     * Every PE fetch-adds 1 on one long of PE 0 and fetch-increments one int there, {@code ops}
     * times each. Each PE's fetched values rise strictly; marking each fetched long value in a
     * bitmap with fetch-or finds no value fetched twice; after a barrier the totals are exact and
     * the bitmap is full: the fetched values are a permutation of 0 .. total-1. Floating-point adds
     * (CAS loops), a tenth as many, under the same contention sum exactly too.
     */
    static void contentionIsExact(Client c, int ops) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        long counter = CONTENTION;
        long intCounter = CONTENTION + 8;
        long sumOfFetched = CONTENTION + 16;
        long doubleSum = CONTENTION + 24;
        long floatSum = CONTENTION + 32;
        long total = (long) n * ops;
        if (me == 0) {
            mine(c).asSlice(CONTENTION, 64).fill((byte) 0);
            mine(c).asSlice(BITMAP, (total + 63) / 64 * 8).fill((byte) 0);
        }
        w.barrier();
        long[] fetched = new long[ops];
        int[] fetchedInts = new int[ops];
        for (int i = 0; i < ops; i++) {
            fetched[i] = a.fetchAddLong(w, 0, counter, 1);
            fetchedInts[i] = a.fetchIncInt(w, 0, intCounter);
        }
        long mySum = 0;
        for (int i = 0; i < ops; i++) {
            long v = fetched[i];
            int at = i;
            Check.that(v >= 0 && v < total, () -> "fetched value " + v + " outside [0, " + total + ")");
            Check.that(i == 0 || v > fetched[i - 1], () -> "fetched values of one PE rise: " + fetched[at - 1] + ", " + v);
            Check.that(i == 0 || fetchedInts[i] > fetchedInts[i - 1], () -> "fetched ints of one PE rise at " + at);
            long old = a.fetchOrLong(w, 0, BITMAP + 8 * (v >>> 6), 1L << (v & 63));
            Check.that((old & 1L << (v & 63)) == 0, () -> "value " + v + " was fetched twice");
            mySum += v;
        }
        a.addLong(w, 0, sumOfFetched, mySum);
        int floatOps = ops / 10;
        for (int i = 0; i < floatOps; i++) {
            a.addDouble(w, 0, doubleSum, 0.5);
        }
        float previous = -1;
        for (int i = 0; i < floatOps; i++) {
            float f = a.fetchAddFloat(w, 0, floatSum, 1f);
            float p = previous;
            Check.that(f > p, () -> "fetched floats of one PE rise: " + p + ", " + f);
            previous = f;
        }
        w.barrier();
        Check.equal(total, a.getLong(w, 0, counter), () -> "fetch-add total");
        Check.equal(total, a.getInt(w, 0, intCounter), () -> "fetch-inc total");
        Check.equal(total * (total - 1) / 2, a.getLong(w, 0, sumOfFetched), () -> "sum of every fetched value");
        Check.that(a.getDouble(w, 0, doubleSum) == 0.5 * floatOps * n, () -> "double adds under contention");
        Check.that(a.getFloat(w, 0, floatSum) == (float) floatOps * n, () -> "float adds under contention");
        long marked = 0;
        for (long word = 0; word < (total + 63) / 64; word++) {
            marked += Long.bitCount(a.getLong(w, 0, BITMAP + 8 * word));
        }
        Check.equal(total, marked, () -> "distinct fetched values");
        w.barrier();
    }

    /** Each error is detected before anything is done: a sentinel next to every target survives. */
    static void errorsBeforeAnythingIsDone(Client c) {
        Team w = c.world();
        Atomics a = c.atomics();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        long size = c.primordialEndpoint().boundSegment().orElseThrow().size();
        long sentinel = 0x5e47_1e10_0000_0000L + me;
        c.rma().putLong(w, right, ERRORS, sentinel);
        c.rma().putLong(w, right, ERRORS + 8, sentinel);
        c.rma().putLong(w, right, size - 8, sentinel);
        String who = "rank " + right;
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> a.fetchAddLong(w, right, ERRORS + 4, 1));
        Check.mentions(e.getMessage(), "fetchAddLong", "PE " + me, who, "segment", "offset " + (ERRORS + 4),
                "alignment 8");
        e = Check.fails(BadArgumentException.class,
                () -> a.op(w, right, ERRORS + 1, AtomicType.ULONG, AtomicOp.FADD, 1, 0));
        Check.mentions(e.getMessage(), "offset " + (ERRORS + 1), "alignment 8");
        e = Check.fails(BadArgumentException.class, () -> a.addDouble(w, right, ERRORS + 12, 1));
        Check.mentions(e.getMessage(), "alignment 8");
        e = Check.fails(BadArgumentException.class, () -> a.fetchAddInt(w, right, ERRORS + 2, 1));
        Check.mentions(e.getMessage(), "fetchAddInt", "PE " + me, who, "offset " + (ERRORS + 2), "alignment 4");
        e = Check.fails(BadArgumentException.class, () -> a.setInt(w, right, ERRORS + 9, 1));
        Check.mentions(e.getMessage(), "alignment 4");
        e = Check.fails(BadArgumentException.class, () -> a.opNB(new AtomicResult(), w, right, ERRORS + 6,
                AtomicType.FLOAT, AtomicOp.FADD, 0, 0));
        Check.mentions(e.getMessage(), "opNB", "alignment 4");
        for (AtomicOp op : List.of(AtomicOp.AND, AtomicOp.FOR, AtomicOp.FXOR)) {
            for (AtomicType t : List.of(AtomicType.FLOAT, AtomicType.DOUBLE)) {
                e = Check.fails(BadArgumentException.class, () -> a.op(w, right, ERRORS, t, op, -1, 0));
                Check.mentions(e.getMessage(), op.toString(), t.toString(), "integer types", "PE " + me);
                e = Check.fails(BadArgumentException.class,
                        () -> a.opNB(new AtomicResult(), w, right, ERRORS, t, op, -1, 0));
                Check.mentions(e.getMessage(), op.toString(), t.toString(), "integer types");
            }
        }
        Check.fails(BadArgumentException.class, () -> a.op(w, right, ERRORS, null, AtomicOp.ADD, 1, 0));
        Check.fails(BadArgumentException.class, () -> a.op(w, right, ERRORS, AtomicType.LONG, null, 1, 0));
        String bounds = "[0, " + size + ")";
        e = Check.fails(BadArgumentException.class, () -> a.fetchAddLong(w, right, size, 1));
        Check.mentions(e.getMessage(), "offset " + size, "length 8", bounds, who);
        e = Check.fails(BadArgumentException.class, () -> a.swapInt(w, right, size, 1));
        Check.mentions(e.getMessage(), "offset " + size, "length 4", bounds);
        e = Check.fails(BadArgumentException.class, () -> a.addLong(w, right, -8, 1));
        Check.mentions(e.getMessage(), "offset -8", bounds);
        e = Check.fails(BadArgumentException.class, () -> a.getLong(w, right, Long.MAX_VALUE - 7));
        Check.mentions(e.getMessage(), "offset " + (Long.MAX_VALUE - 7));
        e = Check.fails(BadArgumentException.class, () -> a.opNB(new AtomicResult(), w, right, size - 4,
                AtomicType.DOUBLE, AtomicOp.FADD, 0, 0));
        Check.mentions(e.getMessage(), bounds);
        e = Check.fails(BadArgumentException.class, () -> a.fetchAddLong(w, n, 0, 1));
        Check.mentions(e.getMessage(), "rank " + n, "size " + n, "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> a.compareAndSwapInt(w, -1, 0, 0, 1));
        Check.mentions(e.getMessage(), "rank -1");
        e = Check.fails(BadArgumentException.class,
                () -> a.opNB(null, w, n + 5, 0, AtomicType.LONG, AtomicOp.ADD, 1, 0));
        Check.mentions(e.getMessage(), "rank " + (n + 5));
        w.barrier();
        int left = (me - 1 + n) % n;
        long expected = 0x5e47_1e10_0000_0000L + left;
        MemorySegment own = mine(c);
        Check.equal(expected, own.get(JAVA_LONG, ERRORS), () -> "sentinel at the misaligned targets");
        Check.equal(expected, own.get(JAVA_LONG, ERRORS + 8), () -> "sentinel after the misaligned targets");
        Check.equal(expected, own.get(JAVA_LONG, size - 8), () -> "sentinel at the end of the segment");
        w.barrier();
    }
}
