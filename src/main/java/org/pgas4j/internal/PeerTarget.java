package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.spi.RemoteMemory;

/**
 * A resolved remote target: the segment an endpoint (jobrank, endpoint index) had published when
 * this process last looked, and how to reach it. Immutable; when the owner publishes anew or
 * destroys the segment, the slot's sequence moves, {@link #isCurrent()} turns false and the
 * caller resolves again.
 */
public final class PeerTarget {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /** The owner's jobrank. */
    public final int jobRank;
    /** The owner's endpoint index. */
    public final int endpoint;
    /** The owner's id of the segment. */
    public final long segmentId;
    /** The segment's size in bytes. */
    public final long size;
    /** How to reach the segment. */
    public final RemoteMemory memory;
    /** Load/store view of the segment, or null when only {@link #memory} reaches it. */
    public final MemorySegment direct;
    /** The memory-kind code the owner published for the segment (its class, and whether client-allocated). */
    public final int kindCode;

    private final MemorySegment control;
    private final long seqOffset;
    private final long seq;

    /**
     * The target of a handle that may no longer be used (its team was destroyed or its client
     * closed): never {@link #isCurrent() current}, so every access through it goes to the slow
     * path, which finds out why and throws. Its size is -1, so no range is within it either.
     */
    public static final PeerTarget DEAD = new PeerTarget();

    private PeerTarget() {
        this.jobRank = -1;
        this.endpoint = 0;
        this.segmentId = -1;
        this.size = -1;
        this.memory = null;
        this.direct = null;
        this.kindCode = -1;
        this.seqOffset = ControlRegion.slotOffset(0) + ControlRegion.SLOT_SEQ;
        // A word that stays 0, against an odd sequence no published slot ever has when read.
        this.control = java.lang.foreign.Arena.global().allocate(seqOffset + Long.BYTES, Long.BYTES);
        this.seq = -1;
    }

    /**
     * A target resolved from a directory snapshot.
     *
     * @param control the owner's control region if directly mapped (for the per-access liveness
     *        check), else null (liveness is then checked only on resolution)
     * @param kindCode the memory-kind code of the published slot
     */
    public PeerTarget(int jobRank, int endpoint, long segmentId, long size, RemoteMemory memory,
                      MemorySegment control, long seq, int kindCode) {
        this.jobRank = jobRank;
        this.endpoint = endpoint;
        this.segmentId = segmentId;
        this.size = size;
        this.memory = memory;
        this.direct = memory.directView();
        this.kindCode = kindCode;
        this.control = control;
        this.seqOffset = ControlRegion.slotOffset(endpoint) + ControlRegion.SLOT_SEQ;
        this.seq = seq;
    }

    /** Whether the owner's directory slot is unchanged since this target was resolved: one acquire load. */
    public boolean isCurrent() {
        return control == null || (long) LONG.getAcquire(control, seqOffset) == seq;
    }
}
