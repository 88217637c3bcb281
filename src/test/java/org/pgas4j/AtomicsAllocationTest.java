package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.transport.local.LocalJob;
import org.pgas4j.testing.WarmAllocation;

/**
 * Atomics on the direct path allocate nothing once warm, in every form: typed blocking methods,
 * the generic {@link Atomics#op} and {@link Atomics#opNB} with a reused {@link AtomicResult}.
 * Measured with the JVM's per-thread allocation counter on a 2-PE in-JVM job (the same direct
 * path as shm), each PE updating locations in its neighbour's segment.
 */
@Timeout(120)
class AtomicsAllocationTest {
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 100_000;

    @Test
    void everyFormAllocatesNothingOnTheDirectPath() {
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        Map<Integer, Long> finals = new ConcurrentHashMap<>();
        String previous = System.getProperty("pgas4j.segment.size");
        System.setProperty("pgas4j.segment.size", "1m");
        try {
            LocalJob.run(2, Duration.ofSeconds(100), () -> {
                try (Client c = Client.init()) {
                    Team w = c.world();
                    Atomics a = c.atomics();
                    int peer = (w.rank() + 1) % w.size();
                    AtomicResult result = new AtomicResult();
                    run(a, w, peer, result, WARM_UP);
                    long before = WarmAllocation.byThisThread();
                    long sink = run(a, w, peer, result, MEASURED);
                    long after = WarmAllocation.byThisThread();
                    bytes.put("atomics PE " + w.rank(), after - before);
                    w.barrier();
                    finals.put(w.rank(), a.getLong(w, w.rank(), 0) + (sink & 0));
                    w.barrier();
                }
            });
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.segment.size");
            } else {
                System.setProperty("pgas4j.segment.size", previous);
            }
        }
        // The updates happened: each PE's counter got every fetch-add and add of its neighbour.
        finals.forEach((rank, v) -> assertEquals(2L * (WARM_UP + MEASURED), v, "counter of PE " + rank));
        // A handful of bytes of noise (a JIT deoptimisation, a TLAB refill record) is tolerated;
        // one allocation per operation would be megabytes.
        bytes.forEach((what, b) -> assertTrue(b < 16 * 1024, what + " allocated " + b + " bytes: " + bytes));
    }

    private static long run(Atomics a, Team w, int peer, AtomicResult result, int iterations) {
        long sink = 0;
        for (int i = 0; i < iterations; i++) {
            sink += a.fetchAddLong(w, peer, 0, 1);
            a.addLong(w, peer, 0, 1);
            sink += a.compareAndSwapLong(w, peer, 8, i, i + 1L);
            sink += a.fetchIncInt(w, peer, 16);
            sink += a.fetchMaxULong(w, peer, 24, i);
            sink += (long) a.fetchAddDouble(w, peer, 32, 0.5);
            sink += (long) a.fetchMinFloat(w, peer, 40, -i);
            sink += a.fetchXorInt(w, peer, 44, i);
            sink += a.op(w, peer, 48, AtomicType.LONG, AtomicOp.FMULT, 3, 0);
            a.opNB(result, w, peer, 56, AtomicType.ULONG, AtomicOp.FADD, 1, 0).waitFor();
            sink += result.bits();
            a.opNB(null, w, peer, 64, AtomicType.INT, AtomicOp.OR, 1, 0).waitFor();
        }
        return sink;
    }
}
