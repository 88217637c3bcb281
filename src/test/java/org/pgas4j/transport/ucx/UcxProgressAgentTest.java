package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The progress agent sleeps in the kernel on the worker's event fd: two engines of one JVM over
 * tcp on the loopback device (where a put lands only when the target progresses), the target's
 * worker progressed by nothing but its agent. Skipped when libucp is not installed.
 */
class UcxProgressAgentTest {
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("TLS", "tcp", "NET_DEVICES", "lo");

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anIdleAgentSleepsOnTheEventFdAndWakesForEachIncomingPut() throws Exception {
        String missing = UcpLibrary.unavailableReason();
        Assumptions.assumeTrue(missing == null, () -> "UCX cannot run here: " + missing);
        try (UcxEngine target = new UcxEngine(0, TCP_ON_LOOPBACK);
             UcxEngine origin = new UcxEngine(1, TCP_ON_LOOPBACK)) {
            byte[][] addresses = {target.worker().address(), origin.worker().address()};
            target.connect(addresses, 0);
            origin.connect(addresses, 1);
            UcpMemory memory = target.context().allocate(4096);
            UcpRemoteKey key = origin.endpoint(0).unpack(memory.packedKey());
            UcxProgressAgent agent = new UcxProgressAgent(target, 0);
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
                    origin.putBlocking(origin.endpoint(0), key, memory.address() + 8, value, 0, 8);
                    assertEquals(i, memory.segment().get(JAVA_LONG, 8), "put " + i + " landed");
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis < 2_000, () -> "200 puts woke the target's agent in " + millis + " ms");
            } finally {
                closeAll(agent, origin, target, key, memory);
            }
        }
    }

    /**
     * Stops the target's agent, releases the origin's key to the target's memory, closes both
     * engines' endpoints, then the memory.
     */
    static void closeAll(UcxProgressAgent agent, UcxEngine origin, UcxEngine target, UcpRemoteKey key,
                         UcpMemory memory) {
        agent.close();
        origin.lock().lock();
        try {
            key.close();
        } finally {
            origin.lock().unlock();
        }
        origin.beginClose();
        target.beginClose();
        closeBoth(origin, target);
        memory.close();
    }

    /** Closes both engines' endpoints, each progressing the other (a tcp close needs the peer). */
    private static void closeBoth(UcxEngine a, UcxEngine b) {
        Thread t = Thread.ofPlatform().start(() -> a.closeEndpoints(2_000));
        b.closeEndpoints(2_000);
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
