package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Collectives;
import org.pgas4j.ReduceOp;

/**
 * OpenSHMEM 1.5's team-based collectives over symmetric objects: broadcast, the reductions,
 * collect, fcollect and alltoall. Each is collective over the team and blocking. Seed 001's rule
 * is checked on every call: the destination and source come from one space, and every PE of the
 * team is a member of that space; with checked mode on, also that every PE passed the same space,
 * count and root.
 */
public final class ShmemCollectives {
    private final Shmem shmem;
    private final Collectives core;

    ShmemCollectives(Shmem shmem) {
        this.shmem = shmem;
        this.core = shmem.client().collectives();
    }

    /**
     * {@code shmem_TYPENAME_broadcast}: the first {@code nelems} elements of {@code source} at
     * PE {@code root} (a number in {@code team}) arrive in {@code dest} on every PE of the team,
     * the root's included.
     */
    public void broadcast(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems, int root) {
        MemorySegment[] buffers = check("broadcast", team, dest, source, nelems, nelems, root);
        core.broadcast(team.core(), root, buffers[0], buffers[1], bytes(source, nelems));
    }

    /**
     * {@code shmem_TYPENAME_{and,or,xor,max,min,sum,prod}_reduce}: element-wise {@code op} over
     * the first {@code nelems} elements of every PE's {@code source}, into every PE's {@code dest}.
     * {@code dest} may be {@code source}. Bitwise operations need an integer type; minimum and
     * maximum of unsigned types compare unsigned.
     */
    public void reduce(ShmemTeam team, ReduceOp op, SymmetricArray dest, SymmetricArray source, long nelems) {
        MemorySegment[] buffers = check("reduce", team, dest, source, nelems, nelems, 0);
        if (op == null) {
            throw new BadArgumentException("reduce: op is null on PE " + shmem.myPe());
        }
        ShmemType type = source.type();
        if (op.isBitwise() && type.isFloatingPoint()) {
            throw new BadArgumentException("reduce: " + op + " is not defined on " + type.typeName());
        }
        boolean unsignedOrder = !type.isSigned() && (op == ReduceOp.MIN || op == ReduceOp.MAX);
        if (unsignedOrder) {
            // Flipping the sign bit maps unsigned order onto signed order; flip back afterwards.
            flipSignBits(buffers[1], type, nelems);
            core.allreduce(team.core(), buffers[0], buffers[1], type.carrier(), nelems, op);
            if (buffers[0].address() != buffers[1].address()) {
                flipSignBits(buffers[1], type, nelems);
            }
            flipSignBits(buffers[0], type, nelems);
        } else {
            core.allreduce(team.core(), buffers[0], buffers[1], type.carrier(), nelems, op);
        }
    }

    /**
     * {@code shmem_TYPENAME_fcollect}: every PE contributes {@code nelems} elements; {@code dest}
     * receives them all in team order ({@code nelems * team.nPes()} elements).
     */
    public void fcollect(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems) {
        MemorySegment[] buffers = check("fcollect", team, dest, source, nelems, nelems * team.nPes(), 0);
        core.allgather(team.core(), buffers[0], buffers[1], bytes(source, nelems));
    }

    /**
     * {@code shmem_TYPENAME_collect}: every PE contributes its own {@code nelems} (which may
     * differ); {@code dest} receives the contributions concatenated in team order. Returns the
     * total element count.
     */
    public long collect(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems) {
        MemorySegment[] buffers = check("collect", team, dest, source, nelems, 0, 0);
        long[] counts = core.allgatherv(team.core(), buffers[0], buffers[1], bytes(source, nelems));
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total / source.type().size();
    }

    /**
     * {@code shmem_TYPENAME_alltoall}: block {@code j} ({@code nelems} elements) of PE i's
     * {@code source} lands in block {@code i} of PE j's {@code dest}; both hold
     * {@code nelems * team.nPes()} elements.
     */
    public void alltoall(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems) {
        long all = nelems * team.nPes();
        MemorySegment[] buffers = check("alltoall", team, dest, source, all, all, 0);
        core.alltoall(team.core(), buffers[0], buffers[1], bytes(source, nelems));
    }

    // ---------------------------------------------------------------- OpenSHMEM 1.5's strided and mem forms, 1.6's scans

    /**
     * {@code shmem_TYPENAME_alltoalls}: {@link #alltoall} with strides: element {@code k} of the
     * block PE i sends PE j is {@code source[sst * (j * nelems + k)]} on PE i and lands in
     * {@code dest[dst * (i * nelems + k)]} on PE j; other elements of {@code dest} are untouched.
     * Strides are positive and count elements.
     */
    public void alltoalls(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long dst, long sst,
                          long nelems) {
        CollectiveExtras.alltoalls(this, "alltoalls", team, dest, source, dst, sst, nelems, false);
    }

    /** {@code shmem_broadcastmem}: {@link #broadcast} of {@code nbytes} bytes, whatever the objects' types. */
    public void broadcastmem(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nbytes, int root) {
        MemorySegment[] buffers = checkBytes("broadcastmem", team, dest, source, nbytes, nbytes, root);
        core.broadcast(team.core(), root, buffers[0], buffers[1], nbytes);
    }

    /** {@code shmem_collectmem}: {@link #collect} of each PE's {@code nbytes} bytes (which may differ); returns the total bytes. */
    public long collectmem(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nbytes) {
        MemorySegment[] buffers = checkBytes("collectmem", team, dest, source, nbytes, 0, 0);
        long total = 0;
        for (long c : core.allgatherv(team.core(), buffers[0], buffers[1], nbytes)) {
            total += c;
        }
        return total;
    }

    /** {@code shmem_fcollectmem}: {@link #fcollect} of {@code nbytes} bytes from every PE. */
    public void fcollectmem(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nbytes) {
        MemorySegment[] buffers = checkBytes("fcollectmem", team, dest, source, nbytes, nbytes * team.nPes(), 0);
        core.allgather(team.core(), buffers[0], buffers[1], nbytes);
    }

    /** {@code shmem_alltoallmem}: {@link #alltoall} of blocks of {@code nbytes} bytes. */
    public void alltoallmem(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nbytes) {
        long all = nbytes * team.nPes();
        MemorySegment[] buffers = checkBytes("alltoallmem", team, dest, source, all, all, 0);
        core.alltoall(team.core(), buffers[0], buffers[1], nbytes);
    }

    /** {@code shmem_alltoallsmem}: {@link #alltoalls} on bytes: strides and {@code nbytes} count bytes. */
    public void alltoallsmem(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long dst, long sst,
                             long nbytes) {
        CollectiveExtras.alltoalls(this, "alltoallsmem", team, dest, source, dst, sst, nbytes, true);
    }

    /**
     * {@code shmem_TYPENAME_sum_inscan} (OpenSHMEM 1.6): element-wise inclusive prefix sum over the
     * team's PEs in team order: PE r's {@code dest[k]} is the sum of {@code source[k]} of PEs 0 to
     * r. Done with the team's reduction (one allreduce, see {@link CollectiveExtras#scan}); integer
     * sums wrap at the type's width. {@code dest} may be {@code source}.
     */
    public void sumInscan(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems) {
        CollectiveExtras.scan(this, "sumInscan", team, dest, source, nelems, false);
    }

    /**
     * {@code shmem_TYPENAME_sum_exscan} (OpenSHMEM 1.6): the exclusive prefix sum: PE r's
     * {@code dest[k]} is the sum of {@code source[k]} of PEs 0 to r - 1, and 0 on the team's PE 0.
     */
    public void sumExscan(ShmemTeam team, SymmetricArray dest, SymmetricArray source, long nelems) {
        CollectiveExtras.scan(this, "sumExscan", team, dest, source, nelems, true);
    }

    Collectives core() {
        return core;
    }

    /** {@link #check} with byte counts and buffers of any types (the {@code *mem} forms). */
    MemorySegment[] checkBytes(String routine, ShmemTeam team, SymmetricArray dest, SymmetricArray source,
                               long sourceBytes, long destBytes, int root) {
        return check(routine, team, dest, source, sourceBytes, destBytes, root, true);
    }

    MemorySegment[] check(String routine, ShmemTeam team, SymmetricArray dest, SymmetricArray source,
                          long sourceElems, long destElems, int root) {
        return check(routine, team, dest, source, sourceElems, destElems, root, false);
    }

    private MemorySegment[] check(String routine, ShmemTeam team, SymmetricArray dest, SymmetricArray source,
                                  long sourceElems, long destElems, int root, boolean bytes) {
        shmem.checkOpen(routine);
        if (team == null) {
            throw new BadArgumentException(routine + ": team is null on PE " + shmem.myPe());
        }
        team.check(routine);
        if (team.owner() != shmem) {
            throw new IllegalStateException(routine + ": " + team + " belongs to another PE");
        }
        shmem.checkObject(routine, dest);
        shmem.checkObject(routine, source);
        MemorySpace space = source.allocation().space;
        if (dest.allocation().space != space) {
            throw new BadArgumentException(routine + ": dest " + dest + " and source " + source
                    + " come from different spaces; a collective's buffers must share one space");
        }
        if (!bytes && dest.type() != source.type()) {
            throw new BadArgumentException(routine + ": dest holds " + dest.type().typeName() + " and source "
                    + source.type().typeName() + " elements");
        }
        if (!space.has(MemorySpace.CAP_COLL)) {
            throw new BadArgumentException(routine + ": " + space.describe() + " does not support collectives");
        }
        if (!team.isWithin(space)) {
            throw new BadArgumentException(routine + ": " + team.name() + " has PEs outside " + space.describe()
                    + "; the team must lie within the space's team");
        }
        String unit = bytes ? " bytes" : " elements";
        if (sourceElems < 0 || sourceElems > (bytes ? source.byteSize() : source.length())) {
            throw new BadArgumentException(routine + ": " + sourceElems + unit + " do not fit source " + source);
        }
        if (destElems > (bytes ? dest.byteSize() : dest.length())) {
            throw new BadArgumentException(routine + ": " + destElems + unit + " do not fit dest " + dest);
        }
        if (root < 0 || root >= team.nPes()) {
            throw new BadArgumentException(routine + ": root " + root + " is not in " + team.name());
        }
        if (shmem.isChecked()) {
            shmem.symmetric(routine, team.core(), space.id(), sourceElems, root, bytes ? -1 : source.type().ordinal());
        }
        MemorySegment local = space.local;
        shmem.countCollective(bytes(source, sourceElems));
        return new MemorySegment[] {
            local.asSlice(dest.byteOffset(0), dest.byteSize()),
            local.asSlice(source.byteOffset(0), source.byteSize())
        };
    }

    private static long bytes(SymmetricArray a, long nelems) {
        return nelems * a.type().size();
    }

    private static void flipSignBits(MemorySegment s, ShmemType type, long n) {
        for (long i = 0; i < n; i++) {
            switch (type.size()) {
                case 1 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) (s.get(ValueLayout.JAVA_BYTE, i) ^ Byte.MIN_VALUE));
                case 2 -> s.setAtIndex(ValueLayout.JAVA_SHORT, i,
                        (short) (s.getAtIndex(ValueLayout.JAVA_SHORT, i) ^ Short.MIN_VALUE));
                case 4 -> s.setAtIndex(ValueLayout.JAVA_INT, i, s.getAtIndex(ValueLayout.JAVA_INT, i) ^ Integer.MIN_VALUE);
                default -> s.setAtIndex(ValueLayout.JAVA_LONG, i, s.getAtIndex(ValueLayout.JAVA_LONG, i) ^ Long.MIN_VALUE);
            }
        }
    }
}
