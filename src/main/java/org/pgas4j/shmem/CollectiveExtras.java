package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ReduceOp;

/**
 * The collectives of {@link ShmemCollectives} built from the core's others: the strided
 * all-to-all ({@code alltoalls}, {@code alltoallsmem}) as a pack, the core's all-to-all and an
 * unpack; and OpenSHMEM 1.6's scans as one allreduce of the team.
 */
final class CollectiveExtras {
    private CollectiveExtras() {
    }

    /**
     * {@code alltoalls} ({@code mem} false: strides and counts in elements) or {@code alltoallsmem}
     * (in bytes). The strided elements are packed into a contiguous buffer, exchanged by the core's
     * all-to-all, and unpacked to their strided places in {@code dest}.
     */
    static void alltoalls(ShmemCollectives coll, String routine, ShmemTeam team, SymmetricArray dest,
                          SymmetricArray source, long dst, long sst, long nelems, boolean mem) {
        if (team == null) {
            throw new BadArgumentException(routine + ": team is null");
        }
        if (dst < 1 || sst < 1 || nelems < 0) {
            throw new BadArgumentException(routine + ": strides " + dst + " (dest) and " + sst + " (source) must be "
                    + "positive and nelems " + nelems + " not negative");
        }
        long all;
        long destSpan;
        long sourceSpan;
        try {
            all = Math.multiplyExact(nelems, (long) Math.max(team.nPes(), 0));
            destSpan = all == 0 ? 0 : Math.addExact(Math.multiplyExact(dst, all - 1), 1);
            sourceSpan = all == 0 ? 0 : Math.addExact(Math.multiplyExact(sst, all - 1), 1);
        } catch (ArithmeticException e) {
            throw new BadArgumentException(routine + ": " + nelems + " elements with strides " + dst + " and " + sst
                    + " span more than a long counts");
        }
        MemorySegment[] buffers = mem
                ? coll.checkBytes(routine, team, dest, source, sourceSpan, destSpan, 0)
                : coll.check(routine, team, dest, source, sourceSpan, destSpan, 0);
        long size = mem ? 1 : source.type().size();
        if (dst == 1 && sst == 1) {
            coll.core().alltoall(team.core(), buffers[0], buffers[1], nelems * size);
            return;
        }
        MemorySegment send = scratch(routine, all * size);
        MemorySegment recv = scratch(routine, all * size);
        for (long e = 0; e < all; e++) {
            MemorySegment.copy(buffers[1], e * sst * size, send, e * size, size);
        }
        coll.core().alltoall(team.core(), recv, send, nelems * size);
        for (long e = 0; e < all; e++) {
            MemorySegment.copy(recv, e * size, buffers[0], e * dst * size, size);
        }
    }

    /**
     * {@code sum_inscan} / {@code sum_exscan} with the team's reduction: one allreduce (sum) of
     * {@code nPes} blocks of {@code nelems} elements, to which PE r contributes its source in
     * blocks r to nPes - 1 (blocks r + 1 to nPes - 1 for the exclusive scan) and zeros elsewhere;
     * block r of the result is then PE r's prefix. It moves nPes times the data of a reduction,
     * in the reduction's log2(nPes) steps.
     */
    static void scan(ShmemCollectives coll, String routine, ShmemTeam team, SymmetricArray dest,
                     SymmetricArray source, long nelems, boolean exclusive) {
        MemorySegment[] buffers = coll.check(routine, team, dest, source, nelems, nelems, 0);
        int n = team.nPes();
        int me = team.myPe();
        long each = nelems * source.type().size();
        long total;
        try {
            total = Math.multiplyExact(each, (long) n);
        } catch (ArithmeticException e) {
            throw new BadArgumentException(routine + ": " + nelems + " elements on " + n + " PEs are too many");
        }
        MemorySegment blocks = scratch(routine, total);
        for (int b = exclusive ? me + 1 : me; b < n; b++) {
            MemorySegment.copy(buffers[1], 0, blocks, b * each, each);
        }
        coll.core().allreduce(team.core(), blocks, blocks, source.type().carrier(), nelems * n, ReduceOp.SUM);
        MemorySegment.copy(blocks, me * each, buffers[0], 0, each);
    }

    /** A zeroed local buffer of {@code bytes}, aligned for any element type (the core's reductions read it typed). */
    private static MemorySegment scratch(String routine, long bytes) {
        long words = (bytes + 7) / 8;
        if (words > Integer.MAX_VALUE - 8) {
            throw new BadArgumentException(routine + ": " + bytes + " bytes of staging are more than one call moves");
        }
        return MemorySegment.ofArray(new long[(int) words]).asSlice(0, bytes);
    }
}
