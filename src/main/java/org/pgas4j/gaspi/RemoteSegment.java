package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.Team;

/**
 * What a peer told this rank when it registered a segment with it ({@code gaspi_segment_register}):
 * where the segment is bound on the peer, its size, and its notification area there; and, found
 * at the first write, the segment as this process maps it (writes into it are then copies).
 */
final class RemoteSegment {
    private final int endpoint;
    private final long size;
    private final int area;
    /** The segment mapped here (resolved once per registration: a new registration is a new object), or null. */
    private MemorySegment view;
    private boolean viewResolved;

    /**
     * @param endpoint the index of the peer's endpoint the segment is bound to
     * @param size the segment's size in bytes
     * @param area the segment's notification area in the peer's management memory
     */
    RemoteSegment(int endpoint, long size, int area) {
        this.endpoint = endpoint;
        this.size = size;
        this.area = area;
    }

    int endpoint() {
        return endpoint;
    }

    long size() {
        return size;
    }

    int area() {
        return area;
    }

    /**
     * The segment of {@code rank} as mapped into this process ({@link Team#localView} of the pair
     * team of its endpoint), or null when only the core reaches it (another host, device memory).
     * A race between threads resolving it at once is benign: both find the same answer, and one
     * that reads null takes the core's path.
     */
    MemorySegment view(Team pair, int rank) {
        if (!viewResolved) {
            view = pair.localView(rank).orElse(null);
            viewResolved = true;
        }
        return view;
    }

    @Override
    public String toString() {
        return "RemoteSegment[endpoint=" + endpoint + ", size=" + size + ", area=" + area + "]";
    }
}
