package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.equal;
import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.AtomicResult;
import org.pgas4j.BadArgumentException;

/**
 * Identity, the symmetric heap, put and get of every type, single elements, strided and
 * non-blocking transfers, zero-length transfers, put-with-signal rings, atomics under
 * contention, waits, contexts and bad input.
 */
final class RmaScenarios {
    private RmaScenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("identity", RmaScenarios::identity);
        s.put("heapMallocCallocAlignFree", RmaScenarios::heap);
        s.put("heapReallocKeepsContents", RmaScenarios::realloc);
        s.put("heapExhaustedIsNullOnEveryPe", RmaScenarios::exhausted);
        s.put("putGetEveryType", RmaScenarios::putGetEveryType);
        s.put("singleElementsEveryCarrier", RmaScenarios::singleElements);
        s.put("zeroLengthTransfers", RmaScenarios::zeroLength);
        s.put("nonBlockingThenQuiet", RmaScenarios::nonBlocking);
        s.put("stridedIputIget", RmaScenarios::strided);
        s.put("putSignalRingWithWaitUntil", RmaScenarios::signalRing);
        s.put("atomicsUnderContention", RmaScenarios::atomicsContention);
        s.put("atomicsEveryOperationAndType", RmaScenarios::atomicsOperations);
        s.put("waitUntilAllAnySomeAndVectors", RmaScenarios::waits);
        s.put("manyContexts", RmaScenarios::contexts);
        s.put("badInputIsRefusedBeforeAnythingIsSent", RmaScenarios::badInput);
        s.put("warmPathsStillRefuseUseAfterEnd", RmaScenarios::warmUseAfterEnd);
        s.put("contextsMovingBetweenSpaces", RmaScenarios::movingBetweenSpaces);
        return s;
    }

    private static int right(Shmem s) {
        return (s.myPe() + 1) % s.nPes();
    }

    private static int left(Shmem s) {
        return (s.myPe() + s.nPes() - 1) % s.nPes();
    }

    static void identity(Shmem s) {
        equal(s.client().jobRank(), s.myPe(), "myPe");
        equal(s.client().jobSize(), s.nPes(), "nPes");
        equal(s.myPe(), s.teamWorld().myPe(), "world myPe");
        int[] neighbourhood = s.client().neighbourhood();
        equal(neighbourhood.length, s.teamShared().nPes(), "shared team: the PEs this one maps");
        for (int pe = 0; pe < s.nPes(); pe++) {
            equal(java.util.Arrays.binarySearch(neighbourhood, pe) >= 0
                    ? java.util.Arrays.binarySearch(neighbourhood, pe) : -1,
                    s.teamWorld().translatePe(pe, s.teamShared()), "translate world -> shared of PE " + pe);
            that(s.peAccessible(pe), "PE " + pe + " accessible");
        }
        that(!s.peAccessible(s.nPes()) && !s.peAccessible(-1), "PEs outside the job are not accessible");
        equal(-1, s.teamWorld().translatePe(s.nPes(), s.teamShared()), "translate of a PE outside the team");
        throwsA(IllegalStateException.class, "destroying the world team", () -> s.teamWorld().destroy());
        equal(-1, ShmemTeam.INVALID.myPe(), "INVALID myPe");
        equal(-1, ShmemTeam.INVALID.nPes(), "INVALID nPes");
        throwsA(IllegalStateException.class, "destroying SHMEM_CTX_DEFAULT", () -> s.ctxDefault().destroy());
        s.barrierAll();
    }

    static void heap(Shmem s) {
        SymmetricArray a = s.malloc(ShmemType.INT, 100);
        that(a != null && a.length() == 100 && a.type() == ShmemType.INT, "malloc gives 100 ints: " + a);
        SymmetricArray z = s.calloc(ShmemType.LONG, 50);
        MemorySegment zl = s.local(z);
        for (int i = 0; i < 50; i++) {
            equal(0, zl.getAtIndex(ValueLayout.JAVA_LONG, i), "calloc element " + i);
        }
        that(s.malloc(ShmemType.INT, 0) == null, "malloc of 0 elements is null");
        that(s.calloc(ShmemType.INT, 0) == null, "calloc of 0 elements is null");
        throwsA(BadArgumentException.class, "malloc of -1", () -> s.malloc(ShmemType.INT, -1));
        SymmetricArray al = s.align(4096, ShmemType.LONG, 8);
        equal(0, s.local(al).address() % 4096, "align 4096");
        throwsA(BadArgumentException.class, "align 3", () -> s.align(3, ShmemType.LONG, 8));
        // Symmetric: what PE left wrote at its a[7] lands at my a[7].
        s.ctxDefault().pInt(a, 7, 1000 + s.myPe(), right(s));
        s.barrierAll();
        equal(1000 + left(s), s.local(a).getAtIndex(ValueLayout.JAVA_INT, 7), "symmetric object across PEs");
        s.free(null);
        throwsA(IllegalStateException.class, "free of a slice", () -> s.free(a.slice(1, 2)));
        s.free(a);
        that(a.isFreed(), "freed");
        throwsA(IllegalStateException.class, "double free", () -> s.free(a));
        throwsA(IllegalStateException.class, "put into a freed object",
                () -> s.ctxDefault().pInt(a, 0, 1, s.myPe()));
        s.free(z);
        s.free(al);
        equal(0, s.defaultSpace().usedBytes(), "every block returned");
    }

    static void realloc(Shmem s) {
        SymmetricArray r = s.malloc(ShmemType.INT, 10);
        for (int i = 0; i < 10; i++) {
            s.local(r).setAtIndex(ValueLayout.JAVA_INT, i, s.myPe() * 100 + i);
        }
        SymmetricArray blocker = s.malloc(ShmemType.INT, 16); // the block cannot grow in place
        SymmetricArray g = s.realloc(r, ShmemType.INT, 20);
        that(r.isFreed() && g.length() == 20, "realloc freed the old object and grew");
        for (int i = 0; i < 10; i++) {
            equal(s.myPe() * 100 + i, s.local(g).getAtIndex(ValueLayout.JAVA_INT, i), "kept element " + i);
        }
        SymmetricArray shrunk = s.realloc(g, ShmemType.INT, 4);
        equal(s.myPe() * 100 + 3, s.local(shrunk).getAtIndex(ValueLayout.JAVA_INT, 3), "kept after shrinking");
        that(s.realloc(shrunk, ShmemType.INT, 0) == null && shrunk.isFreed(), "realloc to 0 frees");
        SymmetricArray fresh = s.realloc(null, ShmemType.LONG, 3);
        that(fresh != null && fresh.length() == 3, "realloc of null allocates");
        s.free(fresh);
        s.free(blocker);
    }

    static void exhausted(Shmem s) {
        long heap = s.defaultSpace().sizePerPe();
        that(s.malloc(ShmemType.UCHAR, heap + 1) == null, "more than the heap: null");
        SymmetricArray ok = s.malloc(ShmemType.UCHAR, 1024);
        that(ok != null, "a small allocation still works");
        s.free(ok);
    }

    static void putGetEveryType(Shmem s) {
        ShmemContext c = s.ctxDefault();
        for (ShmemType t : ShmemType.values()) {
            SymmetricArray a = s.malloc(t, 16);
            putPattern(c, a, t, s.myPe(), right(s));
            s.barrierAll();
            long[] mine = getAsLongs(c, a, t, s.myPe());
            long[] theirs = getAsLongs(c, a, t, right(s));
            for (int i = 0; i < 16; i++) {
                equal(narrow(t, pattern(left(s), i)), mine[i], t.typeName() + " from the left neighbour, element " + i);
                equal(narrow(t, pattern(s.myPe(), i)), theirs[i], t.typeName() + " got back from the right, element " + i);
            }
            s.free(a);
        }
    }

    private static long pattern(int pe, int i) {
        return (pe + 1) * 1_000_003L + i * 7L - 3;
    }

    private static long narrow(ShmemType t, long v) {
        return switch (t.carrier()) {
            case BYTE -> (byte) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            case FLOAT -> (long) (float) (int) v;
            case DOUBLE -> (long) (double) v;
            default -> v;
        };
    }

    private static void putPattern(ShmemContext c, SymmetricArray a, ShmemType t, int me, int pe) {
        int n = (int) a.length();
        switch (t.carrier()) {
            case BYTE -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) pattern(me, i);
                }
                c.put(a, 0, v, 0, n, pe);
            }
            case SHORT -> {
                if (t.isSigned()) {
                    short[] v = new short[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = (short) pattern(me, i);
                    }
                    c.put(a, 0, v, 0, n, pe);
                } else {
                    char[] v = new char[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = (char) pattern(me, i);
                    }
                    c.put(a, 0, v, 0, n, pe);
                }
            }
            case INT -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (int) pattern(me, i);
                }
                c.put(a, 0, v, 0, n, pe);
            }
            case LONG -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = pattern(me, i);
                }
                c.put(a, 0, v, 0, n, pe);
            }
            case FLOAT -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (float) (int) pattern(me, i);
                }
                c.put(a, 0, v, 0, n, pe);
            }
            default -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = pattern(me, i);
                }
                c.put(a, 0, v, 0, n, pe);
            }
        }
    }

    private static long[] getAsLongs(ShmemContext c, SymmetricArray a, ShmemType t, int pe) {
        int n = (int) a.length();
        long[] out = new long[n];
        switch (t.carrier()) {
            case BYTE -> {
                byte[] v = new byte[n];
                c.get(v, 0, a, 0, n, pe);
                for (int i = 0; i < n; i++) {
                    out[i] = v[i];
                }
            }
            case SHORT -> {
                if (t.isSigned()) {
                    short[] v = new short[n];
                    c.get(v, 0, a, 0, n, pe);
                    for (int i = 0; i < n; i++) {
                        out[i] = v[i];
                    }
                } else {
                    char[] v = new char[n];
                    c.get(v, 0, a, 0, n, pe);
                    for (int i = 0; i < n; i++) {
                        out[i] = (short) v[i];
                    }
                }
            }
            case INT -> {
                int[] v = new int[n];
                c.get(v, 0, a, 0, n, pe);
                for (int i = 0; i < n; i++) {
                    out[i] = v[i];
                }
            }
            case LONG -> c.get(out, 0, a, 0, n, pe);
            case FLOAT -> {
                float[] v = new float[n];
                c.get(v, 0, a, 0, n, pe);
                for (int i = 0; i < n; i++) {
                    out[i] = (long) v[i];
                }
            }
            default -> {
                double[] v = new double[n];
                c.get(v, 0, a, 0, n, pe);
                for (int i = 0; i < n; i++) {
                    out[i] = (long) v[i];
                }
            }
        }
        return out;
    }

    static void singleElements(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray b = s.calloc(ShmemType.INT8, 4);
        SymmetricArray h = s.calloc(ShmemType.SHORT, 4);
        SymmetricArray i = s.calloc(ShmemType.INT32, 4);
        SymmetricArray l = s.calloc(ShmemType.INT64, 4);
        SymmetricArray f = s.calloc(ShmemType.FLOAT, 4);
        SymmetricArray d = s.calloc(ShmemType.DOUBLE, 4);
        int r = right(s);
        int me = s.myPe();
        c.pByte(b, 3, (byte) (me - 100), r);
        c.pShort(h, 3, (short) (me * 1000), r);
        c.pInt(i, 3, me * 1_000_000, r);
        c.pLong(l, 3, me * 1_000_000_000_000L, r);
        c.pFloat(f, 3, me + 0.5f, r);
        c.pDouble(d, 3, me + 0.25, r);
        s.barrierAll();
        int lp = left(s);
        equal(lp - 100, c.gByte(b, 3, me), "byte p/g");
        equal(lp * 1000, c.gShort(h, 3, me), "short p/g");
        equal(lp * 1_000_000, c.gInt(i, 3, me), "int p/g");
        equal(lp * 1_000_000_000_000L, c.gLong(l, 3, me), "long p/g");
        equal(lp + 0.5, c.gFloat(f, 3, me), "float p/g");
        equal(lp + 0.25, c.gDouble(d, 3, me), "double p/g");
        equal(me * 1_000_000, c.gInt(i, 3, r), "int g from the right neighbour");
        equal(0, c.gInt(i, 2, r), "untouched neighbour element");
        s.barrierAll();
        for (SymmetricArray x : new SymmetricArray[] {b, h, i, l, f, d}) {
            s.free(x);
        }
    }

    static void zeroLength(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray a = s.calloc(ShmemType.LONG, 4);
        c.put(a, 4, new long[0], 0, 0, right(s)); // at the end of the object: an empty range is inside
        c.get(new long[0], 0, a, 0, 0, right(s));
        c.putNbi(a, 0, new long[1], 1, 0, right(s));
        c.iput(a, 0, 1, new long[0], 0, 1, 0, right(s));
        s.collectives().broadcast(s.teamWorld(), a, a, 0, 0);
        s.collectives().fcollect(s.teamWorld(), a, a, 0);
        s.barrierAll();
        for (int i = 0; i < 4; i++) {
            equal(0, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, i), "zero-length transfers write nothing");
        }
        s.free(a);
    }

    static void nonBlocking(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray a = s.calloc(ShmemType.LONG, 64);
        long[] src = new long[64];
        for (int i = 0; i < 64; i++) {
            src[i] = s.myPe() * 64L + i;
        }
        for (int i = 0; i < 64; i += 8) {
            c.putNbi(a, i, src, i, 8, right(s));
        }
        c.quiet();
        s.barrierAll();
        long[] got = new long[64];
        c.getNbi(got, 0, a, 0, 64, s.myPe());
        c.quiet();
        for (int i = 0; i < 64; i++) {
            equal(left(s) * 64L + i, got[i], "nbi element " + i);
        }
        s.barrierAll();
        s.free(a);
    }

    static void strided(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray a = s.calloc(ShmemType.INT, 20);
        int[] src = new int[30];
        for (int i = 0; i < 30; i++) {
            src[i] = s.myPe() * 100 + i;
        }
        c.iput(a, 1, 2, src, 0, 3, 10, right(s)); // a[1], a[3], ... a[19] <- src[0], src[3], ... src[27]
        s.barrierAll();
        MemorySegment m = s.local(a);
        for (int k = 0; k < 10; k++) {
            equal(left(s) * 100 + 3 * k, m.getAtIndex(ValueLayout.JAVA_INT, 1 + 2 * k), "iput element " + k);
            equal(0, m.getAtIndex(ValueLayout.JAVA_INT, 2 * k), "iput skipped element " + 2 * k);
        }
        int[] back = new int[20];
        c.iget(back, 0, 2, a, 1, 2, 10, s.myPe());
        for (int k = 0; k < 10; k++) {
            equal(left(s) * 100 + 3 * k, back[2 * k], "iget element " + k);
        }
        throwsA(BadArgumentException.class, "stride 0", () -> c.iput(a, 0, 0, src, 0, 1, 2, right(s)));
        throwsA(BadArgumentException.class, "a stride leaving the object", () -> c.iput(a, 1, 2, src, 0, 1, 11,
                right(s)));
        s.barrierAll();
        s.free(a);
    }

    static void signalRing(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray data = s.calloc(ShmemType.LONG, 8);
        SymmetricArray sig = s.calloc(ShmemType.UINT64, 1);
        int rounds = 5;
        for (int r = 1; r <= rounds; r++) {
            long[] v = new long[8];
            for (int i = 0; i < 8; i++) {
                v[i] = r * 1000L + s.myPe() * 10L + i;
            }
            c.putSignal(data, 0, v, 0, 8, sig, 0, r, SignalOp.SET, right(s));
            long seen = s.signalWaitUntil(sig, 0, Cmp.EQ, r);
            equal(r, seen, "signal of round " + r);
            for (int i = 0; i < 8; i++) {
                equal(r * 1000L + left(s) * 10L + i, s.local(data).getAtIndex(ValueLayout.JAVA_LONG, i),
                        "data visible once the signal is, round " + r);
            }
            s.barrierAll(); // nobody overwrites data before its reader has checked it
        }
        // ADD: every PE adds 1 to PE 0's signal; PE 0 waits for the sum.
        SymmetricArray counter = s.calloc(ShmemType.UINT64, 1);
        c.putSignalNbi(data, 0, new long[] {s.myPe()}, 0, 1, counter, 0, 1, SignalOp.ADD, 0);
        c.quiet();
        if (s.myPe() == 0) {
            s.waitUntil(counter, 0, Cmp.EQ, s.nPes());
            equal(s.nPes(), s.signalFetch(counter, 0), "signal add from every PE");
        }
        throwsA(BadArgumentException.class, "a signed signal word", () -> c.putSignal(data, 0, new long[1], 0, 1,
                data, 0, 1, SignalOp.SET, right(s)));
        s.barrierAll();
        s.free(counter);
        s.free(sig);
        s.free(data);
    }

    static void atomicsContention(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray counter = s.calloc(ShmemType.LONG, 1);
        SymmetricArray lock = s.calloc(ShmemType.INT, 1);
        SymmetricArray guarded = s.calloc(ShmemType.LONG, 1);
        int n = 2_000;
        long mineSeen = 0;
        for (int i = 0; i < n; i++) {
            mineSeen += c.atomicFetchAdd(counter, 0, 1, 0) >= 0 ? 1 : 0;
        }
        equal(n, mineSeen, "fetch-adds returned");
        for (int i = 0; i < 100; i++) { // a compare-and-swap spin lock around a non-atomic increment
            while (c.atomicCompareSwap(lock, 0, 0, 1, 0) != 0) {
                Thread.onSpinWait();
            }
            c.pLong(guarded, 0, c.gLong(guarded, 0, 0) + 1, 0);
            c.quiet();
            equal(1, c.atomicSwap(lock, 0, 0, 0), "the lock was held");
        }
        s.barrierAll();
        if (s.myPe() == 0) {
            equal((long) n * s.nPes(), c.atomicFetch(counter, 0, 0), "exact total of the contended fetch-add");
            equal(100L * s.nPes(), c.gLong(guarded, 0, 0), "exact total under the lock");
        }
        s.barrierAll();
        s.free(guarded);
        s.free(lock);
        s.free(counter);
    }

    static void atomicsOperations(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray u = s.calloc(ShmemType.UINT64, 4);
        SymmetricArray ui = s.calloc(ShmemType.UINT, 2);
        SymmetricArray d = s.calloc(ShmemType.DOUBLE, 1);
        SymmetricArray f = s.calloc(ShmemType.FLOAT, 1);
        SymmetricArray i = s.calloc(ShmemType.INT, 2);
        int me = s.myPe();
        c.atomicOr(u, 0, 1L << me, 0);
        c.atomicXor(u, 1, 1L << me, 0);
        c.atomicInc(u, 2, 0);
        c.atomicFetchOr(ui, 0, 1L << me, 0);
        AtomicResult r = new AtomicResult();
        c.atomicFetchAddNbi(r, u, 3, 5, 0);
        c.quiet();
        that(r.asLong() % 5 == 0, "fetch-add nbi result after quiet: " + r.asLong());
        s.barrierAll();
        if (me == 0) {
            long all = s.nPes() == 64 ? -1L : (1L << s.nPes()) - 1;
            equal(all, c.atomicFetch(u, 0, 0), "or of every PE's bit");
            equal(all, c.atomicFetch(u, 1, 0), "xor of distinct bits");
            equal(s.nPes(), c.atomicFetch(u, 2, 0), "inc by every PE");
            equal(5L * s.nPes(), c.atomicFetch(u, 3, 0), "fetch-add nbi by every PE");
            equal(all & 0xFFFF_FFFFL, c.atomicFetch(ui, 0, 0), "uint or");
            c.atomicSet(ui, 1, 0xFFFF_FFF0L, 0);
            equal(0xFFFF_FFF0L, c.atomicFetch(ui, 1, 0), "uint values are unsigned");
            equal(0xFFFF_FFF0L, c.atomicFetchAnd(ui, 1, 0xFFFF_FF0FL, 0), "fetch-and returns the old value");
            equal(0xFFFF_FF00L, c.atomicFetch(ui, 1, 0), "and");
            c.atomicSet(i, 0, -5, 0);
            equal(-5, c.atomicFetchInc(i, 0, 0), "int fetch-inc, signed");
            equal(-4, c.atomicFetch(i, 0, 0), "int after inc");
            c.atomicSetDouble(d, 0, 2.5, 0);
            equal(2.5, c.atomicSwapDouble(d, 0, 7.25, 0), "double swap");
            equal(7.25, c.atomicFetchDouble(d, 0, 0), "double fetch");
            c.atomicSetDouble(f, 0, 1.5, 0);
            equal(1.5, c.atomicFetchDouble(f, 0, 0), "float fetch");
        }
        throwsA(BadArgumentException.class, "add on a double", () -> c.atomicAdd(d, 0, 1, 0));
        throwsA(BadArgumentException.class, "and on a signed int (not a bitwise AMO type)",
                () -> c.atomicAnd(i, 0, 1, 0));
        throwsA(BadArgumentException.class, "fetch on a double through the long form", () -> c.atomicFetch(d, 0, 0));
        SymmetricArray sh = s.calloc(ShmemType.SHORT, 1);
        throwsA(BadArgumentException.class, "fetch-add on a short", () -> c.atomicFetchAdd(sh, 0, 1, 0));
        throwsA(BadArgumentException.class, "double form on a long", () -> c.atomicFetchDouble(u, 0, 0));
        s.barrierAll();
        for (SymmetricArray x : new SymmetricArray[] {sh, i, f, d, ui, u}) {
            s.free(x);
        }
    }

    static void waits(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray v = s.calloc(ShmemType.INT, 4);
        boolean[] skipLast = {false, false, false, true};
        that(!s.testAll(v, null, Cmp.EQ, 7), "nothing is 7 yet");
        equal(-1, s.testAny(v, null, Cmp.EQ, 7), "testAny: none");
        long[] idx = new long[4];
        equal(0, s.testSome(v, idx, null, Cmp.EQ, 7), "testSome: none");
        that(s.testAll(v, null, Cmp.LT, 1), "all are 0 < 1");
        s.barrierAll();
        // The left neighbour sets elements 0..2 to 7 and element 3 to 1: 'all' must wait for 0..2 only
        // when element 3 is excluded.
        for (int e = 0; e < 3; e++) {
            c.pInt(v, e, 7, right(s));
        }
        c.pInt(v, 3, 1, right(s));
        s.waitUntilAll(v, skipLast, Cmp.EQ, 7);
        long any = s.waitUntilAny(v, skipLast, Cmp.EQ, 7);
        that(any >= 0 && any < 3, "waitUntilAny returned an included index: " + any);
        equal(3, s.waitUntilSome(v, idx, null, Cmp.EQ, 7), "three satisfy");
        equal(3, s.testSome(v, idx, null, Cmp.GE, 7), "testSome GE");
        equal(-1, s.waitUntilAny(v, new boolean[] {true, true, true, true}, Cmp.EQ, 7), "all excluded");
        s.waitUntil(v, 3, Cmp.NE, 0);
        that(s.test(v, 3, Cmp.EQ, 1), "element 3 is 1");
        s.waitUntilAllVector(v, null, Cmp.EQ, new long[] {7, 7, 7, 1});
        that(s.testAllVector(v, null, Cmp.EQ, new long[] {7, 7, 7, 1}), "vector test");
        equal(3, s.testAnyVector(v, null, Cmp.EQ, new long[] {0, 0, 0, 1}), "vector any");
        equal(2, s.testSomeVector(v, idx, null, Cmp.GT, new long[] {6, 8, 6, 5}), "vector some");
        equal(2, s.waitUntilSomeVector(v, idx, null, Cmp.GT, new long[] {6, 8, 6, 5}), "vector wait some");
        equal(0, s.waitUntilAnyVector(v, null, Cmp.GT, new long[] {6, 8, 8, 5}), "vector wait any");
        SymmetricArray fl = s.calloc(ShmemType.FLOAT, 1);
        throwsA(BadArgumentException.class, "wait on a float", () -> s.test(fl, 0, Cmp.EQ, 0));
        throwsA(BadArgumentException.class, "index outside", () -> s.test(v, 4, Cmp.EQ, 0));
        throwsA(BadArgumentException.class, "short vector", () -> s.testAllVector(v, null, Cmp.EQ, new long[3]));
        SymmetricArray uv = s.calloc(ShmemType.UINT, 1);
        s.local(uv).set(ValueLayout.JAVA_INT, 0, -1);
        that(s.test(uv, 0, Cmp.GT, 5), "unsigned comparison: 0xFFFFFFFF > 5");
        s.barrierAll();
        s.free(uv);
        s.free(fl);
        s.free(v);
    }

    static void contexts(Shmem s) {
        SymmetricArray a = s.calloc(ShmemType.LONG, 16);
        ShmemContext[] ctx = new ShmemContext[12];
        for (int k = 0; k < ctx.length; k++) {
            ctx[k] = s.ctxCreate(k % 2 == 0 ? ShmemContext.PRIVATE : ShmemContext.SERIALIZED);
            ctx[k].putNbi(a, k, new long[] {s.myPe() * 100L + k}, 0, 1, right(s));
        }
        for (ShmemContext c : ctx) {
            c.quiet();
        }
        s.barrierAll();
        for (int k = 0; k < ctx.length; k++) {
            equal(left(s) * 100L + k, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, k), "context " + k + "'s put");
        }
        ShmemContext onShared = s.teamShared().createContext(0);
        int meShared = s.teamWorld().translatePe(s.myPe(), s.teamShared());
        equal(meShared, onShared.team().myPe(), "context on the shared team");
        onShared.pLong(a, 15, 42, meShared);
        onShared.fence();
        equal(42, onShared.gLong(a, 15, meShared), "fence then get");
        onShared.destroy();
        for (ShmemContext c : ctx) {
            c.destroy();
            that(c.isDestroyed(), "destroyed");
        }
        throwsA(IllegalStateException.class, "a destroyed context", () -> ctx[0].pLong(a, 0, 1, s.myPe()));
        throwsA(IllegalStateException.class, "destroying twice", () -> ctx[1].destroy());
        throwsA(BadArgumentException.class, "undefined option bits", () -> s.ctxCreate(64));
        s.barrierAll();
        s.free(a);
    }

    static void badInput(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray a = s.calloc(ShmemType.INT, 8);
        int r = right(s);
        BadArgumentException e = throwsA(BadArgumentException.class, "index at the end",
                () -> c.pInt(a, 8, 99, r));
        that(e.getMessage().contains("[0, 8)"), "names the bounds: " + e.getMessage());
        throwsA(BadArgumentException.class, "a range past the end", () -> c.put(a, 5, new int[4], 0, 4, r));
        throwsA(BadArgumentException.class, "negative index", () -> c.put(a, -1, new int[1], 0, 1, r));
        BadArgumentException wrong = throwsA(BadArgumentException.class, "long[] into an int object",
                () -> c.put(a, 0, new long[1], 0, 1, r));
        that(wrong.getMessage().contains("int"), "names the type: " + wrong.getMessage());
        BadArgumentException pe = throwsA(BadArgumentException.class, "PE outside the team",
                () -> c.pInt(a, 0, 1, s.nPes()));
        that(pe.getMessage().contains("PE " + s.nPes()), "names the PE: " + pe.getMessage());
        throwsA(BadArgumentException.class, "null source", () -> c.put(a, 0, (int[]) null, 0, 1, r));
        throwsA(BadArgumentException.class, "source range outside the array", () -> c.put(a, 0, new int[2], 1, 2, r));
        throwsA(BadArgumentException.class, "null object", () -> c.pInt(null, 0, 1, r));
        throwsA(BadArgumentException.class, "null type", () -> s.malloc(null, 1));
        s.barrierAll();
        for (int i = 0; i < 8; i++) {
            equal(0, s.local(a).getAtIndex(ValueLayout.JAVA_INT, i), "refused calls wrote nothing, element " + i);
        }
        s.barrierAll();
        s.free(a);
    }

    /**
     * A context's hot paths cache the core handles of the PEs it reached: a team destroy, a free,
     * a space destroy and a context destroy after they are warm must still be refused, each with
     * its own message, and must not disturb other contexts.
     */
    static void warmUseAfterEnd(Shmem s) {
        int r = right(s);
        SymmetricArray a = s.calloc(ShmemType.LONG, 4);
        SymmetricArray b = s.calloc(ShmemType.LONG, 4);
        ShmemTeam copy = s.teamWorld().splitStrided(0, 1, s.nPes());
        ShmemContext onCopy = copy.createContext(0);
        int rc = (copy.myPe() + 1) % copy.nPes();
        for (int i = 0; i < 100; i++) {
            onCopy.put(a, 0, new long[] {i}, 0, 1, rc);
            onCopy.atomicFetchAdd(a, 1, 1, rc);
            onCopy.pLong(a, 3, i, rc);
        }
        onCopy.quiet();
        copy.destroy();
        IllegalStateException gone = throwsA(IllegalStateException.class, "put on a warm context of a destroyed team",
                () -> onCopy.put(a, 0, new long[] {1}, 0, 1, rc));
        that(gone.getMessage().contains("destroyed"), "says the team was destroyed: " + gone.getMessage());
        throwsA(IllegalStateException.class, "atomic on it", () -> onCopy.atomicFetchAdd(a, 1, 1, rc));
        throwsA(IllegalStateException.class, "quiet on it", onCopy::quiet);
        ShmemContext d = s.ctxDefault();
        for (int i = 0; i < 100; i++) {
            d.put(b, 0, new long[] {i}, 0, 1, r);
        }
        d.quiet();
        s.free(b);
        IllegalStateException freed = throwsA(IllegalStateException.class, "put into an object freed on a warm path",
                () -> d.put(b, 0, new long[] {1}, 0, 1, r));
        that(freed.getMessage().contains("freed"), "says the object was freed: " + freed.getMessage());
        ShmemContext own = s.ctxCreate(0);
        own.put(a, 2, new long[] {1}, 0, 1, r);
        own.quiet();
        own.destroy();
        throwsA(IllegalStateException.class, "put on a warm destroyed context", () -> own.put(a, 2, new long[] {1}, 0, 1, r));
        SpaceCreation c = SpaceScenarios.create(s, 4096);
        SymmetricArray inSpace = s.spaceMalloc(c.space(), ShmemType.LONG, 4);
        for (int i = 0; i < 100; i++) {
            d.put(inSpace, 0, new long[] {i}, 0, 1, r);
        }
        d.quiet();
        s.spaceFree(c.space(), inSpace);
        c.team().destroy();
        equal(0, s.spaceDestroy(c.space()), "space destroyed");
        throwsA(IllegalStateException.class, "put into a destroyed space on a warm path",
                () -> d.put(inSpace, 0, new long[] {1}, 0, 1, r));
        d.put(a, 2, new long[] {s.myPe()}, 0, 1, r);
        d.quiet();
        s.barrierAll();
        equal(left(s), s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 2), "the put after the refusals");
        s.barrierAll();
        s.free(a);
    }

    /** One context alternating between two spaces and two element types: every put lands where it should. */
    static void movingBetweenSpaces(Shmem s) {
        int r = right(s);
        SpaceCreation c = SpaceScenarios.create(s, 4096);
        SymmetricArray inSpace = s.spaceCalloc(c.space(), ShmemType.INT, 8);
        SymmetricArray inDefault = s.calloc(ShmemType.LONG, 8);
        ShmemContext d = s.ctxDefault();
        for (int i = 0; i < 8; i++) {
            d.put(inSpace, i, new int[] {s.myPe() * 10 + i}, 0, 1, r);
            d.put(inDefault, i, new long[] {s.myPe() * 100L + i}, 0, 1, r);
            throwsA(BadArgumentException.class, "a long[] into the int object of the other space",
                    () -> d.put(inSpace, 0, new long[] {1}, 0, 1, r));
        }
        d.quiet();
        s.barrierAll();
        for (int i = 0; i < 8; i++) {
            equal(left(s) * 10 + i, s.local(inSpace).getAtIndex(ValueLayout.JAVA_INT, i), "space element " + i);
            equal(left(s) * 100L + i, s.local(inDefault).getAtIndex(ValueLayout.JAVA_LONG, i), "default element " + i);
        }
        s.barrierAll();
        s.free(inDefault);
        s.spaceFree(c.space(), inSpace);
        c.team().destroy();
        equal(0, s.spaceDestroy(c.space()), "destroyed");
    }
}
