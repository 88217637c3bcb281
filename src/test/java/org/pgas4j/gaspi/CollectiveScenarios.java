package org.pgas4j.gaspi;

import static org.pgas4j.gaspi.Expect.equal;
import static org.pgas4j.gaspi.Expect.error;
import static org.pgas4j.gaspi.Expect.isTrue;
import static org.pgas4j.gaspi.Expect.success;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Groups and collectives: a barrier (and an allreduce) timing out while one rank stays away,
 * then succeeding once it comes; allreduce over every datatype and operation and a user-defined
 * reduction; the group procedures and their codes; segment_use over a subgroup.
 */
final class CollectiveScenarios {
    private static final long T = 60_000;

    private CollectiveScenarios() {
    }

    static Map<String, GaspiScenario> all() {
        Map<String, GaspiScenario> m = new LinkedHashMap<>();
        m.put("barrierTimesOutWhileOneRankStaysAwayThenSucceeds", CollectiveScenarios::barrierTimeout);
        m.put("allreduceTimesOutThenCompletes", CollectiveScenarios::allreduceTimeout);
        m.put("allreduceEveryTypeAndOperation", CollectiveScenarios::allreduceAll);
        m.put("allreduceUserDefinedInRankOrder", CollectiveScenarios::allreduceUser);
        m.put("groupProcedures", CollectiveScenarios::groups);
        m.put("segmentUseOverASubgroup", CollectiveScenarios::useOverSubgroup);
        m.put("segmentUseTimesOutThenResumesWithoutBindingTwice", CollectiveScenarios::useResumes);
        m.put("groupCommitWithDifferentMembersFails", CollectiveScenarios::commitMismatch);
        return m;
    }

    /** Rank n - 1 enters only after every other rank saw its barrier time out and told it so. */
    static void barrierTimeout(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        success(g.segmentCreate(1, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        int late = n - 1;
        if (n == 1) {
            success(g.barrier(Gaspi.GROUP_ALL, Gaspi.TEST), "a barrier of one");
        } else if (me != late) {
            equal(GaspiReturn.TIMEOUT.ordinal(), g.barrier(Gaspi.GROUP_ALL, Gaspi.TEST).ordinal(), "TEST");
            long t0 = System.nanoTime();
            equal(GaspiReturn.TIMEOUT.ordinal(), g.barrier(Gaspi.GROUP_ALL, 50).ordinal(), "50 ms");
            isTrue(System.nanoTime() - t0 >= 45_000_000L, "the barrier waited for its timeout");
            success(g.notify(1, late, me, 1, 0, T), "tell the late rank");
            success(g.wait(0, T), "wait");
            success(g.barrier(Gaspi.GROUP_ALL, T), "the re-called barrier completes");
        } else {
            int[] first = new int[1];
            for (int k = 0; k < n - 1; k++) {
                success(g.notifyWaitsome(1, 0, n - 1, first, T), "waitsome");
                equal(1, g.notifyReset(1, first[0]), "told by " + first[0]);
            }
            success(g.barrier(Gaspi.GROUP_ALL, T), "the late rank's barrier");
        }
        for (int i = 0; i < 5; i++) {
            success(g.barrier(Gaspi.GROUP_ALL, T), "later barrier " + i);
        }
        g.segmentDelete(1);
    }

    static void allreduceTimeout(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        success(g.segmentCreate(1, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment s = arena.allocate(8, 8);
            MemorySegment r = arena.allocate(8, 8);
            s.set(ValueLayout.JAVA_LONG, 0, me + 1);
            int late = n - 1;
            if (n > 1 && me != late) {
                equal(GaspiReturn.TIMEOUT.ordinal(), g.allreduce(s, r, 1, GaspiOperation.SUM, GaspiDatatype.LONG,
                        Gaspi.GROUP_ALL, 20).ordinal(), "allreduce without the late rank");
                success(g.notify(1, late, me, 1, 0, T), "tell the late rank");
                success(g.wait(0, T), "wait");
            } else if (n > 1) {
                int[] first = new int[1];
                for (int k = 0; k < n - 1; k++) {
                    success(g.notifyWaitsome(1, 0, n - 1, first, T), "waitsome");
                    g.notifyReset(1, first[0]);
                }
            }
            success(g.allreduce(s, r, 1, GaspiOperation.SUM, GaspiDatatype.LONG, Gaspi.GROUP_ALL, T), "allreduce");
            equal((long) n * (n + 1) / 2, r.get(ValueLayout.JAVA_LONG, 0), "sum");
        }
        g.segmentDelete(1);
    }

    static void allreduceAll(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int num = 255;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment s = arena.allocate(8L * num, 8);
            MemorySegment r = arena.allocate(8L * num, 8);
            for (GaspiDatatype type : GaspiDatatype.values()) {
                for (GaspiOperation op : GaspiOperation.values()) {
                    for (int i = 0; i < num; i++) {
                        put(s, type, i, value(type, me, i));
                    }
                    success(g.allreduce(s, r, num, op, type, Gaspi.GROUP_ALL, T), "allreduce " + type + " " + op);
                    for (int i = 0; i < num; i++) {
                        long expected = value(type, 0, i);
                        for (int k = 1; k < n; k++) {
                            long v = value(type, k, i);
                            boolean unsigned = type == GaspiDatatype.ULONG;
                            expected = switch (op) {
                                case MIN -> (unsigned ? Long.compareUnsigned(v, expected) < 0 : v < expected) ? v : expected;
                                case MAX -> (unsigned ? Long.compareUnsigned(v, expected) > 0 : v > expected) ? v : expected;
                                case SUM -> expected + v;
                            };
                        }
                        if (type == GaspiDatatype.UINT) {
                            expected &= 0xffffffffL; // unsigned 32-bit arithmetic wraps
                        }
                        long got = get(r, type, i);
                        isTrue(got == expected, type + " " + op + " element " + i + ": expected " + expected + ", got " + got);
                    }
                }
            }
            error(GaspiError.ALLREDUCE_TOO_LARGE, () -> g.allreduce(s, r, 256, GaspiOperation.SUM, GaspiDatatype.INT,
                    Gaspi.GROUP_ALL, T));
            error(GaspiError.OUT_OF_BOUNDS, () -> g.allreduce(s.asSlice(0, 8), r, 2, GaspiOperation.SUM,
                    GaspiDatatype.LONG, Gaspi.GROUP_ALL, T));
        }
    }

    /**
     * Values exact in every type, negative for the signed ones; the unsigned ones straddle the
     * signed range's top (2^31, 2^63), so a signed comparison would pick the wrong one.
     */
    private static long value(GaspiDatatype type, int rank, int i) {
        long small = (rank * 7 + i) % 23 - 11;
        return switch (type) {
            case INT, LONG, FLOAT, DOUBLE -> small;
            case UINT -> (1L << 31) - 12 + small + 12 * (rank % 2);
            case ULONG -> Long.MIN_VALUE - 12 + small + 12 * (rank % 2);
        };
    }

    private static void put(MemorySegment m, GaspiDatatype t, int i, long v) {
        switch (t) {
            case INT, UINT -> m.set(ValueLayout.JAVA_INT, 4L * i, (int) v);
            case FLOAT -> m.set(ValueLayout.JAVA_FLOAT, 4L * i, (float) v);
            case DOUBLE -> m.set(ValueLayout.JAVA_DOUBLE, 8L * i, (double) v);
            case LONG, ULONG -> m.set(ValueLayout.JAVA_LONG, 8L * i, v);
        }
    }

    private static long get(MemorySegment m, GaspiDatatype t, int i) {
        return switch (t) {
            case INT -> m.get(ValueLayout.JAVA_INT, 4L * i);
            case UINT -> Integer.toUnsignedLong(m.get(ValueLayout.JAVA_INT, 4L * i));
            case FLOAT -> (long) m.get(ValueLayout.JAVA_FLOAT, 4L * i);
            case DOUBLE -> (long) m.get(ValueLayout.JAVA_DOUBLE, 8L * i);
            case LONG, ULONG -> m.get(ValueLayout.JAVA_LONG, 8L * i);
        };
    }

    /** A non-commutative reduction of 16-byte elements: every rank must fold in rank order. */
    static void allreduceUser(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        GaspiReduction fold = (a, b, res, num, size) -> {
            for (int i = 0; i < num; i++) {
                long off = (long) i * size;
                res.set(ValueLayout.JAVA_LONG, off, a.get(ValueLayout.JAVA_LONG, off) * 31 + b.get(ValueLayout.JAVA_LONG, off));
                res.set(ValueLayout.JAVA_LONG, off + 8, Math.max(a.get(ValueLayout.JAVA_LONG, off + 8),
                        b.get(ValueLayout.JAVA_LONG, off + 8)));
            }
        };
        try (Arena arena = Arena.ofShared()) {
            MemorySegment s = arena.allocate(16 * 3, 8);
            MemorySegment r = arena.allocate(16 * 3, 8);
            for (int i = 0; i < 3; i++) {
                s.set(ValueLayout.JAVA_LONG, 16L * i, me + 1 + i);
                s.set(ValueLayout.JAVA_LONG, 16L * i + 8, me * 100 + i);
            }
            success(g.allreduceUser(s, r, 3, 16, fold, Gaspi.GROUP_ALL, T), "allreduceUser");
            for (int i = 0; i < 3; i++) {
                long expected = 1 + i;
                for (int k = 1; k < n; k++) {
                    expected = expected * 31 + (k + 1 + i);
                }
                equal(expected, r.get(ValueLayout.JAVA_LONG, 16L * i), "fold of element " + i);
                equal((n - 1) * 100L + i, r.get(ValueLayout.JAVA_LONG, 16L * i + 8), "max of element " + i);
            }
        }
    }

    static void groups(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        equal(n, g.groupSize(Gaspi.GROUP_ALL), "GROUP_ALL");
        int before = g.groupNum();
        int grp = g.groupCreate();
        equal(before + 1, g.groupNum(), "groups after create");
        error(GaspiError.NOT_A_GROUP_MEMBER, () -> g.barrier(grp, T));
        // Odd ranks and rank 0, added in descending order: ranks come out ascending.
        for (int r = n - 1; r >= 0; r--) {
            if (r == 0 || r % 2 == 1) {
                g.groupAdd(grp, r);
            }
        }
        error(GaspiError.GROUP_MEMBERSHIP, () -> g.groupAdd(grp, 0));
        error(GaspiError.INVALID_RANK, () -> g.groupAdd(grp, n));
        boolean member = me == 0 || me % 2 == 1;
        if (member) {
            success(g.groupCommit(grp, T), "commit");
            error(GaspiError.GROUP_MEMBERSHIP, () -> g.groupAdd(grp, 2 < n ? 2 : 0));
            for (int i = 0; i < 3; i++) {
                success(g.barrier(grp, T), "group barrier");
            }
            try (Arena arena = Arena.ofShared()) {
                MemorySegment s = arena.allocate(4, 4);
                MemorySegment r = arena.allocate(4, 4);
                s.set(ValueLayout.JAVA_INT, 0, 1);
                success(g.allreduce(s, r, 1, GaspiOperation.SUM, GaspiDatatype.INT, grp, T), "group allreduce");
                equal(g.groupSize(grp), r.get(ValueLayout.JAVA_INT, 0), "members counted");
            }
        } else {
            error(GaspiError.NOT_A_GROUP_MEMBER, () -> g.groupCommit(grp, T));
        }
        int[] expected = java.util.stream.IntStream.range(0, n).filter(r -> r == 0 || r % 2 == 1).toArray();
        isTrue(Arrays.equals(expected, g.groupRanks(grp)), "ranks " + Arrays.toString(g.groupRanks(grp)));
        g.groupDelete(grp);
        error(GaspiError.INVALID_GROUP, () -> g.groupDelete(grp));
        error(GaspiError.INVALID_GROUP, () -> g.groupDelete(Gaspi.GROUP_ALL));
        error(GaspiError.INVALID_GROUP, () -> g.barrier(grp, T));
        equal(before, g.groupNum(), "groups after delete");
    }

    /** The even ranks bind a buffer each over their group and pass data around their own ring; the odd ones stay out. */
    static void useOverSubgroup(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int grp = g.groupCreate();
        for (int r = 0; r < n; r += 2) {
            g.groupAdd(grp, r);
        }
        if (me % 2 == 0) {
            success(g.groupCommit(grp, T), "commit");
            int[] members = g.groupRanks(grp);
            int k = members.length;
            int pos = Arrays.binarySearch(members, me);
            int right = members[(pos + 1) % k];
            int left = members[(pos + k - 1) % k];
            try (Arena arena = Arena.ofShared()) {
                MemorySegment buf = arena.allocate(4096, 4096);
                buf.set(ValueLayout.JAVA_LONG, 0, 5000 + me);
                success(g.segmentUse(5, MemoryDescription.HOST, buf, 4096, grp, T), "segmentUse over the group");
                success(g.writeNotify(5, 0, right, 5, 8, 8, 0, 1, 0, T), "writeNotify");
                int[] first = new int[1];
                success(g.notifyWaitsome(5, 0, 1, first, T), "waitsome");
                g.notifyReset(5, 0);
                equal(5000 + left, buf.get(ValueLayout.JAVA_LONG, 8), "from the left member");
                success(g.wait(0, T), "wait");
                success(g.barrier(grp, T), "group barrier");
                if (n > 1) {
                    int outsider = 1;
                    error(GaspiError.SEGMENT_NOT_REGISTERED, () -> g.write(5, 0, outsider, 5, 0, 8, 0, T));
                }
                g.segmentDelete(5);
                equal(5000 + left, buf.get(ValueLayout.JAVA_LONG, 8), "the data stays after delete");
            }
        }
        g.groupDelete(grp);
    }

    /**
     * Rank n - 1 binds late: the others' segment_use (one timeout for bind, register and barrier)
     * times out, and their re-call with the same arguments completes without binding again.
     */
    static void useResumes(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int late = n - 1;
        success(g.segmentCreate(1, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = arena.allocate(4096, 4096);
            if (n > 1 && me != late) {
                equal(GaspiReturn.TIMEOUT.ordinal(), g.segmentUse(7, MemoryDescription.HOST, buf, 4096, Gaspi.GROUP_ALL,
                        30).ordinal(), "segmentUse without the late rank");
                equal(1, g.segmentNum() - 1, "the bind is kept for the re-call");
                success(g.notify(1, late, me, 1, 0, T), "tell the late rank");
                success(g.wait(0, T), "wait");
            } else if (n > 1) {
                int[] first = new int[1];
                for (int k = 0; k < n - 1; k++) {
                    success(g.notifyWaitsome(1, 0, n - 1, first, T), "waitsome");
                    g.notifyReset(1, first[0]);
                }
            }
            success(g.segmentUse(7, MemoryDescription.HOST, buf, 4096, Gaspi.GROUP_ALL, T), "segmentUse completes");
            int right = (me + 1) % n;
            buf.set(ValueLayout.JAVA_LONG, 0, 700 + me);
            success(g.write(7, 0, right, 7, 8, 8, 0, T), "write into the used segment");
            success(g.wait(0, T), "wait");
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            equal(700 + (me + n - 1) % n, buf.get(ValueLayout.JAVA_LONG, 8), "data from the left");
            error(GaspiError.SEGMENT_ID_IN_USE, () -> g.segmentUse(7, MemoryDescription.HOST, buf, 4096,
                    Gaspi.GROUP_ALL, T));
            g.segmentDelete(7);
        }
        g.segmentDelete(1);
    }

    /**
     * Ranks 0 and 1 list {0, 1}; ranks 1 and 2 list {0, 1, 2} (rank 1 disagrees with itself on
     * purpose: it adds rank 2 too). Ranks 0 and 1 see each other's digests and fail with
     * GROUP_MISMATCH; rank 2 never hears from rank 0 and times out.
     */
    static void commitMismatch(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int grp = g.groupCreate();
        if (n >= 3 && me <= 2) {
            g.groupAdd(grp, 0);
            g.groupAdd(grp, 1);
            if (me >= 1) {
                g.groupAdd(grp, 2);
            }
            if (me == 2) {
                equal(GaspiReturn.TIMEOUT.ordinal(), g.groupCommit(grp, 300).ordinal(), "rank 2 never hears rank 0");
            } else {
                GaspiException e = error(GaspiError.GROUP_MISMATCH, () -> g.groupCommit(grp, T));
                isTrue(e.getMessage().contains("other members"), e.getMessage());
            }
            error(GaspiError.NOT_A_GROUP_MEMBER, () -> g.barrier(grp, T));
        }
        g.groupDelete(grp);
    }
}
