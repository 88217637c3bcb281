package org.pgas4j;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.jfr.CountersEvent;
import org.pgas4j.internal.Directory;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.am.HandlerContext;
import org.pgas4j.internal.coll.CollectiveScratch;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.memory.PeerSegments;
import org.pgas4j.internal.memory.PeerTargets;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.internal.teams.TeamResources;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;
import org.pgas4j.internal.access.Access;

/**
 * A PE's handle on the job (GASNet-EX's {@code gex_Client_t}): created once per PE by
 * {@link #init()}, closed by {@link #close()}. Everything else hangs off it: the primordial
 * {@link Endpoint}, the {@link #world()} team, segments, and {@link #rma()}.
 *
 * <p>Which PE the caller is comes from how it was started: a process spawned by
 * {@code bin/pgas4j run}, a thread of an in-JVM job ({@code LocalJob}), or a stand-alone program
 * (a job of one PE). At init the client creates a runtime-allocated segment of
 * {@code pgas4j.segment.size} bytes (see {@link Settings#SEGMENT_SIZE}), binds it to the primordial
 * endpoint and publishes it, so peers can address it at once; with size 0 the program does that
 * itself.
 */
public final class Client implements AutoCloseable {
    static {
        // The core's machinery (org.pgas4j.internal) reaches the members it needs through this.
        Access.register(new ClientAccessBridge());
    }

    private final Bootstrap bootstrap;
    private final Transport transport;
    private final IdleStrategy idle;
    private final JobHealth health;

    private final int slots;
    private final int jobRank;
    private final int jobSize;
    private final RemoteMemory[] peerControls;
    private final PeerTarget[] peers;
    private final PeerTargets targets;
    /** Creates, names and publishes the endpoints; Team publishes and reads bound segments through it. */
    final ClientEndpoints endpointTable;
    private final Endpoint[] endpoints; // endpointTable's table, read here: incoming messages check it
    /** Creates and keeps this PE's segments. */
    final ClientSegments segments;
    private final ClientKinds kinds = new ClientKinds(this);
    /** What close releases; teams register there the workers and peer handles close must end. */
    final ClientShutdown shutdown;
    private final CollectiveScratch scratch;
    private final TeamResources teamResources;
    private final Team world;
    private final Rma rma;
    private final Vis vis;
    private final Atomics atomics;
    private final Collectives collectives;
    private final ActiveMessages am;
    private volatile boolean closed;
    /** This PE's statistics counters; null when statistics are off ({@link Stats#ON}). */
    final PeStats stats;
    /** The periodic {@code org.pgas4j.Counters} JFR hook of this PE, registered while statistics are on; else null. */
    private final Runnable countersHook;

    /** Wires a new client over an open transport; {@link ClientStartup} calls it, collectively. */
    Client(Bootstrap bootstrap, Transport transport, int slots) {
        this.bootstrap = bootstrap;
        this.transport = transport;
        this.slots = slots;
        this.jobRank = bootstrap.rank();
        this.jobSize = bootstrap.size();
        this.stats = Stats.ON ? PeStats.open(bootstrap.jobId(), jobRank, jobSize) : null;
        if (Stats.ON) {
            bootstrap.statisticsOnAbort(stats::encode);
        }
        // Every PE of a shm or local job is on this host; parks end when a message arrives.
        this.idle = IdleStrategy.fromSettings(jobSize, transport);
        this.health = new JobHealth(transport, jobRank);
        MemorySegment control = transport.localControl();
        ControlRegion.writeHeader(control, slots + 1);
        Directory directory = new Directory(control);
        this.peerControls = new RemoteMemory[jobSize];
        // The slot after the endpoints' is the runtime's own: the collective scratch.
        this.scratch = new CollectiveScratch(transport, directory, peerControls, slots, jobRank,
                Settings.COLL_CHANNEL_SIZE.value());
        this.teamResources = new TeamResources(transport, idle, health, scratch, slots + 1, jobRank);
        bootstrap.barrier(); // every control region exists and is initialised from here on
        for (int j = 0; j < jobSize; j++) {
            peerControls[j] = transport.peerControl(j);
        }
        this.peers = new PeerTarget[jobSize * slots];
        this.targets = new PeerTargets(transport, peers, peerControls, slots, jobRank, this::ownSegment,
                this::openPeerSegments);
        this.endpointTable = new ClientEndpoints(this, jobRank, slots, directory, peerControls, targets);
        this.endpoints = endpointTable.table();
        this.segments = new ClientSegments(this, transport, jobRank);
        this.shutdown = new ClientShutdown(bootstrap, transport, stats, segments, kinds, targets, scratch, peerControls);
        this.collectives = new Collectives(this, transport, idle);
        this.world = new Team(this, "world", endpoints[0], jobRank, IntStream.range(0, jobSize).toArray(),
                new int[jobSize], 0);
        this.rma = new Rma(this, transport, idle, health);
        this.vis = new Vis(this, rma);
        this.atomics = new Atomics(this);
        this.am = new ActiveMessages(this, transport, idle, health); // from here messages are delivered
        this.countersHook = Stats.ON ? CountersSampler.register(jobRank, stats) : null;
    }

    /**
     * Initialises this PE's client ({@code gex_Client_Init} followed, unless
     * {@code pgas4j.segment.size} is 0, by {@code gex_Segment_Attach}). Collective over the job.
     * A PE may initialise again after {@link #close()}: a PE of an in-JVM job or of
     * {@code bin/pgas4j run} rejoins its job with the same rank (every PE must do so the same number
     * of times: init and close are collective).
     *
     * @throws IllegalStateException if this PE already has a live client, or was started through
     *         PMIx ({@code srun}, {@code mpirun}) and closed its client already
     * @throws BadArgumentException if a setting is invalid or names an unknown transport
     * @throws ResourceException if the transport cannot run here or the segment cannot be allocated
     */
    public static Client init() {
        return init(Settings.SEGMENT_SIZE.value());
    }

    /**
     * {@link #init()} with a primordial segment of {@code segmentSize} bytes instead of the
     * {@code pgas4j.segment.size} setting (0 for none): for facades whose own setting sizes the
     * segment, such as OpenSHMEM's symmetric heap.
     *
     * @throws BadArgumentException if {@code segmentSize} is negative
     */
    public static Client init(long segmentSize) {
        if (segmentSize < 0) {
            throw new BadArgumentException("Client.init: segmentSize " + segmentSize + " is negative");
        }
        return ClientStartup.start(segmentSize);
    }

    /** Creates, binds and publishes the primordial segment: the end of init. */
    void attachPrimordialSegment(long size) {
        Segment segment = segments.runtimeAllocated(size, true);
        endpoints[0].bindSegment(segment);
        world.publishBoundSegments(endpoints[0]);
    }

    /** This PE's rank in the job ({@code gex_System_QueryJobRank}). */
    public int jobRank() {
        return jobRank;
    }

    /** The number of PEs in the job ({@code gex_System_QueryJobSize}). */
    public int jobSize() {
        return jobSize;
    }

    /**
     * Where this PE runs among the job's hosts: its host (node) index, the number of hosts, and its
     * rank among the PEs of its host, as the launcher placed it ({@code --hosts}); a job on one
     * host is node 0 of 1.
     */
    public PeLocation location() {
        org.pgas4j.bootstrap.NodeLocation at = bootstrap.location();
        return new PeLocation(at.node(), at.nodes(), at.localRank(), at.localSize(), at.host());
    }

    /** The job's identifier, shared by all its PEs. */
    public String jobId() {
        return bootstrap.jobId();
    }

    /** The name of the transport in use ({@code shm}, {@code local}, {@code ucx} or {@code hybrid}). */
    public String transportName() {
        return transport.name();
    }

    /**
     * The job ranks, ascending, of the PEs whose runtime-allocated segments and control regions
     * this PE reaches by plain loads and stores, itself included: GASNet-EX's <em>neighbourhood</em>
     * ({@code gex_System_QueryNbrhdInfo}). Every PE on {@code shm} and {@code local}; the PEs of
     * this host on {@code hybrid}; only this PE on {@code ucx}, which reaches even same-host peers
     * through UCX. A new array each call.
     */
    public int[] neighbourhood() {
        int count = 0;
        int[] ranks = new int[jobSize];
        for (int j = 0; j < jobSize; j++) {
            if (j == jobRank || peerControls[j].directView() != null) {
                ranks[count++] = j;
            }
        }
        return java.util.Arrays.copyOf(ranks, count);
    }

    /** The primordial endpoint, index 0. */
    public Endpoint primordialEndpoint() {
        return endpoints[0];
    }

    /**
     * Creates a non-primordial endpoint ({@code gex_EP_Create}, seed 000 section 3.1). Not
     * collective. The endpoint is in no team and has no bound segment (rules 5 and 6); bind one
     * with {@link Endpoint#bindSegment} and publish it with {@link Team#publishBoundSegments} to
     * make it reachable, and name it remotely through {@link #pair}.
     *
     * <p>Index assignment (rule 7 and open issue 1): monotonically increasing, 1, 2, 3, ... in
     * creation order, never reused, of the three algorithms the seed lists. It lets a process
     * predict a peer's indices from the peer's creation order without communicating (the pattern
     * the seed names as the goal), it is unique among all endpoints ever created by the client
     * rather than only the live ones, and the directory slot of an index never changes meaning
     * while peers may still cache it. A failed creation consumes no index.
     *
     * @param capabilities what the endpoint must support; {@link EndpointCapability#all()} is ALL
     * @param hints acceleration hints (may be empty); recorded, non-binding
     * @throws BadArgumentException if no capability is requested (rule 11) or one is not supported
     *         on created endpoints (rule 10; none in this release)
     * @throws ResourceException when the client has no endpoint left ({@code pgas4j.endpoints.max}, rule 3)
     */
    public Endpoint createEndpoint(Set<EndpointCapability> capabilities, Set<AccelerationHint> hints) {
        checkOpen("createEndpoint");
        return endpointTable.create(capabilities, hints);
    }

    /** The local endpoint of {@code index}, if it exists (the lookup of section 3.6's future direction 4). */
    public java.util.Optional<Endpoint> endpoint(int index) {
        return java.util.Optional.ofNullable(endpointOrNull(index));
    }

    /**
     * A team pair ({@code gex_TM_Pair}, seed 000 section 5.4): names, for point-to-point calls,
     * the endpoint of index {@code remoteIndex} on every process, as seen from {@code local}. Pass
     * it with a jobrank as the rank to {@link Rma}, {@link Atomics} and {@link ActiveMessages},
     * and to {@link Team#boundSegmentOf}; it is not a team (collectives and team calls refuse it).
     * Local and non-communicating; pairs of the same two endpoints are {@link Team#equals equal}.
     *
     * @throws BadArgumentException if {@code local} is null or of another client, or the index is negative
     */
    public Team pair(Endpoint local, int remoteIndex) {
        checkOpen("pair");
        return endpointTable.pair(local, remoteIndex);
    }

    /** The primordial team: every PE's primordial endpoint, rank = jobrank ({@code gex_TM_t} from init). */
    public Team world() {
        return world;
    }

    /** Collective operations on this client's teams. */
    public Collectives collectives() {
        return collectives;
    }

    /** One-sided put and get on this client's teams. */
    public Rma rma() {
        return rma;
    }

    /** Vector, indexed and strided put and get on this client's teams ({@code gex_VIS_*}). */
    public Vis vis() {
        return vis;
    }

    /** Remote atomics on this client's teams. */
    public Atomics atomics() {
        return atomics;
    }

    /** Active messages: handler registration, requests, replies and their limits. */
    public ActiveMessages am() {
        return am;
    }

    /**
     * Makes progress ({@code gasnet_AMPoll}): runs the handlers of the active messages that have
     * arrived and returns how many it consumed. Every wait of the client does the same; a program
     * that waits for a handler to have run calls this in its loop.
     *
     * @throws BadMessageException if an incoming message failed validation and was dropped
     * @throws RuntimeException what a handler threw since the last poll
     * @throws IllegalStateException inside a handler, or after close
     */
    public int poll() {
        return am.poll();
    }

    /**
     * Parks the calling thread for at most {@code maxNanos} (at most one second), returning as
     * soon as an active message arrives for this PE (at once when one is already waiting), or
     * spuriously: the park of a program's own wait loop that calls {@link #poll()} and checks its
     * condition around it, so that the requests aimed at this PE are served as they arrive however
     * long it waits. What the loop waits for, if a peer's store rather than a message, is still
     * noticed only at the end of the park. Allocates nothing.
     *
     * @return whether a message arrived (or was waiting): {@link #poll()} has work
     * @throws BadArgumentException if {@code maxNanos} is not in [0, 1 s]
     * @throws IllegalStateException inside a handler (a handler must not block), or after close
     */
    public boolean parkUntilMessage(long maxNanos) {
        if (maxNanos < 0 || maxNanos > 1_000_000_000L) {
            throw new BadArgumentException("parkUntilMessage on PE " + jobRank + ": " + maxNanos
                    + " ns is not in [0, 1 s]");
        }
        checkOpen("parkUntilMessage");
        checkBlocking("parkUntilMessage");
        return transport.parkUntilMessage(maxNanos);
    }

    /** The largest runtime-allocated segment this host can provide now ({@code gasnet_getMaxLocalSegmentSize}). */
    public long maxSegmentSize() {
        return transport.maxSegmentSize();
    }

    /**
     * Creates a memory kind from class-specific arguments ({@code gex_MK_Create}); non-collective.
     *
     * @throws BadArgumentException for a null spec, a device that does not exist or is not
     *         visible to this PE, a ZE record that does not match what the Level Zero loader
     *         reports, or a device class this host cannot serve, with the exact reason of
     *         {@link MemoryKindClass#unavailableReason()} ("no HIP device: hipGetDeviceCount
     *         returned 100 (hipErrorNoDevice)")
     * @throws ResourceException when a device runtime fails while the kind is set up (a Level Zero
     *         context or command list it cannot create)
     */
    public MemoryKind createMemoryKind(MemoryKindSpec spec) {
        checkOpen("createMemoryKind");
        return kinds.create(spec);
    }

    /**
     * The ordinals of the devices of {@code kindClass} this PE can create kinds for: for
     * DEVICE_SIM, those {@code pgas4j.devsim.visible} shows it; for CUDA_UVA and HIP, the usable
     * devices of the runtime; for ZE, the indices of the devices the Level Zero loader reports
     * ({@link MemoryKindSpec.Ze#onDevice}); empty for the other classes and where the runtime's
     * library, driver or devices are missing.
     */
    public List<Integer> visibleDevices(MemoryKindClass kindClass) {
        return kinds.visibleDevices(kindClass);
    }

    ClientKinds kinds() {
        return kinds;
    }

    /** Opens peers' segments; PeerTargets asks once, at its first resolution: the AM layer exists by then. */
    private PeerSegments openPeerSegments() {
        return new PeerSegments(this, transport, Settings.RMA_PATH.value().equals("am"), am.rmaFallback());
    }

    /**
     * Creates a runtime-allocated, zero-filled segment of any kind ({@code gex_Segment_Create}
     * with a null address): host memory in a shared file, a FILE kind's file (created, opened or
     * extended as its {@link MemoryKindSpec.FileMode} says), or device memory. Host lengths are
     * rounded up to the allocation granule; {@link Segment#size()} reports the result.
     *
     * @throws BadArgumentException if {@code kind} is null, destroyed or of another client, or
     *         {@code length} is not in (0, {@link #maxSegmentSize()}] (host), or the FILE kind's
     *         mode forbids it
     * @throws ResourceException if the memory cannot be allocated
     */
    public Segment createSegment(MemoryKind kind, long length) {
        checkOpen("createSegment");
        return segments.create(kind, length);
    }

    /** {@link #createSegment(MemoryKind, long)} of host memory. */
    public Segment createSegment(long length) {
        return createSegment(MemoryKind.HOST, length);
    }

    /**
     * Creates a client-allocated segment over {@code memory}, which the caller owns and must keep
     * alive until the segment is destroyed ({@code gex_Segment_Create} with an address). The
     * contents are not modified. For HOST, the memory must be native (a heap segment moves with the
     * garbage collector), writable and non-empty; for FILE, also a shared, writable mapping of the
     * kind's file ({@code FileChannel.map} in {@code READ_WRITE} mode). Device kinds take a device
     * address instead ({@link #createSegment(MemoryKind, long, long)}).
     *
     * @throws BadArgumentException naming the violated rule; nothing is created
     */
    public Segment createSegment(MemoryKind kind, MemorySegment memory) {
        checkOpen("createSegment");
        return segments.create(kind, memory);
    }

    /**
     * Creates a client-allocated segment over device memory {@code [address, address + length)}
     * of a device kind ({@code gex_Segment_Create} with a device address, seed 000 section 6.6):
     * the range must lie in one live buffer of the kind ({@link MemoryKind#allocate}, or for
     * CUDA_UVA and HIP any {@code cudaMalloc}/{@code hipMalloc} memory of the device, for ZE any
     * {@code zeMemAllocDevice} memory of the device in the kind's context) and obey the kind's
     * {@link KindRules#addressAlignment()} and {@link KindRules#lengthAlignment()}.
     *
     * @throws BadArgumentException naming the violated rule; nothing is created
     */
    public Segment createSegment(MemoryKind kind, long address, long length) {
        checkOpen("createSegment");
        return segments.create(kind, address, length);
    }

    /**
     * Closes the client ({@code gasnet_exit} for this PE): collective over the job (a world
     * barrier, so no peer still accesses this PE's segments), then frees every segment, the
     * transport and the bootstrap. Idempotent. Any later call on the client or its objects throws
     * {@link IllegalStateException}.
     *
     * @throws IllegalStateException inside an active-message handler (the client stays open)
     * @throws BadMessageException after closing, if an incoming message was dropped and no poll
     *         reported it (likewise what a handler threw)
     */
    @Override
    public void close() {
        if (!closed) {
            checkBlocking("close"); // collective: never from a handler, which would leave the client half closed
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            try {
                shutdown.leaveJob(world);
            } finally {
                closed = true;
                if (Stats.ON) {
                    CountersEvent.unregister(countersHook);
                }
                shutdown.releaseEverything();
            }
        }
        am.context().throwPending(); // a dispatch failure no poll reported: after the collective part
    }

    /**
     * Ends the whole job now ({@code gasnet_exit}; {@code shmem_global_exit}): every PE stops
     * promptly, whatever it is doing, and the job's exit status is {@code status & 0xFF} (as C's
     * {@code exit}). Not collective: any one PE may call it. Launched by {@code bin/pgas4j run}
     * (every transport, one host or several), the launcher reports
     * {@code PE <rank> <call>: the job ends with status <status>}, stops the other PEs as after a
     * failure (their waits throw {@link JobAbortedException}, then they halt), removes every shared
     * file and exits with the status; this process halts without returning. In an in-JVM job
     * ({@code local}) the PEs are threads: the job is marked ended, the other PEs' waits throw
     * {@link JobAbortedException}, and this call throws it too, so the thread unwinds; the job's
     * exception carries the status. Outstanding operations are not completed.
     *
     * @param status the job's exit status (its low 8 bits)
     * @param call what the program called, for the launcher's message (for example
     *        {@code "called shmem_global_exit(3)"}); null for {@code "called Client.exit(status)"}
     * @throws JobAbortedException in an in-JVM job, always (after ending the job)
     */
    public void exit(int status, String call) {
        int code = status & 0xFF;
        String what = call != null ? call : "called Client.exit(" + status + ")";
        bootstrap.exit(code, what);
        throw new JobAbortedException("PE " + jobRank + " " + what + ": the job ends with status " + code);
    }

    /**
     * Whether the job is still healthy as the transport sees it: false once a peer died or the
     * launcher is stopping the job. Cheap; for facades whose own wait loops must fail instead of
     * hanging when a peer is gone.
     */
    public boolean isHealthy() {
        return !closed && health.ok();
    }

    /**
     * Fails a wait that cannot end any more: for facades' and programs' own wait loops, which call
     * it now and then (it is cheap) so that they fail within moments of a peer's death instead of
     * hanging.
     *
     * @param waitingFor what the caller waits for, for the message ("shmem waitUntil on PE 3")
     * @throws JobAbortedException naming the failed PE and how it ended, once the job is failing
     * @throws IllegalStateException after {@link #close()}
     */
    public void checkHealthy(String waitingFor) {
        if (closed) {
            throw closedError(waitingFor);
        }
        if (!health.ok()) {
            throw health.aborted(waitingFor);
        }
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    void checkOpen(String operation) {
        if (closed) {
            throw closedError(operation);
        }
    }

    /** The entry check of every blocking or collective call: throws inside an active-message handler. */
    void checkBlocking(String operation) {
        am.context().checkBlocking(operation);
    }

    /** Handler-context state, for events whose waits must check it. */
    HandlerContext handlerContext() {
        return am.context();
    }

    /** Local endpoint {@code index}, or null when there is none (incoming messages are checked with it). */
    Endpoint endpointOrNull(int index) {
        return index >= 0 && index < endpoints.length ? endpoints[index] : null;
    }

    IllegalStateException closedError(String operation) {
        return new IllegalStateException(operation + ": the client of PE " + jobRank + " is closed (finalized)");
    }

    void segmentDestroyed(Segment segment) {
        segments.destroyed(segment);
        endpointTable.unpublish(segment);
    }

    /**
     * The current target for (team, rank), bounds-checked for [offset, offset + length): the
     * start of every RMA. Allocation-free unless the target must be (re)resolved or is invalid.
     */
    PeerTarget target(Team team, int rank, long offset, long length, String operation) {
        if (closed) {
            throw closedError(operation);
        }
        if (team.isDestroyed()) {
            team.checkUsable(operation);
        }
        if (rank < 0 || rank >= team.size()) {
            team.checkRank(operation, rank);
        }
        int j = team.jobRankUnchecked(rank);
        int ep = team.endpointIndexUnchecked(rank);
        PeerTarget t = peers[j * slots + ep];
        if (t == null || !t.isCurrent()) {
            t = targets.resolve(team, rank, j, ep, operation);
        }
        if (offset < 0 || length < 0 || offset > t.size - length) {
            throw team.outOfBounds(rank, t, offset, length, operation);
        }
        return t;
    }

    /**
     * The handle of (team, rank) for {@link Rma#peer}: checked and resolved like the start of an
     * RMA, created at the first request and kept by the team.
     */
    Peer peer(Team team, int rank, String operation) {
        PeerTarget t = target(team, rank, 0, 0, operation); // every check, before anything is created
        return team.peer(rank, t);
    }

    /**
     * The current target of {@code peer}, bounds-checked for [offset, offset + length): the start
     * of every {@code Peer} form. A retired handle or a republished segment takes the slow path.
     */
    PeerTarget target(Peer peer, long offset, long length, String operation) {
        if (peer == null || peer.client != this) {
            throw Peer.foreign(peer, this, operation);
        }
        PeerTarget t = peer.target;
        if (!t.isCurrent()) {
            t = peer.refresh(operation);
        }
        if (offset < 0 || length < 0 || offset > t.size - length) {
            throw peer.outOfBounds(t, offset, length, operation);
        }
        return t;
    }

    /** Opens this PE's own bound segment of endpoint {@code ep} as a target's memory. */
    private RemoteMemory ownSegment(int ep, long segmentId, String who, String operation) {
        return endpointTable.openOwn(ep, segmentId, who, operation);
    }

    PeerTarget boundTarget(int j, int ep, String operation) {
        return targets.bound(j, ep, operation);
    }

    int publishedKind(int j, int ep) {
        return targets.publishedKind(j, ep);
    }

    /** The channels, scratch regions and algorithms this client's teams share. */
    TeamResources teamResources() {
        return teamResources;
    }

    IdleStrategy idleStrategy() {
        return idle;
    }

    JobHealth health() {
        return health;
    }

    @Override
    public String toString() {
        return "Client[PE " + jobRank + " of " + jobSize + ", job " + jobId() + ", " + transport.name()
                + (closed ? ", closed" : "") + "]";
    }
}
