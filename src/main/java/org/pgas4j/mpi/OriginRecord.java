package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * A request this process issued and that is not yet fully serviced: what the origin needs when
 * the servicer's answer arrives (where a GET's data goes, what staging to release, which
 * outstanding count to lower).
 */
final class OriginRecord {
    final int kind;
    final int commId;
    final String commName;
    final int tag;
    final int epoch;
    final int targetRank;
    /** Offset of the staging area in the registered segment, or -1. */
    final long staging;
    /** A GET's destination (the origin buffer), or null. */
    final MemorySegment destination;
    final TypeMap originMap;
    final long originCount;
    final long bytes;
    /** Set by {@link OriginTable#add}: the id, and the count of its key until it is settled. */
    int id;
    OriginTable.Counter counter;

    OriginRecord(int kind, int commId, String commName, int tag, int epoch, int targetRank, long staging,
                 MemorySegment destination, TypeMap originMap, long originCount, long bytes) {
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
    }

    String describe() {
        return Wire.name(kind) + " of " + bytes + " bytes to rank " + targetRank + " of " + commName + " with tag "
                + tag;
    }
}
