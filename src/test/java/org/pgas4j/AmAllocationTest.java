package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.WarmAllocation;
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
    private static final int MEASURED = 50_000;
    /**
     * Measured windows: each side reports its least allocation over them. Allocation per message
     * shows in every window; a one-time event (a deoptimisation and recompilation) in one, and code
     * not yet compiled by C2 (whose escape analysis removes the allocations) in the first ones
     * only: under load the server's C2 compilations lagged the requester's warm-up by two windows.
     */
    private static final int WINDOWS = 5;
    /**
     * How many measured windows the requester has begun (both PEs are threads of this JVM, so the
     * server learns it without a message); WINDOWS + 1 once it has finished the last.
     */
    private static final java.util.concurrent.atomic.AtomicInteger WINDOW = new java.util.concurrent.atomic.AtomicInteger();

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
                        long least = Long.MAX_VALUE;
                        for (int w = 1; w <= WINDOWS; w++) {
                            WINDOW.set(w);
                            long start = WarmAllocation.byThisThread();
                            trips.run(MEASURED);
                            least = Math.min(least, WarmAllocation.byThisThread() - start);
                        }
                        WINDOW.set(WINDOWS + 1);
                        bytes.put("requester", least);
                        c.am().requestShort(c.world(), 1, 204);
                    } else {
                        // Warm up with the requester, then measure the serving in its windows: a
                        // window counts when the server saw both its start and its end (the next
                        // window's start), not one it stepped over.
                        long[] marks = new long[WINDOWS + 2];
                        java.util.Arrays.fill(marks, -1);
                        int seen = 0;
                        while (!trips.stopped) {
                            c.poll();
                            int w = WINDOW.get();
                            if (w != seen) {
                                marks[w] = w == seen + 1 ? WarmAllocation.byThisThread() : -1;
                                seen = w;
                            }
                        }
                        long least = Long.MAX_VALUE;
                        for (int w = 1; w <= WINDOWS; w++) {
                            if (marks[w] >= 0 && marks[w + 1] >= 0) {
                                least = Math.min(least, marks[w + 1] - marks[w]);
                            }
                        }
                        assertTrue(least != Long.MAX_VALUE, "the server saw no whole window: " + java.util.Arrays.toString(marks));
                        bytes.put("server", least);
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
