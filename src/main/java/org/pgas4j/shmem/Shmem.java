package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.ReduceOp;
import org.pgas4j.ResourceException;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * OpenSHMEM 1.5 with the dynamic memory spaces of seed 001, as a facade over the pgas4j core: one
 * {@code Shmem} per PE, from {@link #init()} to {@link #close()} ({@code shmem_init},
 * {@code shmem_finalize}).
 *
 * <p>Symmetric data objects are {@link SymmetricArray}s allocated collectively from a
 * {@link MemorySpace}: the default space (sized by {@code SHMEM_SYMMETRIC_SIZE}, see
 * {@link ShmemSettings}) through {@link #malloc}, {@link #calloc}, {@link #align},
 * {@link #realloc} and {@link #free}, others through {@link #spaceMalloc} and friends. RMA,
 * atomics and put-with-signal are on {@link ShmemContext} ({@link #ctxDefault()} is
 * {@code SHMEM_CTX_DEFAULT}), collectives on {@link ShmemCollectives}, waits on local symmetric
 * objects here.
 *
 * <p>Error handling: what OpenSHMEM calls undefined and this facade can detect cheaply throws a
 * clear exception before anything is sent; with {@code -Dpgas4j.checked=true} collective calls
 * also check that every PE passed the same arguments (an allreduce per call). A {@code Shmem} is
 * used by one thread at a time unless its contexts are used as documented there.
 */
public final class Shmem implements AutoCloseable {
    private final Client client;
    private final boolean checked;
    private final ShmemTeam world;
    private final ShmemTeam shared;
    private final MemorySpace defaultSpace;
    private final ShmemContext defaultContext;
    private final ShmemCollectives collectives;
    private final LocalWaits waits;
    private final List<ShmemContext> contexts = new ArrayList<>();
    private final Segment heapSegment;
    private int nextSpaceId = 1;
    private long nextAllocation = 1;
    private boolean closed;
    private final Team coreWorld;
    private final org.pgas4j.Rma rma;
    /** Whether a context may hold events (gets, atomics not complete in their call) the next barrier must wait for. */
    private boolean eventsKept;

    private Shmem(Client client) {
        this.client = client;
        this.checked = ShmemSettings.CHECKED.value();
        this.heapSegment = client.primordialEndpoint().boundSegment().orElseThrow();
        this.coreWorld = client.world();
        this.rma = client.rma();
        this.world = new ShmemTeam(this, coreWorld, null, "SHMEM_TEAM_WORLD", true);
        this.shared = new ShmemTeam(this, sharedTeam(client, coreWorld), null, "SHMEM_TEAM_SHARED", true);
        this.defaultSpace = new MemorySpace(this, 0, DeviceType.CPU, heapSegment.size(),
                MemorySpace.CAP_RMA | MemorySpace.CAP_COLL | MemorySpace.CAP_AMO | MemorySpace.CAP_DIRECT
                        | MemorySpace.CAP_WORLD | MemorySpace.CAP_SIGNAL,
                coreWorld, 0, heapSegment.memory(), -1, coreWorld, null);
        this.defaultSpace.team = world;
        this.defaultContext = new ShmemContext(this, world, 0, true);
        this.collectives = new ShmemCollectives(this);
        this.waits = new LocalWaits(this);
    }

    /**
     * Starts OpenSHMEM on this PE ({@code shmem_init}): initialises the pgas4j client with a
     * symmetric heap of {@code SHMEM_SYMMETRIC_SIZE} bytes (the default space). Collective over
     * all PEs of the job.
     *
     * @throws BadArgumentException if a setting is invalid
     */
    public static Shmem init() {
        long heap = ShmemSettings.SYMMETRIC_SIZE.value();
        Client client = Client.init(heap);
        try {
            Shmem shmem = new Shmem(client);
            client.world().barrier();
            return shmem;
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /**
     * Ends OpenSHMEM on this PE ({@code shmem_finalize}): completes every context's outstanding
     * operations, waits for every PE, and releases the client. Collective. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        for (ShmemContext c : contexts) {
            c.quietIfLive();
        }
        defaultContext.quiet();
        closed = true;
        defaultContext.retire();
        for (ShmemContext c : contexts) {
            c.retire();
        }
        client.close();
    }

    /** Whether {@link #close()} has run. */
    public boolean isClosed() {
        return closed;
    }

    /** The pgas4j client underneath, for mixing OpenSHMEM with the core API. */
    public Client client() {
        return client;
    }

    /** This PE's number ({@code shmem_my_pe}). */
    public int myPe() {
        return client.jobRank();
    }

    /** The number of PEs ({@code shmem_n_pes}). */
    public int nPes() {
        return client.jobSize();
    }

    /** Whether PE {@code pe} can be reached by RMA and atomics ({@code shmem_pe_accessible}). */
    public boolean peAccessible(int pe) {
        return pe >= 0 && pe < nPes();
    }

    /** Whether {@code object} can be reached on PE {@code pe} ({@code shmem_addr_accessible}). */
    public boolean addrAccessible(SymmetricArray object, int pe) {
        return object != null && !object.isFreed() && peAccessible(pe) && object.space().hasMember(pe);
    }

    /** Whether checked mode ({@code pgas4j.checked}) is on. */
    public boolean isChecked() {
        return checked;
    }

    // ---------------------------------------------------------------- teams and contexts

    /** {@code SHMEM_TEAM_WORLD}: every PE, numbered as {@link #myPe()}. */
    public ShmemTeam teamWorld() {
        return world;
    }

    /**
     * The core team of {@code SHMEM_TEAM_SHARED}: the world when every PE maps every other (one
     * host over shm), else the world split by neighbourhood (collective: every PE's neighbourhood
     * is either the whole job or a part of it, so all take the same branch).
     */
    private static Team sharedTeam(Client client, Team world) {
        int[] neighbourhood = client.neighbourhood();
        if (neighbourhood.length == world.size()) {
            return world;
        }
        return world.split(neighbourhood[0], world.rank());
    }

    /**
     * {@code SHMEM_TEAM_SHARED}: the PEs whose memory this PE reaches by load and store
     * ({@link Client#neighbourhood()}): every PE on one host over shm, the PEs of this host in a
     * hybrid job across hosts, this PE alone over ucx.
     */
    public ShmemTeam teamShared() {
        return shared;
    }

    /** {@code SHMEM_CTX_DEFAULT}: the context of the plain (non-{@code ctx}) routines, on the world team. */
    public ShmemContext ctxDefault() {
        return defaultContext;
    }

    /** {@code shmem_ctx_create}: a new context on the world team. */
    public ShmemContext ctxCreate(int options) {
        checkOpen("ctxCreate");
        return newContext(world, options);
    }

    /** The collective operations ({@code shmem_broadcast}, reductions, collect, fcollect, alltoall). */
    public ShmemCollectives collectives() {
        return collectives;
    }

    // ---------------------------------------------------------------- memory ordering and barriers

    /** {@code shmem_barrier_all}: completes this PE's outstanding operations on every context, then a world barrier. */
    public void barrierAll() {
        if (closed) {
            checkOpen("barrierAll");
        }
        quietAllBeforeBarrier();
        coreWorld.barrier();
    }

    /** {@code shmem_sync_all}: a world barrier without completing outstanding operations. */
    public void syncAll() {
        checkOpen("syncAll");
        client.world().barrier();
    }

    /** {@code shmem_quiet}: {@link ShmemContext#quiet()} on the default context. */
    public void quiet() {
        defaultContext.quiet();
    }

    /** {@code shmem_fence}: {@link ShmemContext#fence()} on the default context. */
    public void fence() {
        defaultContext.fence();
    }

    // ---------------------------------------------------------------- the default space's heap

    /** The default memory space: CPU, world-accessible, created at init ({@code SHMEM_SPACE_DEFAULT}). */
    public MemorySpace defaultSpace() {
        return defaultSpace;
    }

    /**
     * {@code shmem_malloc}: collective over the world; {@code count} elements of {@code type} from
     * the default space. Returns null when {@code count} is 0 (without a barrier) or the heap has
     * no room (on every PE, since allocation is symmetric); otherwise a barrier on exit.
     *
     * @throws BadArgumentException if {@code count} is negative or {@code type} null
     */
    public SymmetricArray malloc(ShmemType type, long count) {
        return allocate("malloc", defaultSpace, type, count, SymmetricHeap.MIN_ALIGNMENT, false);
    }

    /** {@code shmem_malloc} of {@code bytes} bytes, as an array of {@link ShmemType#UCHAR}. */
    public SymmetricArray malloc(long bytes) {
        return malloc(ShmemType.UCHAR, bytes);
    }

    /** {@code shmem_calloc}: {@link #malloc} with every byte zero. */
    public SymmetricArray calloc(ShmemType type, long count) {
        return allocate("calloc", defaultSpace, type, count, SymmetricHeap.MIN_ALIGNMENT, true);
    }

    /**
     * {@code shmem_align}: {@link #malloc} at a multiple of {@code alignment} bytes.
     *
     * @throws BadArgumentException if {@code alignment} is not a positive power of two
     */
    public SymmetricArray align(long alignment, ShmemType type, long count) {
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new BadArgumentException("align: alignment " + alignment + " on PE " + myPe()
                    + " is not a positive power of two");
        }
        return allocate("align", defaultSpace, type, count, alignment, false);
    }

    /**
     * {@code shmem_realloc}: collective; a new allocation of {@code count} elements holding the
     * old contents up to the smaller size. The old object is freed unless the call returns null
     * (no room), in which case it is unchanged. A null {@code object} makes this {@link #malloc}
     * (of {@code type}); a zero count makes it {@link #free}. Barriers on entry and exit.
     */
    public SymmetricArray realloc(SymmetricArray object, ShmemType type, long count) {
        checkOpen("realloc");
        if (object == null) {
            return malloc(type, count);
        }
        checkWholeAllocation("realloc", object, defaultSpace);
        if (count == 0) {
            free(object);
            return null;
        }
        checkCount("realloc", count);
        if (checked) {
            symmetric("realloc", defaultSpace.coreTeam, count, object.allocation().serial);
        }
        quietAll();
        client.world().barrier(); // nobody still writes the old block
        long bytes = Math.multiplyExact(count, (long) object.type().size());
        long offset = defaultSpace.heap.allocate(bytes, SymmetricHeap.MIN_ALIGNMENT);
        if (offset < 0) {
            client.world().barrier();
            return null;
        }
        long keep = Math.min(bytes, object.byteSize());
        MemorySegment.copy(defaultSpace.local, object.byteOffset(0), defaultSpace.local, offset, keep);
        release(object);
        SymmetricArray result = SymmetricArray.whole(defaultSpace, offset, object.type(), count, nextAllocation++);
        client.world().barrier();
        return result;
    }

    /**
     * {@code shmem_free}: collective over the world; a barrier on entry (after completing this
     * PE's outstanding operations), then the object's memory is reusable. Null does nothing.
     *
     * @throws IllegalStateException if the object is freed already, is a slice, or is not from the default space
     */
    public void free(SymmetricArray object) {
        checkOpen("free");
        if (object == null) {
            return;
        }
        checkWholeAllocation("free", object, defaultSpace);
        if (checked) {
            symmetric("free", defaultSpace.coreTeam, object.allocation().serial);
        }
        quietAll();
        client.world().barrier();
        release(object);
    }

    /**
     * This PE's own part of {@code object} as a memory segment, for direct loads and stores
     * (the local case of {@code shmem_ptr}). Requires {@link MemorySpace#CAP_DIRECT}.
     */
    public MemorySegment local(SymmetricArray object) {
        checkOpen("local");
        checkObject("local", object);
        MemorySpace s = object.allocation().space;
        if (!s.has(MemorySpace.CAP_DIRECT)) {
            throw new IllegalStateException("local: " + s.describe() + " has no direct access (CAP_DIRECT)");
        }
        return s.local.asSlice(object.byteOffset(0), object.byteSize());
    }

    // ---------------------------------------------------------------- memory spaces (seed 001)

    /** The device types this job can create spaces on (a space may still be on some PEs only). */
    public Set<DeviceType> deviceTypes() {
        Set<DeviceType> types = EnumSet.of(DeviceType.CPU);
        if (MemoryKindClass.DEVICE_SIM.unavailableReason().isEmpty()) {
            types.add(DeviceType.DEVICE_SIM);
        }
        if (MemoryKindClass.CUDA_UVA.unavailableReason().isEmpty()) {
            types.add(DeviceType.CUDA);
        }
        return types;
    }

    /**
     * {@code shmem_space_create}: collective over the world. PEs that can reach
     * {@code config.deviceType()} get a new space and its space-associated team; the others get
     * {@link MemorySpace#INVALID} and {@link ShmemTeam#INVALID}. Fails (nonzero status and invalid
     * handles on every PE, with the reason) when the configuration is invalid, the team would be
     * empty, or the size exceeds what the device has. Configurations that differ between PEs are
     * detected (always: it costs one allreduce at creation) and fail the same way.
     */
    public SpaceCreation spaceCreate(SpaceConfig config) {
        checkOpen("spaceCreate");
        Team w = client.world();
        String problem = config == null ? "config is null" : config.problem();
        int device = config == null || config.deviceType() == null ? -1 : config.deviceType().ordinal();
        long size = config == null ? -1 : config.sizePerPe();
        int flags = config == null ? -1 : config.flags();
        long[] args = {device, size, flags, -device, -size, -flags};
        long[] agreed = new long[args.length];
        client.collectives().allreduce(w, agreed, args, ReduceOp.MAX);
        boolean differ = agreed[0] != -agreed[3] || agreed[1] != -agreed[4] || agreed[2] != -agreed[5];
        int id = nextSpaceId++;
        if (differ) {
            return failedSpace("the configuration differs between PEs (identical configurations are required)");
        }
        if (problem != null) {
            return failedSpace("invalid configuration: " + problem);
        }
        boolean member = canReach(config.deviceType());
        long members = client.collectives().allreduceLong(w, member ? 1 : 0, ReduceOp.SUM);
        if (members == 0) {
            return failedSpace("no PE can reach device type " + config.deviceType()
                    + " (the space-associated team would be empty)");
        }
        long bytes = (config.sizePerPe() + SymmetricHeap.MIN_ALIGNMENT - 1) & -SymmetricHeap.MIN_ALIGNMENT;
        return config.deviceType() == DeviceType.CPU ? cpuSpace(id, config, bytes, member, members)
                : deviceSpace(id, config, bytes, member, members);
    }

    /** A CPU space, carved out of the default heap: the same collective step on every PE. */
    private SpaceCreation cpuSpace(int id, SpaceConfig config, long bytes, boolean member, long members) {
        Team w = client.world();
        long block = defaultSpace.heap.allocate(bytes, SymmetricHeap.MIN_ALIGNMENT);
        long fits = client.collectives().allreduceLong(w, block >= 0 ? 1 : 0, ReduceOp.MIN);
        if (fits == 0) {
            if (block >= 0) {
                defaultSpace.heap.release(block);
            }
            return failedSpace("sizePerPe " + config.sizePerPe() + " exceeds the capacity left on the device ("
                    + defaultSpace.heap.largestFree() + " bytes free in this PE's host heap)");
        }
        Team core = w.split(member ? 0 : -1, w.rank());
        if (!member) {
            return new SpaceCreation(0, MemorySpace.INVALID, ShmemTeam.INVALID, null);
        }
        long caps = MemorySpace.CAP_RMA | MemorySpace.CAP_COLL | MemorySpace.CAP_AMO | MemorySpace.CAP_DIRECT
                | MemorySpace.CAP_SIGNAL | (members == nPes() ? MemorySpace.CAP_WORLD : 0);
        MemorySpace space = new MemorySpace(this, id, config.deviceType(), bytes, caps, core, block,
                defaultSpace.local.asSlice(block, bytes), block, w, null);
        space.local.fill((byte) 0);
        return joined(space, core, id);
    }

    /**
     * A device space: on each member, a segment of its first visible device of the type, bound to
     * an endpoint of its own and published; peers reach it through a team pair of that endpoint.
     * Every PE creates the endpoint (members bind it), so its index is the same everywhere.
     * Device memory is not host-addressable: no CAP_DIRECT, CAP_COLL or CAP_SIGNAL; atomics are
     * performed by the owner (CAP_AMO) on DEVICE_SIM and absent on CUDA.
     */
    private SpaceCreation deviceSpace(int id, SpaceConfig config, long bytes, boolean member, long members) {
        Team w = client.world();
        Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        MemoryKindClass kindClass = config.deviceType() == DeviceType.CUDA ? MemoryKindClass.CUDA_UVA
                : MemoryKindClass.DEVICE_SIM;
        MemoryKind kind = null;
        Segment segment = null;
        String problem = null;
        if (member) {
            int device = client.visibleDevices(kindClass).getFirst();
            try {
                kind = client.createMemoryKind(kindClass == MemoryKindClass.CUDA_UVA ? new MemoryKindSpec.CudaUva(device)
                        : new MemoryKindSpec.DeviceSim(device));
                segment = client.createSegment(kind, bytes);
            } catch (ResourceException | BadArgumentException e) {
                problem = e.getMessage();
                if (kind != null) {
                    kind.destroy();
                }
            }
        }
        long fits = client.collectives().allreduceLong(w, problem == null ? 1 : 0, ReduceOp.MIN);
        if (fits == 0) {
            if (segment != null) {
                segment.destroy();
                kind.destroy();
            }
            return failedSpace("sizePerPe " + config.sizePerPe() + " exceeds the capacity of the " + config.deviceType()
                    + " device on some PE" + (problem != null ? " (PE " + myPe() + ": " + problem + ")" : ""));
        }
        Team core = w.split(member ? 0 : -1, w.rank());
        if (!member) {
            return new SpaceCreation(0, MemorySpace.INVALID, ShmemTeam.INVALID, null);
        }
        ep.bindSegment(segment);
        core.publishBoundSegments(ep);
        long caps = MemorySpace.CAP_RMA | (kind.rules().atomics() ? MemorySpace.CAP_AMO : 0)
                | (members == nPes() ? MemorySpace.CAP_WORLD : 0);
        MemorySpace space = new MemorySpace(this, id, config.deviceType(), bytes, caps, core, 0, null, -1,
                client.pair(client.primordialEndpoint(), ep.index()), segment);
        return joined(space, core, id);
    }

    private SpaceCreation joined(MemorySpace space, Team core, int id) {
        ShmemTeam team = new ShmemTeam(this, core, space, "space#" + id, false);
        space.team = team;
        space.liveTeams = 1;
        core.barrier();
        return new SpaceCreation(0, space, team, null);
    }

    /**
     * {@code shmem_space_destroy}: collective over the space's team. Returns nonzero and does
     * nothing, on every member, while the space-associated team or any team split from it is alive
     * on any member; 0 and nothing done for {@link MemorySpace#INVALID}.
     *
     * @throws IllegalStateException for a destroyed space or another PE's handle, or when objects are still allocated
     */
    public int spaceDestroy(MemorySpace space) {
        checkOpen("spaceDestroy");
        if (space == MemorySpace.INVALID) {
            return 0;
        }
        checkSpace("spaceDestroy", space);
        if (space == defaultSpace) {
            throw new IllegalStateException("spaceDestroy: the default space lives until finalize");
        }
        // A team alive on any member refuses the destroy on every member.
        long live = client.collectives().allreduceLong(space.coreTeam, space.liveTeams, ReduceOp.MAX);
        if (live > 0) {
            return 1;
        }
        if (space.heap.liveBlocks() > 0) {
            throw new IllegalStateException("spaceDestroy: " + space.describe() + " still holds "
                    + space.heap.liveBlocks() + " allocations on PE " + myPe() + "; free them first");
        }
        quietAll();
        space.coreTeam.barrier();
        space.coreTeam.destroy();
        if (space.blockInDefaultHeap >= 0) {
            defaultSpace.heap.release(space.blockInDefaultHeap);
        }
        if (space.deviceSegment != null) {
            MemoryKind kind = space.deviceSegment.kind();
            space.deviceSegment.destroy();
            kind.destroy();
        }
        space.destroyed = true;
        defaultContext.forget(space);
        for (ShmemContext c : contexts) {
            c.forget(space);
        }
        return 0;
    }

    /**
     * {@code shmem_space_malloc}: collective over the space's team; like {@link #malloc} with a
     * barrier on the space's team. Returns null for {@link MemorySpace#INVALID} or a zero count.
     */
    public SymmetricArray spaceMalloc(MemorySpace space, ShmemType type, long count) {
        if (space == MemorySpace.INVALID) {
            checkOpen("spaceMalloc");
            return null;
        }
        return allocate("spaceMalloc", space, type, count, SymmetricHeap.MIN_ALIGNMENT, false);
    }

    /** {@code shmem_space_calloc}: {@link #spaceMalloc} zero-filled; null without a barrier for a zero count. */
    public SymmetricArray spaceCalloc(MemorySpace space, ShmemType type, long count) {
        if (space == MemorySpace.INVALID) {
            checkOpen("spaceCalloc");
            return null;
        }
        return allocate("spaceCalloc", space, type, count, SymmetricHeap.MIN_ALIGNMENT, true);
    }

    /**
     * {@code shmem_space_free}: collective over the space's team, a barrier on entry. Nothing for
     * {@link MemorySpace#INVALID} or a null object.
     *
     * @throws IllegalStateException when the object was not allocated from {@code space} (mismatched free)
     */
    public void spaceFree(MemorySpace space, SymmetricArray object) {
        checkOpen("spaceFree");
        if (space == MemorySpace.INVALID || object == null) {
            return;
        }
        checkSpace("spaceFree", space);
        checkWholeAllocation("spaceFree", object, space);
        if (checked) {
            symmetric("spaceFree", space.coreTeam, object.allocation().serial);
        }
        quietAll();
        space.coreTeam.barrier();
        release(object);
    }

    /** {@code shmem_get_space}: the space {@code object} was allocated from. */
    public MemorySpace getSpace(SymmetricArray object) {
        checkOpen("getSpace");
        checkObject("getSpace", object);
        return object.allocation().space;
    }

    // ---------------------------------------------------------------- point-to-point synchronisation

    /** {@code shmem_wait_until}: waits until element {@code index} of this PE's {@code ivar} satisfies {@code cmp value}. */
    public void waitUntil(SymmetricArray ivar, long index, Cmp cmp, long value) {
        waits.waitUntil(ivar, index, cmp, value);
    }

    /** {@code shmem_test}: whether element {@code index} of this PE's {@code ivar} satisfies {@code cmp value}. */
    public boolean test(SymmetricArray ivar, long index, Cmp cmp, long value) {
        return waits.test(ivar, index, cmp, value);
    }

    /**
     * {@code shmem_wait_until_all}: waits until every element of {@code ivars} not excluded by
     * {@code status} (true = excluded; null = none excluded) satisfies {@code cmp value}.
     */
    public void waitUntilAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        waits.waitAll(ivars, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_any}: waits until some included element satisfies the comparison; returns its index, -1 if all are excluded. */
    public long waitUntilAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.waitAny(ivars, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_some}: waits until at least one included element satisfies it; stores their indices in {@code indices}, returns how many. */
    public int waitUntilSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value) {
        return waits.waitSome(ivars, indices, status, cmp, value, null);
    }

    /** {@code shmem_wait_until_all_vector}: {@link #waitUntilAll} with a comparison value per element. */
    public void waitUntilAllVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        waits.waitAll(ivars, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_wait_until_any_vector}. */
    public long waitUntilAnyVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.waitAny(ivars, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_wait_until_some_vector}. */
    public int waitUntilSomeVector(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long[] values) {
        return waits.waitSome(ivars, indices, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_test_all}: whether every included element satisfies the comparison now. */
    public boolean testAll(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.testAll(ivars, status, cmp, value, null);
    }

    /** {@code shmem_test_any}: the index of an included element satisfying it now, or -1. */
    public long testAny(SymmetricArray ivars, boolean[] status, Cmp cmp, long value) {
        return waits.testAny(ivars, status, cmp, value, null);
    }

    /** {@code shmem_test_some}: the indices of included elements satisfying it now, into {@code indices}; returns how many. */
    public int testSome(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long value) {
        return waits.testSome(ivars, indices, status, cmp, value, null);
    }

    /** {@code shmem_test_all_vector}. */
    public boolean testAllVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.testAll(ivars, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_test_any_vector}. */
    public long testAnyVector(SymmetricArray ivars, boolean[] status, Cmp cmp, long[] values) {
        return waits.testAny(ivars, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_test_some_vector}. */
    public int testSomeVector(SymmetricArray ivars, long[] indices, boolean[] status, Cmp cmp, long[] values) {
        return waits.testSome(ivars, indices, status, cmp, 0, checkValues(ivars, values));
    }

    /** {@code shmem_signal_wait_until}: waits until this PE's signal word satisfies {@code cmp value}; returns its value then. */
    public long signalWaitUntil(SymmetricArray signal, long index, Cmp cmp, long value) {
        return waits.signalWaitUntil(signal, index, cmp, value);
    }

    /** {@code shmem_signal_fetch}: the value of this PE's signal word, read atomically. */
    public long signalFetch(SymmetricArray signal, long index) {
        return waits.signalFetch(signal, index);
    }

    // ---------------------------------------------------------------- for the facade's classes

    ShmemContext newContext(ShmemTeam team, int options) {
        ShmemContext c = new ShmemContext(this, team, options, false);
        contexts.add(c);
        return c;
    }

    void forget(ShmemContext context) {
        contexts.remove(context);
    }

    /** Completes the outstanding operations of every context on {@code team} (before it goes). */
    void quietAllContextsOf(ShmemTeam team) {
        for (ShmemContext c : contexts) {
            if (c.team() == team) {
                c.quietIfLive();
            }
        }
    }

    /** Ends the hot paths' use of every context on {@code team} (destroyed). */
    void retireContextsOf(ShmemTeam team) {
        for (ShmemContext c : contexts) {
            if (c.team() == team) {
                c.retire();
            }
        }
    }

    void quietAll() {
        defaultContext.quiet();
        for (ShmemContext c : contexts) {
            c.quietIfLive();
        }
    }

    /**
     * {@link #quietAll()} before a world barrier: the barrier's own fence orders direct-path puts,
     * so the core's implicit-completion wait (and its fence) runs only when something is outstanding.
     */
    private void quietAllBeforeBarrier() {
        if (eventsKept) {
            eventsKept = false;
            defaultContext.waitPending();
            for (ShmemContext c : contexts) {
                if (!c.isDestroyed() && c.team().isValid()) {
                    c.waitPending();
                }
            }
        }
        if (rma.nbiOutstanding() != 0) {
            rma.waitNbi();
        }
    }

    /** Notes that a context keeps an event for its next quiet, so that the next barrier looks at every context. */
    void eventKept() {
        eventsKept = true;
    }

    /** Whether OpenSHMEM is still initialised on this PE (the hot paths' cheap form of {@link #checkOpen}). */
    boolean open() {
        return !closed;
    }

    void checkOpen(String routine) {
        if (closed) {
            throw new IllegalStateException(routine + ": OpenSHMEM was finalized on PE " + myPe());
        }
    }

    /** Checks that {@code object} is a live object of this PE. */
    void checkObject(String routine, SymmetricArray object) {
        if (object == null) {
            throw new BadArgumentException(routine + ": the symmetric object is null on PE " + myPe());
        }
        object.checkLive(routine);
        MemorySpace s = object.allocation().space;
        if (s.owner() != this) {
            throw new IllegalStateException(routine + ": " + object + " belongs to another PE's OpenSHMEM "
                    + "(PE " + s.owner().myPe() + "), not PE " + myPe() + "'s");
        }
        if (s.destroyed) {
            throw new IllegalStateException(routine + ": " + object + " is in a destroyed space");
        }
    }

    void checkSpace(String routine, MemorySpace space) {
        if (space == null) {
            throw new BadArgumentException(routine + ": the space is null on PE " + myPe());
        }
        space.check(routine);
        if (space.owner() != this) {
            throw new IllegalStateException(routine + ": the space handle belongs to PE " + space.owner().myPe()
                    + ", not PE " + myPe() + " (a PE that is not a member of a space has only SHMEM_SPACE_INVALID)");
        }
    }

    /**
     * Checked mode: every PE of {@code team} passed the same {@code values}; throws on every PE
     * otherwise, naming the routine and the ranges seen.
     */
    void symmetric(String routine, Team team, long... values) {
        int n = values.length;
        long[] both = new long[2 * n];
        for (int i = 0; i < n; i++) {
            both[i] = values[i];
            both[n + i] = -values[i];
        }
        long[] max = new long[2 * n];
        client.collectives().allreduce(team, max, both, ReduceOp.MAX);
        for (int i = 0; i < n; i++) {
            if (max[i] != -max[n + i]) {
                throw new IllegalStateException(routine + ": argument " + (i + 1) + " differs between the PEs of "
                        + team.name() + " (from " + (-max[n + i]) + " to " + max[i] + "; PE " + myPe() + " passed "
                        + values[i] + "): the call is collective and its arguments must be identical");
            }
        }
    }

    private SymmetricArray allocate(String routine, MemorySpace space, ShmemType type, long count, long alignment,
                                    boolean zero) {
        checkOpen(routine);
        checkSpace(routine, space);
        if (type == null) {
            throw new BadArgumentException(routine + ": type is null on PE " + myPe());
        }
        checkCount(routine, count);
        if (checked) {
            symmetric(routine, space.coreTeam, count, type.ordinal(), alignment);
        }
        if (count == 0) {
            return null;
        }
        long bytes = Math.multiplyExact(count, (long) type.size());
        long offset = space.heap.allocate(bytes, alignment);
        if (offset >= 0 && zero) {
            space.zero(offset, bytes);
        }
        space.coreTeam.barrier();
        return offset < 0 ? null : SymmetricArray.whole(space, offset, type, count, nextAllocation++);
    }

    private void checkCount(String routine, long count) {
        if (count < 0) {
            throw new BadArgumentException(routine + ": count " + count + " on PE " + myPe() + " is negative");
        }
    }

    private void checkWholeAllocation(String routine, SymmetricArray object, MemorySpace space) {
        checkObject(routine, object);
        if (object.allocation().space != space) {
            throw new IllegalStateException(routine + ": " + object + " was allocated from "
                    + object.allocation().space.describe() + ", not from " + space.describe()
                    + " (memory must be freed through the space it came from)");
        }
        if (!object.isWholeAllocation()) {
            throw new IllegalStateException(routine + ": " + object + " is a slice; pass the object the "
                    + "allocation returned");
        }
    }

    private void release(SymmetricArray object) {
        SymmetricArray.Allocation a = object.allocation();
        a.space.heap.release(a.byteOffset);
        a.free();
    }

    private SpaceCreation failedSpace(String reason) {
        return new SpaceCreation(1, MemorySpace.INVALID, ShmemTeam.INVALID, reason);
    }

    private boolean canReach(DeviceType type) {
        return switch (type) {
            case CPU -> true;
            case DEVICE_SIM -> !client.visibleDevices(MemoryKindClass.DEVICE_SIM).isEmpty();
            case CUDA -> !client.visibleDevices(MemoryKindClass.CUDA_UVA).isEmpty();
        };
    }

    private static long[] checkValues(SymmetricArray ivars, long[] values) {
        if (values == null || ivars != null && values.length < ivars.length()) {
            throw new BadArgumentException("the comparison values (" + (values == null ? "null" : values.length
                    + " of them") + ") do not cover " + ivars);
        }
        return values;
    }

    @Override
    public String toString() {
        return "Shmem[PE " + myPe() + " of " + nPes() + (closed ? ", finalized" : "") + "]";
    }
}
