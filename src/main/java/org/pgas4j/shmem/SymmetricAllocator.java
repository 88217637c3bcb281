package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * Collective allocation of symmetric objects from memory spaces ({@code shmem_malloc},
 * {@code shmem_calloc}, {@code shmem_align}, {@code shmem_realloc}, {@code shmem_free} and their
 * {@code shmem_space_*} forms): the checks, the checked-mode agreement, the completion of
 * outstanding operations and the barriers around each, and the heap bookkeeping.
 */
final class SymmetricAllocator {
    private final Shmem shmem;
    private final Client client;
    private final ShmemChecks checks;
    private final ShmemContexts contexts;
    private final boolean checked;
    private long nextAllocation = 1;

    SymmetricAllocator(Shmem shmem, Client client, ShmemChecks checks, ShmemContexts contexts, boolean checked) {
        this.shmem = shmem;
        this.client = client;
        this.checks = checks;
        this.contexts = contexts;
        this.checked = checked;
    }

    /** {@code count} elements of {@code type} from {@code space} at a multiple of {@code alignment}; null for none or no room. */
    SymmetricArray allocate(String routine, MemorySpace space, ShmemType type, long count, long alignment,
                            boolean zero) {
        shmem.checkOpen(routine);
        checks.checkSpace(routine, space);
        if (type == null) {
            throw new BadArgumentException(routine + ": type is null on PE " + shmem.myPe());
        }
        checks.checkCount(routine, count);
        if (checked) {
            checks.symmetric(routine, space.coreTeam, count, type.ordinal(), alignment);
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

    /** {@code shmem_realloc} of a non-null {@code object} of the default space. */
    SymmetricArray realloc(MemorySpace defaultSpace, SymmetricArray object, long count) {
        checks.checkWholeAllocation("realloc", object, defaultSpace);
        if (count == 0) {
            free("free", defaultSpace, object, client.world());
            return null;
        }
        checks.checkCount("realloc", count);
        if (checked) {
            checks.symmetric("realloc", defaultSpace.coreTeam, count, object.allocation().serial);
        }
        contexts.quietAll();
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
     * Frees a non-null {@code object} of {@code space}: the checks, then this PE's outstanding
     * operations completed and a barrier on {@code team}, then its memory is reusable.
     */
    void free(String routine, MemorySpace space, SymmetricArray object, Team team) {
        checks.checkWholeAllocation(routine, object, space);
        if (checked) {
            checks.symmetric(routine, space.coreTeam, object.allocation().serial);
        }
        contexts.quietAll();
        team.barrier();
        release(object);
    }

    private static void release(SymmetricArray object) {
        SymmetricArray.Allocation a = object.allocation();
        a.space.heap.release(a.byteOffset);
        a.free();
    }
}
