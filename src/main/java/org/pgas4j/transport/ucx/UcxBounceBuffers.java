package org.pgas4j.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * Native buffers that stand in for heap segments, which UCX cannot read or write: a put from a
 * heap array copies it into a bounce buffer first, a get into one lands in a bounce buffer and is
 * copied out on completion. Buffers come in power-of-two sizes from {@link #SMALLEST} bytes and
 * are reused, so only the first operations of each size allocate. Used under the engine's lock.
 */
final class UcxBounceBuffers implements AutoCloseable {
    /** The smallest buffer handed out, in bytes. */
    static final long SMALLEST = 256;
    private static final int CLASSES = 64;

    private final Arena arena = Arena.ofShared();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<MemorySegment>[] free = new ArrayDeque[CLASSES];

    /** A native buffer of at least {@code length} bytes (its size is a power of two). */
    MemorySegment take(long length) {
        int c = sizeClass(length);
        ArrayDeque<MemorySegment> q = free[c];
        MemorySegment b = q == null ? null : q.poll();
        return b != null ? b : arena.allocate(1L << c, 64);
    }

    /** Returns a buffer {@link #take} handed out. */
    void give(MemorySegment buffer) {
        int c = Long.numberOfTrailingZeros(buffer.byteSize());
        if (free[c] == null) {
            free[c] = new ArrayDeque<>();
        }
        free[c].push(buffer);
    }

    private static int sizeClass(long length) {
        long size = Math.max(SMALLEST, length);
        return 64 - Long.numberOfLeadingZeros(size - 1);
    }

    /** Frees every buffer; none may be in use. */
    @Override
    public void close() {
        arena.close();
    }
}
