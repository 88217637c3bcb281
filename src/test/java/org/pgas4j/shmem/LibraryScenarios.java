package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.equal;
import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.pgas4j.BadArgumentException;

/**
 * Issue 24's routines: distributed locks, {@code ptr}/{@code teamPtr}, thread levels (MULTIPLE with
 * four threads per PE), the library query, allocation hints and {@code pcontrol}. Every PE runs them
 * with a {@link Shmem} from {@code initThread(MULTIPLE)} ({@link ShmemLibraryPe}).
 */
final class LibraryScenarios {
    /** Lock rounds per PE in the contention scenario. */
    private static final int ROUNDS = 25;
    /** Threads per PE in the MULTIPLE scenario. */
    static final int THREADS = 4;

    private LibraryScenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("lock_counterUnderContentionLosesNoUpdate", LibraryScenarios::lockContention);
        s.put("lock_testLockNeverWaitsAndOneWinnerTakesAFreeLock", LibraryScenarios::testLock);
        s.put("lock_elementsOfOneArrayAreIndependentLocks", LibraryScenarios::independentLocks);
        s.put("lock_lockInASpaceOtherThanTheDefault", LibraryScenarios::lockInSpace);
        s.put("lock_errorsAreRefusedBeforeTouchingTheQueue", LibraryScenarios::lockErrors);
        s.put("ptr_directStoresReachMappedPeers", LibraryScenarios::ptrStores);
        s.put("ptr_teamPtrTranslatesTeamNumbers", LibraryScenarios::teamPtr);
        s.put("ptr_errorsAndEmptyCases", LibraryScenarios::ptrErrors);
        s.put("thread_multipleWithFourThreadsPerPe", LibraryScenarios::multipleThreads);
        s.put("thread_multipleThreadsShareTheDefaultContextAcrossTwoSpaces", LibraryScenarios::multipleThreadsTwoSpaces);
        s.put("thread_queryThreadAndInitThreadRefusals", LibraryScenarios::threadLevels);
        s.put("info_versionNameAndPcontrol", LibraryScenarios::info);
        s.put("malloc_withHints", LibraryScenarios::mallocWithHints);
        return s;
    }

    static void lockContention(Shmem s) {
        int n = s.nPes();
        SymmetricArray lock = s.calloc(ShmemType.LONG, 1);
        SymmetricArray counter = s.calloc(ShmemType.LONG, 1);
        SymmetricArray acquired = s.calloc(ShmemType.LONG, n); // on PE 0: how often each PE held the lock
        SymmetricArray inside = s.calloc(ShmemType.LONG, 1);   // on PE n-1: PEs inside the critical section now
        ShmemContext c = s.ctxDefault();
        int last = n - 1;
        for (int r = 0; r < ROUNDS; r++) {
            s.setLock(lock, 0);
            long within = c.atomicFetchInc(inside, 0, last);
            equal(0, within, "PEs already inside the critical section when PE " + s.myPe() + " entered");
            long v = c.gLong(counter, 0, 0); // a plain read-modify-write: only the lock makes it safe
            if ((r & 3) == 0) {
                Thread.yield(); // widen the window
            }
            c.pLong(counter, 0, v + 1, 0);
            c.atomicAdd(acquired, s.myPe(), 1, 0);
            c.atomicAdd(inside, 0, -1, last);
            s.clearLock(lock, 0);
        }
        s.barrierAll();
        if (s.myPe() == 0) {
            equal((long) ROUNDS * n, c.gLong(counter, 0, 0), "counter after " + ROUNDS + " locked increments by "
                    + n + " PEs");
            for (int pe = 0; pe < n; pe++) {
                equal(ROUNDS, c.gLong(acquired, pe, 0), "times PE " + pe + " held the lock");
            }
        }
        equal(0, s.ctxDefault().gLong(lock, 0, 0) & 0xFFFF_FFFFL, "the lock's tail on its home PE after the last clear");
        s.barrierAll();
        s.free(inside);
        s.free(acquired);
        s.free(counter);
        s.free(lock);
    }

    static void testLock(Shmem s) {
        int n = s.nPes();
        SymmetricArray lock = s.calloc(ShmemType.LONG, 1);
        SymmetricArray winners = s.calloc(ShmemType.LONG, 1);
        if (s.myPe() == 0) {
            that(s.testLock(lock, 0), "PE 0 takes the free lock with testLock");
        }
        s.barrierAll();
        if (s.myPe() != 0) {
            long t0 = System.nanoTime();
            that(!s.testLock(lock, 0), "testLock on a lock PE 0 holds fails");
            that(System.nanoTime() - t0 < 5_000_000_000L, "testLock returned at once");
        }
        s.barrierAll();
        if (s.myPe() == 0) {
            s.clearLock(lock, 0);
        }
        s.barrierAll();
        boolean won = s.testLock(lock, 0);
        if (won) {
            s.ctxDefault().atomicInc(winners, 0, 0);
        }
        s.barrierAll();
        if (won) {
            s.clearLock(lock, 0);
        }
        equal(1, s.ctxDefault().gLong(winners, 0, 0), "PEs of " + n + " that took the free lock with testLock");
        s.barrierAll();
        s.setLock(lock, 0); // a lock taken by testLock and cleared is usable by setLock
        s.clearLock(lock, 0);
        s.barrierAll();
        s.free(winners);
        s.free(lock);
    }

    static void independentLocks(Shmem s) {
        SymmetricArray locks = s.calloc(ShmemType.INT64, 3);
        s.setLock(locks, 0);
        s.setLock(locks, 2);
        if (s.nPes() == 1) {
            that(s.testLock(locks, 1), "element 1 is free while 0 and 2 are held");
            s.clearLock(locks, 1);
        }
        s.clearLock(locks, 2);
        s.clearLock(locks, 0);
        s.barrierAll();
        // A lock taken while one PE holds another: no PE waits for an unrelated lock.
        int pe = s.myPe();
        s.setLock(locks, pe % 2);
        s.clearLock(locks, pe % 2);
        s.barrierAll();
        s.free(locks);
    }

    static void lockInSpace(Shmem s) {
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 8192));
        SymmetricArray lock = s.spaceCalloc(c.space(), ShmemType.LONG, 1);
        SymmetricArray counter = s.spaceCalloc(c.space(), ShmemType.LONG, 1);
        for (int r = 0; r < 5; r++) {
            s.setLock(lock, 0);
            long v = s.ctxDefault().gLong(counter, 0, 0);
            s.ctxDefault().pLong(counter, 0, v + 1, 0);
            s.clearLock(lock, 0);
        }
        s.barrierAll();
        equal(5L * s.nPes(), s.ctxDefault().gLong(counter, 0, 0), "counter under a lock of a created space");
        s.barrierAll();
        s.spaceFree(c.space(), counter);
        s.spaceFree(c.space(), lock);
        c.team().destroy();
        s.spaceDestroy(c.space());
    }

    static void lockErrors(Shmem s) {
        SymmetricArray lock = s.calloc(ShmemType.LONG, 2);
        SymmetricArray ints = s.calloc(ShmemType.INT, 2);
        SymmetricArray doubles = s.calloc(ShmemType.DOUBLE, 1);
        IllegalStateException notHeld = throwsA(IllegalStateException.class, "clearLock of a lock not held",
                () -> s.clearLock(lock, 0));
        that(notHeld.getMessage().contains("does not hold"), notHeld.getMessage());
        s.setLock(lock, 0);
        IllegalStateException twice = throwsA(IllegalStateException.class, "setLock of a lock held",
                () -> s.setLock(lock, 0));
        that(twice.getMessage().contains("already holds"), twice.getMessage());
        throwsA(IllegalStateException.class, "testLock of a lock held", () -> s.testLock(lock, 0));
        throwsA(IllegalStateException.class, "clearLock of another element", () -> s.clearLock(lock, 1));
        s.clearLock(lock, 0);
        throwsA(IllegalStateException.class, "clearLock twice", () -> s.clearLock(lock, 0));
        throwsA(BadArgumentException.class, "a lock of type int", () -> s.setLock(ints, 0));
        throwsA(BadArgumentException.class, "a lock of type double", () -> s.testLock(doubles, 0));
        throwsA(BadArgumentException.class, "an index past the end", () -> s.setLock(lock, 2));
        throwsA(BadArgumentException.class, "a negative index", () -> s.clearLock(lock, -1));
        throwsA(BadArgumentException.class, "a null lock", () -> s.setLock(null, 0));
        s.barrierAll();
        s.free(doubles);
        s.free(ints);
        s.free(lock);
        throwsA(IllegalStateException.class, "a freed lock", () -> s.setLock(lock, 0));
    }

    static void ptrStores(Shmem s) {
        int n = s.nPes();
        int me = s.myPe();
        SymmetricArray a = s.calloc(ShmemType.LONG, 4);
        List<Integer> mapped = new ArrayList<>();
        for (int v : s.client().neighbourhood()) {
            mapped.add(v);
        }
        for (int pe = 0; pe < n; pe++) {
            Optional<MemorySegment> p = s.ptr(a, pe);
            that(p.isPresent() == mapped.contains(pe), "ptr to PE " + pe + " present iff it is in the neighbourhood "
                    + mapped + ": " + p);
            p.ifPresent(m -> equal(32, m.byteSize(), "ptr's size is the object's"));
        }
        MemorySegment self = s.ptr(a, me).orElseThrow();
        self.set(ValueLayout.JAVA_LONG, 24, 7L);
        equal(7, s.local(a).get(ValueLayout.JAVA_LONG, 24), "ptr to this PE is its own memory");
        s.barrierAll();
        int right = (me + 1) % n;
        Optional<MemorySegment> r = s.ptr(a, right);
        if (r.isPresent()) {
            ValueLayout.JAVA_LONG.varHandle().setRelease(r.get(), 8L, 1000L + me);
        } else {
            s.ctxDefault().pLong(a, 1, 1000L + me, right);
        }
        s.barrierAll();
        equal(1000L + (me + n - 1) % n, s.local(a).get(ValueLayout.JAVA_LONG, 8), "the left neighbour's direct store");
        s.barrierAll();
        SymmetricArray part = a.slice(2, 2);
        s.ptr(part, me).ifPresent(m -> equal(7, m.get(ValueLayout.JAVA_LONG, 8), "ptr to a slice starts at the slice"));
        s.free(a);
    }

    static void teamPtr(Shmem s) {
        SymmetricArray a = s.calloc(ShmemType.INT, 2);
        s.local(a).set(ValueLayout.JAVA_INT, 0, 100 + s.myPe());
        s.barrierAll();
        ShmemTeam odd = s.nPes() == 1 ? s.teamWorld().splitStrided(0, 1, 1)
                : s.teamWorld().splitStrided(1, 2, s.nPes() / 2); // PEs 1, 3, ...
        if (odd.isValid()) {
            for (int t = 0; t < odd.nPes(); t++) {
                int world = odd.translatePe(t, s.teamWorld());
                Optional<MemorySegment> p = s.teamPtr(odd, a, t);
                that(p.isPresent() == s.ptr(a, world).isPresent(), "teamPtr agrees with ptr for team PE " + t);
                int want = 100 + world;
                p.ifPresent(m -> equal(want, m.get(ValueLayout.JAVA_INT, 0), "teamPtr reaches world PE " + world));
            }
            throwsA(BadArgumentException.class, "teamPtr past the team", () -> s.teamPtr(odd, a, odd.nPes()));
        }
        Optional<MemorySegment> w = s.teamPtr(s.teamWorld(), a, s.myPe());
        that(w.isPresent(), "teamPtr to oneself in the world");
        throwsA(IllegalStateException.class, "teamPtr on SHMEM_TEAM_INVALID",
                () -> s.teamPtr(ShmemTeam.INVALID, a, 0));
        throwsA(BadArgumentException.class, "teamPtr on a null team", () -> s.teamPtr(null, a, 0));
        s.barrierAll();
        if (odd.isValid()) {
            odd.destroy();
        }
        s.free(a);
    }

    static void ptrErrors(Shmem s) {
        SymmetricArray a = s.calloc(ShmemType.LONG, 1);
        throwsA(BadArgumentException.class, "ptr to PE -1", () -> s.ptr(a, -1));
        throwsA(BadArgumentException.class, "ptr to PE n", () -> s.ptr(a, s.nPes()));
        throwsA(BadArgumentException.class, "ptr of null", () -> s.ptr(null, 0));
        // A space that lives on some PEs only: PEs outside it have no view.
        if (s.nPes() > 1) {
            ShmemTeam first = s.teamWorld().splitStrided(0, 1, 1);
            that(first.isValid() == (s.myPe() == 0), "the one-PE team");
            if (first.isValid()) {
                first.destroy();
            }
        }
        s.barrierAll();
        s.free(a);
        throwsA(IllegalStateException.class, "ptr of a freed object", () -> s.ptr(a, 0));
    }

    static void multipleThreads(Shmem s) throws Exception {
        int n = s.nPes();
        int me = s.myPe();
        int per = 50;
        SymmetricArray slots = s.calloc(ShmemType.LONG, (long) n * THREADS * per);
        SymmetricArray counters = s.calloc(ShmemType.LONG, THREADS);
        inThreads(me, "", thread -> {
            ShmemContext own = s.ctxCreate(ShmemContext.PRIVATE);
            for (int i = 0; i < per; i++) {
                ShmemContext c = (i & 1) == 0 ? s.ctxDefault() : own;
                int pe = (me + i + thread) % n;
                long slot = ((long) me * THREADS + thread) * per + i;
                c.put(slots, slot, new long[] {slot + 1}, 0, 1, pe);
                c.atomicAdd(counters, thread, 1, pe);
                long[] back = new long[1];
                c.quiet();
                c.get(back, 0, slots, slot, 1, pe);
                equal(slot + 1, back[0], "thread " + thread + " reads back slot " + slot + " on PE " + pe);
            }
            own.quiet();
            own.destroy();
            s.quiet();
        });
        s.barrierAll();
        MemorySegment mine = s.local(slots);
        for (int from = 0; from < n; from++) {
            for (int t = 0; t < THREADS; t++) {
                for (int i = 0; i < per; i++) {
                    long slot = ((long) from * THREADS + t) * per + i;
                    if ((from + i + t) % n == me) {
                        equal(slot + 1, mine.getAtIndex(ValueLayout.JAVA_LONG, slot), "slot " + slot);
                    }
                }
            }
        }
        long[] counts = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            counts[t] = s.local(counters).getAtIndex(ValueLayout.JAVA_LONG, t);
        }
        long total = Arrays.stream(counts).sum();
        long[] all = new long[1];
        SymmetricArray sum = s.calloc(ShmemType.LONG, 1);
        s.ctxDefault().atomicAdd(sum, 0, total, 0);
        s.barrierAll();
        if (me == 0) {
            s.ctxDefault().get(all, 0, sum, 0, 1, 0);
            equal((long) n * THREADS * per, all[0], "atomic adds by " + THREADS + " threads of " + n + " PEs");
        }
        s.barrierAll();
        s.free(sum);
        s.free(counters);
        s.free(slots);
    }

    /**
     * Threads share the default context while each alternates between objects of two memory spaces:
     * every put and get reaches the object's own space (a context's cached route is one pair of a
     * space and its handles, so no thread pairs one space with another's handles).
     */
    static void multipleThreadsTwoSpaces(Shmem s) throws Exception {
        int n = s.nPes();
        int me = s.myPe();
        int per = 60;
        long length = (long) n * THREADS * per;
        MemorySpace other = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 1 << 20)).space();
        SymmetricArray a = s.calloc(ShmemType.LONG, length);
        SymmetricArray b = s.spaceCalloc(other, ShmemType.LONG, length);
        inThreads(me, "spaces-", thread -> {
            ShmemContext c = s.ctxDefault();
            for (int i = 0; i < per; i++) {
                boolean inB = ((i + thread) & 1) == 0;
                SymmetricArray target = inB ? b : a;
                int pe = (me + i + thread) % n;
                long slot = ((long) me * THREADS + thread) * per + i;
                long value = (inB ? 1_000_000L : 0) + slot + 1;
                c.put(target, slot, new long[] {value}, 0, 1, pe);
                c.quiet();
                long[] back = new long[1];
                c.get(back, 0, target, slot, 1, pe);
                equal(value, back[0], "thread " + thread + " reads back slot " + slot + " of "
                        + (inB ? "the created space" : "the default space") + " on PE " + pe);
            }
        });
        s.barrierAll();
        MemorySegment inA = s.local(a);
        MemorySegment inB = s.local(b);
        for (int from = 0; from < n; from++) {
            for (int t = 0; t < THREADS; t++) {
                for (int i = 0; i < per; i++) {
                    long slot = ((long) from * THREADS + t) * per + i;
                    if ((from + i + t) % n != me) {
                        continue;
                    }
                    boolean wroteB = ((i + t) & 1) == 0;
                    equal(wroteB ? 1_000_000L + slot + 1 : 0, inB.getAtIndex(ValueLayout.JAVA_LONG, slot),
                            "slot " + slot + " of the created space");
                    equal(wroteB ? 0 : slot + 1, inA.getAtIndex(ValueLayout.JAVA_LONG, slot),
                            "slot " + slot + " of the default space");
                }
            }
        }
        s.barrierAll();
        s.free(a);
        s.spaceFree(other, b);
        s.spaceDestroy(other);
    }

    /** What one of {@link #inThreads}'s threads runs. */
    private interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /**
     * Runs {@code body} on {@link #THREADS} threads of PE {@code me} at once, waits for them, and
     * fails naming the PE when one of them failed.
     */
    private static void inThreads(int me, String name, ThreadBody body) throws InterruptedException {
        AtomicReference<Throwable> failed = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            threads.add(new Thread(() -> {
                try {
                    body.run(thread);
                } catch (Throwable x) {
                    failed.compareAndSet(null, x);
                }
            }, "pe-" + me + "-" + name + "thread-" + t));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        if (failed.get() != null) {
            throw new AssertionError("a thread of PE " + me + " failed: " + failed.get(), failed.get());
        }
    }

    static void threadLevels(Shmem s) {
        equal(ThreadLevel.MULTIPLE.ordinal(), s.queryThread().ordinal(), "queryThread after initThread(MULTIPLE)");
        throwsA(BadArgumentException.class, "initThread(null)", () -> Shmem.initThread(null));
        that(s.queryInitialized(), "queryInitialized between init and finalize");
        that(ThreadLevel.SINGLE.compareTo(ThreadLevel.FUNNELED) < 0
                && ThreadLevel.FUNNELED.compareTo(ThreadLevel.SERIALIZED) < 0
                && ThreadLevel.SERIALIZED.compareTo(ThreadLevel.MULTIPLE) < 0, "levels in increasing order");
    }

    static void info(Shmem s) {
        int[] v = Shmem.infoGetVersion();
        that(v.length == 2 && v[0] == 1 && v[1] == 6, "version " + Arrays.toString(v));
        v[1] = 99;
        equal(6, Shmem.infoGetVersion()[1], "the version array is a copy");
        that(!Shmem.infoGetName().isBlank(), "a vendor name");
        equal(1, s.pcontrolLevel(), "pcontrol's level before any call");
        s.pcontrol(0);
        equal(0, s.pcontrolLevel(), "pcontrol(0)");
        s.pcontrol(2);
        equal(2, s.pcontrolLevel(), "pcontrol(2)");
        throwsA(BadArgumentException.class, "pcontrol(-1)", () -> s.pcontrol(-1));
        s.pcontrol(1);
    }

    static void mallocWithHints(Shmem s) {
        SymmetricArray none = s.mallocWithHints(ShmemType.LONG, 4, 0);
        SymmetricArray atomics = s.mallocWithHints(ShmemType.ULONG, 4, Shmem.MALLOC_ATOMICS_REMOTE);
        SymmetricArray both = s.mallocWithHints(ShmemType.UINT64, 2,
                Shmem.MALLOC_ATOMICS_REMOTE | Shmem.MALLOC_SIGNAL_REMOTE);
        that(none != null && atomics != null && both != null, "allocations with hints");
        that(s.mallocWithHints(ShmemType.LONG, 0, Shmem.MALLOC_SIGNAL_REMOTE) == null, "a zero count gives null");
        throwsA(BadArgumentException.class, "undefined hint bits", () -> s.mallocWithHints(ShmemType.LONG, 1, 4));
        throwsA(BadArgumentException.class, "a negative count", () -> s.mallocWithHints(ShmemType.LONG, -1, 0));
        s.local(atomics).fill((byte) 0); // malloc does not zero
        s.barrierAll();
        s.ctxDefault().atomicInc(atomics, 0, 0);
        s.ctxDefault().atomicAdd(both, 1, 2, 0);
        s.barrierAll();
        equal(s.nPes(), s.ctxDefault().atomicFetch(atomics, 0, 0), "remote atomics on a hinted object");
        s.barrierAll();
        s.free(both);
        s.free(atomics);
        s.free(none);
    }
}
