package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.LocalMemory;

/**
 * A range of memory of one {@link MemoryKind} that can be bound to an endpoint and so made
 * remotely accessible (GASNet-EX's {@code gex_Segment_t}). Created by
 * {@link Client#createSegment(MemoryKind, long)} (runtime-allocated: for the {@code shm} transport
 * in a shared file that peers on the host map) or {@link Client#createSegment(MemoryKind,
 * MemorySegment)} (client-allocated: over memory the caller owns).
 */
public final class Segment {
    private final Client client;
    private final long id;
    private final MemoryKind kind;
    private final LocalMemory memory;
    private final boolean clientAllocated;
    private final boolean primordial;
    private volatile boolean destroyed;

    Segment(Client client, long id, MemoryKind kind, LocalMemory memory, boolean clientAllocated, boolean primordial) {
        this.client = client;
        this.id = id;
        this.kind = kind;
        this.memory = memory;
        this.clientAllocated = clientAllocated;
        this.primordial = primordial;
    }

    /**
     * This process's view of the segment's memory ({@code gex_Segment_QueryAddr} and
     * {@code QuerySize} together). Local loads and stores through it see remote puts once they
     * are remotely complete.
     *
     * @throws IllegalStateException if the segment was destroyed
     */
    public MemorySegment memory() {
        checkLive("memory()");
        return memory.segment();
    }

    /** The segment's size in bytes, after any rounding the runtime applied ({@code gex_Segment_QuerySize}). */
    public long size() {
        return memory.segment().byteSize();
    }

    /** The segment's memory kind ({@code gex_Segment_QueryKind}). */
    public MemoryKind kind() {
        return kind;
    }

    /** Whether the memory was provided by the client rather than allocated by the runtime. */
    public boolean isClientAllocated() {
        return clientAllocated;
    }

    /** Whether this is the segment the client created and published at init. */
    public boolean isPrimordial() {
        return primordial;
    }

    /** The client that owns the segment ({@code gex_Segment_QueryClient}). */
    public Client client() {
        return client;
    }

    /** A number naming the segment within its client, used in messages. */
    public long id() {
        return id;
    }

    /** Whether {@link #destroy()} was called. */
    public boolean isDestroyed() {
        return destroyed;
    }

    /**
     * Destroys the segment ({@code gex_Segment_Destroy}): withdraws it from every endpoint's
     * published directory entry, so peers' later accesses fail with a clear error instead of
     * touching freed memory, and frees memory the runtime allocated. Client memory is left as it
     * is. Operations still in flight on the segment must be complete first (the seed's rule 3).
     *
     * @throws BadArgumentException for the primordial segment
     * @throws IllegalStateException if already destroyed
     */
    public void destroy() {
        if (primordial) {
            throw new BadArgumentException("segment " + id + " of PE " + client.jobRank()
                    + " is the primordial segment created at init; it cannot be destroyed (it lives until Client.close())");
        }
        checkLive("destroy()");
        destroyed = true;
        client.segmentDestroyed(this);
        memory.release();
    }

    void releaseAtClose() {
        if (!destroyed) {
            destroyed = true;
            memory.release();
        }
    }

    LocalMemory localMemory() {
        return memory;
    }

    void checkLive(String operation) {
        if (destroyed) {
            throw new IllegalStateException(operation + ": segment " + id + " of PE " + client.jobRank()
                    + " was destroyed");
        }
    }

    @Override
    public String toString() {
        return "Segment[" + id + " of PE " + client.jobRank() + ", " + kind + ", " + size() + " bytes"
                + (clientAllocated ? ", client-allocated" : "") + (destroyed ? ", destroyed" : "") + "]";
    }
}
