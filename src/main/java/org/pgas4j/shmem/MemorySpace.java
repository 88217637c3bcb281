package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * A memory space ({@code shmem_space_t}, seed 001): a symmetric heap on one device type across the
 * PEs of its space-associated team. The default space ({@link Shmem#defaultSpace()}) is created at
 * init and is world-accessible; others come from {@link Shmem#spaceCreate}. PEs that cannot reach a
 * space's device hold {@link #INVALID} instead.
 *
 * <p>Capabilities ({@link #caps()}) are a bitmask of the {@code CAP_*} constants; the ones above
 * {@link #CAP_IDENT_ADDR} are this implementation's additions, as seed 001 allows.
 */
public final class MemorySpace {
    /** {@code SHMEM_SPACE_CAP_RMA}: put and get may target the space. */
    public static final long CAP_RMA = 0x0001;
    /** {@code SHMEM_SPACE_CAP_COLL}: collectives may operate on the space's buffers. */
    public static final long CAP_COLL = 0x0002;
    /** {@code SHMEM_SPACE_CAP_AMO}: atomics may target the space. */
    public static final long CAP_AMO = 0x0004;
    /** {@code SHMEM_SPACE_CAP_DIRECT}: a member PE can load and store its own part directly ({@link Shmem#local}). */
    public static final long CAP_DIRECT = 0x0008;
    /** {@code SHMEM_SPACE_CAP_WORLD}: the space-associated team equals the world team's membership. */
    public static final long CAP_WORLD = 0x0010;
    /** {@code SHMEM_SPACE_CAP_IDENT_ADDR}: identical numeric addresses on member PEs (never set: Java has no such addresses). */
    public static final long CAP_IDENT_ADDR = 0x0020;
    /** pgas4j addition: put-with-signal, wait_until and test may use the space's objects. */
    public static final long CAP_SIGNAL = 0x0100;

    /** {@code SHMEM_SPACE_INVALID}: the handle of a space this PE is not a member of. */
    public static final MemorySpace INVALID = new MemorySpace();

    private final Shmem owner;
    private final int id;
    private final DeviceType deviceType;
    private final long sizePerPe;
    private final long caps;
    final Team coreTeam;
    final boolean everyPe;           // every PE of the job is a member (the membership check is moot)
    final boolean[] memberByJobRank;
    final SymmetricHeap heap;
    final long segmentBase;
    final MemorySegment local;
    final long blockInDefaultHeap;   // for spaces carved from the default space, else -1
    final Team route;                // reaches the space's segment on every member, ranked by jobrank
    final Segment deviceSegment;     // a device space's segment on this PE, else null
    ShmemTeam team;
    int liveTeams;                   // the space team and every team derived from it still alive
    boolean destroyed;

    private MemorySpace() {
        this.owner = null;
        this.id = -1;
        this.deviceType = null;
        this.sizePerPe = 0;
        this.caps = 0;
        this.coreTeam = null;
        this.memberByJobRank = null;
        this.everyPe = false;
        this.heap = null;
        this.segmentBase = 0;
        this.local = null;
        this.blockInDefaultHeap = -1;
        this.route = null;
        this.deviceSegment = null;
    }

    MemorySpace(Shmem owner, int id, DeviceType deviceType, long sizePerPe, long caps, Team coreTeam,
                long segmentBase, MemorySegment local, long blockInDefaultHeap, Team route, Segment deviceSegment) {
        this.owner = owner;
        this.id = id;
        this.deviceType = deviceType;
        this.sizePerPe = sizePerPe;
        this.caps = caps;
        this.coreTeam = coreTeam;
        this.memberByJobRank = new boolean[owner.nPes()];
        this.everyPe = coreTeam.size() == owner.nPes();
        for (int r = 0; r < coreTeam.size(); r++) {
            memberByJobRank[coreTeam.jobRankOf(r)] = true;
        }
        this.heap = new SymmetricHeap(sizePerPe);
        this.segmentBase = segmentBase;
        this.local = local;
        this.blockInDefaultHeap = blockInDefaultHeap;
        this.route = route;
        this.deviceSegment = deviceSegment;
    }

    /** Zeroes {@code [offset, offset + bytes)} of this PE's part: stores for host memory, a copy for a device. */
    void zero(long offset, long bytes) {
        if (local != null) {
            local.asSlice(offset, bytes).fill((byte) 0);
            return;
        }
        MemorySegment zeros = java.lang.foreign.Arena.ofAuto().allocate(Math.min(bytes, 1 << 20));
        for (long done = 0; done < bytes; done += zeros.byteSize()) {
            deviceSegment.copyFrom(segmentBase + offset + done, zeros, 0, Math.min(zeros.byteSize(), bytes - done));
        }
    }

    /** Whether this is a usable handle: not {@link #INVALID} and not destroyed. */
    public boolean isValid() {
        return this != INVALID && !destroyed;
    }

    /**
     * The space-associated team ({@code shmem_space_get_team}).
     *
     * @throws IllegalStateException for {@link #INVALID} (the seed's nonzero return) or a destroyed space
     */
    public ShmemTeam team() {
        check("team");
        return team;
    }

    /** The device type the space was created on ({@code shmem_space_get_device_type}). */
    public DeviceType deviceType() {
        check("deviceType");
        return deviceType;
    }

    /** The capability bitmask ({@code shmem_space_get_caps}). */
    public long caps() {
        check("caps");
        return caps;
    }

    /** {@link #caps()} without the handle check, for hot paths that checked the space already. */
    long capsUnchecked() {
        return caps;
    }

    /** Whether every capability bit of {@code mask} is set. */
    public boolean has(long mask) {
        return (caps() & mask) == mask;
    }

    /** Bytes of the space's symmetric heap on each member PE. */
    public long sizePerPe() {
        check("sizePerPe");
        return sizePerPe;
    }

    /** Whether the space-associated team is every PE of the job ({@link #CAP_WORLD}). */
    public boolean isWorldAccessible() {
        return (caps() & CAP_WORLD) != 0;
    }

    /** Bytes of the symmetric heap in use on this PE. */
    public long usedBytes() {
        check("usedBytes");
        return heap.used();
    }

    /** Whether the PE of this job rank is a member of the space. */
    boolean hasMember(int jobRank) {
        return memberByJobRank[jobRank];
    }

    Shmem owner() {
        return owner;
    }

    int id() {
        return id;
    }

    void check(String routine) {
        if (this == INVALID) {
            throw new IllegalStateException(routine + ": the space handle is SHMEM_SPACE_INVALID (this PE is not a "
                    + "member of the space)");
        }
        if (destroyed) {
            throw new IllegalStateException(routine + ": " + describe() + " has been destroyed");
        }
    }

    String describe() {
        if (this == INVALID) {
            return "SHMEM_SPACE_INVALID";
        }
        return (id == 0 ? "the default space" : "space #" + id) + " (" + deviceType + ", " + sizePerPe
                + " bytes per PE, " + coreTeam.size() + " PEs)";
    }

    @Override
    public String toString() {
        return "MemorySpace[" + describe() + (destroyed ? ", destroyed" : "") + "]";
    }
}
