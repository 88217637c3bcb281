package org.pgas4j.transport.ucx;

import java.util.ArrayDeque;

/**
 * Destroyed segments whose UCX memory stays mapped for a while, oldest unmapped first once more
 * than a byte budget is held, the rest at close: late accesses by peers with stale targets land
 * in dead memory rather than in unmapped pages. Used under the engine's lock.
 */
final class UcxQuarantine implements AutoCloseable {
    /** The default budget: 256 MiB. */
    static final long DEFAULT_BYTES = 256L << 20;

    private final long budget;
    private final ArrayDeque<UcpMemory> held = new ArrayDeque<>();
    private long bytes;

    /** Holds at most {@code budget} bytes (a larger single region is unmapped at once). */
    UcxQuarantine(long budget) {
        this.budget = budget;
    }

    /** Takes a region that is no longer published; unmaps the oldest ones beyond the budget. */
    void add(UcpMemory m) {
        held.addLast(m);
        bytes += m.segment().byteSize();
        while (bytes > budget && !held.isEmpty()) {
            UcpMemory oldest = held.removeFirst();
            bytes -= oldest.segment().byteSize();
            oldest.close();
        }
    }

    /** Unmaps every region held. */
    @Override
    public void close() {
        while (!held.isEmpty()) {
            held.removeFirst().close();
        }
        bytes = 0;
    }
}
