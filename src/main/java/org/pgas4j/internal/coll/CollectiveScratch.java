package org.pgas4j.internal.coll;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ResourceException;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.Directory;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * This PE's collective scratch: runtime-owned memory, published in the directory's reserved
 * runtime slot, cut into {@link ControlRegion#BARRIER_CHANNELS} equal channels. A team holds one
 * channel for its life (the same index on every member) and keeps its mailboxes there; the barrier
 * flags of the same index in the control region are the team's too.
 *
 * <pre>
 *   0             channelBytes    2*channelBytes                 16*channelBytes
 *   +-------------+---------------+---------------- ... ---------+
 *   | channel 0   | channel 1     |                              |
 *   | (world)     |               |                              |
 *   +-------------+---------------+---------------- ... ---------+
 * </pre>
 */
public final class CollectiveScratch {
    private final Transport transport;
    private final RemoteMemory[] peerControls;
    private final int slot;
    private final int jobRank;
    private final long channelBytes;
    private final LocalMemory local;
    private final RemoteMemory[] peers;
    private long usedChannels;

    /**
     * Allocates and publishes this PE's scratch in directory slot {@code slot}. Peers resolve it
     * lazily, after the bootstrap barrier that follows.
     */
    public CollectiveScratch(Transport transport, Directory directory, RemoteMemory[] peerControls, int slot,
                             int jobRank, long channelBytes) {
        this.transport = transport;
        this.peerControls = peerControls;
        this.slot = slot;
        this.jobRank = jobRank;
        this.channelBytes = channelBytes;
        this.local = transport.allocate(channelBytes * ControlRegion.BARRIER_CHANNELS);
        directory.publish(slot, 0, local.segment().byteSize(), 0, local.descriptor());
        this.peers = new RemoteMemory[peerControls.length];
        this.usedChannels = 1; // channel 0 is the world team's from the start
    }

    /** Bytes per channel. */
    public long channelBytes() {
        return channelBytes;
    }

    /** This PE's view of its own channel {@code channel}. */
    public MemorySegment ownChannel(int channel) {
        return local.segment().asSlice(channel * channelBytes, channelBytes);
    }

    /** How this PE reaches channel {@code channel} of PE {@code peerJobRank}. */
    public synchronized RemoteMemory peerScratch(int peerJobRank) {
        RemoteMemory m = peers[peerJobRank];
        if (m == null) {
            if (peerJobRank == jobRank) {
                m = new org.pgas4j.spi.MappedMemory(local.segment(), null);
            } else {
                Directory.Slot s = Directory.read(peerControls[peerJobRank], slot);
                if (s.state() != ControlRegion.STATE_PUBLISHED) {
                    // What was read, for a report: the bootstrap barrier before any read should make this impossible.
                    throw new IllegalStateException("PE " + peerJobRank + " has no collective scratch published (its"
                            + " directory slot " + slot + " reads state " + s.state() + ", sequence " + s.seq()
                            + ", size " + s.size() + ", over the " + transport.name() + " transport)");
                }
                m = transport.attach(peerJobRank, s.descriptor(), s.size());
            }
            peers[peerJobRank] = m;
        }
        return m;
    }

    /** The channels in use on this PE, one bit each. */
    public synchronized long usedChannels() {
        return usedChannels;
    }

    /**
     * Takes the lowest channel free in {@code usedAnywhere} (the union of the members' masks, so
     * every member takes the same one).
     *
     * @throws ResourceException when all are in use
     */
    public synchronized int take(long usedAnywhere) {
        long free = ~usedAnywhere & ((1L << ControlRegion.BARRIER_CHANNELS) - 1);
        if (free == 0) {
            throw new ResourceException("PE " + jobRank + ": all " + ControlRegion.BARRIER_CHANNELS
                    + " team channels are in use by live teams; destroy a team first");
        }
        int c = Long.numberOfTrailingZeros(free);
        usedChannels |= 1L << c;
        ownChannel(c).fill((byte) 0);
        return c;
    }

    /** Returns channel {@code c} when its team is destroyed. */
    public synchronized void give(int c) {
        usedChannels &= ~(1L << c);
    }

    /** Frees the scratch and every peer mapping. */
    public synchronized void release() {
        for (RemoteMemory m : peers) {
            if (m != null) {
                m.release();
            }
        }
        local.release();
    }
}
