package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * A request this process issued and that is not yet fully serviced: what the origin needs when
 * the servicer's answer arrives (where a GET's data goes, what staging to release, which
 * outstanding count to lower).
 */
final class OriginRecord {
    int kind;
    int commId;
    String commName;
    int tag;
    int epoch;
    int targetRank;
    /** Offset of the staging area in the registered segment, or -1. */
    long staging;
    /** A GET's destination (the origin buffer), or null. */
    MemorySegment destination;
    /**
     * An eager GET's destination when it is a primitive array of a contiguous type (then
     * {@link #destination} is null): its data is copied straight into it, or null.
     */
    Object destinationArray;
    TypeMap originMap;
    long originCount;
    long bytes;
    /** Set by {@link OriginTable#add}: the id, and the count of its key until it is settled. */
    int id;
    OriginTable.Counter counter;
    /** The next record of {@link OriginTable}'s free list, while this one is on it. */
    OriginRecord nextFree;

    /** Fills this record (new, or one {@link OriginTable#obtain} reuses) for a request being issued. */
    OriginRecord set(int kind, int commId, String commName, int tag, int epoch, int targetRank, long staging,
                     MemorySegment destination, Object destinationArray, TypeMap originMap, long originCount,
                     long bytes) {
        this.destinationArray = destinationArray;
        this.kind = kind;
        this.commId = commId;
        this.commName = commName;
        this.tag = tag;
        this.epoch = epoch;
        this.targetRank = targetRank;
        this.staging = staging;
        this.destination = destination;
        this.originMap = originMap;
        this.originCount = originCount;
        this.bytes = bytes;
        return this;
    }

    /** Puts a GET's data, {@code length} bytes of {@code src} from {@code at}, into its destination. */
    void deliver(MemorySegment src, long at, long length) {
        if (destinationArray != null) {
            Buffers.copyArrayFrom(src, at, destinationArray, length);
        } else {
            originMap.unpack(src, at, length, destination, 0, originCount);
        }
    }

    String describe() {
        return Wire.name(kind) + " of " + bytes + " bytes to rank " + targetRank + " of " + commName + " with tag "
                + tag;
    }
}
