package org.pgas4j.internal.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Team;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.Directory;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.SyncCompletion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The slow path behind every RMA's target: reads a peer's directory slot, opens (maps, attaches
 * or reaches) the segment published there and caches the result in the client's table of
 * targets, one per (job rank, endpoint), which the hot path reads directly; and the announcements
 * by which this PE tells peers that its own directory changed. Resolution runs once per target
 * and again only after the owner re-published or destroyed the segment.
 */
public final class PeerTargets {
    private static final VarHandle NOTICE = ValueLayout.JAVA_LONG.varHandle();

    /** Opens the memory of a segment this PE itself has bound to one of its endpoints. */
    @FunctionalInterface
    public interface OwnSegments {
        /**
         * @throws BadArgumentException when the segment with this id is no longer bound there or was destroyed
         */
        RemoteMemory open(int endpoint, long segmentId, String who, String operation);
    }

    private final Transport transport;
    private final PeerTarget[] targets;
    private final RemoteMemory[] peerControls;
    private final int slots;
    private final int jobRank;
    private final OwnSegments own;
    private final Supplier<PeerSegments> peerSegments;
    private PeerSegments opened; // guarded by this; asked of peerSegments at the first resolution of a peer's target
    private final List<RemoteMemory> retired = new ArrayList<>(); // guarded by this
    private long directoryGeneration; // guarded by the caller's directory lock

    /**
     * @param targets the client's table, indexed {@code jobRank * slots + endpoint}, which this fills
     * @param peerControls every PE's control region as this PE reaches it
     * @param slots the number of endpoint slots per PE
     * @param peerSegments opens peers' segments; asked once, at the first resolution of a peer's target
     */
    public PeerTargets(Transport transport, PeerTarget[] targets, RemoteMemory[] peerControls, int slots, int jobRank,
                       OwnSegments own, Supplier<PeerSegments> peerSegments) {
        this.transport = transport;
        this.targets = targets;
        this.peerControls = peerControls;
        this.slots = slots;
        this.jobRank = jobRank;
        this.own = own;
        this.peerSegments = peerSegments;
    }

    /**
     * Resolves the target of endpoint {@code ep} of PE {@code j} again from its directory slot and
     * caches it.
     *
     * @param team the team the caller addressed, or null (then {@code rank} is unused)
     * @throws BadArgumentException when nothing is published there or the segment was destroyed
     */
    public synchronized PeerTarget resolve(Team team, int rank, int j, int ep, String operation) {
        // What PeerTarget.isCurrent() will watch: the slot's own sequence where the owner's control
        // region is mapped (this PE's always is), else this PE's copy of the owner's notice, read
        // before the slot so that a change racing with this read moves it later.
        MemorySegment ownerControl = j == jobRank ? transport.localControl() : peerControls[j].directView();
        MemorySegment check = ownerControl != null ? ownerControl : transport.localControl();
        long checkOffset = ownerControl != null ? ControlRegion.slotOffset(ep) + ControlRegion.SLOT_SEQ
                : ControlRegion.noticeOffset(slots + 1, j);
        long notice = (long) NOTICE.getAcquire(check, checkOffset);
        Directory.Slot slot = Directory.read(peerControls[j], ep);
        String who = team == null ? "endpoint " + ep + " of PE " + j
                : "rank " + rank + " of team " + team.name() + " (PE " + j + ", endpoint " + ep + ")";
        if (slot.state() == ControlRegion.STATE_EMPTY) {
            throw new BadArgumentException(operation + " from PE " + jobRank + ": " + who
                    + " has no published segment; bind a segment to that endpoint and publish it first");
        }
        if (slot.state() == ControlRegion.STATE_DESTROYED) {
            throw new BadArgumentException(operation + " from PE " + jobRank + ": segment " + slot.segmentId()
                    + " of " + who + " was destroyed");
        }
        PeerTarget old = targets[j * slots + ep];
        RemoteMemory memory;
        if (old != null && old.slotSeq == slot.seq() && old.segmentId == slot.segmentId()) {
            memory = old.memory; // the owner changed another slot: same segment, same mapping
        } else if (j == jobRank) {
            memory = own.open(ep, slot.segmentId(), who, operation);
        } else {
            if (opened == null) {
                opened = peerSegments.get();
            }
            memory = opened.open(j, ep, slot, who, operation);
        }
        PeerTarget t = new PeerTarget(j, ep, slot.segmentId(), slot.size(), memory, slot.seq(), slot.kindId(),
                check, checkOffset, ownerControl != null ? slot.seq() : notice);
        if (old != null && old.memory != memory) {
            retired.add(old.memory); // another thread may still be using it: unmapped at close
        }
        targets[j * slots + ep] = t;
        return t;
    }

    /**
     * The current target for endpoint {@code ep} of PE {@code j}: the memory of its published
     * bound segment (for team construction over client scratch).
     *
     * @throws BadArgumentException if nothing is published there or it was destroyed
     */
    public PeerTarget bound(int j, int ep, String operation) {
        PeerTarget t = targets[j * slots + ep];
        if (t == null || !t.isCurrent()) {
            t = resolve(null, -1, j, ep, operation);
        }
        return t;
    }

    /** The memory-kind id of the segment endpoint {@code ep} of PE {@code j} has published (0: HOST), or -1. */
    public int publishedKind(int j, int ep) {
        Directory.Slot slot = Directory.read(peerControls[j], ep);
        return slot.state() == ControlRegion.STATE_PUBLISHED ? slot.kindId() : -1;
    }

    /**
     * Tells every peer whose view of this PE's control region is not mapped (ucx) that this PE's
     * directory changed: writes the next directory generation into this PE's notice in the peer's
     * control region ({@link ControlRegion#noticeOffset}), a blocking put that is remotely complete
     * when it returns. The peer's cached targets on this PE then fail {@link PeerTarget#isCurrent()}
     * and are resolved again from the directory, so any access the peer starts after a
     * synchronization that follows this call (a barrier, a flag this PE puts, a message) sees the
     * change: a destroyed segment is an error, a re-published one is the new segment. Costs one
     * round trip per such peer per publication or destruction; nothing where control regions are
     * mapped (shm, local), whose slot sequences peers check directly. The caller holds the
     * directory's lock so that generations reach each peer in order. Assumes a transport maps
     * control regions both ways or neither, which holds for every transport here.
     */
    public void announceDirectoryChange() {
        long generation = ++directoryGeneration;
        MemorySegment value = null;
        long at = ControlRegion.noticeOffset(slots + 1, jobRank);
        for (int j = 0; j < peerControls.length; j++) {
            RemoteMemory peer = peerControls[j];
            if (j == jobRank || peer == null || peer.directView() != null) {
                continue;
            }
            if (value == null) {
                value = MemorySegment.ofArray(new long[] {generation});
            }
            SyncCompletion.putBlocking(peer, at, value, 0, Long.BYTES);
        }
    }

    /** Releases the memory of every cached and retired target: at close, once nothing reaches them. */
    public synchronized void releaseAll() {
        for (PeerTarget t : targets) {
            if (t != null) {
                t.memory.release();
            }
        }
        retired.forEach(RemoteMemory::release);
    }
}
