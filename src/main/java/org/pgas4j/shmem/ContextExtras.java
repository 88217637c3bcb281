package org.pgas4j.shmem;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import org.pgas4j.BadArgumentException;
import org.pgas4j.DataType;
import org.pgas4j.Peer;

/**
 * OpenSHMEM 1.6's additions to a {@link ShmemContext}, carried out on the core: interleaved block
 * transfers ({@code ibput}, {@code ibget}) as one strided transfer of {@link org.pgas4j.Vis},
 * signals without data, completion towards chosen PEs ({@code pe_quiet}) and communication
 * sessions. Each method checks everything before anything is sent, as the context's own methods do.
 */
final class ContextExtras {
    /** The most kept events a session's {@code total_ops} hint reserves room for (8 bytes and 4 each). */
    static final int MAX_RESERVED_OPS = 1 << 16;

    private ContextExtras() {
    }

    /**
     * {@code ibput} ({@code put} true) or {@code ibget}: {@code nblocks} blocks of {@code bsize}
     * elements, block {@code i} at {@code remoteIndex + i * remoteStride} of {@code remote} on PE
     * {@code pe} and at {@code localIndex + i * localStride} of the Java array that {@code local}
     * views ({@code localLength} elements; null and -1 for a null array).
     */
    static void blocks(ShmemContext c, String routine, boolean put, SymmetricArray remote, long remoteIndex,
                       long remoteStride, MemorySegment local, int localLength, int localIndex, long localStride,
                       int bsize, int nblocks, int pe, DataType carrier) {
        if (bsize < 0 || nblocks < 0) {
            throw new BadArgumentException(routine + ": bsize " + bsize + " and nblocks " + nblocks + " on PE "
                    + c.shmem.myPe() + " must not be negative");
        }
        if (remoteStride < Math.max(1, bsize) || localStride < Math.max(1, bsize)) {
            throw new BadArgumentException(routine + ": strides " + remoteStride + " (symmetric) and " + localStride
                    + " (local) on PE " + c.shmem.myPe() + " must be positive and at least bsize (" + bsize
                    + "), so that the blocks do not overlap");
        }
        if (localLength < 0) {
            throw new BadArgumentException(routine + ": the local array is null on PE " + c.shmem.myPe());
        }
        boolean none = bsize == 0 || nblocks == 0;
        long remoteSpan = none ? 0 : span(routine, c, remoteStride, bsize, nblocks, "symmetric");
        long off = c.range(routine, remote, remoteIndex, remoteSpan, pe, carrier, MemorySpace.CAP_RMA);
        long localSpan = none ? 0 : span(routine, c, localStride, bsize, nblocks, "local");
        if (localIndex < 0 || localSpan > localLength - localIndex) {
            throw new BadArgumentException(routine + ": local blocks of " + bsize + " from " + localIndex
                    + " with stride " + localStride + " x " + nblocks + " leave the local array of " + localLength
                    + " on PE " + c.shmem.myPe());
        }
        if (none) {
            return;
        }
        long size = carrier.byteSize();
        Peer p = c.rmaPeer(remote, pe);
        long[] remoteStrides = {remoteStride * size};
        long[] localStrides = {localStride * size};
        long[] counts = {nblocks};
        if (put) {
            c.shmem.client().vis().putStrided(p.team(), p.rank(), off, remoteStrides, local, localIndex * size,
                    localStrides, bsize * size, counts);
        } else {
            c.shmem.client().vis().getStrided(p.team(), p.rank(), off, remoteStrides, local, localIndex * size,
                    localStrides, bsize * size, counts);
        }
    }

    /** Elements from the first block's start to the last block's end, refused when it overflows. */
    private static long span(String routine, ShmemContext c, long stride, int bsize, int nblocks, String side) {
        try {
            return Math.addExact(Math.multiplyExact(nblocks - 1L, stride), bsize);
        } catch (ArithmeticException e) {
            throw new BadArgumentException(routine + ": " + nblocks + " blocks with " + side + " stride " + stride
                    + " on PE " + c.shmem.myPe() + " span more elements than a long counts");
        }
    }

    /** {@code signal_set} / {@code signal_add}: the signal word {@code sig[sigIndex]} on PE {@code pe}, no data. */
    static void signal(ShmemContext c, String routine, SymmetricArray sig, long sigIndex, long signal, SignalOp op,
                       int pe) {
        long off = c.element(routine, sig, sigIndex, pe, DataType.LONG, MemorySpace.CAP_AMO);
        if (sig.type().isSigned()) {
            throw new BadArgumentException(routine + ": the signal object " + sig + " must be of type uint64 "
                    + "(an unsigned 64-bit type)");
        }
        if (op == SignalOp.SET) {
            c.atomics.setLong(c.amoPeer(sig, pe), off, signal);
        } else {
            c.atomics.addLong(c.amoPeer(sig, pe), off, signal);
        }
    }

    /**
     * {@code pe_quiet}: completes the context's operations towards the PEs {@code pes} (numbers in
     * its team). Kept operations (gets, fetching atomics) towards other PEs stay pending. Puts to
     * PEs mapped into this process completed when issued, so when every named PE is mapped a fence
     * is all; a named PE reached through a transport waits for the core's implicit puts, which
     * complete together (one flush of the transport), towards every PE.
     */
    static void peQuiet(ShmemContext c, int[] pes) {
        if (!c.live) {
            c.check("peQuiet");
        }
        if (pes == null) {
            throw new BadArgumentException("peQuiet: the PE list is null on PE " + c.shmem.myPe());
        }
        int n = c.team.nPes();
        for (int pe : pes) {
            if (pe < 0 || pe >= n) {
                throw new BadArgumentException("peQuiet: PE " + pe + " is not in " + c.team.name() + " (PEs 0 to "
                        + (n - 1) + ")");
            }
        }
        if (c.hasPending()) {
            boolean[] wanted = new boolean[n];
            for (int pe : pes) {
                wanted[pe] = true;
            }
            c.waitPendingOf(wanted);
        }
        if (c.rma.nbiOutstanding() != 0) {
            for (int pe : pes) {
                for (Peer p : c.peersOf(pe)) {
                    c.rma.waitNbi(p); // this PE's puts only: one endpoint flush over UCX, nothing where mapped
                }
            }
        }
        VarHandle.fullFence(); // the direct-path stores of earlier puts are visible before what follows
    }
}
