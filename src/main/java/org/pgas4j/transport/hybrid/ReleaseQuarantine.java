package org.pgas4j.transport.hybrid;

import java.util.ArrayDeque;

/**
 * Released segments whose mappings stay for a while, the oldest unmapped first once more than a
 * byte budget is held, the rest at close. A peer on another host may still put into a destroyed
 * segment through a stale target (it detects the destruction only when it resolves the target
 * again); over UCX transports without hardware RMA this PE's UCX then copies by address, so the
 * memory must still be mapped for the write to land harmlessly instead of crashing the process.
 */
final class ReleaseQuarantine implements AutoCloseable {
    /** The default budget: 256 MiB. */
    static final long DEFAULT_BYTES = 256L << 20;

    private record Held(long bytes, Runnable release) {
    }

    private final long budget;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private long bytes;
    private boolean closed;

    /** Holds at most {@code budget} bytes (a larger single mapping is released at once). */
    ReleaseQuarantine(long budget) {
        this.budget = budget;
    }

    /** Takes a mapping of {@code size} bytes no longer published; releases the oldest beyond the budget. */
    synchronized void add(long size, Runnable release) {
        if (closed) {
            release.run();
            return;
        }
        held.addLast(new Held(size, release));
        bytes += size;
        while (bytes > budget && !held.isEmpty()) {
            Held oldest = held.removeFirst();
            bytes -= oldest.bytes();
            oldest.release().run();
        }
    }

    /** How many bytes are held now. */
    synchronized long heldBytes() {
        return bytes;
    }

    /** Releases every mapping held; later additions are released at once. */
    @Override
    public synchronized void close() {
        closed = true;
        while (!held.isEmpty()) {
            held.removeFirst().release().run();
        }
        bytes = 0;
    }
}
