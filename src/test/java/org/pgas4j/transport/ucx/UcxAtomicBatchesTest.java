package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.BadArgumentException;

/**
 * Runs of implicit atomics to one peer travel many to a message ({@link UcxAtomicBatches}): the
 * first {@link UcxAtomicBatches#RUN_BEFORE_BATCHING} of a run go alone through
 * {@code ucp_atomic_op_nbx}, the others join a batch that leaves at the origin's next progress or
 * when full or at {@link UcxEngine#flushImplicit()}; the target (progressed by its agent only)
 * performs them, and its acknowledgement completes each operation once. Another operation to the
 * peer waits for the batches first; an entry the target cannot place fails its completion,
 * naming the word and the PE. Two engines of one JVM over tcp on loopback; skipped without libucp.
 */
class UcxAtomicBatchesTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRunOfAtomicsCompletesAtTheFlushOnceEachAndLandsExactly() {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16)) {
            UcxEngine origin = pair.origin;
            CountingCompletion c = new CountingCompletion();
            // More than a batch's entries times the batches allowed in flight: the sender must wait
            // for acknowledgements on its own, without a flush.
            int updates = UcxAtomicBatches.MAX_ENTRIES * UcxAtomicBatches.IN_FLIGHT + 1_000;
            long[] expected = new long[512];
            int[] expectedInts = new int[64];
            long s = 1;
            for (int i = 0; i < updates; i++) {
                s = next(s);
                int w = (int) (s >>> 11 & 511);
                if ((i & 7) == 7) {
                    int iw = w & 63;
                    issue(pair, 4096 + iw * 4L, 4, UcpAtomicOp.ADD, s, c);
                    expectedInts[iw] += (int) s;
                } else {
                    issue(pair, w * 8L, 8, UcpAtomicOp.XOR, s, c);
                    expected[w] ^= s;
                }
            }
            assertEquals(updates, c.local, "each is locally complete on return");
            origin.flushImplicit();
            awaitRemote(origin, c, updates);
            for (int i = 0; i < 1_000; i++) {
                origin.progress();
            }
            assertEquals(updates, c.remote, "each completes once");
            assertNull(c.failure);
            MemorySegment landed = pair.memory.segment();
            for (int w = 0; w < 512; w++) {
                assertEquals(expected[w], landed.get(JAVA_LONG, w * 8L), "xor word " + w);
            }
            for (int w = 0; w < 64; w++) {
                assertEquals(expectedInts[w], landed.get(JAVA_INT, 4096 + w * 4L), "int add word " + w);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPartialBatchLeavesAtTheNextProgressWithoutAFlushAndEveryOperatorLands() throws InterruptedException {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16)) {
            UcxEngine origin = pair.origin;
            MemorySegment landed = pair.memory.segment();
            landed.set(JAVA_LONG, 8, 0xFF);
            landed.set(JAVA_LONG, 16, 0xF0);
            landed.set(JAVA_INT, 24, 0x0F);
            CountingCompletion c = new CountingCompletion();
            startRun(pair, 40, c);
            issue(pair, 0, 8, UcpAtomicOp.ADD, 5, c);
            issue(pair, 0, 8, UcpAtomicOp.ADD, -2, c);
            issue(pair, 8, 8, UcpAtomicOp.AND, 0x3C, c);
            issue(pair, 16, 8, UcpAtomicOp.OR, 0x0F, c);
            issue(pair, 24, 4, UcpAtomicOp.XOR, 0xFF, c);
            issue(pair, 28, 4, UcpAtomicOp.AND, 0, c);
            issue(pair, 32, 4, UcpAtomicOp.OR, 0x10, c);
            Thread.sleep(20); // the target's agent serves whatever arrived
            assertEquals(0, landed.get(JAVA_LONG, 0), "the batched adds wait in the batch until the origin progresses");
            assertEquals(0xFF, landed.get(JAVA_LONG, 8), "the batched and waits too");
            // A wait of the origin's (a lock waiting for its hand-over, a wait_until) progresses: the
            // partial batch leaves then, with no flush, and is acknowledged.
            awaitRemote(origin, c, 7);
            assertNull(c.failure);
            assertEquals(3, landed.get(JAVA_LONG, 0));
            assertEquals(0x3C, landed.get(JAVA_LONG, 8));
            assertEquals(0xFF, landed.get(JAVA_LONG, 16));
            assertEquals(0xF0, landed.get(JAVA_INT, 24));
            assertEquals(0, landed.get(JAVA_INT, 28));
            assertEquals(0x10, landed.get(JAVA_INT, 32));
            origin.flushImplicit(); // the run's first 16 complete at the flush, as before
            awaitRemote(origin, c, 7 + UcxAtomicBatches.RUN_BEFORE_BATCHING);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aCompletionPointEndsTheRunSoTheNextAtomicGoesAtOnce() throws InterruptedException {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16)) {
            UcxEngine origin = pair.origin;
            CountingCompletion c = new CountingCompletion();
            startRun(pair, 40, c);
            origin.flushImplicit(); // waitNbi, quiet (a lock's clear), a barrier
            awaitRemote(origin, c, UcxAtomicBatches.RUN_BEFORE_BATCHING);
            issue(pair, 48, 8, UcpAtomicOp.ADD, 7, c); // a lock's hand-over, say
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (pair.memory.segment().get(JAVA_LONG, 48) != 7) { // no progress of the origin's
                assertTrue(System.nanoTime() < deadline, "the first atomic after a completion point waited in a batch");
                Thread.sleep(1);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aGetAfterARunSeesItWithoutAFlush() {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16); Arena arena = Arena.ofConfined()) {
            UcxEngine origin = pair.origin;
            UcpEndpoint ep = pair.toTarget();
            long base = pair.memory.address();
            CountingCompletion c = new CountingCompletion();
            for (int i = 0; i < 1_000; i++) {
                issue(pair, 64, 8, UcpAtomicOp.ADD, 1, c);
            }
            MemorySegment seen = arena.allocate(8, 8);
            origin.getBlocking(ep, pair.key, base + 64, seen, 0, 8);
            assertEquals(1_000, seen.get(JAVA_LONG, 0), "the get is ordered after the batched adds");
            // A new run after the get: its first ones go alone again, the rest batch.
            for (int i = 0; i < 10 + UcxAtomicBatches.RUN_BEFORE_BATCHING; i++) {
                issue(pair, 64, 8, UcpAtomicOp.ADD, 1, c);
            }
            origin.flushImplicit();
            awaitRemote(origin, c, 1_010 + UcxAtomicBatches.RUN_BEFORE_BATCHING);
            origin.getBlocking(ep, pair.key, base + 64, seen, 0, 8);
            assertEquals(1_010 + UcxAtomicBatches.RUN_BEFORE_BATCHING, seen.get(JAVA_LONG, 0));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void twoCompletionsInterleavedEachCountTheirOwn() {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16)) {
            UcxEngine origin = pair.origin;
            CountingCompletion first = new CountingCompletion();
            CountingCompletion second = new CountingCompletion();
            for (int i = 0; i < 600; i++) {
                issue(pair, 0, 8, UcpAtomicOp.ADD, 1, (i % 3 == 0) ? second : first);
            }
            origin.flushImplicit();
            awaitRemote(origin, first, 400);
            awaitRemote(origin, second, 200);
            for (int i = 0; i < 1_000; i++) {
                origin.progress();
            }
            assertEquals(400, first.remote);
            assertEquals(200, second.remote);
            assertEquals(600, pair.memory.segment().get(JAVA_LONG, 0));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anEntryOutsideEveryRegisteredRegionIsRefusedNamingTheWordAndPe() {
        try (AgentEnginePair pair = AgentEnginePair.open(1 << 16)) {
            UcxEngine origin = pair.origin;
            long base = pair.memory.address();
            long size = pair.memory.segment().byteSize();
            CountingCompletion c = new CountingCompletion();
            startRun(pair, 8, c);
            issue(pair, 0, 8, UcpAtomicOp.ADD, 1, c);
            long outside = base + size + (1 << 20);
            issue(pair, outside - base, 8, UcpAtomicOp.XOR, 7, c);
            issue(pair, 3, 4, UcpAtomicOp.ADD, 1, c); // misaligned
            issue(pair, 0, 8, UcpAtomicOp.ADD, 1, c);
            origin.flushImplicit();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            int operations = 4 + UcxAtomicBatches.RUN_BEFORE_BATCHING;
            while (c.remote + c.failures < operations) {
                origin.progress();
                assertTrue(System.nanoTime() < deadline, "no acknowledgement");
            }
            assertEquals(1, c.failures, "one failure for the batch");
            assertEquals(operations - 1, c.remote, "the batch's other operations complete");
            BadArgumentException e = assertInstanceOf(BadArgumentException.class, c.failure);
            assertNotNull(e.getMessage());
            assertTrue(e.getMessage().contains("0x" + Long.toHexString(outside)), e.getMessage());
            assertTrue(e.getMessage().contains("xor") && e.getMessage().contains("PE 0"), e.getMessage());
            assertEquals(2, pair.memory.segment().get(JAVA_LONG, 0), "the entries a region holds were performed");
        }
    }

    /** An implicit atomic of the origin on the word at {@code offset} of the target's memory. */
    private static void issue(AgentEnginePair pair, long offset, int size, UcpAtomicOp op, long operand,
                              CountingCompletion c) {
        pair.origin.atomicImplicit(pair.toTarget(), pair.key, pair.memory.address() + offset, size, op, operand, c, 0);
    }

    /** Issues a run's first atomics, which go the ordinary way (adds of 0 to the word at {@code offset}). */
    private static void startRun(AgentEnginePair pair, long offset, CountingCompletion c) {
        for (int i = 0; i < UcxAtomicBatches.RUN_BEFORE_BATCHING; i++) {
            issue(pair, offset, 8, UcpAtomicOp.ADD, 0, c);
        }
    }

    private static long next(long s) {
        s ^= s << 13;
        s ^= s >>> 7;
        s ^= s << 17;
        return s;
    }

    private static void awaitRemote(UcxEngine origin, CountingCompletion c, int expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (c.remote < expected) {
            origin.progress();
            assertTrue(System.nanoTime() < deadline, () -> "remote completions: " + c.remote + " of " + expected);
        }
    }
}
