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

    private void waitFor(int round, long e) {
        long offset = flagOffset[round];
        int i = 0;
        while ((long) LONG.getAcquire(myControl, offset) < e) {
            if (progressWhileSpinning) {
                transport.progress();
            }
            if (idle.pastSpinning(i)) {
                if (!progressWhileSpinning) {
                    transport.progress();
                }
                if ((i & 63) == 0 && !health.ok()) {
                    throw health.aborted("barrier round " + round + " as member " + rank + " of " + size);
                }
            }
            i = idle.idle(i);
            if (i == 0) {
                // A park that a message ended: deliver what woke it now, not after the spins
                // (which do not look at the rings).
                transport.progress();
            }
        }
    }
}
