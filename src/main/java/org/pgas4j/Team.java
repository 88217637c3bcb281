package org.pgas4j;

import org.pgas4j.internal.stats.Stats;
import org.pgas4j.internal.coll.CollectiveQueue;
import org.pgas4j.internal.coll.TeamAlgorithms;
import org.pgas4j.internal.jfr.BarrierEvent;
import org.pgas4j.internal.teams.ScratchTeams;
import org.pgas4j.internal.teams.TeamBuilder;
import org.pgas4j.internal.access.Access;
import org.pgas4j.internal.PeerTarget;

/**
 * An ordered set of endpoints, seen from one member (GASNet-EX's {@code gex_TM_t}: the team and
 * this process's member of it together). Point-to-point calls name their peer by (team, rank);
 * {@link Client#world()} is the primordial team of every PE's primordial endpoint, ranked by
 * jobrank. Teams derived by {@link #split}, {@link #splitStrided} and {@link #split2d} name the
 * same endpoints in a new order; RMA and collectives address their members by team rank.
 */
public final class Team {
    static {
        Access.register(new Access.TeamAccess() {
            @Override
            public Team create(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks,
                               int[] endpointIndices, int channel) {
                return new Team(client, name, endpoint, rank, jobRanks, endpointIndices, channel);
            }

            @Override
            public Team createOverScratch(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks,
                                          int[] endpointIndices, TeamAlgorithms algorithms, TeamScratch.Region region) {
                return new Team(client, name, endpoint, rank, jobRanks, endpointIndices, algorithms, region);
            }

            @Override
            public void checkRank(Team t, String operation, int r) {
                t.checkRank(operation, r);
            }

            @Override
            public int jobRankUnchecked(Team t, int r) {
                return t.jobRankUnchecked(r);
            }

            @Override
            public int endpointIndexUnchecked(Team t, int r) {
                return t.endpointIndexUnchecked(r);
            }

            @Override
            public TeamAlgorithms algorithms(Team t) {
                return t.algorithms();
            }
        });
    }

    private final Client client;
    private final String name;
    private final Endpoint endpoint;
    private final int rank;
    private final int[] jobRanks;
    private final int[] endpointIndices;
    private final int channel;
    private final TeamAlgorithms algorithms;
    private final CollectiveQueue queue;
    private volatile boolean destroyed;
    private final boolean pair;
    private final TeamScratch.Region scratchRegion;   // this member's client-provided scratch, if any
    private Peer[] peers;                             // Rma.peer handles by rank, made on request; guarded by this

    Team(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks, int[] endpointIndices, int channel) {
        this(client, name, endpoint, rank, jobRanks, endpointIndices, channel,
                client.teamResources().algorithmsFor(jobRanks, rank, channel), null, name + "@" + client.jobRank());
    }

    /**
     * A team over client-provided scratch ({@link #dup}, {@link #create}): {@code algorithms} run
     * in the members' scratch regions; null for NO_SCRATCH, whose collectives are refused.
     */
    Team(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks, int[] endpointIndices,
         TeamAlgorithms algorithms, TeamScratch.Region region) {
        this(client, name, endpoint, rank, jobRanks, endpointIndices, -2, algorithms, region,
                name + "@" + client.jobRank() + "." + endpoint.index());
    }

    private Team(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks, int[] endpointIndices,
                 int channel, TeamAlgorithms algorithms, TeamScratch.Region region, String queueName) {
        this.pair = false;
        this.client = client;
        this.name = name;
        this.endpoint = endpoint;
        this.rank = rank;
        this.jobRanks = jobRanks;
        this.endpointIndices = endpointIndices;
        this.channel = channel;
        this.algorithms = algorithms;
        this.scratchRegion = region;
        this.queue = new CollectiveQueue(queueName);
        client.shutdown.stopAtClose(this);
    }

    /** The team pair of {@link Client#pair}: every process's endpoint {@code remoteIndex}, ranked by jobrank. */
    private Team(Client client, Endpoint local, int remoteIndex) {
        this.pair = true;
        this.scratchRegion = null;
        this.client = client;
        this.name = "pair(endpoint " + local.index() + " of PE " + client.jobRank() + " -> endpoint " + remoteIndex + ")";
        this.endpoint = local;
        this.rank = client.jobRank();
        int n = client.jobSize();
        this.jobRanks = new int[n];
        this.endpointIndices = new int[n];
        for (int j = 0; j < n; j++) {
            jobRanks[j] = j;
            endpointIndices[j] = remoteIndex;
        }
        this.channel = -1;
        this.algorithms = null;
        this.queue = null;
    }

    static Team pair(Client client, Endpoint local, int remoteIndex) {
        return new Team(client, local, remoteIndex);
    }

    /** Whether this is a team pair ({@link Client#pair}): usable by point-to-point calls only. */
    public boolean isPair() {
        return pair;
    }

    /**
     * Where member {@code rank} lives: its jobrank and endpoint index ({@code gex_TM_TranslateRankToEP},
     * seed 000 section 3.6). For a pair, {@code rank} is a jobrank.
     *
     * @throws BadArgumentException if {@code rank} is not in [0, size()) (rule 4)
     */
    public EndpointLocation location(int rank) {
        checkRank("location", rank);
        return new EndpointLocation(jobRanks[rank], endpointIndices[rank]);
    }

    /**
     * The segment member {@code rank} has bound and published, as its owner describes it
     * ({@code gex_EP_QueryBoundSegmentNB}); empty when it has none or it was destroyed. Works on
     * pairs. Reads the owner's directory: no participation of the owner.
     *
     * @throws BadArgumentException if {@code rank} is out of range
     */
    public java.util.Optional<BoundSegment> boundSegmentOf(int rank) {
        checkRank("boundSegmentOf", rank);
        client.checkOpen("boundSegmentOf");
        return client.endpointTable.published(jobRanks[rank], endpointIndices[rank]);
    }

    /**
     * Member {@code rank}'s bound segment as this process maps it, for direct loads and stores:
     * the local address {@code gex_EP_QueryBoundSegmentNB} gives for a peer in shared memory.
     * Present when this process addresses the segment's memory directly: its own host or FILE
     * segment, a peer's host segment on {@code shm} and {@code local}, a same-host peer's on
     * {@code hybrid}, a same-host peer's FILE segment. Empty when only the transport or the owner
     * reaches it (a peer over UCX, device memory, {@code pgas4j.rma.path=am}).
     *
     * <p>Accesses through the view are plain memory accesses: their ordering and visibility are
     * the Java memory model's ({@code VarHandle} acquire and release forms, fences), not those of
     * pgas4j's completion rules, and no bounds other than the segment's own are checked. The view
     * is the mapping of the segment published when it was asked for: once the owner destroys that
     * segment it no longer reaches the member's memory (ask again), and once this client closes,
     * every access through it throws {@link IllegalStateException}. Works on pairs.
     *
     * @throws BadArgumentException if {@code rank} is out of range, or the member has no usable
     *         segment published
     * @throws IllegalStateException if the client is closed or the team destroyed
     */
    public java.util.Optional<java.lang.foreign.MemorySegment> localView(int rank) {
        return java.util.Optional.ofNullable(client.target(this, rank, 0, 0, "localView").direct);
    }

    /**
     * What {@link #boundSegmentOf} reports of a member's published segment.
     *
     * @param where the endpoint it is bound to
     * @param segmentId the owner's segment id
     * @param size its size in bytes: valid offsets are [0, size)
     */
    public record BoundSegment(EndpointLocation where, long segmentId, long size) {
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return pair && o instanceof Team t && t.pair && t.client == client && t.endpoint == endpoint
                && t.endpointIndices[0] == endpointIndices[0];
    }

    @Override
    public int hashCode() {
        return pair ? 31 * System.identityHashCode(endpoint) + endpointIndices[0] : System.identityHashCode(this);
    }

    /** This member's rank in the team ({@code gex_TM_QueryRank}). */
    public int rank() {
        return rank;
    }

    /** The number of members ({@code gex_TM_QuerySize}). */
    public int size() {
        return jobRanks.length;
    }

    /** The local endpoint that is this member ({@code gex_TM_QueryEP}). */
    public Endpoint endpoint() {
        return endpoint;
    }

    /** The client this member belongs to ({@code gex_TM_QueryClient}). */
    public Client client() {
        return client;
    }

    /** The team's name, used in messages. */
    public String name() {
        return name;
    }

    /**
     * The jobrank of the process where member {@code rank} lives
     * ({@code gex_TM_TranslateRankToJobrank}).
     *
     * @throws BadArgumentException if {@code rank} is not in [0, size())
     */
    public int jobRankOf(int rank) {
        checkRank("jobRankOf", rank);
        return jobRanks[rank];
    }

    /** The endpoint index of member {@code rank} on its process. */
    public int endpointIndexOf(int rank) {
        checkRank("endpointIndexOf", rank);
        return endpointIndices[rank];
    }

    /**
     * Blocks until every member has entered the barrier (a dissemination barrier: ceil(log2 N)
     * rounds of one flag store and one flag wait each). Every put that completed remotely before a
     * member entered is visible to every member after it returns, and so is every non-fetching
     * atomic this client issued before entering: the barrier first completes those a transport
     * started without waiting (see {@link Atomics}).
     *
     * @throws JobAbortedException if the job fails meanwhile
     * @throws IllegalStateException if such an atomic failed (naming it)
     */
    public void barrier() {
        checkUsable("barrier");
        client.rma().completeAtomics("barrier");
        if (queue.idle()) {
            long t0 = Stats.ON ? System.nanoTime() : 0;
            BarrierEvent jfr = BarrierEvent.start(); // null unless a JFR recording wants it
            algorithms.barrier();
            if (jfr != null && jfr.ready(name, size(), rank(), client.jobRank(), "barrier")) {
                jfr.commit();
            }
            if (Stats.ON) {
                client.stats.count(Stats.BARRIER, client.jobRank(), 0);
                client.stats.waited(Stats.WAIT_BARRIER, System.nanoTime() - t0);
            }
        } else {
            client.collectives().barrierNB(this).waitFor(); // after the queued non-blocking ones
        }
    }

    /**
     * Collective ({@code shmem_team_split_2d}'s and {@code MPI_Comm_split}'s model): members
     * passing the same {@code color} form a new team, ranked by {@code key} then by rank in this
     * team. A member passing a negative color gets {@code null} (no team) but must still call.
     *
     * @throws ResourceException on every member when no team channel is free (16 live teams)
     */
    public Team split(int color, int key) {
        checkUsable("split");
        return TeamBuilder.split(this, color, key, name + ".split(" + color + ")");
    }

    /**
     * Collective over this team ({@code shmem_team_split_strided}): a new team of the members
     * {@code start, start + stride, ...} ({@code size} of them, in that order); the other members
     * get {@code null}. Arguments must be the same on every member (checked).
     *
     * @throws BadArgumentException on every member when the arguments are invalid or differ
     */
    public Team splitStrided(int start, int stride, int size) {
        checkUsable("splitStrided");
        return TeamBuilder.splitStrided(this, start, stride, size);
    }

    /**
     * Collective over this team ({@code shmem_team_split_2d}): the members, in rank order, fill a
     * grid of rows of {@code xRange} members (the last row may be short). Returns the member's
     * row team (the x axis: same row, ranked by column) and column team (the y axis: same column,
     * ranked by row).
     *
     * @throws BadArgumentException if {@code xRange < 1} or differs between members
     */
    public Split2d split2d(int xRange) {
        checkUsable("split2d");
        return TeamBuilder.split2d(this, xRange);
    }

    /**
     * The two teams of {@link #split2d}.
     *
     * @param xAxis the members of this member's row, ranked by column
     * @param yAxis the members of this member's column, ranked by row
     */
    public record Split2d(Team xAxis, Team yAxis) {
    }

    /**
     * Collective over this team ({@code gex_TM_Destroy}, {@code shmem_team_destroy}): waits until
     * every member has called (so no member still uses the team), then releases the team's
     * channel. Any later use of the team throws {@link IllegalStateException}.
     *
     * @throws BadArgumentException for the world team, which lives as long as the client
     */
    public void destroy() {
        destroy(false);
    }

    /**
     * Collective over this team ({@code gex_TM_Destroy}, seed 000 section 5.1). Destroys the team,
     * not its endpoint (rule 5); any later use throws (rule 4). Without {@code globallyQuiesced}
     * the members synchronise first, so no member still uses the team when its resources go;
     * with it the caller asserts that the team is quiesced on every member already (rule 8), and
     * teams over client scratch skip that synchronisation (rule 10). The flag must be the same on
     * every member (rule 9; not checked: checking would cost the synchronisation it saves). A team
     * created with NO_SCRATCH cannot synchronise and is destroyed without.
     *
     * @return this member's scratch region when the client provided it (rules 11 and 12), else empty
     * @throws BadArgumentException for the world team (rule 3) or a pair
     */
    public java.util.Optional<TeamScratch.Region> destroy(boolean globallyQuiesced) {
        client.checkOpen("destroy");
        if (pair) {
            checkUsable("destroy");
        }
        if (isWorld()) {
            throw new BadArgumentException("destroy: the world team (the primordial team of PE " + client.jobRank()
                    + ") cannot be destroyed");
        }
        if (destroyed) {
            throw new IllegalStateException("destroy on PE " + client.jobRank() + ": team " + name
                    + " was destroyed already");
        }
        if (algorithms != null && !(globallyQuiesced && channel < 0)) {
            barrier();
        }
        destroyed = true;
        retirePeers();
        queue.close();
        if (channel > 0) {
            client.teamResources().releaseChannel(channel);
        }
        if (scratchRegion != null) {
            client.teamResources().scratchReleased(scratchRegion);
        }
        return java.util.Optional.ofNullable(scratchRegion);
    }

    /**
     * Collective over this team ({@code gex_TM_Dup}, seed 000 section 5.2): a new team with the
     * same members, independent collective ordering, and its own scratch: SYMMETRIC (one offset
     * for all), LOCAL (each member its own) or NO_SCRATCH (collectives refused on it). Scratch
     * lies in each member's bound segment, which must be host memory, and must not overlap another
     * live team's. Mode, length and (SYMMETRIC) offset must be the same on every member: a
     * difference, or any member's invalid region, makes every member throw.
     *
     * @throws BadArgumentException on every member for GLOBAL, a short or misplaced region, or differing arguments
     */
    public Team dup(TeamScratch scratch) {
        checkUsable("dup");
        return ScratchTeams.dup(this, scratch);
    }

    /**
     * The scratch length a {@link #dup} of this team needs: the minimum, or the recommended size
     * for full-speed collectives ({@code GEX_FLAG_TM_SCRATCH_SIZE_MIN/RECOMMENDED}). The same on
     * every member (seed 000 section 5.5).
     */
    public long dupScratchSize(boolean recommended) {
        checkUsable("dupScratchSize");
        return ScratchTeams.scratchSize(size(), recommended);
    }

    /**
     * Collective over this (parent) team ({@code gex_TM_Create}, seed 000 section 5.3): creates
     * the team whose members, in rank order, are {@code members} (each an endpoint, named by a
     * rank of this team or, with {@code ranksAreJobRanks}, by jobrank, plus its endpoint index),
     * and returns one handle per member living in this process, in rank order (none for an empty
     * list). Callers passing non-empty lists must pass identical lists (the same team) or lists
     * naming disjoint endpoints (several teams at once). Each process named must have a member in
     * this team. Local members' endpoints must exist and, unless the scratch is NO_SCRATCH, have a
     * published host-memory bound segment holding their scratch region (seed 004 rule 20).
     *
     * @throws BadArgumentException on every caller when any caller's arguments break a rule
     */
    public java.util.List<Team> create(java.util.List<EndpointLocation> members, boolean ranksAreJobRanks,
                                       TeamScratch scratch) {
        checkUsable("create");
        return ScratchTeams.create(this, members, ranksAreJobRanks, scratch);
    }

    /**
     * The scratch length {@link #create} needs for a team of {@code memberCount} members: the
     * minimum or the recommended; 0 when no team would be created ({@code memberCount == 0}). It
     * depends on the member count only, so it is single-valued over the new team (section 5.5).
     */
    public long createScratchSize(int memberCount, boolean recommended) {
        checkUsable("createScratchSize");
        return memberCount <= 0 ? 0 : ScratchTeams.scratchSize(memberCount, recommended);
    }

    /** Whether this team was created with NO_SCRATCH (collectives are refused on it). */
    public boolean hasNoScratch() {
        return algorithms == null && !pair;
    }

    /** Whether {@link #destroy()} was called. */
    public boolean isDestroyed() {
        return destroyed;
    }

    /** Whether this is the client's world team. */
    public boolean isWorld() {
        return channel == 0 && !pair;
    }

    /** The entry check of the team's collective and blocking operations (every caller is one). */
    void checkUsable(String operation) {
        client.checkOpen(operation);
        if (pair) {
            throw new BadArgumentException(operation + " on PE " + client.jobRank() + ": " + name + " is a team pair "
                    + "(gex_TM_Pair): it names endpoints for point-to-point calls only; collectives and team calls "
                    + "need a team");
        }
        if (algorithms == null && !destroyed) {
            throw new BadArgumentException(operation + " on PE " + client.jobRank() + ": team " + name + " was created "
                    + "with NO_SCRATCH; collectives and team calls over it are prohibited (seed 000 section 5.2 rule 12)");
        }
        if (destroyed) {
            throw new IllegalStateException(operation + " on PE " + client.jobRank() + ": team " + name
                    + " was destroyed");
        }
        client.checkBlocking(operation); // never inside an active-message handler
    }

    /** The handle of member {@code r}, made with target {@code t} at the first request. */
    synchronized Peer peer(int r, PeerTarget t) {
        if (peers == null) {
            peers = new Peer[jobRanks.length];
            client.shutdown.retirePeersAtClose(this);
        }
        Peer p = peers[r];
        if (p == null) {
            p = new Peer(client, this, r, t);
            peers[r] = p;
        }
        return p;
    }

    /** Retires every handle of the team (destroy, client close): their later calls throw. */
    synchronized void retirePeers() {
        if (peers != null) {
            for (Peer p : peers) {
                if (p != null) {
                    p.retire();
                }
            }
        }
    }

    /** Stops the team's worker thread, if it has one (client close). */
    void stopWorker() {
        queue.close();
    }

    TeamAlgorithms algorithms() {
        return algorithms;
    }

    CollectiveQueue queue() {
        return queue;
    }

    int[] jobRanks() {
        return jobRanks;
    }

    int[] endpointIndices() {
        return endpointIndices;
    }

    /**
     * Collective over this team ({@code gex_EP_PublishBoundSegment}): publishes the bound segment
     * of each given local endpoint, so that peers can address it with RMA. Returns once every
     * member has published.
     *
     * @throws BadArgumentException if an endpoint has no bound segment or belongs to another client
     */
    public void publishBoundSegments(Endpoint... endpoints) {
        checkUsable("publishBoundSegments");
        for (Endpoint ep : endpoints) {
            if (ep == null || ep.client() != client) {
                throw new BadArgumentException("publishBoundSegments: endpoint " + ep + " is not an endpoint of PE "
                        + client.jobRank());
            }
            if (ep.bound() == null) {
                throw new BadArgumentException("publishBoundSegments: endpoint " + ep.index() + " of PE "
                        + client.jobRank() + " has no bound segment; bind one with Endpoint.bindSegment first");
            }
        }
        for (Endpoint ep : endpoints) {
            client.endpointTable.publish(ep);
        }
        barrier();
    }

    void checkRank(String operation, int r) {
        if (r < 0 || r >= jobRanks.length) {
            throw new BadArgumentException(operation + ": rank " + r + " is out of range for team " + name
                    + " of size " + jobRanks.length + " (PE " + client.jobRank() + ")");
        }
    }

    /** The error of an RMA whose range [offset, offset + length) leaves the segment of member {@code r}. */
    BadArgumentException outOfBounds(int r, PeerTarget t, long offset, long length, String operation) {
        return new BadArgumentException(operation + " from PE " + client.jobRank() + ": offset " + offset + " and length "
                + length + " are outside segment " + t.segmentId + " of rank " + r + " of team " + name
                + " (PE " + t.jobRank + ", endpoint " + t.endpoint + "), whose bounds are [0, " + t.size + ")");
    }

    int jobRankUnchecked(int r) {
        return jobRanks[r];
    }

    int endpointIndexUnchecked(int r) {
        return endpointIndices[r];
    }

    @Override
    public String toString() {
        return "Team[" + name + ", rank " + rank + " of " + jobRanks.length + "]";
    }
}
