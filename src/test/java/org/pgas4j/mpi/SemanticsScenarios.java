package org.pgas4j.mpi;

import static org.pgas4j.mpi.Expect.at;
import static org.pgas4j.mpi.Expect.eq;
import static org.pgas4j.mpi.Expect.isTrue;
import static org.pgas4j.mpi.Expect.set;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scenario per paragraph of the seed's Operational Semantics (and per variant), named after
 * it. Each process talks to its right neighbour ({@code (rank + 1) % n}) and services its left
 * one, so N = 1 (itself) works too. Values are derived from ranks, so a wrong delivery shows.
 */
final class SemanticsScenarios {
    static final long SENTINEL = -7;
    /** Larger than the eager limit: these move by RMA. */
    static final int LARGE = 16384;

    private SemanticsScenarios() {
    }

    static Map<String, MpiScenario> all() {
        Map<String, MpiScenario> m = new LinkedHashMap<>();
        m.put("environment", SemanticsScenarios::environment);
        m.put("nonBlockingRule", SemanticsScenarios::nonBlockingRule);
        m.put("putRequesting", SemanticsScenarios::putRequesting);
        m.put("putMatching", SemanticsScenarios::putMatching);
        m.put("putMatchingOrder", SemanticsScenarios::putMatchingOrder);
        m.put("putMatchingOrderPastTheRing", SemanticsScenarios::putMatchingOrderPastTheRing);
        m.put("putServicing", SemanticsScenarios::putServicing);
        m.put("putServicingLarge", SemanticsScenarios::putServicingLarge);
        m.put("servicingOfDerivedTypesThroughVis", SemanticsScenarios::servicingThroughVis);
        m.put("acceptCompletion", SemanticsScenarios::acceptCompletion);
        m.put("putHolding", SemanticsScenarios::putHolding);
        m.put("putcAcceptcCounting", SemanticsScenarios::putcAcceptcCounting);
        m.put("iacceptcObeysNonBlockingRule", SemanticsScenarios::iacceptc);
        m.put("putcNeverByAcceptNorPutByAcceptc", SemanticsScenarios::putcSeparation);
        m.put("getOfferGetholdIoffer", SemanticsScenarios::getOffer);
        m.put("getcOffercIofferc", SemanticsScenarios::getcOfferc);
        m.put("availAfterPutholdOnlyPutholdsAndOnePut", SemanticsScenarios::availPutHold);
        m.put("availAfterGetholdOnlyGetholdsAndOneGet", SemanticsScenarios::availGetHold);
        m.put("availCompletesAfterExactlyOne", SemanticsScenarios::availExactlyOne);
        m.put("messagesSendRecvAnySourceAnyTag", SemanticsScenarios::messages);
        m.put("probeStatusCarriesOperation", SemanticsScenarios::probe);
        return m;
    }

    static int right(Comm c) {
        return (c.rank() + 1) % c.size();
    }

    static int left(Comm c) {
        return (c.rank() + c.size() - 1) % c.size();
    }

    static MemorySegment longs(Arena a, int n) {
        MemorySegment m = a.allocate(8L * n, 8);
        for (int i = 0; i < n; i++) {
            set(m, i, SENTINEL);
        }
        return m;
    }

    // ---------------------------------------------------------------- environment

    static void environment(Mpi mpi) {
        Comm w = mpi.world();
        eq(mpi.client().jobRank(), w.rank(), "world rank");
        eq(mpi.client().jobSize(), w.size(), "world size");
        Comm d = w.dup();
        eq(w.rank(), d.rank(), "dup rank");
        eq(w.size(), d.size(), "dup size");
        Comm s = w.split(w.rank() % 2, -w.rank());
        int sameColour = (w.size() + 1 - w.rank() % 2) / 2;
        eq(sameColour, s.size(), "split size");
        // key -rank: ranked in reverse
        eq(sameColour - 1 - w.rank() / 2, s.rank(), "split rank (key = -rank)");
        // a PUT on the split communicator reaches the right neighbour there
        long[] v = {1000L * w.rank()};
        MemorySegment buf = mpi.rmaMalloc(64);
        isTrue(buf.byteSize() == 64 && buf.isNative(), "rmaMalloc gives 64 native bytes");
        s.put(v, 1, Datatype.LONG, right(s), 0, 1, Datatype.LONG, 3);
        s.accept(buf, 64, 8, 3, 1);
        int leftWorld = (w.rank() % 2) + 2 * (sameColour - 1 - left(s));
        eq(1000L * leftWorld, at(buf, 0), "value from the left neighbour of the split communicator");
        mpi.rmaFree(buf);
        Expect.fails(org.pgas4j.BadArgumentException.class, () -> mpi.rmaFree(buf), "rmaFree", "not a live block");
        s.free();
        d.free();
    }

    // ---------------------------------------------------------------- non-blocking rule

    static void nonBlockingRule(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 4);
            Request r = w.iaccept(buf, buf.byteSize(), 8, 11, 2);
            long[] v = {w.rank() + 1, w.rank() + 2};
            w.put(v, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 11);
            w.put(v, 1, Datatype.LONG, right(w), 2, 1, Datatype.LONG, 11);
            int spins = 0;
            while (!r.test()) {
                spins++;
                Thread.onSpinWait();
            }
            eq(left(w) + 1, at(buf, 1), "slot 1 after TEST answered completed");
            eq(left(w) + 1, at(buf, 2), "slot 2 after TEST answered completed");
            eq(SENTINEL, at(buf, 0), "slot 0 untouched");
            Expect.fails(IllegalStateException.class, r::waitFor, "finished already");
            w.barrier();
            // WAIT on IOFFER and IAVAIL
            set(buf, 3, 77L * w.rank());
            long[] got = {SENTINEL};
            // issued before the IOFFER: an IOFFER may complete at inception, before later GETs
            w.get(got, 1, Datatype.LONG, right(w), 3, 1, Datatype.LONG, 12);
            Request o = w.ioffer(buf, buf.byteSize(), 8, 12, 1);
            o.waitFor();
            eq(77L * right(w), got[0], "GET serviced by IOFFER, after WAIT");
        }
    }

    // ---------------------------------------------------------------- PUT paragraphs

    /** Requesting: a PUT always completes, whether or not its target is servicing. */
    static void putRequesting(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 1);
            long[] v = {5L + w.rank()};
            w.put(v, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 21);
            w.barrier(); // every PUT returned while no ACCEPT was running anywhere
            w.accept(buf, 8, 8, 21, 1);
            eq(5L + left(w), at(buf, 0), "value PUT before the target's ACCEPT started");
        }
    }

    /** Matching: only an ACCEPT with the same comm and tag in the target process services a PUT. */
    static void putMatching(Mpi mpi) {
        Comm w = mpi.world();
        Comm d = w.dup();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment tagA = longs(a, 1);
            MemorySegment tagB = longs(a, 1);
            MemorySegment dupA = longs(a, 1);
            w.put(new long[] {100 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 31);
            d.put(new long[] {200 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 31);
            w.put(new long[] {300 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 32);
            w.accept(tagB, 8, 8, 32, 1);
            eq(300 + left(w), at(tagB, 0), "tag 32 serviced tag 32's PUT");
            d.accept(dupA, 8, 8, 31, 1);
            eq(200 + left(w), at(dupA, 0), "the dup communicator serviced its own PUT");
            w.accept(tagA, 8, 8, 31, 1);
            eq(100 + left(w), at(tagA, 0), "world tag 31 serviced the world PUT");
            // each request serviced at most once: nothing is left for another ACCEPT
            w.barrier();
            isTrue(w.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).isEmpty(), "no request left after servicing");
            isTrue(d.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).isEmpty(), "no request left on the dup");
        }
        d.free();
    }

    /** Matching: PUTs from one process with the same comm, tag and target are serviced in issue order. */
    static void putMatchingOrder(Mpi mpi) {
        Comm w = mpi.world();
        int k = 24;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, LARGE / 8);
            for (int i = 1; i <= k; i++) {
                // alternately eager (one long) and rendezvous (LARGE bytes), all to slot 0 onwards
                long value = 1000L * w.rank() + i;
                if (i % 2 == 0) {
                    long[] big = new long[LARGE / 8];
                    java.util.Arrays.fill(big, value);
                    w.put(big, big.length, Datatype.LONG, right(w), 0, big.length, Datatype.LONG, 41);
                } else {
                    w.put(new long[] {value}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 41);
                }
            }
            w.accept(buf, buf.byteSize(), 8, 41, k);
            eq(1000L * left(w) + k, at(buf, 0), "slot 0 holds the last PUT issued");
            eq(1000L * left(w) + k, at(buf, LARGE / 8 - 1), "last slot holds the last large PUT");
        }
    }

    /**
     * Matching in issue order across the fast path and the active messages: more PUTs than a
     * mailbox ring holds, mixing requests that fit a slot (one long), eager ones that do not
     * (5600 B) and rendezvous ones, in rounds; the last one issued must win every round.
     */
    static void putMatchingOrderPastTheRing(Mpi mpi) {
        Comm w = mpi.world();
        int k = 3 * Mailbox.SLOTS + 5;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, LARGE / 8);
            long[] mid = new long[700];
            if (mid.length * 8 <= Mailbox.MAX_PAYLOAD) {
                throw new AssertionError("the middle form must not fit a mailbox slot");
            }
            long[] big = new long[LARGE / 8];
            for (int round = 0; round < 3; round++) {
                for (int i = 1; i <= k; i++) {
                    long value = 100_000L * w.rank() + 1000L * round + i;
                    int form = (i + round) % 7;
                    if (form == 3) {
                        java.util.Arrays.fill(big, value);
                        w.put(big, big.length, Datatype.LONG, right(w), 0, big.length, Datatype.LONG, 42);
                    } else if (form == 5) {
                        java.util.Arrays.fill(mid, value);
                        w.put(mid, mid.length, Datatype.LONG, right(w), 0, mid.length, Datatype.LONG, 42);
                    } else {
                        w.put(new long[] {value}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 42);
                    }
                }
                w.accept(buf, buf.byteSize(), 8, 42, k);
                eq(100_000L * left(w) + 1000L * round + k, at(buf, 0), "round " + round + ": slot 0 holds the last PUT");
            }
        }
    }

    /** Servicing: target_disp x disp_unit from base, read as target_count items of target_datatype. */
    static void putServicing(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 32);
            long[] v = new long[4];
            for (int i = 0; i < 4; i++) {
                v[i] = 10L * w.rank() + i;
            }
            Datatype every3rd = Datatype.vector(4, 1, 3, Datatype.LONG);
            eq(8 * 4, every3rd.size(), "vector size");
            eq(8 * 10, every3rd.extent(), "vector extent");
            // disp 2 in units of 16 bytes: starts at long 4
            w.put(v, 4, Datatype.LONG, right(w), 2, 1, every3rd, 51);
            w.accept(buf, buf.byteSize(), 16, 51, 1);
            for (int i = 0; i < 32; i++) {
                long expected = i >= 4 && i <= 13 && (i - 4) % 3 == 0 ? 10L * left(w) + (i - 4) / 3 : SENTINEL;
                eq(expected, at(buf, i), "slot " + i);
            }
            // an indexed origin type into a contiguous target
            w.barrier();
            long[] src = new long[8];
            for (int i = 0; i < 8; i++) {
                src[i] = 100L * w.rank() + i;
            }
            Datatype picks = Datatype.indexed(new int[] {2, 1}, new int[] {5, 1}, Datatype.LONG);
            MemorySegment buf2 = longs(a, 3);
            w.put(src, 1, picks, right(w), 0, 3, Datatype.LONG, 52);
            w.accept(buf2, buf2.byteSize(), 8, 52, 1);
            eq(100L * left(w) + 5, at(buf2, 0), "indexed block 0, first");
            eq(100L * left(w) + 6, at(buf2, 1), "indexed block 0, second");
            eq(100L * left(w) + 1, at(buf2, 2), "indexed block 1");
        }
    }

    /** Servicing of large requests: from rmaMalloc memory (one RMA), from a heap array (staged), into a strided target. */
    static void putServicingLarge(Mpi mpi) {
        Comm w = mpi.world();
        int n = LARGE / 8;
        MemorySegment reg = mpi.rmaMalloc(LARGE);
        MemorySegment target = mpi.rmaMalloc(3L * LARGE);
        for (int i = 0; i < n; i++) {
            set(reg, i, 7L * w.rank() + i);
        }
        for (int i = 0; i < 3 * n; i++) {
            set(target, i, SENTINEL);
        }
        double[] heap = new double[n];
        for (int i = 0; i < n; i++) {
            heap[i] = w.rank() + i / 4.0;
        }
        w.put(reg, n, Datatype.LONG, right(w), 0, n, Datatype.LONG, 61);
        w.put(heap, n, Datatype.DOUBLE, right(w), n, n, Datatype.DOUBLE, 61);
        Datatype strided = Datatype.vector(n / 2, 1, 2, Datatype.LONG); // every other long
        w.put(reg, n / 2, Datatype.LONG, right(w), 2 * n, 1, strided, 61);
        w.accept(target, target.byteSize(), 8, 61, 3);
        for (int i = 0; i < n; i++) {
            eq(7L * left(w) + i, at(target, i), "direct large PUT, slot " + i);
            eq(Double.doubleToRawLongBits(left(w) + i / 4.0), at(target, n + i), "staged large PUT, slot " + i);
        }
        for (int i = 0; i < n; i++) {
            long expected = i % 2 == 0 ? 7L * left(w) + i / 2 : SENTINEL;
            eq(expected, at(target, 2 * n + i), "strided large PUT, slot " + i);
        }
        w.barrier();
        mpi.rmaFree(reg);
        mpi.rmaFree(target);
    }

    /**
     * Servicing of large requests whose origin buffer (in rmaMalloc memory) has a non-contiguous
     * type: neither side packs; the servicer gathers (scatters) the origin's blocks with one VIS call.
     */
    static void servicingThroughVis(Mpi mpi) {
        Comm w = mpi.world();
        int n = LARGE / 8; // longs moved: above the eager limit
        Datatype everyOther = Datatype.vector(n, 1, 2, Datatype.LONG);
        MemorySegment origin = mpi.rmaMalloc(16L * n);
        MemorySegment target = mpi.rmaMalloc(8L * n + 64);
        for (int i = 0; i < 2 * n; i++) {
            set(origin, i, i % 2 == 0 ? 100_000L * w.rank() + i / 2 : SENTINEL);
        }
        for (int i = 0; i < n + 8; i++) {
            set(target, i, 5_000_000L * w.rank() + i);
        }
        w.put(origin, 1, everyOther, right(w), 8, n, Datatype.LONG, 65);
        w.accept(target, target.byteSize(), 8, 65, 1);
        for (int i = 0; i < 8; i++) {
            eq(5_000_000L * w.rank() + i, at(target, i), "below the target range, slot " + i);
        }
        for (int i = 0; i < n; i++) {
            eq(100_000L * left(w) + i, at(target, 8 + i), "gathered PUT, slot " + i);
        }
        w.barrier();
        for (int i = 0; i < 2 * n; i++) {
            set(origin, i, SENTINEL);
        }
        for (int i = 0; i < n + 8; i++) {
            set(target, i, 7_000_000L * w.rank() + i);
        }
        w.get(origin, 1, everyOther, right(w), 8, n, Datatype.LONG, 66);
        w.offer(target, target.byteSize(), 8, 66, 1);
        for (int i = 0; i < 2 * n; i++) {
            long expected = i % 2 == 0 ? 7_000_000L * right(w) + 8 + i / 2 : SENTINEL;
            eq(expected, at(origin, i), "scattered GET, slot " + i);
        }
        w.barrier();
        mpi.rmaFree(origin);
        mpi.rmaFree(target);
    }

    /**
     * Completion: an ACCEPT completes iff every PUT this process issued with the comm and tag is
     * fully serviced and it has serviced exactly count PUTs.
     */
    static void acceptCompletion(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 2);
            Request r = w.iaccept(buf, 16, 8, 71, 2);
            w.put(new long[] {1 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 71);
            w.barrier(); // every first PUT is in; r has serviced one of two
            for (int i = 0; i < 20; i++) {
                isTrue(!r.test(), "ACCEPT of count 2 completed after one PUT");
            }
            w.barrier(); // nobody issues the second PUT while another still tests
            w.put(new long[] {2 + w.rank()}, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 71);
            r.waitFor();
            eq(2 + left(w), at(buf, 1), "second PUT serviced");
            w.barrier();
            // count 0: completes only once this process's own PUT is serviced elsewhere
            MemorySegment buf2 = longs(a, 1);
            w.put(new long[] {3 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 72);
            Request zero = w.iaccept(a.allocate(8), 8, 8, 72, 0);
            w.barrier(); // nobody services tag 72 yet
            for (int i = 0; i < 20; i++) {
                isTrue(!zero.test(), "ACCEPT of count 0 completed while its own PUT was unserviced");
            }
            w.barrier();
            Request one = w.iaccept(buf2, 8, 8, 72, 1);
            Request.waitAll(zero, one);
            eq(3 + left(w), at(buf2, 0), "the ACCEPT started second serviced the PUT");
        }
    }

    /** Holding: PUTHOLDs are serviced but do not count. */
    static void putHolding(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 5);
            for (int i = 0; i < 3; i++) {
                w.putHold(new long[] {10L * w.rank() + i}, 1, Datatype.LONG, right(w), i, 1, Datatype.LONG, 81);
            }
            w.put(new long[] {10L * w.rank() + 3}, 1, Datatype.LONG, right(w), 3, 1, Datatype.LONG, 81);
            w.accept(buf, buf.byteSize(), 8, 81, 1);
            for (int i = 0; i < 4; i++) {
                eq(10L * left(w) + i, at(buf, i), "slot " + i + " (PUTHOLDs then the PUT)");
            }
            eq(SENTINEL, at(buf, 4), "slot 4");
            // everything of this process is serviced: an ACCEPT of count 0 completes at once
            w.accept(buf, 8, 8, 81, 0);
        }
    }

    // ---------------------------------------------------------------- PUTC / ACCEPTC

    /** How many PUTCs process s sends to process t in round k. */
    static int putcCount(int s, int t, int k) {
        return (s + 2 * t + k) % 3;
    }

    /** The m-th ACCEPTC services exactly the PUTCs of round m, counted by reduction and broadcast. */
    static void putcAcceptcCounting(Mpi mpi) {
        Comm w = mpi.world();
        int n = w.size();
        try (Arena a = Arena.ofConfined()) {
            for (int k = 0; k < 3; k++) {
                MemorySegment buf = longs(a, 3 * n);
                for (int t = 0; t < n; t++) {
                    for (int j = 0; j < putcCount(w.rank(), t, k); j++) {
                        long v = 10000L * k + 100L * w.rank() + j;
                        w.putC(new long[] {v}, 1, Datatype.LONG, t, 3L * w.rank() + j, 1, Datatype.LONG, 91);
                    }
                }
                w.acceptC(buf, buf.byteSize(), 8, 91);
                for (int s = 0; s < n; s++) {
                    for (int j = 0; j < 3; j++) {
                        long expected = j < putcCount(s, w.rank(), k) ? 10000L * k + 100L * s + j : SENTINEL;
                        eq(expected, at(buf, 3L * s + j), "round " + k + ", from " + s + ", slot " + j);
                    }
                }
            }
        }
    }

    /** IACCEPTC obeys the non-blocking rule: PUTCs after it belong to the next one. */
    static void iacceptc(Mpi mpi) {
        Comm w = mpi.world();
        int n = w.size();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment first = longs(a, n);
            MemorySegment second = longs(a, n);
            for (int t = 0; t < n; t++) {
                w.putC(new long[] {w.rank() + 1}, 1, Datatype.LONG, t, w.rank(), 1, Datatype.LONG, 92);
            }
            Request r = w.iacceptC(first, first.byteSize(), 8, 92);
            for (int t = 0; t < n; t++) {
                w.putC(new long[] {-(w.rank() + 1)}, 1, Datatype.LONG, t, w.rank(), 1, Datatype.LONG, 92);
            }
            r.waitFor();
            Request r2 = w.iacceptC(second, second.byteSize(), 8, 92);
            r2.waitFor();
            for (int s = 0; s < n; s++) {
                eq(s + 1, at(first, s), "first IACCEPTC, from " + s);
                eq(-(s + 1), at(second, s), "second IACCEPTC, from " + s);
            }
        }
    }

    /** PUTC is never serviced by ACCEPT, nor PUT by ACCEPTC. */
    static void putcSeparation(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment byAccept = longs(a, 1);
            MemorySegment byAcceptC = longs(a, 1);
            w.put(new long[] {1 + 10L * w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 93);
            w.putC(new long[] {2 + 10L * w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 93);
            w.barrier(); // both are queued at every target
            Request c = w.iacceptC(byAcceptC, 8, 8, 93);
            w.barrier(); // every ACCEPTC has seen the queue
            Request p = w.iaccept(byAccept, 8, 8, 93, 1);
            Request.waitAll(c, p);
            eq(2 + 10L * left(w), at(byAcceptC, 0), "ACCEPTC serviced only the PUTC");
            eq(1 + 10L * left(w), at(byAccept, 0), "ACCEPT serviced only the PUT");
        }
    }

    // ---------------------------------------------------------------- GET / OFFER

    static void getOffer(Mpi mpi) {
        Comm w = mpi.world();
        int n = LARGE / 8;
        MemorySegment offered = mpi.rmaMalloc(8L * (n + 8));
        for (int i = 0; i < n + 8; i++) {
            set(offered, i, 1000L * w.rank() + i);
        }
        long[] small = {SENTINEL, SENTINEL};
        long[] held = {SENTINEL};
        long[] bigHeap = new long[n];
        MemorySegment bigReg = mpi.rmaMalloc(8L * n);
        long[] strided = new long[4];
        w.getHold(held, 1, Datatype.LONG, right(w), 7, 1, Datatype.LONG, 101);
        w.get(small, 2, Datatype.LONG, right(w), 2, 1, Datatype.vector(2, 1, 3, Datatype.LONG), 101);
        w.get(bigHeap, n, Datatype.LONG, right(w), 8, n, Datatype.LONG, 101);
        w.get(bigReg, n, Datatype.LONG, right(w), 8, n, Datatype.LONG, 101);
        w.get(strided, 4, Datatype.LONG, right(w), 0, 1, Datatype.vector(4, 1, 2, Datatype.LONG), 101);
        w.offer(offered, offered.byteSize(), 8, 101, 4);
        long base = 1000L * right(w);
        eq(base + 7, held[0], "GETHOLD");
        eq(base + 2, small[0], "GET with a vector target type, first");
        eq(base + 5, small[1], "GET with a vector target type, second");
        for (int i = 0; i < n; i++) {
            eq(base + 8 + i, bigHeap[i], "large GET into a heap array (staged), " + i);
            eq(base + 8 + i, at(bigReg, i), "large GET into rmaMalloc memory (direct), " + i);
        }
        for (int i = 0; i < 4; i++) {
            eq(base + 2L * i, strided[i], "strided GET " + i);
        }
        w.barrier();
        mpi.rmaFree(bigReg);
        mpi.rmaFree(offered);
    }

    static void getcOfferc(Mpi mpi) {
        Comm w = mpi.world();
        int n = w.size();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment offered = longs(a, n);
            for (int i = 0; i < n; i++) {
                set(offered, i, 100L * w.rank() + i);
            }
            MemorySegment first = longs(a, n);
            for (int t = 0; t < n; t++) {
                w.getC(first.asSlice(8L * t, 8), 1, Datatype.LONG, t, w.rank(), 1, Datatype.LONG, 111);
            }
            w.offerC(offered, offered.byteSize(), 8, 111);
            for (int t = 0; t < n; t++) {
                eq(100L * t + w.rank(), at(first, t), "GETC serviced by OFFERC, from " + t);
            }
            w.barrier();
            for (int i = 0; i < n; i++) {
                set(offered, i, -100L * w.rank() - i);
            }
            MemorySegment into = longs(a, n);
            for (int t = 0; t < n; t++) {
                w.getC(into.asSlice(8L * t, 8), 1, Datatype.LONG, t, w.rank(), 1, Datatype.LONG, 112);
            }
            Request r = w.iofferC(offered, offered.byteSize(), 8, 112);
            r.waitFor();
            for (int t = 0; t < n; t++) {
                eq(-100L * t - w.rank(), at(into, t), "GETC serviced by IOFFERC, from " + t);
            }
        }
    }

    // ---------------------------------------------------------------- AVAIL

    static void availPutHold(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment first = longs(a, 4);
            MemorySegment second = longs(a, 4);
            for (int i = 0; i < 4; i++) {
                set(second, i, 50L * w.rank() + i);
            }
            long[] got = {SENTINEL};
            w.putHold(new long[] {10L * w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 121);
            w.get(got, 1, Datatype.LONG, right(w), 3, 1, Datatype.LONG, 121);
            w.putHold(new long[] {10L * w.rank() + 1}, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 121);
            w.put(new long[] {10L * w.rank() + 2}, 1, Datatype.LONG, right(w), 2, 1, Datatype.LONG, 121);
            Request r1 = w.iavail(first, first.byteSize(), 8, 121);
            Request r2 = w.iavail(second, second.byteSize(), 8, 121);
            Request.waitAll(r1, r2);
            for (int i = 0; i < 3; i++) {
                eq(10L * left(w) + i, at(first, i), "first AVAIL, after its PUTHOLD, took PUTHOLDs and the PUT: " + i);
            }
            eq(SENTINEL, at(first, 3), "first AVAIL serviced no GET");
            eq(50L * right(w) + 3, got[0], "the GET went to the second AVAIL");
        }
    }

    static void availGetHold(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment first = longs(a, 4);
            MemorySegment second = longs(a, 4);
            for (int i = 0; i < 4; i++) {
                set(first, i, 50L * w.rank() + i);
            }
            long[] h = {SENTINEL};
            long[] g = {SENTINEL};
            w.getHold(h, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 122);
            w.put(new long[] {9L + w.rank()}, 1, Datatype.LONG, right(w), 3, 1, Datatype.LONG, 122);
            w.get(g, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 122);
            Request r1 = w.iavail(first, first.byteSize(), 8, 122);
            Request r2 = w.iavail(second, second.byteSize(), 8, 122);
            Request.waitAll(r1, r2);
            eq(50L * right(w), h[0], "GETHOLD from the first AVAIL");
            eq(50L * right(w) + 1, g[0], "GET from the first AVAIL");
            eq(50L * w.rank() + 3, at(first, 3), "the first AVAIL took no PUT after its GETHOLD");
            eq(9L + left(w), at(second, 3), "the PUT went to the second AVAIL");
        }
    }

    static void availExactlyOne(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 2);
            w.put(new long[] {1 + w.rank()}, 1, Datatype.LONG, right(w), 0, 1, Datatype.LONG, 123);
            w.put(new long[] {2 + w.rank()}, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 123);
            w.barrier();
            Request r = w.iavail(buf, buf.byteSize(), 8, 123);
            // exactly one serviced: the first; the second stays queued until another AVAIL
            w.barrier();
            eq(SENTINEL, at(buf, 1), "AVAIL serviced more than one PUT");
            MemorySegment buf2 = longs(a, 2);
            Request r2 = w.iavail(buf2, buf2.byteSize(), 8, 123);
            Request.waitAll(r, r2);
            eq(1 + left(w), at(buf, 0), "the first AVAIL serviced the first PUT");
            eq(2 + left(w), at(buf2, 1), "the second AVAIL serviced the second PUT");
        }
    }

    // ---------------------------------------------------------------- messages and probe

    static void messages(Mpi mpi) {
        Comm w = mpi.world();
        for (int i = 0; i < 3; i++) {
            w.send(new int[] {w.rank(), i}, 2, Datatype.INT, right(w), 5);
        }
        long[] big = new long[LARGE / 8 * 4];
        java.util.Arrays.fill(big, 31L * w.rank());
        w.send(big, big.length, Datatype.LONG, right(w), 6);
        for (int i = 0; i < 3; i++) {
            int[] got = new int[2];
            Status s = w.recv(got, 2, Datatype.INT, Comm.ANY_SOURCE, 5);
            eq(left(w), s.source(), "source");
            eq(5, s.tag(), "tag");
            eq(8, s.byteCount(), "bytes");
            eq(Operation.MESSAGE, s.operation(), "operation");
            eq(left(w), got[0], "payload rank");
            eq(i, got[1], "messages from one sender arrive in order");
        }
        long[] in = new long[big.length];
        Status s = w.recv(in, in.length, Datatype.LONG, left(w), Comm.ANY_TAG);
        eq(6, s.tag(), "ANY_TAG matched tag 6");
        eq(8L * big.length, s.byteCount(), "large message bytes");
        for (long x : in) {
            eq(31L * left(w), x, "large message content");
        }
        Request r = w.irecv(new int[1], 1, Datatype.INT, left(w), 7);
        w.isend(new int[] {42}, 1, Datatype.INT, right(w), 7).waitFor();
        eq(4, r.waitFor().byteCount(), "irecv bytes");
    }

    static void probe(Mpi mpi) {
        Comm w = mpi.world();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = longs(a, 2);
            long[] got = {SENTINEL};
            w.send(new long[] {1}, 1, Datatype.LONG, right(w), 131);
            w.put(new long[] {2, 3}, 2, Datatype.LONG, right(w), 0, 2, Datatype.LONG, 132);
            w.get(got, 1, Datatype.LONG, right(w), 1, 1, Datatype.LONG, 133);
            Status m = w.probe(left(w), 131);
            eq(Operation.MESSAGE, m.operation(), "probed message");
            eq(8, m.byteCount(), "probed message bytes");
            Status p = w.probe(Comm.ANY_SOURCE, 132);
            eq(Operation.PUT, p.operation(), "probed PUT");
            eq(16, p.byteCount(), "probed PUT bytes");
            eq(left(w), p.source(), "probed PUT source");
            Status g = w.probe(left(w), 133);
            eq(Operation.GET, g.operation(), "probed GET");
            eq("GET", g.variant(), "probed GET variant");
            // probing leaves them in place: now receive and service them
            w.recv(new long[1], 1, Datatype.LONG, left(w), 131);
            w.accept(buf, 16, 8, 132, 1);
            w.offer(buf, 16, 8, 133, 1);
            eq(3, got[0], "the GET read what the PUT wrote at its target");
        }
    }
}
