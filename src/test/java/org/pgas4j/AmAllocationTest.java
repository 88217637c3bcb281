package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.transport.local.LocalJob;

/**
 * Active messages allocate nothing once warm: Short and Medium requests with 0 to 4 and 16
 * arguments, their injection, polling, dispatch, and the handlers' replies, on both PEs of a
 * 2-PE in-JVM job (the same rings as shm). Measured with the JVM's per-thread allocation counter.
 * (A handler that asks for {@link AmToken#payload()} gets a view, which is an allocation of its
 * own; these handlers read the lengths and reply from their own buffer.)
 */
@Timeout(120)
class AmAllocationTest {
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 100_000;
    /**
     * How many measured windows the requester has begun (both PEs are threads of this JVM, so the
     * server learns it without a message). Each side reports its least allocation over the two
     * windows: allocation per message shows in both, a one-time event (a deoptimisation and
     * recompilation) in one only.
     */
    private static final java.util.concurrent.atomic.AtomicInteger WINDOW = new java.util.concurrent.atomic.AtomicInteger();

    private static long allocatedByThisThread() {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return bean.getCurrentThreadAllocatedBytes();
    }

    /** PE 0's side: round trips of every form; PE 1 serves until told to stop. */
    private static final class RoundTrips {
        final Client client;
        final ActiveMessages am;
        final Team world;
        final MemorySegment buffer;
        final int[] sixteen = new int[ActiveMessages.MAX_ARGS];
        long replies;
        boolean stopped;

        RoundTrips(Client client, MemorySegment buffer) {
            this.client = client;
            this.am = client.am();
            this.world = client.world();
            this.buffer = buffer;
            am.register(200, AmCategory.SHORT, t -> t.replyShort(201, t.argCount()));
            am.register(201, AmCategory.SHORT, t -> replies++);
            am.register(202, AmCategory.MEDIUM, t -> t.replyMedium(203, buffer, 0, t.payloadLength(), t.arg(0)));
            am.register(203, AmCategory.MEDIUM, t -> replies++);
            am.register(204, AmCategory.SHORT, t -> stopped = true);
        }

        void await(long expected) {
            while (replies != expected) {
                client.poll();
            }
        }

        void run(int n) {
            for (int i = 0; i < n; i++) {
                long r = replies;
                am.requestShort(world, 1, 200);
                am.requestShort(world, 1, 200, i);
                am.requestShort(world, 1, 200, i, 2);
                am.requestShort(world, 1, 200, i, 2, 3);
                am.requestShort(world, 1, 200, i, 2, 3, 4);
                am.requestShort(world, 1, 200, sixteen, 16);
                am.requestMedium(world, 1, 202, buffer, 0, 8 + (i & 255), i);
                await(r + 7);
            }
        }
    }

    @Test
    void requestsRepliesAndDispatchAllocateNothing() {
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        String previous = System.getProperty("pgas4j.segment.size");
        System.setProperty("pgas4j.segment.size", "1m");
        WINDOW.set(0);
        try {
            LocalJob.run(2, Duration.ofSeconds(100), () -> {
                try (Client c = Client.init(); Arena arena = Arena.ofConfined()) {
                    RoundTrips trips = new RoundTrips(c, arena.allocate(4096));
                    c.world().barrier();
                    if (c.jobRank() == 0) {
                        trips.run(WARM_UP);
                        WINDOW.set(1);
                        long start = allocatedByThisThread();
                        trips.run(MEASURED);
                        WINDOW.set(2);
                        long middle = allocatedByThisThread();
                        trips.run(MEASURED);
                        bytes.put("requester", Math.min(middle - start, allocatedByThisThread() - middle));
                        c.am().requestShort(c.world(), 1, 204);
                    } else {
                        // Warm up with the requester, then measure the serving in its two windows.
                        long start = -1;
                        long middle = -1;
                        while (!trips.stopped) {
                            c.poll();
                            if (middle < 0) {
                                int w = WINDOW.get();
                                if (w == 1 && start < 0) {
                                    start = allocatedByThisThread();
                                } else if (w == 2) {
                                    middle = allocatedByThisThread();
                                }
                            }
                        }
                        long end = allocatedByThisThread();
                        assertTrue(start >= 0 && middle >= 0, "the server missed a window: " + start + ", " + middle);
                        bytes.put("server", Math.min(middle - start, end - middle));
                    }
                    c.world().barrier();
                }
            });
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.segment.size");
            } else {
                System.setProperty("pgas4j.segment.size", previous);
            }
        }
        assertEquals(2, bytes.size(), bytes::toString);
        // A few bytes of noise (a deoptimisation, a TLAB refill record) are tolerated; one
        // allocation per message would be tens of megabytes.
        bytes.forEach((who, b) -> assertTrue(b < 16 * 1024, who + " allocated " + b + " bytes: " + bytes));
    }
}
