package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * A dissemination barrier (Hensgen, Finkel and Manber) over the barrier flags of the members'
 * control regions: ceil(log2 N) rounds; in round k member i signals member (i + 2^k) mod N and
 * waits for member (i - 2^k) mod N. No central counter, no contended line: each flag has exactly
 * one writer per round. Flags hold the episode number, which only grows, so a fast member's
 * signal for the next episode can never be mistaken for a missing one.
 *
 * <p>Not thread-safe: one barrier of a team runs at a time (the team's collective ordering).
 */
public final class DisseminationBarrier implements TeamBarrier {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Transport transport;
    private final IdleStrategy idle;
    /**
     * Whether waits progress the transport from their first turn: control regions are not mapped
     * (ucx), so peers' flags reach this PE through the transport, which over tcp writes them only
     * inside this PE's progress; a wait that spun without progress would leave them to the
     * transport's progress thread. Where they are mapped, waits progress only past the spinning
     * phase (active messages).
     */
    private final boolean progressWhileSpinning;
    /**
     * Whether a wait that delivered messages keeps serving at full speed ({@link #waitFor}): flags
     * mapped and a core per PE (with more PEs than cores, the PEs sending may need this core).
     */
    private final boolean servesAtFullSpeed;
    private final JobHealth health;
    private final int rank;
    private final int size;
    private final int rounds;
    private final RemoteMemory[] partnerControl;  // per round: the control region of member (rank + 2^k)
    private final MemorySegment[] partnerDirect;
    private final long[] flagOffset;              // per round: the flag's offset in any member's region
    private final MemorySegment myControl;
    private final MemorySegment episodeBuffer = MemorySegment.ofArray(new long[1]);
    private long episode;

    /**
     * A barrier for member {@code rank} of {@code jobRanks.length} members.
     *
     * @param jobRanks each member's jobrank, in team rank order
     * @param channel the barrier channel of the team, the same on every member
     */
    public DisseminationBarrier(Transport transport, IdleStrategy idle, JobHealth health, int[] jobRanks,
                                int rank, int slots, int channel) {
        this.transport = transport;
        this.idle = idle;
        this.health = health;
        this.rank = rank;
        this.size = jobRanks.length;
        this.rounds = size <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1);
        this.partnerControl = new RemoteMemory[rounds];
        this.partnerDirect = new MemorySegment[rounds];
        this.flagOffset = new long[rounds];
        this.myControl = transport.localControl();
        boolean unmapped = false;
        for (int k = 0; k < rounds; k++) {
            int partner = jobRanks[(rank + (1 << k)) % size];
            partnerControl[k] = transport.peerControl(partner);
            partnerDirect[k] = partnerControl[k].directView();
            flagOffset[k] = ControlRegion.flagOffset(slots, channel, k);
            unmapped |= partnerDirect[k] == null;
        }
        this.progressWhileSpinning = unmapped;
        this.servesAtFullSpeed = !unmapped && !idle.oversubscribed();
    }

    /** Returns once every member has entered the same episode of this barrier. */
    @Override
    public void await() {
        long e = ++episode;
        VarHandle.fullFence(); // everything this member wrote before the barrier is visible first
        for (int k = 0; k < rounds; k++) {
            signal(k, e);
            waitFor(k, e);
        }
        VarHandle.fullFence(); // nothing after the barrier is reordered before it
    }

    private void signal(int round, long e) {
        MemorySegment d = partnerDirect[round];
        if (d != null) {
            // Volatile store (xchg on x86): published at once, no release-store-then-spin penalty.
            LONG.setVolatile(d, flagOffset[round], e);
        } else {
            episodeBuffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, e);
            SyncCompletion c = SyncCompletion.forThisThread();
            partnerControl[round].put(flagOffset[round], episodeBuffer, 0, Long.BYTES, c);
            c.await(transport::progress);
        }
    }

    /**
     * Waits for round {@code round}'s flag. Where flags are mapped and the host has a core per PE
     * ({@link #servesAtFullSpeed}), a wait that finds active messages to serve (a peer's requests
     * through the fallback, say) keeps serving them at full speed: it progresses at every turn from
     * then on and starts its spinning over after each turn that delivered something. Counting on,
     * it went on to yield (a system call each) between requests that come microseconds apart, and
     * after each park that a request ended it spun 200 turns without looking at the rings. Over ucx
     * (flags unmapped) the count goes on as before: there a wait progresses from its first turn,
     * and the worker's events, which the progress thread serves, are no reason to stay awake.
     */
    private void waitFor(int round, long e) {
        long offset = flagOffset[round];
        int i = 0;
        int turns = 0;
        boolean serving = false;
        while ((long) LONG.getAcquire(myControl, offset) < e) {
            int work = progressWhileSpinning || serving || idle.pastSpinning(i) ? transport.progress() : 0;
            // Past the spinning every 64 turns (a parked wait notices a dead peer within 64 parks), and
            // every 1,024 turns of one that keeps serving and so keeps starting its spinning over.
            boolean look = idle.pastSpinning(i) ? (i & 63) == 0 : (++turns & 1023) == 0;
            if (look && !health.ok()) {
                throw health.aborted("barrier round " + round + " as member " + rank + " of " + size);
            }
            if (work > 0 && servesAtFullSpeed) {
                serving = true;
                i = 0; // the next request is likely microseconds away: spin for it, serving
            }
            i = idle.idle(i);
            if (i == 0) {
                // A park that a message ended: deliver what woke it now, not after the spins
                // (which do not look at the rings until a wait serves).
                transport.progress();
                serving = servesAtFullSpeed;
            }
        }
    }
}
