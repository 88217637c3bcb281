package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import org.pgas4j.ResourceException;

/**
 * The key area of a PE's control region: packed remote keys too long for a descriptor
 * ({@link UcxDescriptor}), each stored as an 8-byte tag followed by the key bytes, in whole
 * granules of {@link #GRANULE} bytes. Peers read them with a UCX get; this PE writes and frees them
 * when it registers and unregisters segments.
 */
final class UcxKeyStore {
    /** Bytes of the key area at the end of the control region. */
    static final long AREA_BYTES = 64 << 10;
    /** The allocation unit. */
    static final int GRANULE = 64;

    private final MemorySegment area;
    private final long areaOffset;
    private final BitSet used = new BitSet((int) (AREA_BYTES / GRANULE));
    private long nextTag = 1;

    /**
     * @param control the whole registered control region
     * @param areaOffset where the key area starts in it ({@link #AREA_BYTES} bytes)
     */
    UcxKeyStore(MemorySegment control, long areaOffset) {
        this.area = control.asSlice(areaOffset, AREA_BYTES);
        this.areaOffset = areaOffset;
    }

    /**
     * Stores {@code key} and returns its descriptor for the segment at {@code base} of {@code length} bytes.
     *
     * @throws ResourceException when the key area is full
     */
    synchronized UcxDescriptor store(long base, long length, byte[] key) {
        int granules = granules(key.length);
        int slots = (int) (AREA_BYTES / GRANULE);
        for (int at = used.nextClearBit(0); at + granules <= slots; at = used.nextClearBit(at + 1)) {
            int busy = used.nextSetBit(at);
            if (busy < 0 || busy >= at + granules) {
                used.set(at, at + granules);
                long offset = (long) at * GRANULE;
                long tag = nextTag++;
                area.set(JAVA_LONG, offset, tag);
                MemorySegment.copy(key, 0, area, ValueLayout.JAVA_BYTE, offset + 8, key.length);
                return UcxDescriptor.stored(base, length, key.length, areaOffset + offset, tag);
            }
            at = busy;
        }
        throw new ResourceException("the ucx key area (" + AREA_BYTES + " bytes) has no room for another "
                + key.length + "-byte remote key: too many segments registered at once");
    }

    /** Frees the key a descriptor from {@link #store} points to; its tag is cleared first. */
    synchronized void free(UcxDescriptor d) {
        long offset = d.keyOffset() - areaOffset;
        area.set(JAVA_LONG, offset, 0L);
        int at = (int) (offset / GRANULE);
        used.clear(at, at + granules(d.keyLength()));
    }

    private static int granules(int keyLength) {
        return Math.ceilDiv(8 + keyLength, GRANULE);
    }
}
