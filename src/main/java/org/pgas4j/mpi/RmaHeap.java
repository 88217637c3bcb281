package org.pgas4j.mpi;

import java.util.Map;
import java.util.TreeMap;

/**
 * First-fit allocation of byte ranges, 64-byte aligned, in the registered segment: for
 * {@link Mpi#rmaMalloc} and for staging requests. Thread-safe (handlers free staging).
 */
final class RmaHeap {
    static final long ALIGN = 64;
    private final long capacity;
    private final TreeMap<Long, Long> free = new TreeMap<>();
    private final TreeMap<Long, Long> used = new TreeMap<>();

    RmaHeap(long capacity) {
        this.capacity = capacity & -ALIGN;
        free.put(0L, this.capacity);
    }

    /** The offset of {@code bytes} free bytes, or -1 when no free range is large enough. */
    synchronized long allocate(long bytes) {
        long need = Math.max(ALIGN, (bytes + ALIGN - 1) & -ALIGN);
        for (Map.Entry<Long, Long> e : free.entrySet()) {
            if (e.getValue() >= need) {
                long at = e.getKey();
                free.remove(at);
                if (e.getValue() > need) {
                    free.put(at + need, e.getValue() - need);
                }
                used.put(at, need);
                return at;
            }
        }
        return -1;
    }

    /** Releases what {@link #allocate} returned at {@code at}; false if nothing was allocated there. */
    synchronized boolean release(long at) {
        Long n = used.remove(at);
        if (n == null) {
            return false;
        }
        long start = at;
        long len = n;
        Map.Entry<Long, Long> before = free.floorEntry(at);
        if (before != null && before.getKey() + before.getValue() == at) {
            free.remove(before.getKey());
            start = before.getKey();
            len += before.getValue();
        }
        Long after = free.get(at + n);
        if (after != null) {
            free.remove(at + n);
            len += after;
        }
        free.put(start, len);
        return true;
    }

    /** The bytes of the largest free range. */
    synchronized long largestFree() {
        long m = 0;
        for (long v : free.values()) {
            m = Math.max(m, v);
        }
        return m;
    }

    long capacity() {
        return capacity;
    }
}
