package org.pgas4j.gaspi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.transport.local.LocalJob;

/**
 * The facade's hot path allocates nothing once warm: write, write_notify, notify_waitsome,
 * notify_reset, wait, read, fetch_add and barrier in a ring, measured with the JVM's per-thread
 * allocation counter on a 2-rank in-JVM job.
 */
@Timeout(120)
class GaspiHotPathAllocationTest {
    private static final int WARM_UP = 50_000;
    private static final int MEASURED = 20_000;

    private static long allocatedByThisThread() {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return bean.getCurrentThreadAllocatedBytes();
    }

    @Test
    void warmCallsAllocateNothing() {
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        Map<String, String> props = GaspiConformanceTest.properties();
        props.forEach(System::setProperty);
        try {
            LocalJob.run(2, Duration.ofSeconds(100), () -> {
                try (Gaspi g = Gaspi.init(Gaspi.BLOCK)) {
                    Expect.success(g.segmentCreate(0, 4096, Gaspi.GROUP_ALL, Gaspi.BLOCK, AllocPolicy.INITIALIZED),
                            "create");
                    int[] first = new int[1];
                    long[] old = new long[1];
                    run(g, first, old, WARM_UP);
                    long before = allocatedByThisThread();
                    run(g, first, old, MEASURED);
                    bytes.put("rank " + g.rank(), allocatedByThisThread() - before);
                    Expect.success(g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier");
                    g.segmentDelete(0);
                }
            });
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
        // A handful of bytes of noise is tolerated; one allocation per call would be megabytes.
        bytes.forEach((what, b) -> assertTrue(b < 16 * 1024, what + " allocated " + b + " bytes: " + bytes));
    }

    private static void run(Gaspi g, int[] first, long[] old, int iterations) {
        int me = g.rank();
        int peer = 1 - me;
        for (int i = 0; i < iterations; i++) {
            Expect.success(g.write(0, 0, peer, 0, 64, 8, 0, Gaspi.BLOCK), "write");
            // Ids alternate with the iteration's parity: a rank can be one iteration ahead, never two.
            int parity = i & 1;
            Expect.success(g.writeNotify(0, 8, peer, 0, 128, 8, 2 * me + parity, 1, 0, Gaspi.BLOCK), "writeNotify");
            Expect.success(g.notifyWaitsome(0, 2 * peer + parity, 1, first, Gaspi.BLOCK), "waitsome");
            g.notifyReset(0, 2 * peer + parity);
            Expect.success(g.read(0, 256, peer, 0, 0, 8, 0, Gaspi.BLOCK), "read");
            Expect.success(g.atomicFetchAdd(0, 512, peer, 1, old, Gaspi.BLOCK), "fetchAdd");
            Expect.success(g.wait(0, Gaspi.BLOCK), "wait");
            if ((i & 1023) == 0) {
                Expect.success(g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier");
            }
        }
        Expect.success(g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier");
    }
}
