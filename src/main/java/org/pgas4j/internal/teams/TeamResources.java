package org.pgas4j.internal.teams;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.pgas4j.ResourceException;
import org.pgas4j.Settings;
import org.pgas4j.TeamScratch;
import org.pgas4j.internal.CentralBarrier;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.DisseminationBarrier;
import org.pgas4j.spi.Futex;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.TeamBarrier;
import org.pgas4j.internal.coll.CollectiveScratch;
import org.pgas4j.internal.coll.MailboxBarrier;
import org.pgas4j.internal.coll.Mailboxes;
import org.pgas4j.internal.coll.TeamAlgorithms;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * What one client's teams share: the collective channels of the runtime's scratch (one per live
 * team on a member, {@link ControlRegion#BARRIER_CHANNELS} in all), the regions of client-provided
 * scratch that live teams hold, and the choice of each team's barrier and collective algorithms.
 * Teams are created and destroyed rarely, so its bookkeeping takes locks; nothing here is on an
 * RMA or collective's path once the team exists.
 */
public final class TeamResources {
    private final Transport transport;
    private final IdleStrategy idle;
    private final JobHealth health;
    private final CollectiveScratch scratch;
    private final int controlSlots;
    private final int jobRank;
    private final List<TeamScratch.Region> liveScratch = new ArrayList<>();

    /**
     * @param scratch the runtime's collective scratch of this PE
     * @param controlSlots the slots of the control region (the endpoints' and the runtime's own)
     */
    public TeamResources(Transport transport, IdleStrategy idle, JobHealth health, CollectiveScratch scratch,
                         int controlSlots, int jobRank) {
        this.transport = transport;
        this.idle = idle;
        this.health = health;
        this.scratch = scratch;
        this.controlSlots = controlSlots;
        this.jobRank = jobRank;
    }

    /** Records a live team's scratch region; false (and nothing recorded) when it overlaps another. */
    public boolean scratchTaken(TeamScratch.Region r) {
        synchronized (liveScratch) {
            for (TeamScratch.Region o : liveScratch) {
                if (o.where().equals(r.where()) && o.offset() < r.offset() + r.length()
                        && r.offset() < o.offset() + o.length()) {
                    return false;
                }
            }
            liveScratch.add(r);
            return true;
        }
    }

    /** Forgets a destroyed team's scratch region. */
    public void scratchReleased(TeamScratch.Region r) {
        synchronized (liveScratch) {
            liveScratch.remove(r);
        }
    }

    /** The collective machinery of member {@code rank} over client-provided scratch regions. */
    public TeamAlgorithms algorithmsOverScratch(int rank, RemoteMemory[] memory, long[] base, MemorySegment own,
                                                long bytes) {
        Mailboxes mail = new Mailboxes(rank, memory, base, own, bytes, transport, idle, health);
        return new TeamAlgorithms(rank, memory.length, mail, new MailboxBarrier(mail, rank, memory.length));
    }

    /** The collective machinery of member {@code rank} of a team of these job ranks on {@code channel}. */
    public TeamAlgorithms algorithmsFor(int[] jobRanks, int rank, int channel) {
        RemoteMemory[] memberScratch = new RemoteMemory[jobRanks.length];
        for (int m = 0; m < jobRanks.length; m++) {
            memberScratch[m] = scratch.peerScratch(jobRanks[m]);
        }
        Mailboxes mail = new Mailboxes(rank, memberScratch, scratch.ownChannel(channel), channel,
                scratch.channelBytes(), transport, idle, health);
        return new TeamAlgorithms(rank, jobRanks.length, mail, barrierFor(jobRanks, rank, channel));
    }

    /**
     * The barrier algorithm of a team: the dissemination barrier, or, when this host runs more PEs
     * than cores and member 0's control region is mapped here, the counter barrier whose waiters
     * sleep in the kernel (see {@link CentralBarrier}); {@code pgas4j.barrier} can force either.
     */
    private TeamBarrier barrierFor(int[] jobRanks, int rank, int channel) {
        MemorySegment root = jobRanks.length > 1 && onOneHost(jobRanks)
                ? transport.peerControl(jobRanks[0]).directView() : null;
        String choice = Settings.BARRIER.value();
        boolean central = root != null && Futex.AVAILABLE
                && (choice.equals("central") || choice.equals("auto") && idle.oversubscribed());
        if (central) {
            return new CentralBarrier(root, controlSlots, channel, rank, jobRanks.length, idle.spins(), idle.yields(),
                    idle.maxParkNanos(), idle.longParkNanos(), transport, health);
        }
        return new DisseminationBarrier(transport, idle, health, jobRanks, rank, controlSlots, channel);
    }

    /**
     * Whether every member runs on this PE's host: then all members see member 0's control region
     * the same way (a hybrid job maps it only on member 0's host), and choose the same barrier.
     */
    private boolean onOneHost(int[] jobRanks) {
        for (int j : jobRanks) {
            if (!transport.sharesHostWith(j)) {
                return false;
            }
        }
        return true;
    }

    /** The channels this PE's live teams use, as a bit set. */
    public long usedChannels() {
        return scratch.usedChannels();
    }

    /**
     * Fails when no channel is free on every member.
     *
     * @param usedAnywhere the union of the members' {@link #usedChannels()}
     * @throws ResourceException when every channel is in use somewhere
     */
    public void checkChannelFree(long usedAnywhere) {
        if ((usedAnywhere | ~((1L << ControlRegion.BARRIER_CHANNELS) - 1)) == -1L) {
            throw new ResourceException("team creation on PE " + jobRank + ": all " + ControlRegion.BARRIER_CHANNELS
                    + " team channels are in use by live teams on the members; destroy a team first");
        }
    }

    /** Takes the lowest channel free on every member, clearing this PE's scratch and barrier flags of it. */
    public int takeChannel(long usedAnywhere) {
        int c = scratch.take(usedAnywhere);
        MemorySegment control = transport.localControl();
        for (int round = 0; round < ControlRegion.BARRIER_ROUNDS; round++) {
            control.asSlice(ControlRegion.flagOffset(controlSlots, c, round), ControlRegion.FLAG_BYTES).fill((byte) 0);
        }
        return c;
    }

    /** Gives a destroyed team's channel back. */
    public void releaseChannel(int channel) {
        scratch.give(channel);
    }
}
