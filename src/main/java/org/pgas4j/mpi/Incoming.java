package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * A request or message that arrived at this process and waits to be serviced or received: what
 * its {@link Wire#REQUEST} carried, validated by the handler.
 */
final class Incoming {
    int kind;
    int commId;
    int tag;
    int seq;
    int epoch;
    int requestId;
    int flags;
    int sourceJob;
    long disp;
    long targetCount;
    long bytes;
    long originOffset;
    /** The target datatype's layout (PUT and GET kinds), or null for a message. */
    TypeMap map;
    /**
     * The packed data of an eager request (from {@link #dataAt}), else null: a copy of its own
     * while it waits in the arrivals ({@link #fillFrom}, {@link #detached()}), or the mailbox slot
     * or handler payload it came in while it is delivered.
     */
    MemorySegment data;
    long dataAt;
    /** The origin's checksum of the packed data (checked mode), or 0. */
    long checksum;
    /** With {@link Wire#ORIGIN_LAYOUT}: the origin datatype's layout, else null. */
    TypeMap originMap;
    /**
     * Whether this is the one record {@link ArrivalRecords} refills for each request the mailbox
     * delivers, which nothing may keep: a queued copy is made of it.
     */
    final boolean reused;
    /** The data of the arrivals this record held while queued, kept for the next ({@link #fillFrom}). */
    private byte[] own;
    private MemorySegment ownView;
    /** The next record of the engine's free list, while this one is on it. */
    Incoming nextFree;

    /** A record for one arrival ({@code reused} false) or the engine's refilled one. */
    Incoming(boolean reused) {
        this.reused = reused;
    }

    /** Fills this record with what a request carried; returns it. */
    Incoming set(int kind, int commId, int tag, int seq, int epoch, int requestId, int flags, int sourceJob, long disp,
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
        return this;
    }

    /**
     * This arrival as a record of its own, to be queued from a handler (any thread): its data
     * copied out of the payload it came in, valid only while it is delivered.
     */
    Incoming detached() {
        return data == null && !reused ? this : new Incoming(false).fillFrom(this);
    }

    /**
     * Makes this record a queued copy of {@code in}: its fields, and its data copied into this
     * record's own buffer (grown when too small), out of the memory it came in.
     */
    Incoming fillFrom(Incoming in) {
        MemorySegment copy = null;
        if (in.data != null) {
            int n = (int) in.bytes;
            if (own == null || own.length < n) {
                own = new byte[Math.max(n, 64)];
                ownView = MemorySegment.ofArray(own);
            }
            MemorySegment.copy(in.data, in.dataAt, ownView, 0, n);
            copy = ownView;
        }
        return set(in.kind, in.commId, in.tag, in.seq, in.epoch, in.requestId, in.flags, in.sourceJob, in.disp,
                in.targetCount, in.bytes, in.originOffset, in.map, copy, 0, in.checksum, in.originMap);
    }

    /** Drops what this record refers to (a delivery's memory, layouts), for a record kept for reuse. */
    void forgetReferences() {
        data = null;
        map = null;
        originMap = null;
    }

    boolean eager() {
        return (flags & Wire.EAGER) != 0;
    }

    @Override
    public String toString() {
        return Wire.name(kind) + " (tag " + tag + ", " + bytes + " bytes)";
    }
}
