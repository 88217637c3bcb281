package org.pgas4j.shmem;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A first-fit allocator over the byte range {@code [0, capacity)} of one memory space on one PE.
 * It is deterministic: every PE of a space applies the same collective sequence of allocations and
 * frees, so every PE computes the same offsets, which is what makes an allocation symmetric.
 * Free blocks are coalesced on free. Not thread-safe: allocation calls are collective and the
 * OpenSHMEM model serialises them.
 */
final class SymmetricHeap {
    /** Every block starts on this boundary: any type fits, and no two blocks share a cache line. */
    static final long MIN_ALIGNMENT = 64;

    private final long capacity;
    private final TreeMap<Long, Long> free = new TreeMap<>();      // offset -> length
    private final Map<Long, Long> allocated = new HashMap<>();     // offset -> length

    SymmetricHeap(long capacity) {
        this.capacity = capacity;
        if (capacity > 0) {
            free.put(0L, capacity);
        }
    }

    long capacity() {
        return capacity;
    }

    /**
     * Reserves {@code bytes} (> 0) at a multiple of {@code alignment} (a power of two); returns
     * the offset, or -1 when no free block is large enough.
     */
    long allocate(long bytes, long alignment) {
        long align = Math.max(alignment, MIN_ALIGNMENT);
        long rounded = roundUp(bytes, MIN_ALIGNMENT);
        for (Map.Entry<Long, Long> block : free.entrySet()) {
            long start = block.getKey();
            long end = start + block.getValue();
            long at = roundUp(start, align);
            if (at + rounded <= end && at + rounded > at) {
                free.remove(start);
                if (at > start) {
                    free.put(start, at - start);
                }
                if (at + rounded < end) {
                    free.put(at + rounded, end - at - rounded);
                }
                allocated.put(at, rounded);
                return at;
            }
        }
        return -1;
    }

    /** Whether {@code offset} is the start of a live block. */
    boolean isAllocated(long offset) {
        return allocated.containsKey(offset);
    }

    /** The length of the live block at {@code offset} (rounded up), or -1. */
    long blockLength(long offset) {
        Long length = allocated.get(offset);
        return length == null ? -1 : length;
    }

    /** Returns the live block at {@code offset} to the free list, joining free neighbours. */
    void release(long offset) {
        Long length = allocated.remove(offset);
        if (length == null) {
            throw new IllegalStateException("no block starts at offset " + offset);
        }
        long start = offset;
        long end = offset + length;
        Map.Entry<Long, Long> before = free.floorEntry(start);
        if (before != null && before.getKey() + before.getValue() == start) {
            start = before.getKey();
            free.remove(start);
        }
        Long after = free.remove(end);
        if (after != null) {
            end += after;
        }
        free.put(start, end - start);
    }

    /** Bytes in live blocks. */
    long used() {
        long sum = 0;
        for (long length : allocated.values()) {
            sum += length;
        }
        return sum;
    }

    /** How many blocks are live. */
    int liveBlocks() {
        return allocated.size();
    }

    /** The largest block an allocation with {@link #MIN_ALIGNMENT} could get now. */
    long largestFree() {
        long best = 0;
        for (long length : free.values()) {
            best = Math.max(best, length);
        }
        return best;
    }

    private static long roundUp(long value, long alignment) {
        return (value + alignment - 1) & -alignment;
    }
}
