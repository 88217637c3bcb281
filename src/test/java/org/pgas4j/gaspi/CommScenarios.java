package org.pgas4j.gaspi;

import static org.pgas4j.gaspi.Expect.equal;
import static org.pgas4j.gaspi.Expect.error;
import static org.pgas4j.gaspi.Expect.isTrue;
import static org.pgas4j.gaspi.Expect.success;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One-sided communication: notification ordering after many writes on one queue (allocated and
 * bound targets), notify_waitsome over ranges, queue full and the queue procedures, the list
 * forms, read_notify, atomics, passive send and receive, and their error codes.
 */
final class CommScenarios {
    private static final long T = 60_000;
    private static final int WRITES = 250; // + the notification: fits queue_size_max = 256

    private CommScenarios() {
    }

    static Map<String, GaspiScenario> all() {
        Map<String, GaspiScenario> m = new LinkedHashMap<>();
        m.put("notificationAfterManyWritesOnOneQueue", CommScenarios::ordering);
        m.put("notifyWaitsomeOverRanges", CommScenarios::waitsomeRanges);
        m.put("sameValueSeenAgainAfterReset", CommScenarios::sameValueAgain);
        m.put("queueFullIsAnErrorCode", CommScenarios::queueFull);
        m.put("writeListReadListAndListNotify", CommScenarios::lists);
        m.put("readNotify", CommScenarios::readNotify);
        m.put("atomicsFetchAddAndCompareSwap", CommScenarios::atomics);
        m.put("passiveSendReceive", CommScenarios::passive);
        m.put("unregisteredAndOutOfBounds", CommScenarios::misuse);
        return m;
    }

    /**
     * Each rank writes 250 eight-byte words to its right neighbour on queue 0 and then notifies
     * on the same queue; the neighbour, once notified, must see every word. Rounds alternate
     * between an allocated target and a bound one (the user's memory, reached through the
     * core's cross-memory or active-message path), so both paths keep the order.
     */
    static void ordering(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        long size = 8L * WRITES;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment bound = arena.allocate(size, 4096);
            success(g.segmentCreate(1, size, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
            success(g.segmentUse(2, MemoryDescription.HOST, bound, size, Gaspi.GROUP_ALL, T), "use");
            g.segmentAlloc(3, size, AllocPolicy.INITIALIZED);
            int[] first = new int[1];
            for (int round = 1; round <= 6; round++) {
                int target = round % 2 == 0 ? 1 : 2;
                MemorySegment src = g.segmentPtr(3);
                for (int i = 0; i < WRITES; i++) {
                    src.set(ValueLayout.JAVA_LONG, 8L * i, ((long) round << 32) | (me << 16) | i);
                }
                for (int i = WRITES - 1; i >= 0; i--) { // backwards: the last written word is the first one
                    success(g.write(3, 8L * i, right, target, 8L * i, 8, 0, T), "write " + i);
                }
                success(g.notify(target, right, 0, round, 0, T), "notify");
                success(g.notifyWaitsome(target, 0, 1, first, T), "waitsome");
                equal(round, g.notifyReset(target, 0), "notification value");
                MemorySegment dst = g.segmentPtr(target);
                for (int i = 0; i < WRITES; i++) {
                    equal(((long) round << 32) | (left << 16) | i, dst.get(ValueLayout.JAVA_LONG, 8L * i),
                            "round " + round + " word " + i + " seen after the notification");
                }
                success(g.wait(0, T), "wait");
                // The left neighbour may write the next round only after this rank checked this one.
                success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            }
            g.segmentDelete(1);
            g.segmentDelete(2);
            g.segmentDelete(3);
        }
    }

    static void waitsomeRanges(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        success(g.segmentCreate(1, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        int[] first = new int[1];
        error(GaspiError.INVALID_NOTIFICATION, () -> g.notifyWaitsome(1, g.notificationNum() - 1, 2, first, Gaspi.TEST));
        error(GaspiError.INVALID_NOTIFICATION, () -> g.notifyWaitsome(1, 0, 0, first, Gaspi.TEST));
        error(GaspiError.INVALID_NOTIFICATION, () -> g.notify(1, 0, g.notificationNum(), 1, 0, T));
        error(GaspiError.NOTIFICATION_VALUE_ZERO, () -> g.notify(1, 0, 3, 0, 0, T));
        equal(0, g.queueSize(0), "failed notifies post nothing");
        // Every rank notifies rank 0 at id 100 + its rank; rank 0 also gets a stray at id 99 and 100 + n.
        success(g.notify(1, 0, 100 + me, 1000 + me, 0, T), "notify");
        if (me == n - 1) {
            success(g.notify(1, 0, 99, 7, 0, T), "stray below");
            success(g.notify(1, 0, 100 + n, 7, 0, T), "stray above");
        }
        success(g.wait(0, T), "wait");
        if (me == 0) {
            boolean[] seen = new boolean[n];
            for (int k = 0; k < n; k++) {
                success(g.notifyWaitsome(1, 100, n, first, T), "waitsome " + k);
                int id = first[0];
                isTrue(id >= 100 && id < 100 + n, "id in range: " + id);
                isTrue(!seen[id - 100], "id " + id + " twice");
                seen[id - 100] = true;
                equal(1000 + id - 100, g.notifyReset(1, id), "value of " + id);
            }
            equal(GaspiReturn.TIMEOUT.ordinal(), g.notifyWaitsome(1, 100, n, first, Gaspi.TEST).ordinal(),
                    "nothing left in the range");
            long t0 = System.nanoTime();
            equal(GaspiReturn.TIMEOUT.ordinal(), g.notifyWaitsome(1, 100, n, first, 30).ordinal(), "timed wait");
            isTrue(System.nanoTime() - t0 >= 25_000_000L, "the timed wait waited");
        }
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        if (me == 0) {
            success(g.notifyWaitsome(1, 90, 10, first, Gaspi.TEST), "stray below, in a range of its own");
            equal(99, first[0], "stray id");
            equal(7, g.notifyReset(1, 99), "stray value");
            success(g.notifyWaitsome(1, 100 + n, 1, first, Gaspi.TEST), "stray above");
            equal(7, g.notifyReset(1, 100 + n), "stray above value");
        }
        g.segmentDelete(1);
    }

    /**
     * A reset consumes exactly one notification: the same value written to the same slot again,
     * by the same rank or another, is seen again; a reset of a slot that is not set returns 0.
     * Rounds of every rank (itself included) notifying rank 0's slot 7 with value 1, then a ring
     * of write_notify with a constant value on one slot.
     */
    static void sameValueAgain(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        success(g.segmentCreate(5, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        int[] first = new int[1];
        for (int round = 0; round < 5; round++) {
            success(g.notify(5, 0, 7, 1, 0, T), "notify round " + round);
            success(g.wait(0, T), "wait");
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            if (me == 0) {
                success(g.notifyWaitsome(5, 7, 1, first, Gaspi.TEST), "set in round " + round);
                equal(1, g.notifyReset(5, 7), "value in round " + round);
                equal(0, g.notifyReset(5, 7), "a second reset in round " + round);
                equal(GaspiReturn.TIMEOUT.ordinal(), g.notifyWaitsome(5, 7, 1, first, Gaspi.TEST).ordinal(),
                        "not set after the reset in round " + round);
            }
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier after round " + round);
        }
        int right = (me + 1) % n;
        for (int round = 0; round < 200; round++) {
            if (me == 0) {
                success(g.writeNotify(5, 0, right, 5, 8, 8, 3, 9, 0, T), "write_notify " + round);
                success(g.notifyWaitsome(5, 3, 1, first, T), "waitsome " + round);
                equal(9, g.notifyReset(5, 3), "ring value " + round);
            } else {
                success(g.notifyWaitsome(5, 3, 1, first, T), "waitsome " + round);
                equal(9, g.notifyReset(5, 3), "ring value " + round);
                success(g.writeNotify(5, 0, right, 5, 8, 8, 3, 9, 0, T), "write_notify " + round);
            }
            success(g.wait(0, T), "wait " + round);
        }
        equal(0, g.notifyReset(5, 3), "nothing left after the ring");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        g.segmentDelete(5);
    }

    static void queueFull(Gaspi g) {
        int me = g.rank();
        g.segmentAlloc(4, 64, AllocPolicy.INITIALIZED);
        int q = g.queueCreate();
        equal(2, g.queueNum(), "queues");
        for (int i = 0; i < g.queueSizeMax(); i++) {
            success(g.write(4, 0, me, 4, 8, 8, q, T), "write " + i);
        }
        equal(g.queueSizeMax(), g.queueSize(q), "queue size");
        error(GaspiError.QUEUE_FULL, () -> g.write(4, 0, me, 4, 8, 8, q, T));
        error(GaspiError.QUEUE_FULL, () -> g.notify(4, me, 0, 1, q, T));
        error(GaspiError.QUEUE_NOT_EMPTY, () -> g.queueDelete(q));
        success(g.wait(q, T), "wait");
        equal(0, g.queueSize(q), "size after wait");
        success(g.wait(q, Gaspi.TEST), "wait on an empty queue");
        for (int i = 0; i < g.queueSizeMax() - 1; i++) {
            success(g.write(4, 0, me, 4, 8, 8, q, T), "write " + i);
        }
        error(GaspiError.QUEUE_FULL, () -> g.writeNotify(4, 0, me, 4, 8, 8, 0, 1, q, T));
        success(g.write(4, 0, me, 4, 8, 8, q, T), "the last one fits");
        success(g.wait(q, T), "wait");
        g.queueDelete(q);
        error(GaspiError.INVALID_QUEUE, () -> g.queueDelete(q));
        error(GaspiError.INVALID_QUEUE, () -> g.queueDelete(0));
        error(GaspiError.INVALID_QUEUE, () -> g.write(4, 0, me, 4, 8, 8, q, T));
        error(GaspiError.INVALID_QUEUE, () -> g.wait(-1, T));
        int[] made = new int[g.queueMax() - 1];
        for (int i = 0; i < made.length; i++) {
            made[i] = g.queueCreate();
        }
        error(GaspiError.TOO_MANY_QUEUES, g::queueCreate);
        for (int x : made) {
            g.queueDelete(x);
        }
        equal(1, g.queueNum(), "queues at the end");
        g.segmentDelete(4);
    }

    static void lists(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        success(g.segmentCreate(1, 4096, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create 1");
        success(g.segmentCreate(2, 4096, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create 2");
        MemorySegment one = g.segmentPtr(1);
        for (int i = 0; i < 512; i++) {
            one.set(ValueLayout.JAVA_LONG, 8L * i, me * 10_000L + i);
        }
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        // Four chunks of segment 1 to segment 2 of the right neighbour, reversed in place, then a notification.
        int[] segL = {1, 1, 1, 1};
        long[] offL = {0, 64, 128, 192};
        int[] segR = {2, 2, 2, 2};
        long[] offR = {192, 128, 64, 0};
        long[] sizes = {64, 64, 64, 64};
        success(g.writeListNotify(4, segL, offL, right, segR, offR, sizes, 2, 1, 42, 0, T), "writeListNotify");
        int[] first = new int[1];
        success(g.notifyWaitsome(2, 1, 1, first, T), "waitsome");
        equal(42, g.notifyReset(2, 1), "list notification");
        MemorySegment two = g.segmentPtr(2);
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < 8; i++) {
                equal(left * 10_000L + c * 8 + i, two.get(ValueLayout.JAVA_LONG, offR[c] + 8L * i), "chunk " + c);
            }
        }
        success(g.wait(0, T), "wait");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        // Read two ranges of the right neighbour's segment 1 into this rank's segment 2 at 1024 and 2048.
        success(g.readList(2, new int[] {2, 2}, new long[] {1024, 2048}, right, new int[] {1, 1}, new long[] {0, 800},
                new long[] {16, 24}, 0, T), "readList");
        success(g.wait(0, T), "wait for reads");
        equal(right * 10_000L, two.get(ValueLayout.JAVA_LONG, 1024), "read 1");
        equal(right * 10_000L + 100, two.get(ValueLayout.JAVA_LONG, 2048), "read 2");
        equal(right * 10_000L + 102, two.get(ValueLayout.JAVA_LONG, 2064), "read 2 end");
        success(g.writeList(1, new int[] {1}, new long[] {0}, right, new int[] {2}, new long[] {3000}, new long[] {8}, 0,
                T), "writeList");
        success(g.wait(0, T), "wait");
        error(GaspiError.OUT_OF_BOUNDS, () -> g.writeList(2, segL, offL, right, segR, offR, new long[] {8}, 0, T));
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        equal(left * 10_000L, two.get(ValueLayout.JAVA_LONG, 3000), "writeList");
        g.segmentDelete(1);
        g.segmentDelete(2);
    }

    static void readNotify(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        success(g.segmentCreate(1, 4096, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        g.segmentPtr(1).set(ValueLayout.JAVA_LONG, 0, 0xAB00L + me);
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        success(g.readNotify(1, 1024, right, 1, 0, 8, 17, 0, T), "readNotify");
        int[] first = new int[1];
        success(g.notifyWaitsome(1, 17, 1, first, T), "waitsome");
        isTrue(g.notifyReset(1, 17) != 0, "read notification set");
        equal(0xAB00L + right, g.segmentPtr(1).get(ValueLayout.JAVA_LONG, 1024), "data read before the notification");
        success(g.wait(0, T), "wait");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        g.segmentDelete(1);
    }

    static void atomics(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        success(g.segmentCreate(1, 64, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "create");
        long[] old = new long[1];
        for (int i = 0; i < 20; i++) {
            success(g.atomicFetchAdd(1, 0, 0, 1, old, T), "fetchAdd");
            isTrue(old[0] >= 0 && old[0] < 20L * n, "old value in range: " + old[0]);
        }
        success(g.atomicCompareSwap(1, 8, 0, 0, me + 1, old, T), "compareSwap");
        boolean won = old[0] == 0;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment s = arena.allocate(8, 8);
            MemorySegment r = arena.allocate(8, 8);
            s.set(ValueLayout.JAVA_LONG, 0, won ? 1 : 0);
            success(g.allreduce(s, r, 1, GaspiOperation.SUM, GaspiDatatype.LONG, Gaspi.GROUP_ALL, T), "allreduce");
            equal(1, r.get(ValueLayout.JAVA_LONG, 0), "exactly one compare-swap wins");
        }
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        if (me == 0) {
            equal(20L * n, g.segmentPtr(1).get(ValueLayout.JAVA_LONG, 0), "sum of fetch-adds");
            long winner = g.segmentPtr(1).get(ValueLayout.JAVA_LONG, 8);
            isTrue(winner >= 1 && winner <= n, "the winner's value: " + winner);
        }
        error(GaspiError.ATOMIC_NOT_ALIGNED, () -> g.atomicFetchAdd(1, 4, 0, 1, old, T));
        error(GaspiError.OUT_OF_BOUNDS, () -> g.atomicFetchAdd(1, 64, 0, 1, old, T));
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        g.segmentDelete(1);
    }

    static void passive(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        g.segmentAlloc(1, 4096, AllocPolicy.INITIALIZED);
        MemorySegment s = g.segmentPtr(1);
        if (me != 0) {
            for (int i = 0; i < 100; i++) {
                s.set(ValueLayout.JAVA_BYTE, i, (byte) (me * 3 + i));
            }
            success(g.passiveSend(1, 0, 0, 100, T), "passiveSend");
            error(GaspiError.PASSIVE_SIZE, () -> g.passiveSend(1, 0, 0, 0, T));
        } else {
            boolean[] from = new boolean[n];
            int[] rank = new int[1];
            for (int k = 1; k < n; k++) {
                success(g.passiveReceive(1, 1000, rank, 200, T), "passiveReceive " + k);
                isTrue(rank[0] > 0 && rank[0] < n && !from[rank[0]], "sender " + rank[0]);
                from[rank[0]] = true;
                for (int i = 0; i < 100; i++) {
                    equal((byte) (rank[0] * 3 + i), s.get(ValueLayout.JAVA_BYTE, 1000 + i), "byte " + i);
                }
            }
            equal(GaspiReturn.TIMEOUT.ordinal(), g.passiveReceive(1, 0, rank, 100, Gaspi.TEST).ordinal(),
                    "nothing more");
        }
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        g.segmentDelete(1);
    }

    static void misuse(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        g.segmentAlloc(250, 64, AllocPolicy.INITIALIZED); // never registered with anyone
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
        if (right != me) {
            error(GaspiError.SEGMENT_NOT_REGISTERED, () -> g.write(250, 0, right, 250, 0, 8, 0, T));
        }
        error(GaspiError.OUT_OF_BOUNDS, () -> g.write(250, 60, me, 250, 0, 8, 0, T));
        error(GaspiError.OUT_OF_BOUNDS, () -> g.read(250, 0, me, 250, -8, 8, 0, T));
        error(GaspiError.INVALID_RANK, () -> g.write(250, 0, n, 250, 0, 8, 0, T));
        error(GaspiError.SEGMENT_NOT_FOUND, () -> g.write(249, 0, me, 250, 0, 8, 0, T));
        error(GaspiError.INVALID_TIMEOUT, () -> g.write(250, 0, me, 250, 0, 8, 0, -5));
        equal(0, g.queueSize(0), "nothing posted by failed calls");
        success(g.write(250, 0, me, 250, 8, 8, 0, T), "a write to itself needs no registration");
        success(g.wait(0, T), "wait");
        g.segmentDelete(250);
    }
}
