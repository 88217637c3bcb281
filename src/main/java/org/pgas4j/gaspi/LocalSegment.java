package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.Endpoint;
import org.pgas4j.MemoryKind;
import org.pgas4j.Segment;

/**
 * One segment of this rank: the pgas4j segment holding its memory (allocated by GASPI or
 * provided by the application), the endpoint it is bound to and published on, and its
 * notification area in the management memory.
 *
 * @param id the GASPI segment id
 * @param core the pgas4j segment
 * @param endpoint the endpoint the segment is bound to
 * @param area the notification area (the seed's {@code management[segment_id]})
 * @param userMemory whether the application provided the memory (bind, use)
 * @param description how the memory was described
 * @param ownKind a memory kind GASPI created for this segment alone (a FILE kind), destroyed with it; or null
 * @param size the segment's size as the application gave it (the pgas4j segment may be rounded up)
 * @param view the host view of exactly {@code size} bytes ({@code gaspi_segment_ptr}), or null for device memory
 */
record LocalSegment(int id, Segment core, Endpoint endpoint, int area, boolean userMemory,
                    MemoryDescription description, MemoryKind ownKind, long size, MemorySegment view) {
}
