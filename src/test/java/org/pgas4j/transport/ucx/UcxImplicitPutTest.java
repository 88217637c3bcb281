package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Implicit puts of the engine ({@link UcxEngine#putImplicit}): locally complete on return, remotely
 * complete only through {@link UcxEngine#flushImplicit()}, which signals each put's completion
 * once; a put with another completion object closes the batch before it. Two engines of one JVM
 * over tcp on the loopback device, the target progressed by its agent. Skipped when libucp is not
 * installed.
 */
class UcxImplicitPutTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void implicitPutsCompleteRemotelyOnlyThroughTheFlushEachOnce() {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 21)) {
            UcxEngine origin = pair.origin;
            UcpMemory memory = pair.memory;
            UcpRemoteKey key = pair.key;
            UcpEndpoint ep = pair.toTarget();
            try (Arena arena = Arena.ofConfined()) {
                CountingCompletion first = new CountingCompletion();
                CountingCompletion second = new CountingCompletion();
                MemorySegment nativeSource = arena.allocate(1 << 20);
                byte[] heapSource = new byte[4099];
                // 100 small puts from the heap (bounce buffers), one 1 MiB put from native memory,
                // each source overwritten once the call returns.
                for (int i = 0; i < 100; i++) {
                    java.util.Arrays.fill(heapSource, (byte) (i + 1));
                    origin.putImplicit(ep, key, memory.address() + 4099L * i, MemorySegment.ofArray(heapSource), 0,
                            4099, first);
                }
                java.util.Arrays.fill(heapSource, (byte) -1);
                nativeSource.fill((byte) 77);
                origin.putImplicit(ep, key, memory.address() + (1 << 20), nativeSource, 0, 1 << 20, first);
                nativeSource.fill((byte) -1);
                assertEquals(101, first.local, "local completion on return");
                for (int i = 0; i < 1_000; i++) {
                    origin.progress();
                }
                assertEquals(0, first.remote, "no remote completion before a flush");

                // A second completion object (the core's implicit atomics beside its puts) shares the batch;
                // a third closes the batch of the other two: its flush starts now.
                origin.putImplicit(ep, key, memory.address(), MemorySegment.ofArray(new byte[] {9}), 0, 1, second);
                for (int i = 0; i < 1_000; i++) {
                    origin.progress();
                }
                assertEquals(0, first.remote, "two completions share a batch");
                CountingCompletion third = new CountingCompletion();
                origin.putImplicit(ep, key, memory.address() + 1, MemorySegment.ofArray(new byte[] {8}), 0, 1, third);
                awaitRemote(origin, first, 101);
                awaitRemote(origin, second, 1);
                assertEquals(0, third.remote, "the next batch waits for its own flush");
                origin.flushImplicit();
                awaitRemote(origin, third, 1);
                origin.flushImplicit(); // nothing left: no completion is signalled twice
                for (int i = 0; i < 1_000; i++) {
                    origin.progress();
                }
                assertEquals(101, first.remote);
                assertEquals(1, second.remote);
                assertEquals(1, third.remote);
                assertNull(first.failure);
                assertNull(second.failure);
                assertNull(third.failure);

                MemorySegment landed = memory.segment();
                assertEquals(9, landed.get(JAVA_BYTE, 0), "the second completion's put");
                assertEquals(8, landed.get(JAVA_BYTE, 1), "the second batch's put");
                for (int i = 0; i < 100; i++) {
                    for (long b = i == 0 ? 2 : 0; b < 4099; b += 512) {
                        assertEquals((byte) (i + 1), landed.get(JAVA_BYTE, 4099L * i + b), "small put " + i);
                    }
                }
                for (long b = 0; b < (1 << 20); b += 4096) {
                    assertEquals(77, landed.get(JAVA_BYTE, (1 << 20) + b), "1 MiB put, byte " + b);
                }
            }
        }
    }

    private static void awaitRemote(UcxEngine origin, CountingCompletion c, int expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (c.remote < expected) {
            origin.progress();
            assertTrue(System.nanoTime() < deadline, () -> "remote completions: " + c.remote + " of " + expected);
        }
    }
}
