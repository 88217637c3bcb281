package org.pgas4j;

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
 * Put, get and barrier allocate nothing once warm, through the world team and through a team
 * pair, and on a team over client scratch: measured with the JVM's per-thread allocation counter
 * over many operations on a 2-PE in-JVM job (the same direct path as shm). The puts and gets
 * include word-sized array copies (loads and stores, {@code SmallArrayCopy}), 64 KiB ones between native segments, which copy with {@code memmove}, and 64 KiB array
 * puts and gets, some repeated (those copy with {@code memmove} through a kept view of the array,
 * {@code ArrayMemmove}), some not. Each figure is the least of {@link #WINDOWS} windows, so that a
 * one-off in one window (a deoptimisation, a class first used) does not count, while an allocation
 * per operation would add megabytes to every window. (A window in which the other PE's thread was
 * descheduled, so that every barrier parked, used to allocate 40 bytes per park in the futex call's
 * errno capture, 80 KB in 2,000 barriers; the call captures nothing since.)
 */
@Timeout(120)
class HotPathAllocationTest {
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 50_000;
    private static final int WINDOWS = 3;
    /** The large put and get: above the memmove threshold (32 KiB by default). */
    private static final int LARGE = 64 * 1024;
    /** Large array puts and gets. */
    private static final byte[] BYTES = new byte[LARGE];
    private static final long[] LONGS = new long[LARGE / 8];

    @Test
    void putGetAndBarrierAllocateNothing() {
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        String previous = System.getProperty("pgas4j.segment.size");
        System.setProperty("pgas4j.segment.size", "1m");
        try {
            LocalJob.run(2, Duration.ofSeconds(100), () -> {
                try (Client c = Client.init(); Arena arena = Arena.ofConfined()) {
                    Team w = c.world();
                    Rma rma = c.rma();
                    int peer = (w.rank() + 1) % w.size();
                    MemorySegment buf = arena.allocate(LARGE, 4096);
                    long[] array = new long[16];
                    run(rma, w, peer, buf, array, WARM_UP);
                    for (int i = 0; i < 1000; i++) {
                        w.barrier();
                    }
                    bytes.put("rma PE " + w.rank(), least(() -> run(rma, w, peer, buf, array, MEASURED)));
                    bytes.put("barrier PE " + w.rank(), least(() -> barriers(w, 2000)));
                    // The same through a team pair and on a team over client scratch (dup).
                    Team pair = c.pair(c.primordialEndpoint(), 0);
                    Team dup = w.dup(TeamScratch.symmetric(512 * 1024, w.dupScratchSize(true)));
                    run(rma, pair, peer, buf, array, WARM_UP);
                    for (int i = 0; i < 1000; i++) {
                        dup.barrier();
                    }
                    bytes.put("rma through a pair PE " + w.rank(), least(() -> run(rma, pair, peer, buf, array, MEASURED)));
                    bytes.put("barrier of a dup PE " + w.rank(), least(() -> barriers(dup, 2000)));
                    // And through a resolved handle (Rma.peer), with the handle's atomics.
                    Peer handle = rma.peer(w, peer);
                    runPeer(rma, c.atomics(), handle, array, WARM_UP);
                    bytes.put("rma and atomics through a Peer PE " + w.rank(),
                            least(() -> runPeer(rma, c.atomics(), handle, array, MEASURED)));
                    dup.destroy();
                }
            });
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.segment.size");
            } else {
                System.setProperty("pgas4j.segment.size", previous);
            }
        }
        // A handful of bytes of noise (a JIT deoptimisation, a TLAB refill record) is tolerated;
        // one allocation per operation would be megabytes.
        bytes.forEach((what, b) -> assertTrue(b < 16 * 1024, what + " allocated " + b + " bytes: " + bytes));
    }

    /** The least a thread allocated over {@link #WINDOWS} runs of {@code body} (each run collective). */
    private static long least(Runnable body) {
        return WarmAllocation.leastOfWindows(WINDOWS, body);
    }

    private static void barriers(Team team, int count) {
        for (int i = 0; i < count; i++) {
            team.barrier();
        }
    }

    private static void run(Rma rma, Team w, int peer, MemorySegment buf, long[] array, int iterations) {
        for (int i = 0; i < iterations; i++) {
            rma.putLong(w, peer, 64, i);
            rma.getLong(w, peer, 64);
            rma.putInt(w, peer, 72, i);
            rma.put(w, peer, 128, buf, 0, 256);
            rma.get(w, peer, 128, buf, 512, 256);
            rma.putNBI(w, peer, 1024, buf, 0, 64);
            rma.putNB(w, peer, 2048, array, 0, 16).waitFor();
            rma.get(w, peer, 2048, array, 0, 16);
            // Word-sized array copies (SmallArrayCopy): 8 and 16 bytes of a byte[], one and two longs.
            rma.putNBI(w, peer, 3000 + 3, BYTES, 5, 8);
            rma.get(w, peer, 3000, BYTES, 9, 16);
            rma.put(w, peer, 3100, array, 3, 1);
            rma.get(w, peer, 3100, array, 4, 2);
            if ((i & 3) == 0) { // often enough that the warm-up gets the copies compiled by C2
                rma.put(w, peer, 4096 + 3, buf, 1, LARGE - 1);
                rma.get(w, peer, 4096, buf, 0, LARGE);
                rma.put(w, peer, 131072 + 3, BYTES, 1, LARGE - 1);
                rma.putNBI(w, peer, 131072, LONGS, 0, LONGS.length);
                rma.get(w, peer, 131072, BYTES, 5, LARGE - 5);
                rma.get(w, peer, 131072 + 8, LONGS, 1, LONGS.length - 1);
                rma.get(w, peer, 131072 + 8, LONGS, 1, LONGS.length - 1); // a repeat: through the kept view
                rma.put(w, peer, 131072 + 3, BYTES, 1, LARGE - 1);
            }
            if ((i & 1023) == 0) {
                rma.waitNbi();
            }
        }
        rma.waitNbi();
    }

    private static void runPeer(Rma rma, Atomics atomics, Peer p, long[] array, int iterations) {
        for (int i = 0; i < iterations; i++) {
            rma.putLong(p, 64, i);
            rma.getLong(p, 64);
            rma.putNBI(p, 1024, array, 0, 8);
            rma.putNBI(p, 3000, BYTES, 1, 8);
            rma.get(p, 3000, BYTES, 17, 8);
            rma.putNB(p, 2048, array, 0, 16).waitFor();
            rma.get(p, 2048, array, 0, 16);
            atomics.fetchAddLong(p, 4096, 1);
            if ((i & 1023) == 0) {
                rma.waitNbi();
            }
        }
        rma.waitNbi();
    }
}
