package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Collectives;
import org.pgas4j.DataType;
import org.pgas4j.Event;
import org.pgas4j.ReduceOp;
import org.pgas4j.ResourceException;
import org.pgas4j.Team;
import org.pgas4j.testing.ReductionReference;

/**
 * Collectives and team splitting: every result is compared with a serial computation of what it
 * must be, on the world team and on derived teams, for every root, type and operator.
 */
final class CollectiveScenarios {
    private CollectiveScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("broadcastEveryRootAndSize", c -> broadcastEveryRootAndSize(c, c.world()));
        s.put("reduceAndAllreduceEveryTypeAndOp", c -> reductions(c, c.world()));
        s.put("gatherScatterEveryRoot", c -> gatherScatter(c, c.world()));
        s.put("allgatherEqualAndVariable", c -> allgathers(c, c.world()));
        s.put("alltoallBlocks", c -> alltoall(c, c.world()));
        s.put("nonBlockingKeepInitiationOrder", CollectiveScenarios::nonBlockingKeepInitiationOrder);
        s.put("splitByColorAndKey", CollectiveScenarios::splitByColorAndKey);
        s.put("splitStridedAnd2d", CollectiveScenarios::splitStridedAnd2d);
        s.put("destroyRulesAndChannelExhaustion", CollectiveScenarios::destroyRulesAndChannelExhaustion);
        s.put("argumentErrors", CollectiveScenarios::argumentErrors);
        return s;
    }

    private static long[] sizes() {
        return new long[] {0, 1, 8, 1000, 300_000}; // the last is larger than a mailbox chunk
    }

    static void broadcastEveryRootAndSize(Client c, Team t) {
        Collectives coll = c.collectives();
        for (int root = 0; root < t.size(); root++) {
            for (long size : sizes()) {
                MemorySegment src = MemorySegment.ofArray(new byte[(int) size]);
                MemorySegment dst = MemorySegment.ofArray(new byte[(int) size]);
                if (t.rank() == root) {
                    Patterns.fill(src, 0, size, 7, root);
                }
                coll.broadcast(t, root, dst, t.rank() == root ? src : null, size);
                long at = Patterns.mismatch(dst, 0, size, 7, root);
                if (at >= 0) {
                    int r = root;
                    Check.equal(Patterns.at(at, 7, root), dst.get(JAVA_BYTE, at), () -> "broadcast from " + r + " byte " + at);
                }
            }
        }
        long[] one = {t.rank() == 0 ? 4242 : -1};
        coll.broadcast(t, 0, one, 1);
        Check.equal(4242, one[0], () -> "broadcast of a long array");
    }

    /** The value member {@code r} contributes at element {@code i}. */
    private static long value(int r, int i, ReduceOp op) {
        return switch (op) {
            case PROD -> 1 + ((r + i) % 2);
            case AND, OR, XOR -> r * 0x1234567L + i * 0x89L + 0x5A5A;
            default -> (r * 7L + i * 3L) % 23 - 11;
        };
    }

    /**
     * What member {@code r} contributes, {@code count} elements of {@code type} in native byte order
     * (as the collectives read them), over an array of the type.
     */
    private static MemorySegment contribution(DataType type, ReduceOp op, int r, int count) {
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            values[i] = value(r, i, op);
        }
        return asTypedArray(type, values);
    }

    /** The serial reduction over members 0..n-1, element by element, in the type's own arithmetic. */
    private static MemorySegment expected(DataType type, ReduceOp op, int n, int count) {
        if (!type.isIntegral()) {
            boolean single = type == DataType.FLOAT;
            double[] acc = new double[count];
            for (int i = 0; i < count; i++) {
                double a = value(0, i, op);
                for (int r = 1; r < n; r++) {
                    a = ReductionReference.floating(op, a, value(r, i, op));
                    a = single ? (float) a : a; // each step rounded to float, as float arithmetic is
                }
                acc[i] = a;
            }
            if (!single) {
                return MemorySegment.ofArray(acc);
            }
            float[] floats = new float[count];
            for (int i = 0; i < count; i++) {
                floats[i] = (float) acc[i];
            }
            return MemorySegment.ofArray(floats);
        }
        long[] acc = new long[count];
        for (int i = 0; i < count; i++) {
            long a = narrow(type, value(0, i, op));
            for (int r = 1; r < n; r++) {
                a = narrow(type, ReductionReference.integral(op, a, narrow(type, value(r, i, op))));
            }
            acc[i] = a;
        }
        return asTypedArray(type, acc);
    }

    /** {@code v} as the signed integral type holds it. */
    private static long narrow(DataType type, long v) {
        return switch (type) {
            case BYTE -> (byte) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            default -> v;
        };
    }

    /** {@code values} converted to an array of {@code type}, as a segment. */
    private static MemorySegment asTypedArray(DataType type, long[] values) {
        int count = values.length;
        return switch (type) {
            case BYTE -> {
                byte[] a = new byte[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (byte) values[i];
                }
                yield MemorySegment.ofArray(a);
            }
            case SHORT -> {
                short[] a = new short[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (short) values[i];
                }
                yield MemorySegment.ofArray(a);
            }
            case INT -> {
                int[] a = new int[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (int) values[i];
                }
                yield MemorySegment.ofArray(a);
            }
            case LONG -> MemorySegment.ofArray(values);
            case FLOAT -> {
                float[] a = new float[count];
                for (int i = 0; i < count; i++) {
                    a[i] = values[i];
                }
                yield MemorySegment.ofArray(a);
            }
            case DOUBLE -> {
                double[] a = new double[count];
                for (int i = 0; i < count; i++) {
                    a[i] = values[i];
                }
                yield MemorySegment.ofArray(a);
            }
        };
    }

    static void reductions(Client c, Team t) {
        Collectives coll = c.collectives();
        int n = t.size();
        for (DataType type : DataType.values()) {
            for (ReduceOp op : ReduceOp.values()) {
                if (op.isBitwise() && !type.isIntegral()) {
                    continue;
                }
                // Long vectors span several mailbox chunks: one per family is enough.
                boolean big = type == DataType.LONG && op == ReduceOp.SUM || type == DataType.DOUBLE && op == ReduceOp.MAX
                        || type == DataType.BYTE && op == ReduceOp.XOR;
                for (int count : big ? new int[] {1, 3, 100, 200_000 / type.byteSize()} : new int[] {1, 3, 100}) {
                    // A byte-array buffer, its values built in an array of the type and copied in.
                    MemorySegment src = MemorySegment.ofArray(new byte[count * type.byteSize()]);
                    src.copyFrom(contribution(type, op, t.rank(), count));
                    MemorySegment want = expected(type, op, n, count);
                    MemorySegment all = MemorySegment.ofArray(new byte[(int) src.byteSize()]);
                    coll.allreduce(t, all, src, type, count, op);
                    long mismatch = all.mismatch(want);
                    Check.that(mismatch == -1, () -> "allreduce " + type + " " + op + " x" + count + " differs at byte "
                            + mismatch);
                    int root = (count + op.ordinal()) % n;
                    MemorySegment one = MemorySegment.ofArray(new byte[(int) src.byteSize()]);
                    coll.reduce(t, root, t.rank() == root ? one : null, src, type, count, op);
                    if (t.rank() == root) {
                        long m = one.mismatch(want);
                        Check.that(m == -1, () -> "reduce " + type + " " + op + " differs at byte " + m);
                    }
                }
            }
        }
        // In place, and the scalar conveniences.
        long[] inPlace = {t.rank() + 1L, 2};
        coll.allreduce(t, inPlace, inPlace, ReduceOp.SUM);
        Check.equal((long) n * (n + 1) / 2, inPlace[0], () -> "in-place allreduce");
        Check.equal(n - 1, coll.allreduceLong(t, t.rank(), ReduceOp.MAX), () -> "allreduceLong MAX");
        Check.that(coll.allreduceDouble(t, 0.5, ReduceOp.SUM) == 0.5 * n, () -> "allreduceDouble SUM");
    }

    static void gatherScatter(Client c, Team t) {
        Collectives coll = c.collectives();
        int n = t.size();
        for (int root = 0; root < n; root++) {
            for (long each : new long[] {0, 3, 70_000}) {
                MemorySegment mine = MemorySegment.ofArray(Patterns.linear(each, 1, t.rank() * 31));
                MemorySegment all = MemorySegment.ofArray(new byte[(int) (each * n)]);
                coll.gather(t, root, t.rank() == root ? all : null, mine, each);
                if (t.rank() == root) {
                    for (int m = 0; m < n; m++) {
                        long at = Patterns.mismatch(all, m * each, each, 1, m * 31);
                        int mm = m;
                        Check.that(at < 0, () -> "gathered block " + mm + " differs at byte " + at);
                    }
                }
                MemorySegment blocks = MemorySegment.ofArray(new byte[(int) (each * n)]);
                if (t.rank() == root) {
                    for (int m = 0; m < n; m++) {
                        Patterns.fill(blocks, m * each, each, 1, m * 13 + root);
                    }
                }
                MemorySegment got = MemorySegment.ofArray(new byte[(int) each]);
                coll.scatter(t, root, got, t.rank() == root ? blocks : null, each);
                long at = Patterns.mismatch(got, 0, each, 1, t.rank() * 13 + root);
                int r = root;
                Check.that(at < 0, () -> "scattered from " + r + ": differs at byte " + at);
            }
        }
    }

    static void allgathers(Client c, Team t) {
        Collectives coll = c.collectives();
        int n = t.size();
        MemorySegment mine = MemorySegment.ofArray(new long[] {t.rank() * 10L, t.rank() * 10L + 1});
        MemorySegment all = MemorySegment.ofArray(new long[2 * n]);
        coll.allgather(t, all, mine, 16);
        for (int m = 0; m < n; m++) {
            int mm = m;
            Check.equal(m * 10L, all.getAtIndex(JAVA_LONG, 2 * m), () -> "allgather block " + mm);
            Check.equal(m * 10L + 1, all.getAtIndex(JAVA_LONG, 2 * m + 1), () -> "allgather block " + mm);
        }
        // Variable counts: member r contributes (r % 3) * 5000 + r bytes, some of them 0 bytes.
        long myCount = (t.rank() % 3) * 5000L + (t.rank() == 0 ? 0 : t.rank());
        MemorySegment v = MemorySegment.ofArray(Patterns.linear(myCount, 3, t.rank()));
        long total = 0;
        for (int m = 0; m < n; m++) {
            total += (m % 3) * 5000L + (m == 0 ? 0 : m);
        }
        MemorySegment out = MemorySegment.ofArray(new byte[(int) total + 10]);
        long[] counts = coll.allgatherv(t, out, v, myCount);
        long at = 0;
        for (int m = 0; m < n; m++) {
            long want = (m % 3) * 5000L + (m == 0 ? 0 : m);
            int mm = m;
            Check.equal(want, counts[m], () -> "allgatherv count of " + mm);
            long bad = Patterns.mismatch(out, at, want, 3, m);
            Check.that(bad < 0, () -> "allgatherv block " + mm + " differs at byte " + bad);
            at += want;
        }
    }

    static void alltoall(Client c, Team t) {
        Collectives coll = c.collectives();
        int n = t.size();
        for (long each : new long[] {8, 100_001}) {
            MemorySegment src = MemorySegment.ofArray(new byte[(int) (each * n)]);
            for (int m = 0; m < n; m++) {
                Patterns.fill(src, m * each, each, 1, t.rank() * 16 + m * 5);
            }
            MemorySegment dst = MemorySegment.ofArray(new byte[(int) (each * n)]);
            coll.alltoall(t, dst, src, each);
            for (int m = 0; m < n; m++) {
                long at = Patterns.mismatch(dst, m * each, each, 1, m * 16 + t.rank() * 5);
                int mm = m;
                Check.that(at < 0, () -> "alltoall block from " + mm + " differs at byte " + at);
            }
        }
    }

    static void nonBlockingKeepInitiationOrder(Client c) {
        Team w = c.world();
        Collectives coll = c.collectives();
        int n = w.size();
        long[] sum = {w.rank()};
        long[] bcast = {w.rank() == 0 ? 77 : 0};
        MemorySegment gathered = MemorySegment.ofArray(new long[n]);
        List<Event> events = new ArrayList<>();
        events.add(coll.allreduceNB(w, MemorySegment.ofArray(sum), MemorySegment.ofArray(sum), DataType.LONG, 1,
                ReduceOp.SUM));
        events.add(coll.broadcastNB(w, 0, MemorySegment.ofArray(bcast), MemorySegment.ofArray(bcast), 8));
        events.add(coll.allgatherNB(w, gathered, MemorySegment.ofArray(new long[] {w.rank() + 100L}), 8));
        events.add(coll.barrierNB(w));
        // A blocking collective issued behind them runs after them.
        long after = coll.allreduceLong(w, 1, ReduceOp.SUM);
        Event.waitAll(events.toArray(new Event[0]));
        Check.equal((long) n * (n - 1) / 2, sum[0], () -> "allreduceNB");
        Check.equal(77, bcast[0], () -> "broadcastNB");
        for (int m = 0; m < n; m++) {
            int mm = m;
            Check.equal(m + 100L, gathered.getAtIndex(JAVA_LONG, m), () -> "allgatherNB block " + mm);
        }
        Check.equal(n, after, () -> "blocking allreduce after NB ones");
        long[] counts = new long[n];
        MemorySegment v = MemorySegment.ofArray(new byte[n * 2]);
        coll.allgathervNB(w, v, MemorySegment.ofArray(new byte[] {(byte) w.rank(), 9}), 2, counts).waitFor();
        Check.equal(2, counts[n - 1], () -> "allgathervNB counts");
        MemorySegment a2a = MemorySegment.ofArray(new long[n]);
        MemorySegment mine = MemorySegment.ofArray(new long[n]);
        for (int m = 0; m < n; m++) {
            mine.setAtIndex(JAVA_LONG, m, w.rank() * 1000L + m);
        }
        Event e = coll.alltoallNB(w, a2a, mine, 8);
        Event g = coll.gatherNB(w, 0, MemorySegment.ofArray(new long[n]), MemorySegment.ofArray(new long[1]), 8);
        Event s = coll.scatterNB(w, 0, MemorySegment.ofArray(new long[1]), MemorySegment.ofArray(new long[n]), 8);
        MemorySegment red = MemorySegment.ofArray(new long[1]);
        Event r = coll.reduceNB(w, 0, red, MemorySegment.ofArray(new long[] {2}), DataType.LONG, 1, ReduceOp.PROD);
        Event.waitAll(e, g, s, r);
        Check.equal((w.rank() + 1L) % n * 1000L + w.rank(), a2a.getAtIndex(JAVA_LONG, (w.rank() + 1) % n),
                () -> "alltoallNB");
        if (w.rank() == 0) {
            Check.equal(1L << n, red.get(JAVA_LONG, 0), () -> "reduceNB");
        }
        w.barrier();
    }

    static void splitByColorAndKey(Client c) {
        Team w = c.world();
        int n = w.size();
        // Two colors; keys reverse the order inside each color.
        int color = w.rank() % 2;
        Team half = w.split(color, -w.rank());
        int members = (n + 1 - color) / 2;
        Check.equal(members, half.size(), () -> "split size");
        // Rank 0 of the new team is the member with the largest world rank of the color.
        int expectedRank = (n - 1 - w.rank()) / 2;
        if ((n - 1) % 2 != color) {
            expectedRank = (n - 2 - w.rank()) / 2;
        }
        int er = expectedRank;
        Check.equal(er, half.rank(), () -> "split rank of world rank " + w.rank());
        Check.equal(w.rank(), half.jobRankOf(half.rank()), () -> "jobRankOf own rank");
        // Collectives on the sub-team compare with a serial computation over its members.
        long sumOfWorldRanks = 0;
        for (int r = color; r < n; r += 2) {
            sumOfWorldRanks += r;
        }
        Check.equal(sumOfWorldRanks, c.collectives().allreduceLong(half, w.rank(), ReduceOp.SUM), () -> "sub-team sum");
        reductions(c, half);
        broadcastEveryRootAndSize(c, half);
        gatherScatter(c, half);
        allgathers(c, half);
        alltoall(c, half);
        // RMA by team rank addresses the member's endpoint.
        int next = (half.rank() + 1) % half.size();
        c.rma().putLong(half, next, 32768, 555L + w.rank());
        half.barrier();
        int prev = (half.rank() - 1 + half.size()) % half.size();
        Check.equal(555L + half.jobRankOf(prev), c.rma().getLong(w, w.rank(), 32768), () -> "RMA by sub-team rank");
        // A member that passes a negative color gets no team but takes part.
        Team some = w.split(w.rank() == 0 ? -1 : 7, 0);
        Check.that(w.rank() == 0 ? some == null : some.size() == n - 1, () -> "negative color gets no team");
        if (some != null) {
            some.destroy();
        }
        half.destroy();
        w.barrier();
    }

    static void splitStridedAnd2d(Client c) {
        Team w = c.world();
        int n = w.size();
        // Every other member, starting at 1.
        int size = n / 2;
        if (size > 0) {
            Team odd = w.splitStrided(1, 2, size);
            if (w.rank() % 2 == 1 && w.rank() < 2 * size) {
                Check.equal((w.rank() - 1) / 2, odd.rank(), () -> "strided rank");
                Check.equal(size, odd.size(), () -> "strided size");
                Check.equal((long) size * size, c.collectives().allreduceLong(odd, w.rank(), ReduceOp.SUM),
                        () -> "sum of odd ranks");
                odd.destroy();
            } else {
                Check.that(odd == null, () -> "not a member of the strided team");
            }
        }
        // Reverse order with a negative stride: all members.
        Team reversed = w.splitStrided(n - 1, -1, n);
        Check.equal(n - 1 - w.rank(), reversed.rank(), () -> "reversed rank");
        Check.equal(0L, (long) reversed.jobRankOf(n - 1), () -> "reversed last member");
        reversed.destroy();
        // A 2-D grid with rows of 2 (the last row short when n is odd).
        Team.Split2d grid = w.split2d(2);
        Check.equal(w.rank() % 2, grid.xAxis().rank(), () -> "x-axis rank");
        Check.equal(w.rank() / 2, grid.yAxis().rank(), () -> "y-axis rank");
        int rowSize = Math.min(2, n - (w.rank() / 2) * 2);
        Check.equal(rowSize, grid.xAxis().size(), () -> "row size");
        Check.equal((n - w.rank() % 2 + 1) / 2, grid.yAxis().size(), () -> "column size");
        long rowSum = c.collectives().allreduceLong(grid.xAxis(), w.rank(), ReduceOp.SUM);
        long expectedRow = 0;
        for (int r = (w.rank() / 2) * 2; r < Math.min(n, (w.rank() / 2) * 2 + 2); r++) {
            expectedRow += r;
        }
        Check.equal(expectedRow, rowSum, () -> "row sum");
        grid.xAxis().destroy();
        grid.yAxis().destroy();
        // Arguments must agree, and be valid.
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> w.splitStrided(0, 1, n + 1));
        Check.mentions(e.getMessage(), "size " + (n + 1));
        if (n > 1) { // members disagree on the size: every member is told
            e = Check.fails(BadArgumentException.class, () -> w.splitStrided(0, 1, 1 + w.rank() % 2));
            Check.mentions(e.getMessage(), "different");
        }
        Check.fails(BadArgumentException.class, () -> w.split2d(0));
        w.barrier();
    }

    static void destroyRulesAndChannelExhaustion(Client c) {
        Team w = c.world();
        Check.mentions(Check.fails(BadArgumentException.class, w::destroy).getMessage(), "world");
        List<Team> teams = new ArrayList<>();
        for (int i = 0; i < 15; i++) { // 16 channels: the world's and 15 more
            teams.add(w.split(0, w.rank()));
        }
        ResourceException full = Check.fails(ResourceException.class, () -> w.split(0, w.rank()));
        Check.mentions(full.getMessage(), "channels");
        Team last = teams.remove(teams.size() - 1);
        last.destroy();
        Check.that(last.isDestroyed(), () -> "destroyed");
        Check.mentions(Check.fails(IllegalStateException.class, last::barrier).getMessage(), "destroyed");
        Check.mentions(Check.fails(IllegalStateException.class,
                () -> c.collectives().allreduceLong(last, 1, ReduceOp.SUM)).getMessage(), "destroyed");
        Check.mentions(Check.fails(IllegalStateException.class, () -> c.rma().putLong(last, 0, 0, 1)).getMessage(),
                "destroyed");
        Check.fails(IllegalStateException.class, last::destroy);
        // The freed channel is reused, and the reused channel starts clean.
        Team again = w.split(0, w.rank());
        Check.equal(w.size(), c.collectives().allreduceLong(again, 1, ReduceOp.SUM), () -> "team on a reused channel");
        for (int i = 0; i < 50; i++) {
            again.barrier();
        }
        again.destroy();
        for (Team t : teams) {
            t.destroy();
        }
        w.barrier();
    }

    static void argumentErrors(Client c) {
        Team w = c.world();
        Collectives coll = c.collectives();
        MemorySegment f = MemorySegment.ofArray(new float[4]);
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.allreduce(w, f, f, DataType.FLOAT, 4, ReduceOp.XOR)).getMessage(), "XOR", "FLOAT");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.allreduce(w, f, f, DataType.FLOAT, -1, ReduceOp.SUM)).getMessage(), "count -1");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.allreduce(w, f, f, DataType.DOUBLE, 4, ReduceOp.SUM)).getMessage(), "16 bytes", "32");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.broadcast(w, w.size(), f, f, 4)).getMessage(), "rank " + w.size());
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.allgather(w, MemorySegment.ofArray(new byte[1]), f, 4)).getMessage(), "dst");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.alltoall(w, f, f, 0)).getMessage(), "distinct");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> coll.gather(w, 0, f, f, -4)).getMessage(), "-4");
        w.barrier();
    }
}
