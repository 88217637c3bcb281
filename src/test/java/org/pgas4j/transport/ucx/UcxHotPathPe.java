package org.pgas4j.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Atomics;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.testing.WarmAllocation;

/**
 * A PE of {@link UcxHotPathAllocationTest}: after a warm-up, runs puts, gets (blocking and
 * implicit, on native buffers) and atomics to its right neighbour, and prints
 * {@code ALLOC <bytes>} (the least this thread allocated over one of {@link #WINDOWS} windows of
 * the measured rounds) and {@code ROUND <microseconds>} (the mean time of one round).
 */
public final class UcxHotPathPe {
    /**
     * Measured windows, of which the least allocating counts: an allocation per operation shows in
     * every window, code the compiler has not finished yet (C1's, without escape analysis) only in
     * the first ones. Under load (another job on the two cores) one window of 1,000 tcp rounds after
     * 10,000 warm-up rounds still allocated 21-28 KB.
     */
    private static final int WINDOWS = 4;

    private UcxHotPathPe() {
    }

    /** Arguments: warm-up rounds, measured rounds. */
    public static void main(String[] args) {
        int warmUp = Integer.parseInt(args[0]);
        int measured = Integer.parseInt(args[1]);
        try (Client c = Client.init(); Arena arena = Arena.ofConfined()) {
            Team w = c.world();
            int peer = (w.rank() + 1) % w.size();
            MemorySegment buf = arena.allocate(4096, 8);
            long[] array = new long[16];
            run(c.rma(), c.atomics(), w, peer, buf, array, warmUp);
            w.barrier();
            long start = System.nanoTime();
            long least = WarmAllocation.leastOfWindows(WINDOWS, () -> run(c.rma(), c.atomics(), w, peer, buf, array, measured));
            long took = System.nanoTime() - start;
            w.barrier();
            System.out.println("ALLOC " + least);
            System.out.println("ROUND " + took / 1000 / Math.max(1, (long) measured * WINDOWS));
        }
    }

    /**
     * Which operations run: bits of the system property {@code ops}. 128 adds a waitNbi and a
     * run of 24 non-fetching xors, whose last eight travel over ucx in an aggregated batch (a run
     * does not batch while implicit puts are unflushed). The default, 207, leaves out
     * the two forms on heap arrays (16: {@code putNB} of a {@code long[]}, 32: {@code get} into one):
     * the core wraps each array in a new heap segment (and allocates an {@code Event} for
     * {@code putNB}) on every path that is not a direct view, whatever the transport.
     */
    private static final int OPS = Integer.getInteger("ops", 207);

    private static void run(Rma rma, Atomics atomics, Team w, int peer, MemorySegment buf, long[] array, int rounds) {
        for (int i = 0; i < rounds; i++) {
            if ((OPS & 1) != 0) {
                rma.putLong(w, peer, 64, i);
            }
            if ((OPS & 2) != 0) {
                rma.getLong(w, peer, 64);
            }
            if ((OPS & 4) != 0) {
                rma.put(w, peer, 128, buf, 0, 256);
                rma.get(w, peer, 128, buf, 512, 256);
            }
            if ((OPS & 8) != 0) {
                rma.putNBI(w, peer, 1024, buf, 0, 64);
            }
            if ((OPS & 16) != 0) {
                rma.putNB(w, peer, 2048, array, 0, 16).waitFor();
            }
            if ((OPS & 32) != 0) {
                rma.get(w, peer, 2048, array, 0, 16);
            }
            if ((OPS & 64) != 0) {
                atomics.fetchAddLong(w, peer, 4096, 1);
                atomics.compareAndSwapLong(w, peer, 4104, i, i + 1);
            }
            if ((OPS & 128) != 0) {
                rma.waitNbi();
                for (int k = 0; k < 24; k++) {
                    atomics.xorLong(w, peer, 4112, i);
                }
            }
            if ((i & 255) == 0) {
                rma.waitNbi();
            }
        }
        rma.waitNbi();
    }
}
