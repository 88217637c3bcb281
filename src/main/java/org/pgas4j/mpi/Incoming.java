package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * A request or message that arrived at this process and waits to be serviced or received: what
 * its {@link Wire#REQUEST} carried, validated by the handler.
 */
final class Incoming {
    final int kind;
    final int commId;
    final int tag;
    final int seq;
    final int epoch;
    final int requestId;
    final int flags;
    final int sourceJob;
    final long disp;
    final long targetCount;
    final long bytes;
    final long originOffset;
    /** The target datatype's layout (PUT and GET kinds), or null for a message. */
    final TypeMap map;
    /**
     * The packed data of an eager request (from {@link #dataAt}), else null: a copy of its own
     * while it waits in the arrivals, or the mailbox slot it came in while it is serviced at once
     * ({@link #detached()} makes the copy).
     */
    final MemorySegment data;
    final long dataAt;
    /** The origin's checksum of the packed data (checked mode), or 0. */
    final long checksum;
    /** With {@link Wire#ORIGIN_LAYOUT}: the origin datatype's layout, else null. */
    final TypeMap originMap;

    Incoming(int kind, int commId, int tag, int seq, int epoch, int requestId, int flags, int sourceJob, long disp,
             long targetCount, long bytes, long originOffset, TypeMap map, MemorySegment data, long dataAt,
             long checksum, TypeMap originMap) {
        this.kind = kind;
        this.commId = commId;
        this.tag = tag;
        this.seq = seq;
        this.epoch = epoch;
        this.requestId = requestId;
        this.flags = flags;
        this.sourceJob = sourceJob;
        this.disp = disp;
        this.targetCount = targetCount;
        this.bytes = bytes;
        this.originOffset = originOffset;
        this.map = map;
        this.data = data;
        this.dataAt = dataAt;
        this.checksum = checksum;
        this.originMap = originMap;
    }

    /**
     * This arrival with its data copied out of the memory it came in (a handler's payload or a
     * mailbox slot, valid only while it is delivered), to be queued.
     */
    Incoming detached() {
        if (data == null) {
            return this;
        }
        MemorySegment copy = MemorySegment.ofArray(new byte[(int) bytes]);
        MemorySegment.copy(data, dataAt, copy, 0, bytes);
        return new Incoming(kind, commId, tag, seq, epoch, requestId, flags, sourceJob, disp, targetCount, bytes,
                originOffset, map, copy, 0, checksum, originMap);
    }

    boolean eager() {
        return (flags & Wire.EAGER) != 0;
    }

    @Override
    public String toString() {
        return Wire.name(kind) + " (tag " + tag + ", " + bytes + " bytes)";
    }
}
