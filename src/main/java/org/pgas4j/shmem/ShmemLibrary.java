package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import org.pgas4j.BadArgumentException;

/**
 * What {@link Shmem} says about the library and the PE's memory rather than moving data: the
 * version and name, the thread level, the profiling level, {@code shmem_ptr}'s direct views of
 * peers' objects, the allocation hints, and ending the job ({@code shmem_global_exit}).
 */
final class ShmemLibrary {
    /** {@code SHMEM_MAJOR_VERSION}: the specification this facade follows. */
    static final int MAJOR_VERSION = 1;
    /** {@code SHMEM_MINOR_VERSION}. */
    static final int MINOR_VERSION = 6;
    /** {@code SHMEM_VENDOR_STRING}. */
    static final String VENDOR_STRING = "pgas4j OpenSHMEM facade";
    /** The hint bits {@link Shmem#mallocWithHints} knows. */
    static final long KNOWN_HINTS = Shmem.MALLOC_ATOMICS_REMOTE | Shmem.MALLOC_SIGNAL_REMOTE;

    private final Shmem shmem;
    private final ThreadLevel threadLevel;
    private volatile int profilingLevel = 1;

    ShmemLibrary(Shmem shmem, ThreadLevel threadLevel) {
        this.shmem = shmem;
        this.threadLevel = threadLevel;
    }

    ThreadLevel threadLevel() {
        return threadLevel;
    }

    static ThreadLevel checkLevel(ThreadLevel requested) {
        if (requested == null) {
            throw new BadArgumentException("initThread: the requested thread level is null (SINGLE, FUNNELED, "
                    + "SERIALIZED or MULTIPLE)");
        }
        return requested;
    }

    void pcontrol(int level) {
        if (level < 0) {
            throw new BadArgumentException("pcontrol: level " + level + " on PE " + shmem.myPe() + " is negative "
                    + "(0: off, 1: default, 2 and above: tool-specific)");
        }
        profilingLevel = level;
    }

    int profilingLevel() {
        return profilingLevel;
    }

    static void checkHints(long hints, int pe) {
        if ((hints & ~KNOWN_HINTS) != 0) {
            throw new BadArgumentException("mallocWithHints: hints 0x" + Long.toHexString(hints) + " on PE " + pe
                    + " include undefined bits (MALLOC_ATOMICS_REMOTE=1, MALLOC_SIGNAL_REMOTE=2)");
        }
    }

    /**
     * {@code shmem_ptr}: the segment over {@code object} on world PE {@code pe} as this process
     * maps it, or empty where it does not (a peer over UCX, device memory, a PE outside the space).
     */
    Optional<MemorySegment> ptr(String routine, SymmetricArray object, int pe) {
        shmem.checkOpen(routine);
        shmem.checkObject(routine, object);
        if (pe < 0 || pe >= shmem.nPes()) {
            throw new BadArgumentException(routine + ": PE " + pe + " is not a PE of the job (0 to "
                    + (shmem.nPes() - 1) + ")");
        }
        MemorySpace space = object.allocation().space;
        if (!space.hasMember(pe) || !space.has(MemorySpace.CAP_DIRECT)) {
            return Optional.empty();
        }
        if (pe == shmem.myPe()) {
            return Optional.of(space.local.asSlice(object.byteOffset(0), object.byteSize()));
        }
        return space.route.localView(pe).map(m -> m.asSlice(object.segmentOffset(0), object.byteSize()));
    }

    /** {@code shmem_team_ptr}: {@link #ptr} for PE {@code pe} of {@code team}. */
    Optional<MemorySegment> teamPtr(ShmemTeam team, SymmetricArray object, int pe) {
        if (team == null) {
            throw new BadArgumentException("teamPtr: the team is null on PE " + shmem.myPe());
        }
        team.check("teamPtr");
        if (pe < 0 || pe >= team.nPes()) {
            throw new BadArgumentException("teamPtr: PE " + pe + " is not in " + team.name() + " (PEs 0 to "
                    + (team.nPes() - 1) + ")");
        }
        return ptr("teamPtr", object, team.core().jobRankOf(pe));
    }

    /** {@code shmem_global_exit}: ends the job; does not return. */
    void globalExit(int status) {
        shmem.client().exit(status, "called shmem_global_exit(" + status + ")");
    }
}
