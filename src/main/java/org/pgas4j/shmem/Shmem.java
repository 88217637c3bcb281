package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * OpenSHMEM 1.6 with the dynamic memory spaces of seed 001, as a facade over the pgas4j core: one
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
public final class Shmem extends ShmemSync implements AutoCloseable {
    private final Client client;
    /** This PE's statistics counters (the facade's own waits), or null when statistics are off. */
    private final PeStats stats;
    private final boolean checked;
    private final ShmemTeam world;
    private final ShmemTeam shared;
    private final MemorySpace defaultSpace;
    private final ShmemContext defaultContext;
    private final ShmemCollectives collectives;
    /** The checks the facade's classes share. */
    private final ShmemChecks checks;
    /** Every context, and completing or retiring them together. */
    private final ShmemContexts contexts;
    /** malloc, calloc, align, realloc, free and their space forms. */
    private final SymmetricAllocator allocator;
    /** Creating and destroying memory spaces. */
    private final ShmemSpaces spaces;
    private volatile boolean closed;
    private final Team coreWorld;
    /** Locks; library and thread level, ptr, hints, global exit (issue 24). */
    private final ShmemLocks locks;
    private final ShmemLibrary library;

    private Shmem(Client client, ThreadLevel level) {
        this.client = client;
        this.stats = Stats.ON ? PeStats.of(client.jobId(), client.jobRank()) : null;
        this.checked = ShmemSettings.CHECKED.value();
        Segment heapSegment = client.primordialEndpoint().boundSegment().orElseThrow();
        this.coreWorld = client.world();
        this.world = new ShmemTeam(this, coreWorld, null, "SHMEM_TEAM_WORLD", true);
        this.shared = new ShmemTeam(this, sharedTeam(client, coreWorld), null, "SHMEM_TEAM_SHARED", true);
        this.defaultSpace = new MemorySpace(this, 0, DeviceType.CPU, heapSegment.size(),
                MemorySpace.CAP_RMA | MemorySpace.CAP_COLL | MemorySpace.CAP_AMO | MemorySpace.CAP_DIRECT
                        | MemorySpace.CAP_WORLD | MemorySpace.CAP_SIGNAL,
                coreWorld, 0, heapSegment.memory(), -1, coreWorld, null);
        this.defaultSpace.team = world;
        this.checks = new ShmemChecks(this, client);
        this.contexts = new ShmemContexts(this, world);
        this.defaultContext = contexts.defaultContext();
        this.allocator = new SymmetricAllocator(this, client, checks, contexts, checked);
        this.spaces = new ShmemSpaces(this, client, defaultSpace, checks, contexts);
        this.collectives = new ShmemCollectives(this);
        this.locks = new ShmemLocks(this);
        this.library = new ShmemLibrary(this, level);
    }

    /**
     * Starts OpenSHMEM on this PE ({@code shmem_init}): initialises the pgas4j client with a
     * symmetric heap of {@code SHMEM_SYMMETRIC_SIZE} bytes (the default space). Collective over
     * all PEs of the job. May follow a {@link #close()} on the same PE (repeated pairs, see
     * {@link #queryInitialized()}).
     *
     * @throws BadArgumentException if a setting is invalid
     * @throws IllegalStateException if this PE has a live {@code Shmem} or client already, or was
     *         started through PMIx and has finalized
     */
    public static Shmem init() {
        return initThread(ThreadLevel.SINGLE);
    }

    /**
     * {@code shmem_init_thread}: {@link #init()} declaring the threads the program will use;
     * {@link #queryThread()} then returns the level provided, which here is {@code requested}
     * (every level is supported: see {@link ThreadLevel}). Collective over all PEs of the job.
     *
     * @throws BadArgumentException if {@code requested} is null or a setting is invalid
     */
    public static Shmem initThread(ThreadLevel requested) {
        ThreadLevel level = ShmemLibrary.checkLevel(requested);
        WaitUntilEvent.registerWhenRecording();
        long heap = ShmemSettings.SYMMETRIC_SIZE.value();
        Client client = Client.init(heap);
        try {
            Shmem shmem = new Shmem(client, level);
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
        contexts.quietBeforeClose();
        closed = true;
        contexts.retireAll();
        client.close();
    }

    /** Whether {@link #close()} has run. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * {@code shmem_query_initialized}: whether this handle is between its {@link #init()} (or
     * {@link #initThread}) and its {@link #close()}. A {@code Shmem} is one init/finalize pair;
     * a program that needs another pair on the same PE starts one after closing this one: in-JVM
     * jobs and PEs of {@code bin/pgas4j run} rejoin their job with the same PE number (not PEs
     * started through PMIx). Init and finalize are collective: every PE makes the same number of
     * pairs, or the launcher fails the job naming the PEs (see docs/openshmem.md).
     */
    public boolean queryInitialized() {
        return !closed;
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
        contexts.quietAllBeforeBarrier();
        coreWorld.barrier();
        countCollective(0);
    }

    /** {@code shmem_sync_all}: a world barrier without completing outstanding operations. */
    public void syncAll() {
        checkOpen("syncAll");
        client.world().barrier();
        countCollective(0);
    }

    /** This PE's statistics counters ({@link Stats#ON}), or null. */
    PeStats stats() {
        return stats;
    }

    /** Counts one collective routine of the facade with {@code bytes} of this PE's (statistics on). */
    void countCollective(long bytes) {
        if (Stats.ON && stats != null) {
            stats.count(Stats.SHMEM_COLLECTIVE, client.jobRank(), bytes);
        }
    }

    /** {@code shmem_quiet}: {@link ShmemContext#quiet()} on the default context. */
    public void quiet() {
        if (Stats.ON && stats != null) {
            long t0 = System.nanoTime();
            defaultContext.quiet();
            stats.waited(Stats.WAIT_SHMEM_QUIET, System.nanoTime() - t0);
            return;
        }
        defaultContext.quiet();
    }

    /** {@code shmem_pe_quiet} (OpenSHMEM 1.6): {@link ShmemContext#peQuiet} on the default context (world PE numbers). */
    public void peQuiet(int... targetPes) {
        defaultContext.peQuiet(targetPes);
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
        return allocator.allocate("malloc", defaultSpace, type, count, SymmetricHeap.MIN_ALIGNMENT, false);
    }

    /** {@code shmem_malloc} of {@code bytes} bytes, as an array of {@link ShmemType#UCHAR}. */
    public SymmetricArray malloc(long bytes) {
        return malloc(ShmemType.UCHAR, bytes);
    }

    /** {@code shmem_calloc}: {@link #malloc} with every byte zero. */
    public SymmetricArray calloc(ShmemType type, long count) {
        return allocator.allocate("calloc", defaultSpace, type, count, SymmetricHeap.MIN_ALIGNMENT, true);
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
        return allocator.allocate("align", defaultSpace, type, count, alignment, false);
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
        return allocator.realloc(defaultSpace, object, count);
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
        allocator.free("free", defaultSpace, object, client.world());
    }

    /**
     * This PE's own part of {@code object} as a memory segment, for direct loads and stores
     * (the local case of {@code shmem_ptr}). Requires {@link MemorySpace#CAP_DIRECT}.
     */
    public MemorySegment local(SymmetricArray object) {
        checkOpen("local");
        checks.checkObject("local", object);
        MemorySpace s = object.allocation().space;
        if (!s.has(MemorySpace.CAP_DIRECT)) {
            throw new IllegalStateException("local: " + s.describe() + " has no direct access (CAP_DIRECT)");
        }
        return s.local.asSlice(object.byteOffset(0), object.byteSize());
    }

    // ---------------------------------------------------------------- issue 24: locks, ptr, threads, library

    /** {@code SHMEM_MALLOC_ATOMICS_REMOTE}: the object will be the target of atomics from other PEs. */
    public static final long MALLOC_ATOMICS_REMOTE = 1;
    /** {@code SHMEM_MALLOC_SIGNAL_REMOTE}: the object will be a signal word updated by other PEs. */
    public static final long MALLOC_SIGNAL_REMOTE = 2;

    /**
     * {@code shmem_malloc_with_hints}: {@link #malloc} with hints about the object's use, a bitwise
     * OR of {@link #MALLOC_ATOMICS_REMOTE} and {@link #MALLOC_SIGNAL_REMOTE} (0: none). Both are
     * accepted and change nothing here: every object of the default space is already reachable by
     * remote atomics and signals at full speed. Collective, as {@link #malloc}.
     *
     * @throws BadArgumentException if {@code hints} has bits other than those two
     */
    public SymmetricArray mallocWithHints(ShmemType type, long count, long hints) {
        ShmemLibrary.checkHints(hints, myPe());
        return malloc(type, count);
    }

    /**
     * {@code shmem_ptr}: element 0 onwards of {@code object} on PE {@code pe}, as a segment of
     * {@link #local}'s size for direct loads and stores, where this process maps that PE's memory
     * (every PE on {@code shm} and {@code local}, the PEs of this host on {@code hybrid}); empty
     * where it does not (peers over {@code ucx}, device spaces, PEs outside the object's space).
     * Loads and stores through it follow the Java memory model, not OpenSHMEM's completion rules.
     *
     * @throws BadArgumentException if {@code pe} is not a PE of the job
     */
    public java.util.Optional<MemorySegment> ptr(SymmetricArray object, int pe) {
        return library.ptr("ptr", object, pe);
    }

    /** {@code shmem_team_ptr}: {@link #ptr} for PE {@code pe} of {@code team}. */
    public java.util.Optional<MemorySegment> teamPtr(ShmemTeam team, SymmetricArray object, int pe) {
        return library.teamPtr(team, object, pe);
    }

    /**
     * {@code shmem_set_lock}: waits until this PE holds the lock in element {@code index} of
     * {@code lock}, a symmetric 64-bit integer object zeroed before first use (for example by
     * {@link #calloc}). A fair queue lock: PEs get it in the order they asked, each waiting on its
     * own memory. See docs/openshmem.md.
     *
     * @throws IllegalStateException if this PE already holds the lock
     * @throws BadArgumentException if the object is not 64-bit integer or its space has no atomics
     */
    public void setLock(SymmetricArray lock, long index) {
        locks.set(lock, index);
    }

    /**
     * {@code shmem_test_lock}: takes the lock if nobody holds it or waits for it, without waiting.
     *
     * @return true when this PE now holds the lock (C returns 0 then), false otherwise (C's 1)
     */
    public boolean testLock(SymmetricArray lock, long index) {
        return locks.test(lock, index);
    }

    /**
     * {@code shmem_clear_lock}: completes this PE's outstanding operations, then releases the lock
     * to the next PE waiting for it.
     *
     * @throws IllegalStateException if this PE does not hold the lock (undefined in OpenSHMEM)
     */
    public void clearLock(SymmetricArray lock, long index) {
        locks.clear(lock, index);
    }

    /** {@code shmem_query_thread}: the thread level provided at init ({@link ThreadLevel#SINGLE} after {@link #init()}). */
    public ThreadLevel queryThread() {
        return library.threadLevel();
    }

    /**
     * {@code shmem_global_exit}: ends every PE of the job promptly; the job exits with
     * {@code status} (its low 8 bits) and the launcher names this PE. Does not return in a
     * launched job; in an in-JVM job it throws {@link org.pgas4j.JobAbortedException} after ending
     * the job (see {@link Client#exit}).
     */
    public void globalExit(int status) {
        library.globalExit(status);
    }

    /**
     * {@code shmem_pcontrol}: the profiling level (0 off, 1 the default, 2 and above tool-specific).
     * Recorded for {@link #pcontrolLevel()}; pgas4j's own statistics ({@code --stats}) and JFR events
     * are switched by their settings, not by this level.
     *
     * @throws BadArgumentException if {@code level} is negative
     */
    public void pcontrol(int level) {
        library.pcontrol(level);
    }

    /** The level last passed to {@link #pcontrol} (1 until then). */
    public int pcontrolLevel() {
        return library.profilingLevel();
    }

    /** {@code shmem_info_get_version}: the specification's major and minor version, {@code {1, 6}}. */
    public static int[] infoGetVersion() {
        return new int[] {ShmemLibrary.MAJOR_VERSION, ShmemLibrary.MINOR_VERSION};
    }

    /** {@code shmem_info_get_name}: the vendor string ({@code SHMEM_VENDOR_STRING}). */
    public static String infoGetName() {
        return ShmemLibrary.VENDOR_STRING;
    }

    // ---------------------------------------------------------------- memory spaces (seed 001)

    /** The device types this job can create spaces on (a space may still be on some PEs only). */
    public Set<DeviceType> deviceTypes() {
        return ShmemSpaces.deviceTypes();
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
        return spaces.create(config);
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
        return spaces.destroy(space);
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
        return allocator.allocate("spaceMalloc", space, type, count, SymmetricHeap.MIN_ALIGNMENT, false);
    }

    /** {@code shmem_space_calloc}: {@link #spaceMalloc} zero-filled; null without a barrier for a zero count. */
    public SymmetricArray spaceCalloc(MemorySpace space, ShmemType type, long count) {
        if (space == MemorySpace.INVALID) {
            checkOpen("spaceCalloc");
            return null;
        }
        return allocator.allocate("spaceCalloc", space, type, count, SymmetricHeap.MIN_ALIGNMENT, true);
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
        checks.checkSpace("spaceFree", space);
        allocator.free("spaceFree", space, object, space.coreTeam);
    }

    /** {@code shmem_get_space}: the space {@code object} was allocated from. */
    public MemorySpace getSpace(SymmetricArray object) {
        checkOpen("getSpace");
        checks.checkObject("getSpace", object);
        return object.allocation().space;
    }

    // ---------------------------------------------------------------- point-to-point synchronisation

    /** {@code shmem_wait_until}: waits until element {@code index} of this PE's {@code ivar} satisfies {@code cmp value}. */
    public void waitUntil(SymmetricArray ivar, long index, Cmp cmp, long value) {
        if (Stats.ON && stats != null) {
            long t0 = System.nanoTime();
            waits.waitUntil(ivar, index, cmp, value);
            stats.waited(Stats.WAIT_SHMEM_WAIT_UNTIL, System.nanoTime() - t0);
            return;
        }
        waits.waitUntil(ivar, index, cmp, value);
    }

    /** {@code shmem_test}: whether element {@code index} of this PE's {@code ivar} satisfies {@code cmp value}. */
    public boolean test(SymmetricArray ivar, long index, Cmp cmp, long value) {
        return waits.test(ivar, index, cmp, value);
    }

    /** {@code shmem_signal_wait_until}: waits until this PE's signal word satisfies {@code cmp value}; returns its value then. */
    public long signalWaitUntil(SymmetricArray signal, long index, Cmp cmp, long value) {
        return waits.signalWaitUntil(signal, index, cmp, value);
    }

    /** {@code shmem_signal_fetch}: the value of this PE's signal word, read atomically. */
    public long signalFetch(SymmetricArray signal, long index) {
        return waits.signalFetch(signal, index);
    }

    // The all/any/some forms and their vector forms: ShmemSync.

    // ---------------------------------------------------------------- for the facade's classes

    ShmemContext newContext(ShmemTeam team, int options) {
        return contexts.create(this, team, options);
    }

    void forget(ShmemContext context) {
        contexts.forget(context);
    }

    /** Completes the outstanding operations of every context on {@code team} (before it goes). */
    void quietAllContextsOf(ShmemTeam team) {
        contexts.quietAllOf(team);
    }

    /** Ends the hot paths' use of every context on {@code team} (destroyed). */
    void retireContextsOf(ShmemTeam team) {
        contexts.retireAllOf(team);
    }

    void quietAll() {
        contexts.quietAll();
    }

    /** Notes that a context keeps an event for its next quiet, so that the next barrier looks at every context. */
    void eventKept() {
        contexts.eventKept();
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
        checks.checkObject(routine, object);
    }

    void checkSpace(String routine, MemorySpace space) {
        checks.checkSpace(routine, space);
    }

    /** Checked mode: every PE of {@code team} passed the same {@code values}; throws on every PE otherwise. */
    void symmetric(String routine, Team team, long... values) {
        checks.symmetric(routine, team, values);
    }

    @Override
    public String toString() {
        return "Shmem[PE " + myPe() + " of " + nPes() + (closed ? ", finalized" : "") + "]";
    }
}
