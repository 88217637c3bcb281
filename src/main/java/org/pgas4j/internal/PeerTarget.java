package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.spi.RemoteMemory;

/**
 * A resolved remote target: the segment an endpoint (jobrank, endpoint index) had published when
 * this process last looked, and how to reach it. Immutable; when the owner publishes anew or
 * destroys the segment, {@link #isCurrent()} turns false and the caller resolves again.
 *
 * <p>{@link #isCurrent()} is one acquire load of a word in mapped memory, compared with the value
 * it had at resolution: where the owner's control region is mapped (this PE, or a transport that
 * maps peers' control regions), the owner's directory slot's sequence itself; where it is not
 * (ucx), this PE's own copy of the owner's directory-change notice
 * ({@link ControlRegion#noticeOffset}), which the owner writes, remotely complete, into every such
 * peer's control region before a publication or destruction returns. The latter also moves when
 * the owner changes another of its slots: the caller then re-resolves to the same segment.
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

    /** The owner's directory slot's sequence when this target was resolved. */
    public final long slotSeq;

    private final MemorySegment check;
    private final long checkOffset;
    private final long expected;

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
        this.slotSeq = -1;
        // A word that stays 0, against a value it never has.
        this.check = java.lang.foreign.Arena.global().allocate(Long.BYTES, Long.BYTES);
        this.checkOffset = 0;
        this.expected = -1;
    }

    /**
     * A target resolved from a directory snapshot.
     *
     * @param slotSeq the sequence of the directory slot it was resolved from
     * @param kindCode the memory-kind code of the published slot
     * @param check mapped memory holding the word that moves when the owner's directory changes:
     *        the owner's control region, or this PE's own (the owner's notice)
     * @param checkOffset where that word is in {@code check}
     * @param expected its value when the slot was read (read before the slot)
     */
    public PeerTarget(int jobRank, int endpoint, long segmentId, long size, RemoteMemory memory, long slotSeq,
                      int kindCode, MemorySegment check, long checkOffset, long expected) {
        this.jobRank = jobRank;
        this.endpoint = endpoint;
        this.segmentId = segmentId;
        this.size = size;
        this.memory = memory;
        this.direct = memory.directView();
        this.kindCode = kindCode;
        this.slotSeq = slotSeq;
        this.check = check;
        this.checkOffset = checkOffset;
        this.expected = expected;
    }

    /** Whether the owner's directory is unchanged (as far as this PE can tell) since resolution: one acquire load. */
    public boolean isCurrent() {
        return (long) LONG.getAcquire(check, checkOffset) == expected;
    }
}
