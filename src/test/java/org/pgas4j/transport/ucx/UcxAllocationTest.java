package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.WarmAllocation;

/**
 * Put, get, atomics and flush through the UCX binding allocate nothing once warm: measured with
 * the JVM's per-thread allocation counter over many operations between two workers in one JVM
 * on UCX's default (shared-memory) transports. Skipped when libucp is not installed.
 */
@Timeout(120)
class UcxAllocationTest {
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 50_000;

    @Test
    @Needs(SystemComponent.UCX)
    void hotPathAllocatesNothing() {
        try (UcxPair pair = new UcxPair(UcxPair.DEFAULT, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(1024, 64);
            run(pair, local, WARM_UP);
            long before = WarmAllocation.byThisThread();
            run(pair, local, MEASURED);
            long allocated = WarmAllocation.byThisThread() - before;
            System.out.println(MEASURED + " rounds allocated " + allocated + " bytes");
            assertEquals((long) WARM_UP + MEASURED, pair.targetMemory.segment().get(JAVA_LONG, 512));
            // A few bytes of noise (a deoptimisation, a TLAB record) pass; one object per operation
            // would be megabytes.
            assertTrue(allocated < 16 * 1024, MEASURED + " rounds allocated " + allocated + " bytes");
        }
    }

    private static void run(UcxPair pair, MemorySegment local, int rounds) {
        UcpEndpoint ep = pair.toTarget;
        UcpWorker w = pair.origin;
        for (int i = 0; i < rounds; i++) {
            local.set(JAVA_LONG, 0, i);
            ep.putNbi(local, 0, 8, pair.remote(0), pair.rkey);
            ep.flush();
            w.await(ep.getNbx(local, 64, 256, pair.remote(0), pair.rkey), "ucp_get_nbx");
            ep.fetchAdd64(pair.remote(512), pair.rkey, 1);
            ep.compareSwap32(pair.remote(520), pair.rkey, i, i + 1);
            w.await(ep.putNbx(local, 0, 128, pair.remote(1024), pair.rkey), "ucp_put_nbx");
            if ((i & 255) == 0) {
                w.flush();
            }
        }
    }
}
