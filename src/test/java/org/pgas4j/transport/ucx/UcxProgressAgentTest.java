package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The progress agent sleeps in the kernel on the worker's event fd: two engines of one JVM over
 * tcp on the loopback device (where a put lands only when the target progresses), the target's
 * worker progressed by nothing but its agent. Skipped when libucp is not installed.
 */
class UcxProgressAgentTest {
    /** Long parks of the agent in which a wait may be begun before the case gives up. */
    private static final int WAKE_ATTEMPTS = 5;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anIdleAgentSleepsOnTheEventFdAndWakesForEachIncomingPut() throws Exception {
        try (AgentEnginePair pair = AgentEnginePair.open(4096)) {
            UcxProgressAgent agent = pair.agent;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment value = arena.allocate(8, 8);
                // Idle: one second costs a handful of bounded sleeps (100 ms each), not a timed
                // park every millisecond, and almost no CPU.
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                Thread.sleep(200);
                long sleepsBefore = agent.sleeps();
                long cpuBefore = threads.getThreadCpuTime(agent.threadId());
                Thread.sleep(1_000);
                long sleeps = agent.sleeps() - sleepsBefore;
                long cpuNanos = threads.getThreadCpuTime(agent.threadId()) - cpuBefore;
                assertTrue(sleeps <= 3 * 1_000 / UcxProgressAgent.SLEEP_MILLIS,
                        () -> "an idle agent slept " + sleeps + " times in one second");
                assertTrue(cpuNanos < 50_000_000L, () -> "an idle agent used " + cpuNanos + " ns of CPU in one second");
                // Busy: 200 blocking puts, each landing only once the sleeping agent wakes and
                // progresses; with no wake-up each would wait for the 100 ms sleep to end (20 s).
                // Measured: 65-140 ms at a load average of 12 on 2 cores.
                long start = System.nanoTime();
                for (long i = 1; i <= 200; i++) {
                    value.set(JAVA_LONG, 0, i);
                    pair.origin.putBlocking(pair.toTarget(), pair.key, pair.memory.address() + 8, value, 0, 8);
                    assertEquals(i, pair.memory.segment().get(JAVA_LONG, 8), "put " + i + " landed");
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis < 2_000, () -> "200 puts woke the target's agent in " + millis + " ms");
            }
        }
    }

    /**
     * A stream of blocking gets, each sent once the last is answered and a pause after it: an
     * agent that may linger (a core per PE) while a PE thread of its own is parked in a wait serves
     * them spinning, sleeping on the event fd far less than once per get (in the best of three
     * windows); one that may not, or whose PE is not waiting (computing: no PE thread parked),
     * sleeps after each and is woken by the next.
     *
     * <p>The pause (100 µs) is longer than an agent's few idle turns before it sleeps, and the
     * agent's linger window is widened to 2 ms for the test, longer than the pause and a round
     * trip: without the pause an agent that may not linger slept only 12-54 times in 2,000 gets on
     * a machine whose next get arrived within its idle turns or while it armed the worker, and with
     * a pause the production window (50 µs) could not hold the pause and a round trip there.
     * Counts, not times ({@link AgentLingerTest} checks the rule itself with chosen times).
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anAgentLingersThroughAStreamOfBlockingGetsOnlyWhereItMay() throws Exception {
        int gets = 2_000;
        long pauseNanos = 100_000;
        long lingerNanos = 2_000_000;
        boolean[][] cases = {{true, true}, {true, false}, {false, true}}; // lingers, a PE thread parked
        for (boolean[] c : cases) {
            try (AgentEnginePair pair = AgentEnginePair.open(4096, c[0], lingerNanos);
                 Arena arena = Arena.ofConfined()) {
                if (c[1]) {
                    pair.target.peThreadParks();
                }
                MemorySegment value = arena.allocate(8, 8);
                pair.memory.segment().set(JAVA_LONG, 16, 42);
                // Compiled paths first (interpreted, a get took longer than the window): half a second.
                long warm = System.nanoTime() + 500_000_000L;
                while (System.nanoTime() < warm) {
                    pair.origin.getBlocking(pair.toTarget(), pair.key, pair.memory.address() + 16, value, 0, 8);
                }
                // The least and the most sleeps of three windows: on two cores a window where the
                // getting thread was preempted for longer than the linger sleeps more (516 of 2,000
                // in one run of fifteen)
                long fewest = Long.MAX_VALUE;
                long most = 0;
                for (int window = 0; window < 3; window++) {
                    long sleepsBefore = pair.agent.sleeps();
                    for (int i = 0; i < gets; i++) {
                        pair.origin.getBlocking(pair.toTarget(), pair.key, pair.memory.address() + 16, value, 0, 8);
                        assertEquals(42, value.get(JAVA_LONG, 0));
                        spinFor(pauseNanos);
                    }
                    long sleeps = pair.agent.sleeps() - sleepsBefore;
                    fewest = Math.min(fewest, sleeps);
                    most = Math.max(most, sleeps);
                }
                String what = (c[0] ? "an agent that may linger" : "an agent that may not linger")
                        + (c[1] ? ", its PE waiting," : ", its PE computing,");
                if (c[0] && c[1]) {
                    long least = fewest;
                    assertTrue(least < gets / 4, () -> what + " slept at least " + least + " times in " + gets + " gets");
                } else {
                    long greatest = most;
                    assertTrue(greatest > gets / 2, () -> what + " slept at most " + greatest + " times in " + gets + " gets");
                }
                if (c[1]) {
                    pair.target.peThreadWakes();
                }
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anAgentFindingAPeThreadOnTheLockKeepsOffAndServesOnceItIsFree() throws Exception {
        try (AgentEnginePair pair = AgentEnginePair.open(4096); Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(8, 8);
            // A PE thread holds the target's lock (as while it issues an operation or waits for one):
            // arming does not queue behind it but answers HELD at once.
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread pe = Thread.ofPlatform().start(() -> {
                pair.target.lock().lock();
                try {
                    holding.countDown();
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    pair.target.lock().unlock();
                }
            });
            try {
                assertTrue(holding.await(10, TimeUnit.SECONDS));
                long start = System.nanoTime();
                assertEquals(UcxEngine.HELD, pair.target.armIdle());
                assertTrue(System.nanoTime() - start < 1_000_000_000L, "armIdle waited for the lock");
                // While the PE thread keeps the lock, the agent's parks grow to the longest one
                // (1 ms) instead of starting again from the shortest (50 µs) at each look: at most
                // some 300 in 300 ms, where repeating the shortest gave thousands (issue 23).
                long parksBefore = pair.agent.parks();
                Thread.sleep(300);
                long parks = pair.agent.parks() - parksBefore;
                assertTrue(parks <= 400,
                        () -> "the agent parked " + parks + " times in 300 ms while a PE thread held the lock");
                assertTrue(parks >= 1, "the agent never parked while a PE thread held the lock");
            } finally {
                release.countDown(); // closing the pair takes the lock
                pe.join();
            }
            // Free again: the agent (which found the lock held meanwhile) serves the next puts.
            for (long i = 1; i <= 20; i++) {
                value.set(JAVA_LONG, 0, i);
                pair.origin.putBlocking(pair.toTarget(), pair.key, pair.memory.address() + 8, value, 0, 8);
                assertEquals(i, pair.memory.segment().get(JAVA_LONG, 8), "put " + i + " landed");
            }
            // A blocking put waits for the flush's round trip through the target's agent: each turn
            // of that wait counts as the PE driving the worker, so the origin's own agent keeps off.
            int turns = pair.origin.peTurns();
            pair.origin.putBlocking(pair.toTarget(), pair.key, pair.memory.address() + 8, value, 0, 8);
            int waited = pair.origin.peTurns() - turns;
            assertTrue(waited >= 2, "a blocking put over tcp counted " + waited + " turns");
        }
    }

    /**
     * A PE thread inside its operations (holding the lock, a turn every 20 µs: a stream of large
     * puts over tcp) keeps the agent off in parks that grow past the 1 ms of before, and the wait
     * that the thread begins next ends the agent's long park at once; afterwards the agent serves
     * a peer's puts as before. Counts, not times.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anAgentKeepsOffAThreadInsideItsOperationsInLongParksThatItsNextWaitEnds() throws Exception {
        try (AgentEnginePair pair = AgentEnginePair.open(4096); Arena arena = Arena.ofConfined()) {
            UcxEngine target = pair.target;
            CountDownLatch keptOff = new CountDownLatch(1);
            CountDownLatch measured = new CountDownLatch(1);
            long[] parksWhileDriving = new long[1];
            boolean[] endedByWait = new boolean[1];
            boolean[] keptOffAfterWait = new boolean[1];
            Thread pe = Thread.ofPlatform().start(() -> {
                target.lock().lock();
                try {
                    long giveUp = System.nanoTime() + 20_000_000_000L;
                    long windowEnd = 0;
                    long parksBefore = 0;
                    while (System.nanoTime() < giveUp) {
                        target.progress();
                        LockSupport.parkNanos(20_000);
                        if (windowEnd == 0 && target.agentKeepingOff()) {
                            keptOff.countDown();
                            parksBefore = pair.agent.parks();
                            windowEnd = System.nanoTime() + 300_000_000L;
                        } else if (windowEnd != 0 && System.nanoTime() > windowEnd) {
                            parksWhileDriving[0] = pair.agent.parks() - parksBefore;
                            break;
                        }
                    }
                    measured.countDown();
                    // Once the agent is back in a long park, leave the operations and begin a wait at
                    // once: from the same thread, since a 16 ms park may end of itself while another
                    // thread comes to look. Tried again in the rare case that it ended in between.
                    for (int attempt = 0; attempt < WAKE_ATTEMPTS && !endedByWait[0]; attempt++) {
                        while (!target.agentKeepingOff() && System.nanoTime() < giveUp) {
                            target.progress();
                            LockSupport.parkNanos(20_000);
                        }
                        target.lock().unlock();
                        long wakes = target.agentWakesOnWait();
                        target.peThreadParks(); // a PE thread begins a wait of the core
                        try {
                            endedByWait[0] = target.agentWakesOnWait() == wakes + 1;
                            keptOffAfterWait[0] = target.agentKeepingOff();
                        } finally {
                            target.peThreadWakes();
                            target.lock().lock();
                        }
                    }
                } finally {
                    target.lock().unlock();
                }
            });
            try {
                assertTrue(keptOff.await(30, TimeUnit.SECONDS), "the agent never kept off in a long park");
                assertTrue(measured.await(30, TimeUnit.SECONDS));
                pe.join();
                // 300 ms of 16 ms parks is about 20 of them; parks of at most 1 ms made 300 or more.
                assertTrue(parksWhileDriving[0] <= 100,
                        () -> "the agent parked " + parksWhileDriving[0] + " times in 300 ms of a driving PE thread");
                assertTrue(endedByWait[0], "no wait begun in " + WAKE_ATTEMPTS + " long parks of the agent ended one");
                assertTrue(!keptOffAfterWait[0], "the agent still kept off after the wait ended its park");
            } finally {
                pe.join();
            }
            MemorySegment value = arena.allocate(8, 8);
            for (long i = 1; i <= 20; i++) {
                value.set(JAVA_LONG, 0, i);
                pair.origin.putBlocking(pair.toTarget(), pair.key, pair.memory.address() + 8, value, 0, 8);
                assertEquals(i, pair.memory.segment().get(JAVA_LONG, 8), "put " + i + " landed");
            }
        }
    }

    /** Spins, without parking or yielding, for {@code nanos}. */
    private static void spinFor(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
