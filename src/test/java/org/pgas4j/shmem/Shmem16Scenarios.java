package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.equal;
import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.pgas4j.BadArgumentException;

/**
 * OpenSHMEM 1.6's additions and the 1.5 routines that were missing: interleaved block transfers,
 * signals without data, put-with-signal of every carrier, {@code peQuiet}, sessions, team
 * configuration, {@code ctx.team()}, the strided and {@code *mem} collectives, the scans (against
 * a serial prefix sum), and the semantics 1.6 settles (memory management as world collectives,
 * fence per context, {@code testAll} over an empty set, read-only vector comparison values).
 * Each with its normal case, edge cases and error paths.
 */
final class Shmem16Scenarios {
    /** The carriers of the typed forms, each with a standard type it carries ({@code char[]} for ushort). */
    private static final ShmemType[] CARRIERS = {ShmemType.CHAR, ShmemType.SHORT, ShmemType.USHORT, ShmemType.INT,
        ShmemType.LONG, ShmemType.FLOAT, ShmemType.DOUBLE};
    private static final double SENTINEL = -7;

    private Shmem16Scenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("ibputIbgetEveryCarrier", Shmem16Scenarios::blocksEveryCarrier);
        s.put("ibputIbgetEdgeCases", Shmem16Scenarios::blocksEdges);
        s.put("ibputIbgetStraddlingBoundsRefusedBeforeAnythingIsSent", Shmem16Scenarios::blocksRefused);
        s.put("signalSetAndAddWithoutData", Shmem16Scenarios::signals);
        s.put("putSignalAndNbiEveryCarrier", Shmem16Scenarios::putSignalEveryCarrier);
        s.put("peQuietNamedPesOnly", Shmem16Scenarios::peQuiet);
        s.put("sessionsAreHints", Shmem16Scenarios::sessions);
        s.put("teamConfigNumContexts", Shmem16Scenarios::teamConfig);
        s.put("contextTeam", Shmem16Scenarios::contextTeam);
        s.put("alltoallsStrided", Shmem16Scenarios::alltoalls);
        s.put("memCollectives", Shmem16Scenarios::memCollectives);
        s.put("scansAgainstSerialPrefixSum", Shmem16Scenarios::scans);
        s.put("scansOnASplitTeamAndEdges", Shmem16Scenarios::scanEdges);
        s.put("memoryManagementIsAWorldCollective", Shmem16Scenarios::mallocIsWorldCollective);
        s.put("fenceOrdersOneContext", Shmem16Scenarios::fencePerContext);
        s.put("testAllOverAnEmptySetIsTrue", Shmem16Scenarios::emptySets);
        s.put("vectorComparisonValuesAreReadOnly", Shmem16Scenarios::vectorValuesReadOnly);
        return s;
    }

    /** The ucx subset: what crosses the transport (blocks, signals, peQuiet, sessions, collectives, scans). */
    static Map<String, ShmemScenario> ucxSubset() {
        Map<String, ShmemScenario> all = all();
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        for (String name : new String[] {"ibputIbgetEveryCarrier", "ibputIbgetStraddlingBoundsRefusedBeforeAnythingIsSent",
            "signalSetAndAddWithoutData", "putSignalAndNbiEveryCarrier", "peQuietNamedPesOnly", "sessionsAreHints",
            "alltoallsStrided", "memCollectives", "scansAgainstSerialPrefixSum"}) {
            s.put(name, all.get(name));
        }
        return s;
    }

    private static int right(Shmem s) {
        return (s.myPe() + 1) % s.nPes();
    }

    private static int left(Shmem s) {
        return (s.myPe() + s.nPes() - 1) % s.nPes();
    }

    // ---------------------------------------------------------------- typed helpers

    private static Object array(ShmemType t, int n, IntToDoubleFunction f) {
        Object a = switch (t) {
            case CHAR -> new byte[n];
            case SHORT -> new short[n];
            case USHORT -> new char[n];
            case INT -> new int[n];
            case LONG -> new long[n];
            case FLOAT -> new float[n];
            default -> new double[n];
        };
        for (int i = 0; i < n; i++) {
            double v = f.applyAsDouble(i);
            switch (a) {
                case byte[] x -> x[i] = (byte) v;
                case short[] x -> x[i] = (short) v;
                case char[] x -> x[i] = (char) v;
                case int[] x -> x[i] = (int) v;
                case long[] x -> x[i] = (long) v;
                case float[] x -> x[i] = (float) v;
                default -> ((double[]) a)[i] = v;
            }
        }
        return a;
    }

    private static double at(Object a, int i) {
        return switch (a) {
            case byte[] v -> v[i];
            case short[] v -> v[i];
            case char[] v -> (short) v[i];
            case int[] v -> v[i];
            case long[] v -> v[i];
            case float[] v -> v[i];
            case double[] v -> v[i];
            default -> throw new IllegalArgumentException(a.getClass().getName());
        };
    }

    /** Element {@code i} of this PE's part of {@code a}. */
    private static double local(Shmem s, SymmetricArray a, long i) {
        MemorySegment m = s.local(a);
        return switch (a.type().carrier()) {
            case BYTE -> m.get(ValueLayout.JAVA_BYTE, i);
            case SHORT -> m.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i);
            case INT -> m.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
            case LONG -> m.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
            case FLOAT -> m.getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i);
            default -> m.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i);
        };
    }

    private static void fill(Shmem s, SymmetricArray a, double v) {
        for (long i = 0; i < a.length(); i++) {
            fillAt(s, a, i, v);
        }
    }

    /** {@code ibput} of the overload for {@code src}'s carrier. */
    private static void ibput(ShmemContext c, SymmetricArray d, long di, long dst, Object src, int si, int sst,
                              int bsize, int nblocks, int pe) throws ReflectiveOperationException {
        ShmemContext.class.getMethod("ibput", SymmetricArray.class, long.class, long.class, src.getClass(), int.class,
                int.class, int.class, int.class, int.class).invoke(c, d, di, dst, src, si, sst, bsize, nblocks, pe);
    }

    /** {@code ibget} of the overload for {@code dst}'s carrier. */
    private static void ibget(ShmemContext c, Object dst, int di, int dstStride, SymmetricArray source, long si,
                              long sst, int bsize, int nblocks, int pe) throws ReflectiveOperationException {
        ShmemContext.class.getMethod("ibget", dst.getClass(), int.class, int.class, SymmetricArray.class, long.class,
                long.class, int.class, int.class, int.class).invoke(c, dst, di, dstStride, source, si, sst, bsize,
                nblocks, pe);
    }

    /** {@code putSignal} or {@code putSignalNbi} (ADD 1 to {@code sig[0]}) of the overload for {@code src}'s carrier. */
    private static void putSignal(ShmemContext c, boolean nbi, SymmetricArray d, Object src, int n,
                                  SymmetricArray sig, int pe) throws ReflectiveOperationException {
        ShmemContext.class.getMethod(nbi ? "putSignalNbi" : "putSignal", SymmetricArray.class, long.class,
                src.getClass(), int.class, int.class, SymmetricArray.class, long.class, long.class, SignalOp.class,
                int.class).invoke(c, d, 0L, src, 0, n, sig, 0L, 1L, SignalOp.ADD, pe);
    }

    // ---------------------------------------------------------------- ibput / ibget

    /** 6 blocks of 3, dest stride 5, source stride 4: each PE puts into its right neighbour and gets back. */
    static void blocksEveryCarrier(Shmem s) throws ReflectiveOperationException {
        ShmemContext c = s.ctxDefault();
        int me = s.myPe();
        for (ShmemType t : CARRIERS) {
            SymmetricArray d = s.malloc(t, 40);
            fill(s, d, SENTINEL);
            s.barrierAll();
            Object src = array(t, 30, i -> me * 3 + i % 50);
            ibput(c, d, 2, 5, src, 1, 4, 3, 6, right(s));
            s.barrierAll();
            for (int e = 0; e < 40; e++) {
                int rel = e - 2;
                boolean inBlock = rel >= 0 && rel / 5 < 6 && rel % 5 < 3;
                double want = inBlock ? left(s) * 3 + (1 + rel / 5 * 4 + rel % 5) % 50 : SENTINEL;
                equal(want, local(s, d, e), t.typeName() + " ibput: element " + e + " from PE " + left(s));
            }
            // ibget the same blocks back from the right neighbour into a strided local array.
            Object back = array(t, 30, i -> SENTINEL);
            ibget(c, back, 0, 5, d, 2, 5, 3, 6, right(s));
            for (int i = 0; i < 30; i++) {
                boolean inBlock = i / 5 < 6 && i % 5 < 3;
                double want = inBlock ? me * 3 + (1 + i / 5 * 4 + i % 5) % 50 : SENTINEL;
                equal(want, at(back, i), t.typeName() + " ibget: local element " + i);
            }
            s.barrierAll();
            s.free(d);
        }
    }

    static void blocksEdges(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray d = s.malloc(ShmemType.LONG, 16);
        fill(s, d, SENTINEL);
        s.barrierAll();
        long[] src = new long[16];
        Arrays.setAll(src, i -> 100 + i);
        c.ibput(d, 0, 4, src, 0, 4, 0, 4, right(s));      // bsize 0: nothing
        c.ibput(d, 0, 4, src, 0, 4, 2, 0, right(s));      // nblocks 0: nothing
        c.ibput(d, 16, 4, src, 16, 4, 2, 0, right(s));    // nothing, at the very end: allowed
        s.barrierAll();
        for (int e = 0; e < 16; e++) {
            equal(SENTINEL, local(s, d, e), "empty ibputs moved nothing: element " + e);
        }
        s.barrierAll();
        c.ibput(d, 0, 3, src, 0, 3, 3, 5, right(s));      // stride == bsize: one contiguous run of 15
        c.ibput(d, 15, 1, src, 15, 1, 1, 1, right(s));    // the last element alone, ending at the object's end
        s.barrierAll();
        for (int e = 0; e < 16; e++) {
            equal(100 + e, local(s, d, e), "contiguous blocks: element " + e);
        }
        s.barrierAll();
        // To oneself, with a created context and a long symmetric stride.
        ShmemContext own = s.ctxCreate(0);
        long[] mine = {1, 2, 3, 4};
        own.ibput(d, 0, 15, mine, 0, 2, 1, 2, s.myPe());  // elements 0 and 15
        equal(1, local(s, d, 0), "self ibput, block 0");
        equal(3, local(s, d, 15), "self ibput, block 1");
        long[] got = new long[4];
        own.ibget(got, 1, 2, d, 0, 15, 1, 2, s.myPe());
        that(Arrays.equals(got, new long[] {0, 1, 0, 3}), "self ibget: " + Arrays.toString(got));
        own.destroy();
        s.barrierAll();
        s.free(d);
    }

    static void blocksRefused(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray d = s.malloc(ShmemType.INT, 20);
        SymmetricArray tail = d.slice(12, 8); // its end is the allocation's end
        fill(s, d, SENTINEL);
        s.barrierAll();
        int[] src = new int[40];
        Arrays.fill(src, 9);
        int pe = right(s);
        // The last block straddles the object's end: 3 blocks of 3 with stride 4 need 11 elements.
        throwsA(BadArgumentException.class, "last block straddles the end",
                () -> c.ibput(d, 10, 4, src, 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "block straddles a slice's end",
                () -> c.ibput(tail, 0, 4, src, 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "one block longer than the object",
                () -> c.ibput(d, 0, 21, src, 0, 21, 21, 1, pe));
        throwsA(BadArgumentException.class, "ibget straddling the end",
                () -> c.ibget(new int[40], 0, 4, d, 10, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "a stride that overflows",
                () -> c.ibput(d, 0, Long.MAX_VALUE / 2, src, 0, 1, 1, 3, pe));
        throwsA(BadArgumentException.class, "stride below bsize (blocks overlap)",
                () -> c.ibput(d, 0, 2, src, 0, 4, 3, 2, pe));
        throwsA(BadArgumentException.class, "local stride below bsize",
                () -> c.ibget(new int[40], 0, 2, d, 0, 4, 3, 2, pe));
        throwsA(BadArgumentException.class, "zero stride", () -> c.ibput(d, 0, 0, src, 0, 4, 0, 2, pe));
        throwsA(BadArgumentException.class, "negative bsize", () -> c.ibput(d, 0, 4, src, 0, 4, -1, 2, pe));
        throwsA(BadArgumentException.class, "negative nblocks", () -> c.ibput(d, 0, 4, src, 0, 4, 1, -2, pe));
        throwsA(BadArgumentException.class, "local blocks leave the source array",
                () -> c.ibput(d, 0, 4, new int[10], 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "local blocks leave the destination array",
                () -> c.ibget(new int[10], 0, 4, d, 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "null local array", () -> c.ibput(d, 0, 4, (int[]) null, 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "wrong carrier", () -> c.ibput(d, 0, 4, new long[40], 0, 4, 3, 3, pe));
        throwsA(BadArgumentException.class, "PE outside the team", () -> c.ibput(d, 0, 4, src, 0, 4, 3, 3, s.nPes()));
        throwsA(BadArgumentException.class, "negative index", () -> c.ibput(d, -1, 4, src, 0, 4, 3, 3, pe));
        s.barrierAll();
        for (int e = 0; e < 20; e++) {
            equal(SENTINEL, local(s, d, e), "nothing arrived from the refused calls: element " + e);
        }
        s.barrierAll();
        s.free(d);
        throwsA(IllegalStateException.class, "a freed object", () -> c.ibput(d, 0, 4, src, 0, 4, 1, 1, pe));
    }

    // ---------------------------------------------------------------- signals

    static void signals(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray sig = s.calloc(ShmemType.UINT64, 3);
        s.barrierAll();
        c.signalSet(sig, 0, 10 + s.myPe(), right(s));
        equal(10 + left(s), s.signalWaitUntil(sig, 0, Cmp.EQ, 10 + left(s)), "signalSet from the left");
        // Every PE adds me + 1 to PE 0's word 1, through a created context.
        ShmemContext own = s.ctxCreate(ShmemContext.PRIVATE);
        own.signalAdd(sig, 1, s.myPe() + 1, 0);
        own.quiet();
        if (s.myPe() == 0) {
            long total = (long) s.nPes() * (s.nPes() + 1) / 2;
            equal(total, s.signalWaitUntil(sig, 1, Cmp.EQ, total), "signalAdd from every PE");
        }
        // Set and add on one word: the add sees the set.
        c.signalSet(sig, 2, 5, s.myPe());
        c.signalAdd(sig, 2, -2, s.myPe()); // uint64 wraps: 5 - 2
        equal(3, s.signalFetch(sig, 2), "set then add on oneself");
        SymmetricArray signed = s.calloc(ShmemType.INT64, 1);
        SymmetricArray narrow = s.calloc(ShmemType.UINT32, 1);
        throwsA(BadArgumentException.class, "signed signal word", () -> c.signalSet(signed, 0, 1, right(s)));
        throwsA(BadArgumentException.class, "32-bit signal word", () -> c.signalAdd(narrow, 0, 1, right(s)));
        throwsA(BadArgumentException.class, "index outside", () -> c.signalAdd(sig, 3, 1, right(s)));
        throwsA(BadArgumentException.class, "PE outside", () -> c.signalSet(sig, 0, 1, -1));
        throwsA(BadArgumentException.class, "null word", () -> c.signalSet(null, 0, 1, 0));
        own.destroy();
        throwsA(IllegalStateException.class, "destroyed context", () -> own.signalAdd(sig, 0, 1, 0));
        s.barrierAll();
        s.free(narrow);
        s.free(signed);
        s.free(sig);
    }

    /** A ring of put-with-signal, blocking and nbi, for every carrier (short, char and float new for blocking; byte, short, char, float new for nbi). */
    static void putSignalEveryCarrier(Shmem s) throws ReflectiveOperationException {
        ShmemContext c = s.ctxDefault();
        SymmetricArray sig = s.calloc(ShmemType.UINT64, 1);
        long expected = 0;
        for (boolean nbi : new boolean[] {false, true}) {
            for (ShmemType t : CARRIERS) {
                SymmetricArray d = s.calloc(t, 8);
                s.barrierAll();
                int tag = (nbi ? 20 : 0) + t.ordinal();
                putSignal(c, nbi, d, array(t, 8, i -> tag + i + s.myPe()), 8, sig, right(s));
                if (nbi) {
                    c.quiet();
                }
                expected++;
                s.signalWaitUntil(sig, 0, Cmp.GE, expected);
                for (int i = 0; i < 8; i++) {
                    equal(tag + i + left(s), local(s, d, i), t.typeName() + (nbi ? " putSignalNbi" : " putSignal")
                            + " element " + i);
                }
                s.barrierAll();
                s.free(d);
            }
        }
        SymmetricArray f = s.calloc(ShmemType.FLOAT, 4);
        throwsA(BadArgumentException.class, "more elements than the object",
                () -> c.putSignal(f, 0, new float[4], 0, 5, sig, 0, 1, SignalOp.SET, right(s)));
        throwsA(BadArgumentException.class, "char[] into a float object",
                () -> c.putSignalNbi(f, 0, new char[4], 0, 4, sig, 0, 1, SignalOp.SET, right(s)));
        throwsA(BadArgumentException.class, "null op",
                () -> c.putSignal(f, 0, new float[4], 0, 4, sig, 0, 1, null, right(s)));
        s.barrierAll();
        s.free(f);
        s.free(sig);
    }

    // ---------------------------------------------------------------- peQuiet and sessions

    static void peQuiet(Shmem s) {
        ShmemContext c = s.ctxDefault();
        SymmetricArray a = s.calloc(ShmemType.LONG, 8);
        for (int i = 0; i < 8; i++) {
            s.local(a).setAtIndex(ValueLayout.JAVA_LONG, i, 1000L * s.myPe() + i);
        }
        s.barrierAll();
        long[][] got = new long[s.nPes()][8];
        for (int pe = 0; pe < s.nPes(); pe++) {
            c.getNbi(got[pe], 0, a, 0, 8, pe);
        }
        c.peQuiet(right(s));
        for (int i = 0; i < 8; i++) {
            equal(1000L * right(s) + i, got[right(s)][i], "the named PE's get is complete, element " + i);
        }
        c.peQuiet();               // an empty list: nothing
        s.peQuiet(right(s), right(s), s.myPe()); // duplicates are fine; the plain form is the default context's
        c.quiet();                 // the rest
        for (int pe = 0; pe < s.nPes(); pe++) {
            equal(1000L * pe + 7, got[pe][7], "quiet completed the get from PE " + pe);
        }
        // Puts then peQuiet then a signal: the data is visible before the signal.
        SymmetricArray sig = s.calloc(ShmemType.UINT64, 1);
        c.putNbi(a, 0, new long[] {-1, -2}, 0, 2, right(s));
        c.peQuiet(right(s));
        c.signalSet(sig, 0, 1, right(s));
        s.signalWaitUntil(sig, 0, Cmp.EQ, 1);
        equal(-2, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 1), "data before the signal after peQuiet");
        // On a split team the PE numbers are the team's.
        ShmemTeam evens = s.teamWorld().splitStrided(0, 2, (s.nPes() + 1) / 2);
        if (evens.isValid()) {
            ShmemContext ec = evens.createContext(0);
            long[] one = new long[1];
            ec.getNbi(one, 0, a, 7, 1, evens.nPes() - 1);
            ec.peQuiet(evens.nPes() - 1);
            equal(1000L * 2 * (evens.nPes() - 1) + 7, one[0], "team-relative peQuiet");
            throwsA(BadArgumentException.class, "PE outside the split team", () -> ec.peQuiet(evens.nPes()));
            ec.destroy();
            evens.destroy();
        }
        throwsA(BadArgumentException.class, "null list", () -> c.peQuiet((int[]) null));
        throwsA(BadArgumentException.class, "PE -1", () -> c.peQuiet(-1));
        throwsA(BadArgumentException.class, "PE n", () -> s.peQuiet(0, s.nPes()));
        ShmemContext gone = s.ctxCreate(0);
        gone.destroy();
        throwsA(IllegalStateException.class, "destroyed context", () -> gone.peQuiet(0));
        s.barrierAll();
        s.free(sig);
        s.free(a);
    }

    static void sessions(Shmem s) {
        ShmemContext c = s.ctxCreate(0);
        SymmetricArray a = s.calloc(ShmemType.INT, 64);
        s.barrierAll();
        equal(0, c.sessionStart(ShmemContext.SESSION_BATCH, new ShmemSessionConfig(1000),
                ShmemSessionConfig.TOTAL_OPS), "session started");
        that(c.inSession(), "in a session");
        throwsA(IllegalStateException.class, "a second session", () -> c.sessionStart(0, null, 0));
        int[][] got = new int[64][1];
        for (int i = 0; i < 64; i++) {
            c.putNbi(a, i, new int[] {s.myPe() * 100 + i}, 0, 1, right(s));
            c.getNbi(got[i], 0, a, i, 1, s.myPe());
        }
        c.sessionStop();
        that(!c.inSession(), "session over");
        c.quiet();
        s.barrierAll();
        for (int i = 0; i < 64; i++) {
            equal(left(s) * 100 + i, local(s, a, i), "a session's put " + i);
        }
        c.sessionStop(); // no session: nothing
        equal(0, c.sessionStart(0, null, 0), "a plain session without configuration");
        c.sessionStop();
        equal(0, c.sessionStart(ShmemContext.SESSION_BATCH, new ShmemSessionConfig(1L << 40),
                ShmemSessionConfig.TOTAL_OPS), "a huge total_ops is a hint, capped");
        c.sessionStop();
        throwsA(BadArgumentException.class, "undefined option bits", () -> c.sessionStart(2, null, 0));
        throwsA(BadArgumentException.class, "undefined mask bits",
                () -> c.sessionStart(0, new ShmemSessionConfig(1), 4));
        throwsA(BadArgumentException.class, "a mask naming a null config",
                () -> c.sessionStart(0, null, ShmemSessionConfig.TOTAL_OPS));
        throwsA(BadArgumentException.class, "negative total_ops", () -> new ShmemSessionConfig(-1));
        that(!c.inSession(), "refused starts leave no session");
        s.barrierAll();
        s.free(a);
        c.destroy();
        throwsA(IllegalStateException.class, "destroyed context", () -> c.sessionStart(0, null, 0));
    }

    // ---------------------------------------------------------------- teams

    static void teamConfig(Shmem s) {
        equal(0, s.teamWorld().getConfig(ShmemTeamConfig.NUM_CONTEXTS).numContexts(), "world: default");
        ShmemTeam all = s.teamWorld().splitStrided(0, 1, s.nPes(), new ShmemTeamConfig(3), ShmemTeamConfig.NUM_CONTEXTS);
        equal(3, all.getConfig(ShmemTeamConfig.NUM_CONTEXTS).numContexts(), "num_contexts honoured");
        equal(0, all.getConfig(0).numContexts(), "mask 0: defaults");
        ShmemContext[] ctx = new ShmemContext[4];
        for (int i = 0; i < ctx.length; i++) {
            ctx[i] = all.createContext(0); // the hinted 3, and one more: contexts are not a scarce resource here
        }
        for (ShmemContext x : ctx) {
            x.destroy();
        }
        ShmemTeam unmasked = s.teamWorld().splitStrided(0, 1, s.nPes(), new ShmemTeamConfig(5), 0);
        equal(0, unmasked.getConfig(ShmemTeamConfig.NUM_CONTEXTS).numContexts(), "an unmasked field is ignored");
        ShmemTeam.Split2d grid = s.teamWorld().split2d(2, new ShmemTeamConfig(1), ShmemTeamConfig.NUM_CONTEXTS,
                null, 0);
        equal(1, grid.xAxis().getConfig(ShmemTeamConfig.NUM_CONTEXTS).numContexts(), "split2d x config");
        equal(0, grid.yAxis().getConfig(ShmemTeamConfig.NUM_CONTEXTS).numContexts(), "split2d y default");
        BadArgumentException neg = throwsA(BadArgumentException.class, "negative num_contexts",
                () -> new ShmemTeamConfig(-1));
        that(neg.getMessage().contains("negative"), neg.getMessage());
        throwsA(BadArgumentException.class, "undefined mask bits", () -> all.getConfig(2));
        throwsA(BadArgumentException.class, "a mask naming a null config",
                () -> s.teamWorld().splitStrided(0, 1, s.nPes(), null, ShmemTeamConfig.NUM_CONTEXTS));
        throwsA(IllegalStateException.class, "INVALID", () -> ShmemTeam.INVALID.getConfig(0));
        grid.xAxis().destroy();
        grid.yAxis().destroy();
        unmasked.destroy();
        all.destroy();
        throwsA(IllegalStateException.class, "destroyed", () -> all.getConfig(0));
    }

    static void contextTeam(Shmem s) {
        that(s.ctxDefault().team() == s.teamWorld(), "SHMEM_CTX_DEFAULT is on the world team");
        ShmemContext created = s.ctxCreate(0);
        that(created.team() == s.teamWorld(), "ctxCreate: the world team");
        created.destroy();
        ShmemTeam odd = s.teamWorld().splitStrided(s.nPes() > 1 ? 1 : 0, 2, s.nPes() > 1 ? s.nPes() / 2 : 1);
        if (odd.isValid()) {
            ShmemContext c = odd.createContext(0);
            that(c.team() == odd, "a team's context reports its team");
            c.destroy();
            odd.destroy();
        }
    }

    // ---------------------------------------------------------------- collectives

    static void alltoalls(Shmem s) {
        int n = s.nPes();
        int me = s.myPe();
        int nelems = 2;
        long dst = 3;
        long sst = 2;
        SymmetricArray source = s.malloc(ShmemType.INT, sst * (n * nelems - 1) + 1);
        SymmetricArray dest = s.malloc(ShmemType.INT, dst * (n * nelems - 1) + 1);
        fill(s, dest, SENTINEL);
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < nelems; k++) {
                s.local(source).setAtIndex(ValueLayout.JAVA_INT, sst * (j * nelems + k), me * 1000 + j * 10 + k);
            }
        }
        s.collectives().alltoalls(s.teamWorld(), dest, source, dst, sst, nelems);
        for (long e = 0; e < dest.length(); e++) {
            double want = SENTINEL;
            if (e % dst == 0) {
                long idx = e / dst;
                int from = (int) (idx / nelems);
                int k = (int) (idx % nelems);
                want = from * 1000 + me * 10 + k;
            }
            equal(want, local(s, dest, e), "alltoalls element " + e);
        }
        // Unit strides are the plain alltoall.
        SymmetricArray d1 = s.malloc(ShmemType.INT, n);
        SymmetricArray s1 = s.malloc(ShmemType.INT, n);
        for (int j = 0; j < n; j++) {
            s.local(s1).setAtIndex(ValueLayout.JAVA_INT, j, me * 10 + j);
        }
        s.collectives().alltoalls(s.teamWorld(), d1, s1, 1, 1, 1);
        for (int j = 0; j < n; j++) {
            equal(j * 10 + me, local(s, d1, j), "unit-stride alltoalls " + j);
        }
        s.collectives().alltoalls(s.teamWorld(), d1, s1, 2, 2, 0); // nothing
        // alltoallsmem: bytes, strides in bytes.
        SymmetricArray bs = s.calloc(ShmemType.UCHAR, 2L * n);
        SymmetricArray bd = s.calloc(ShmemType.UCHAR, 3L * n);
        for (int j = 0; j < n; j++) {
            s.local(bs).set(ValueLayout.JAVA_BYTE, 2L * j, (byte) (me * 16 + j));
        }
        s.collectives().alltoallsmem(s.teamWorld(), bd, bs, 3, 2, 1);
        for (int i = 0; i < n; i++) {
            equal(i * 16 + me, s.local(bd).get(ValueLayout.JAVA_BYTE, 3L * i), "alltoallsmem from PE " + i);
        }
        throwsA(BadArgumentException.class, "zero stride",
                () -> s.collectives().alltoalls(s.teamWorld(), dest, source, 0, 1, 1));
        throwsA(BadArgumentException.class, "dest too short for the stride",
                () -> s.collectives().alltoalls(s.teamWorld(), dest, source, dst + 1, sst, nelems));
        throwsA(BadArgumentException.class, "types differ",
                () -> s.collectives().alltoalls(s.teamWorld(), bd, source, 1, 1, 1));
        throwsA(BadArgumentException.class, "null team",
                () -> s.collectives().alltoalls(null, dest, source, 1, 1, 1));
        s.barrierAll();
        for (SymmetricArray x : new SymmetricArray[] {bd, bs, s1, d1, dest, source}) {
            s.free(x);
        }
    }

    static void memCollectives(Shmem s) {
        int n = s.nPes();
        int me = s.myPe();
        ShmemCollectives coll = s.collectives();
        ShmemTeam w = s.teamWorld();
        SymmetricArray src = s.calloc(ShmemType.LONG, 4);           // 32 bytes
        SymmetricArray dst = s.calloc(ShmemType.UCHAR, 32L * n);
        for (int i = 0; i < 32; i++) {
            s.local(src).set(ValueLayout.JAVA_BYTE, i, (byte) (me * 32 + i));
        }
        int root = n - 1;
        coll.broadcastmem(w, dst, src, 20, root);
        for (int i = 0; i < 32; i++) {
            equal(i < 20 ? (byte) (root * 32 + i) : 0, s.local(dst).get(ValueLayout.JAVA_BYTE, i),
                    "broadcastmem byte " + i);
        }
        coll.fcollectmem(w, dst, src, 8);
        for (int pe = 0; pe < n; pe++) {
            for (int i = 0; i < 8; i++) {
                equal((byte) (pe * 32 + i), s.local(dst).get(ValueLayout.JAVA_BYTE, pe * 8L + i),
                        "fcollectmem byte " + i + " of PE " + pe);
            }
        }
        long total = coll.collectmem(w, dst, src, me + 1); // PE r gives r + 1 bytes
        equal((long) n * (n + 1) / 2, total, "collectmem total");
        long at = 0;
        for (int pe = 0; pe < n; pe++) {
            for (int i = 0; i <= pe; i++) {
                equal((byte) (pe * 32 + i), s.local(dst).get(ValueLayout.JAVA_BYTE, at++), "collectmem from PE " + pe);
            }
        }
        SymmetricArray a2a = s.calloc(ShmemType.UCHAR, 2L * n);
        SymmetricArray a2aSrc = s.calloc(ShmemType.UCHAR, 2L * n);
        for (int j = 0; j < 2 * n; j++) {
            s.local(a2aSrc).set(ValueLayout.JAVA_BYTE, j, (byte) (me * 20 + j));
        }
        coll.alltoallmem(w, a2a, a2aSrc, 2);
        for (int pe = 0; pe < n; pe++) {
            equal((byte) (pe * 20 + 2 * me + 1), s.local(a2a).get(ValueLayout.JAVA_BYTE, 2L * pe + 1),
                    "alltoallmem from PE " + pe);
        }
        coll.broadcastmem(w, dst, src, 0, 0); // zero bytes: nothing
        throwsA(BadArgumentException.class, "more bytes than the source holds",
                () -> coll.broadcastmem(w, dst, src, 33, 0));
        throwsA(BadArgumentException.class, "more bytes than dest holds",
                () -> coll.fcollectmem(w, a2a, src, 32));
        throwsA(BadArgumentException.class, "negative", () -> coll.alltoallmem(w, a2a, a2aSrc, -1));
        throwsA(BadArgumentException.class, "root outside", () -> coll.broadcastmem(w, dst, src, 1, n));
        throwsA(BadArgumentException.class, "null team", () -> coll.broadcastmem(null, dst, src, 1, 0));
        s.barrierAll();
        for (SymmetricArray x : new SymmetricArray[] {a2aSrc, a2a, dst, src}) {
            s.free(x);
        }
    }

    /** The value PE {@code pe} contributes at element {@code k}. */
    private static double contribution(ShmemType t, int pe, int k) {
        return t.isFloatingPoint() ? (pe + 1) * 0.5 + k : (pe * 37 + k * 11 + 3) % 100;
    }

    static void scans(Shmem s) {
        int me = s.myPe();
        int n = 6;
        for (ShmemType t : new ShmemType[] {ShmemType.CHAR, ShmemType.UCHAR, ShmemType.SHORT, ShmemType.USHORT,
            ShmemType.INT, ShmemType.UINT32, ShmemType.LONG, ShmemType.SIZE, ShmemType.FLOAT, ShmemType.DOUBLE}) {
            SymmetricArray src = s.malloc(t, n);
            SymmetricArray in = s.malloc(t, n);
            SymmetricArray ex = s.malloc(t, n);
            for (int k = 0; k < n; k++) {
                fillAt(s, src, k, contribution(t, me, k));
            }
            s.collectives().sumInscan(s.teamWorld(), in, src, n);
            s.collectives().sumExscan(s.teamWorld(), ex, src, n);
            for (int k = 0; k < n; k++) {
                double prefix = 0; // serial prefix sum, wrapped to the type
                for (int pe = 0; pe < me; pe++) {
                    prefix += contribution(t, pe, k);
                }
                equal(wrap(t, prefix), local(s, ex, k), t.typeName() + " sumExscan element " + k);
                equal(wrap(t, prefix + contribution(t, me, k)), local(s, in, k), t.typeName() + " sumInscan element " + k);
            }
            s.barrierAll();
            s.free(ex);
            s.free(in);
            s.free(src);
        }
    }

    private static void fillAt(Shmem s, SymmetricArray a, long i, double v) {
        MemorySegment m = s.local(a);
        switch (a.type().carrier()) {
            case BYTE -> m.set(ValueLayout.JAVA_BYTE, i, (byte) v);
            case SHORT -> m.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) v);
            case INT -> m.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) v);
            case LONG -> m.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, (long) v);
            case FLOAT -> m.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) v);
            default -> m.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i, v);
        }
    }

    /** {@code v} as the type's carrier holds it, read back signed as {@link #local} does. */
    private static double wrap(ShmemType t, double v) {
        return switch (t.carrier()) {
            case BYTE -> (byte) (long) v;
            case SHORT -> (short) (long) v;
            case INT -> (int) (long) v;
            case LONG -> (long) v;
            case FLOAT -> (float) v;
            default -> v;
        };
    }

    static void scanEdges(Shmem s) {
        ShmemCollectives coll = s.collectives();
        // In place, on a team of the odd-numbered PEs (team numbering), and zero elements.
        ShmemTeam odd = s.nPes() > 1 ? s.teamWorld().splitStrided(1, 2, s.nPes() / 2) : s.teamWorld();
        SymmetricArray a = s.malloc(ShmemType.LONG, 2);
        if (odd.isValid()) {
            s.local(a).setAtIndex(ValueLayout.JAVA_LONG, 0, odd.myPe() + 1);
            s.local(a).setAtIndex(ValueLayout.JAVA_LONG, 1, 1);
            coll.sumInscan(odd, a, a, 2);
            long r = odd.myPe() + 1;
            equal(r * (r + 1) / 2, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 0), "in place, team-relative");
            equal(r, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 1), "in place, counting PEs");
            coll.sumExscan(odd, a, a, 0); // nothing
            equal(r * (r + 1) / 2, s.local(a).getAtIndex(ValueLayout.JAVA_LONG, 0), "zero elements: untouched");
            if (odd != s.teamWorld()) {
                odd.destroy();
            }
        }
        s.barrierAll();
        SymmetricArray i = s.malloc(ShmemType.INT, 2);
        throwsA(BadArgumentException.class, "types differ", () -> coll.sumInscan(s.teamWorld(), i, a, 2));
        throwsA(BadArgumentException.class, "more elements than the source",
                () -> coll.sumExscan(s.teamWorld(), a, a, 3));
        throwsA(BadArgumentException.class, "negative", () -> coll.sumExscan(s.teamWorld(), a, a, -1));
        throwsA(BadArgumentException.class, "null team", () -> coll.sumInscan(null, a, a, 1));
        throwsA(IllegalStateException.class, "INVALID team", () -> coll.sumInscan(ShmemTeam.INVALID, a, a, 1));
        s.barrierAll();
        s.free(i);
        s.free(a);
    }

    // ---------------------------------------------------------------- 1.6's settled semantics

    /**
     * Memory management routines are collectives on the world team: once {@code malloc} returns on
     * a PE, every PE has allocated, so a put into the new object needs no further barrier.
     */
    static void mallocIsWorldCollective(Shmem s) {
        SymmetricArray a = s.calloc(ShmemType.LONG, 4);
        s.ctxDefault().pLong(a, 1, 50 + s.myPe(), right(s)); // no barrier between: the allocation was one
        SymmetricArray b = s.realloc(a, ShmemType.LONG, 8); // completes the put (quiet) and synchronises
        equal(50 + left(s), s.local(b).getAtIndex(ValueLayout.JAVA_LONG, 1), "the put right after calloc");
        SymmetricArray c = s.align(256, ShmemType.INT, 2);
        s.ctxDefault().pInt(c, 0, 7, right(s));
        s.free(c); // a barrier on entry after completing the put: nobody frees before it lands
        s.free(b);
        equal(0, s.defaultSpace().usedBytes(), "everything returned");
    }

    /** Fence orders the operations of its own context; other contexts' operations are unaffected (and still complete at their quiet). */
    static void fencePerContext(Shmem s) {
        ShmemContext one = s.ctxCreate(0);
        ShmemContext two = s.ctxCreate(0);
        SymmetricArray data = s.calloc(ShmemType.LONG, 2);
        SymmetricArray flag = s.calloc(ShmemType.UINT64, 1);
        s.barrierAll();
        long[] got = new long[1];
        two.getNbi(got, 0, data, 0, 1, right(s)); // pending on context two
        one.putNbi(data, 1, new long[] {42}, 0, 1, right(s));
        one.fence();                               // orders context one only
        one.signalSet(flag, 0, 1, right(s));
        s.signalWaitUntil(flag, 0, Cmp.EQ, 1);
        equal(42, s.local(data).getAtIndex(ValueLayout.JAVA_LONG, 1), "the fenced put precedes the signal");
        two.quiet();
        equal(0, got[0], "context two's get completed at its own quiet");
        one.destroy();
        two.destroy();
        s.barrierAll();
        s.free(flag);
        s.free(data);
    }

    static void emptySets(Shmem s) {
        SymmetricArray v = s.calloc(ShmemType.INT, 3);
        boolean[] none = {true, true, true};
        that(s.testAll(v, none, Cmp.EQ, 99), "testAll, every element excluded: true");
        that(s.testAllVector(v, none, Cmp.EQ, new long[] {9, 9, 9}), "testAllVector, every element excluded: true");
        SymmetricArray empty = v.slice(1, 0);
        that(s.testAll(empty, null, Cmp.EQ, 99), "testAll over zero elements: true");
        equal(-1, s.testAny(empty, null, Cmp.EQ, 0), "testAny over zero elements");
        equal(0, s.testSome(empty, new long[0], null, Cmp.EQ, 0), "testSome over zero elements");
        s.waitUntilAll(empty, null, Cmp.EQ, 99);   // returns at once
        s.waitUntilAll(v, none, Cmp.EQ, 99);
        equal(-1, s.waitUntilAny(empty, null, Cmp.EQ, 0), "waitUntilAny over nothing");
        s.barrierAll();
        s.free(v);
    }

    static void vectorValuesReadOnly(Shmem s) {
        SymmetricArray v = s.calloc(ShmemType.LONG, 3);
        long[] values = {0, 5, 0};
        long[] copy = values.clone();
        long[] idx = new long[3];
        that(!s.testAllVector(v, null, Cmp.EQ, values), "element 1 is not 5");
        equal(0, s.testAnyVector(v, null, Cmp.EQ, values), "element 0 matches");
        equal(2, s.testSomeVector(v, idx, null, Cmp.EQ, values), "two match");
        s.waitUntilAllVector(v, new boolean[] {false, true, false}, Cmp.EQ, values);
        s.waitUntilAnyVector(v, null, Cmp.EQ, values);
        s.waitUntilSomeVector(v, idx, null, Cmp.EQ, values);
        that(Arrays.equals(values, copy), "the comparison values are unchanged: " + Arrays.toString(values));
        s.barrierAll();
        s.free(v);
    }
}
