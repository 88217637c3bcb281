package org.pgas4j;

import java.util.ArrayList;
import java.util.List;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.bootstrap.Bootstraps;
import org.pgas4j.internal.coll.CollectiveScratch;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.memory.PeerTargets;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.internal.stats.StatsReport;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The steps of {@link Client#close()}: the world barrier and this PE's statistics report while the
 * job is healthy, then the release of what the client holds, in the order that keeps every step
 * safe (segments and kinds, the peer handles that reach peers' memory, the targets, the teams'
 * worker threads, the collective scratch, the peers' control regions, the transport, the
 * bootstrap). It remembers the teams it must stop or whose peer handles it must retire as they are
 * made. The client keeps the closed flag, which every operation reads, and the order of the steps
 * around it.
 */
final class ClientShutdown {
    private final Bootstrap bootstrap;
    private final Transport transport;
    private final PeStats stats;
    private final ClientSegments segments;
    private final ClientKinds kinds;
    private final PeerTargets targets;
    private final CollectiveScratch scratch;
    private final RemoteMemory[] peerControls;
    private final List<Team> liveTeams = new ArrayList<>(); // guarded by itself
    private final List<Team> teamsWithPeers = new ArrayList<>(); // guarded by itself; pairs included

    /** @param stats this PE's counters; null when statistics are off */
    ClientShutdown(Bootstrap bootstrap, Transport transport, PeStats stats, ClientSegments segments, ClientKinds kinds,
                   PeerTargets targets, CollectiveScratch scratch, RemoteMemory[] peerControls) {
        this.bootstrap = bootstrap;
        this.transport = transport;
        this.stats = stats;
        this.segments = segments;
        this.kinds = kinds;
        this.targets = targets;
        this.scratch = scratch;
        this.peerControls = peerControls;
    }

    /** Remembers a team so that close stops its worker thread. */
    void stopAtClose(Team team) {
        synchronized (liveTeams) {
            liveTeams.add(team);
        }
    }

    /** Remembers a team that holds peer handles, so that close retires them. */
    void retirePeersAtClose(Team team) {
        synchronized (teamsWithPeers) {
            teamsWithPeers.add(team);
        }
    }

    /**
     * The collective part of close, skipped when the transport reports the job unhealthy: a world
     * barrier, so that no peer still accesses this PE's segments, then the statistics report.
     */
    void leaveJob(Team world) {
        if (transport.healthy()) {
            world.barrier();
            if (Stats.ON) {
                reportStatistics();
            }
        }
    }

    /**
     * Sends this PE's counters to whoever gathers them (the launcher, or the in-JVM job). Where
     * nobody does (PEs started by PMIx without our launcher, a stand-alone program), the PEs
     * gather them through the bootstrap and PE 0 writes the job's report.
     */
    private void reportStatistics() {
        byte[] mine = stats.close();
        if (bootstrap.sendStatistics(mine)) {
            return;
        }
        byte[][] parts = bootstrap.size() == 1 ? new byte[][] {mine} : bootstrap.allgather(mine);
        if (bootstrap.rank() == 0) {
            StatsReport.writeEmbedded(StatsReport.merge(bootstrap.jobId(), bootstrap.size(), parts));
        }
    }

    /** Releases everything the client holds; the bootstrap is closed and released even if a step fails. */
    void releaseEverything() {
        try {
            segments.releaseAtClose();
            kinds.releaseAtClose();
            synchronized (teamsWithPeers) {
                teamsWithPeers.forEach(Team::retirePeers); // before the memory they reach goes
            }
            targets.releaseAll();
            synchronized (liveTeams) {
                liveTeams.forEach(Team::stopWorker);
            }
            scratch.release();
            for (RemoteMemory control : peerControls) {
                control.release();
            }
            transport.close();
        } finally {
            bootstrap.close();
            Bootstraps.release(bootstrap);
        }
    }
}
