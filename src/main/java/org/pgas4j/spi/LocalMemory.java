package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * Memory of this PE that peers can reach: either allocated by the transport (for {@code shm} in a
 * shared file) or the client's own memory made exportable.
 *
 * @param segment this process's view of the memory
 * @param descriptor what a peer passes to {@link Transport#attach} to reach it (at most
 *        {@link Transport#MAX_DESCRIPTOR_BYTES} bytes); empty when peers cannot reach it through the
 *        transport, which sends them to the owner (the core's active-message fallback)
 * @param releaser frees what the transport allocated (unmaps and unlinks a shared file); a no-op
 *        for client memory
 */
public record LocalMemory(MemorySegment segment, byte[] descriptor, Runnable releaser) {

    /** Frees what the transport allocated for this memory. */
    public void release() {
        releaser.run();
    }
}
