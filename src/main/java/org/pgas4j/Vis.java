package org.pgas4j;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import org.pgas4j.internal.PeerTarget;

/**
 * Vector, indexed and strided RMA (GASNet-EX's {@code gex_VIS_*}), from {@link Client#vis()}:
 * one call moves many non-contiguous chunks between local memory and the bound, published segment
 * of (team, rank). Blocking: on return a put is visible at the target and a get's data is in
 * place.
 *
 * <ul>
 * <li><b>Vector</b> ({@link #putVector}, {@link #getVector}): lists of (offset, length) chunks on
 *     each side, whose total lengths are equal; bytes flow in list order
 *     ({@code gex_VIS_VectorPut}).</li>
 * <li><b>Indexed</b> ({@link #putIndexed}, {@link #getIndexed}): lists of offsets of chunks of one
 *     length per side ({@code gex_VIS_IndexedPut}).</li>
 * <li><b>Strided</b> ({@link #putStrided}, {@link #getStrided}): a block of {@code elemSize}
 *     contiguous bytes repeated over {@code counts.length} dimensions, dimension {@code d} having
 *     {@code counts[d]} elements {@code strides[d]} bytes apart on its side (dimension 0 varies
 *     fastest), the same counts on both sides ({@code gex_VIS_StridedPut}).</li>
 * </ul>
 *
 * Every range is checked before anything moves: the remote chunks against the target segment
 * (one check of their lowest and highest byte), the local ones against the local buffer, and the
 * totals against each other; a failure throws {@link BadArgumentException} naming the chunk. Where
 * the target segment is mapped here (shm, local) the chunks are plain copies and one fence; else
 * each remote chunk is one RMA of the transport, all in flight together, waited for once.
 */
public final class Vis {
    private final Client client;
    private final Rma rma;

    Vis(Client client, Rma rma) {
        this.client = client;
        this.rma = rma;
    }

    // ---------------------------------------------------------------- vector

    /**
     * Puts the bytes of the local chunks {@code (srcOffsets[i], srcLengths[i])} of {@code src}, in
     * order, into the remote chunks {@code (dstOffsets[j], dstLengths[j])} of (team, rank).
     *
     * @throws BadArgumentException if a list is null or the lists of a side differ in length, a
     *         chunk is outside its buffer, or the two sides' totals differ
     */
    public void putVector(Team team, int rank, long[] dstOffsets, long[] dstLengths, MemorySegment src,
                          long[] srcOffsets, long[] srcLengths) {
        transfer(true, team, rank, dstOffsets, dstLengths, -1, src, srcOffsets, srcLengths, -1, "putVector");
    }

    /** Gets the remote chunks {@code (srcOffsets[i], srcLengths[i])} of (team, rank) into the local chunks of {@code dst}. */
    public void getVector(Team team, int rank, long[] srcOffsets, long[] srcLengths, MemorySegment dst,
                          long[] dstOffsets, long[] dstLengths) {
        transfer(false, team, rank, srcOffsets, srcLengths, -1, dst, dstOffsets, dstLengths, -1, "getVector");
    }

    // ---------------------------------------------------------------- indexed

    /** Puts local chunks of {@code srcLength} bytes at {@code srcOffsets} into remote chunks of {@code dstLength} bytes. */
    public void putIndexed(Team team, int rank, long[] dstOffsets, long dstLength, MemorySegment src,
                           long[] srcOffsets, long srcLength) {
        transfer(true, team, rank, dstOffsets, null, dstLength, src, srcOffsets, null, srcLength, "putIndexed");
    }

    /** Gets remote chunks of {@code srcLength} bytes at {@code srcOffsets} into local chunks of {@code dstLength} bytes. */
    public void getIndexed(Team team, int rank, long[] srcOffsets, long srcLength, MemorySegment dst,
                           long[] dstOffsets, long dstLength) {
        transfer(false, team, rank, srcOffsets, null, srcLength, dst, dstOffsets, null, dstLength, "getIndexed");
    }

    // ---------------------------------------------------------------- strided

    /**
     * Strided put: {@code counts} elements of {@code elemSize} bytes, read from {@code src} at
     * {@code srcOffset} with {@code srcStrides} and written at {@code dstOffset} of (team, rank)
     * with {@code dstStrides}.
     *
     * @throws BadArgumentException if the arrays' lengths differ, a count, stride or size is
     *         negative, or a range is outside its buffer
     */
    public void putStrided(Team team, int rank, long dstOffset, long[] dstStrides, MemorySegment src, long srcOffset,
                           long[] srcStrides, long elemSize, long[] counts) {
        strided(true, team, rank, dstOffset, dstStrides, src, srcOffset, srcStrides, elemSize, counts, "putStrided");
    }

    /** Strided get: the mirror of {@link #putStrided}, from (team, rank) at {@code srcOffset} into {@code dst}. */
    public void getStrided(Team team, int rank, long srcOffset, long[] srcStrides, MemorySegment dst, long dstOffset,
                           long[] dstStrides, long elemSize, long[] counts) {
        strided(false, team, rank, srcOffset, srcStrides, dst, dstOffset, dstStrides, elemSize, counts, "getStrided");
    }

    private void strided(boolean put, Team team, int rank, long remoteOffset, long[] remoteStrides,
                         MemorySegment local, long localOffset, long[] localStrides, long elemSize, long[] counts,
                         String op) {
        if (remoteStrides == null || localStrides == null || counts == null || remoteStrides.length != counts.length
                || localStrides.length != counts.length || elemSize < 0) {
            throw bad(op, "strides and counts must be arrays of one length and elemSize (" + elemSize
                    + ") must not be negative");
        }
        long n = 1;
        for (int d = 0; d < counts.length; d++) {
            if (counts[d] < 0 || remoteStrides[d] < 0 || localStrides[d] < 0) {
                throw bad(op, "dimension " + d + " has count " + counts[d] + " and strides " + remoteStrides[d]
                        + " (remote) and " + localStrides[d] + " (local); none may be negative");
            }
            n = Math.multiplyExact(n, counts[d]);
        }
        if (n == 0 || elemSize == 0) {
            return;
        }
        long rSpan = elemSize;
        long lSpan = elemSize;
        for (int d = 0; d < counts.length; d++) {
            rSpan = Math.addExact(rSpan, Math.multiplyExact(counts[d] - 1, remoteStrides[d]));
            lSpan = Math.addExact(lSpan, Math.multiplyExact(counts[d] - 1, localStrides[d]));
        }
        if (local == null || localOffset < 0 || localOffset > local.byteSize() - lSpan) {
            throw bad(op, "the local elements span [" + localOffset + ", " + (localOffset + lSpan)
                    + ") but the local buffer's bounds are [0, " + (local == null ? 0 : local.byteSize()) + ")");
        }
        client.checkBlocking(op);
        PeerTarget t = client.target(team, rank, remoteOffset, rSpan, op); // every element lies in this span
        MemorySegment direct = t.direct;
        if (direct != null) {
            // mapped: copy element by element, walking the dimensions, then one fence
            long[] index = new long[counts.length];
            long r = remoteOffset;
            long l = localOffset;
            for (long e = 0; e < n; e++) {
                if (put) {
                    MemorySegment.copy(local, l, direct, r, elemSize);
                } else {
                    MemorySegment.copy(direct, r, local, l, elemSize);
                }
                for (int d = 0; d < counts.length; d++) {
                    if (++index[d] < counts[d]) {
                        r += remoteStrides[d];
                        l += localStrides[d];
                        break;
                    }
                    index[d] = 0;
                    r -= (counts[d] - 1) * remoteStrides[d];
                    l -= (counts[d] - 1) * localStrides[d];
                }
            }
            if (put) {
                VarHandle.fullFence(); // remote completion: the stores leave this core before we return
            } else {
                VarHandle.acquireFence();
            }
            return;
        }
        if (n > Integer.MAX_VALUE) {
            throw bad(op, n + " elements are more than one call moves");
        }
        long[] remote = new long[(int) n];
        long[] localOffs = new long[(int) n];
        long[] index = new long[counts.length];
        for (int e = 0; e < n; e++) {
            long r = remoteOffset;
            long l = localOffset;
            for (int d = 0; d < counts.length; d++) {
                r += index[d] * remoteStrides[d];
                l += index[d] * localStrides[d];
            }
            remote[e] = r;
            localOffs[e] = l;
            for (int d = 0; d < counts.length && ++index[d] == counts[d]; d++) {
                index[d] = 0;
            }
        }
        transfer(put, team, rank, remote, null, elemSize, local, localOffs, null, elemSize, op);
    }

    // ---------------------------------------------------------------- the transfer

    private void transfer(boolean put, Team team, int rank, long[] rOffs, long[] rLens, long rLen, MemorySegment local,
                          long[] lOffs, long[] lLens, long lLen, String op) {
        client.checkBlocking(op);
        if (team == null || local == null || rOffs == null || lOffs == null) {
            throw bad(op, "team, local buffer and offset lists must not be null");
        }
        checkList(op, "remote", rOffs, rLens);
        checkList(op, "local", lOffs, lLens);
        long lo = Long.MAX_VALUE;
        long hi = 0;
        long rTotal = 0;
        for (int i = 0; i < rOffs.length; i++) {
            long len = rLens == null ? rLen : rLens[i];
            if (rOffs[i] < 0 || len < 0) {
                throw bad(op, "remote chunk " + i + " at " + rOffs[i] + " of " + len + " bytes is negative");
            }
            lo = Math.min(lo, rOffs[i]);
            hi = Math.max(hi, Math.addExact(rOffs[i], len));
            rTotal += len;
        }
        long lTotal = 0;
        for (int i = 0; i < lOffs.length; i++) {
            long len = lLens == null ? lLen : lLens[i];
            if (lOffs[i] < 0 || len < 0 || lOffs[i] > local.byteSize() - len) {
                throw bad(op, "local chunk " + i + " at " + lOffs[i] + " of " + len
                        + " bytes is outside the local buffer, whose bounds are [0, " + local.byteSize() + ")");
            }
            lTotal += len;
        }
        if (rTotal != lTotal) {
            throw bad(op, "the remote chunks hold " + rTotal + " bytes but the local ones " + lTotal);
        }
        if (rTotal == 0) {
            return;
        }
        PeerTarget t = client.target(team, rank, lo, hi - lo, op); // every remote chunk lies in [lo, hi)
        MemorySegment direct = t.direct;
        Event[] events = direct == null ? new Event[rOffs.length + lOffs.length] : null;
        int pending = 0;
        int ri = 0;
        int li = 0;
        long rDone = 0;
        long lDone = 0;
        while (ri < rOffs.length && li < lOffs.length) {
            long rl = rLens == null ? rLen : rLens[ri];
            long ll = lLens == null ? lLen : lLens[li];
            long n = Math.min(rl - rDone, ll - lDone);
            if (n > 0) {
                long r = rOffs[ri] + rDone;
                long l = lOffs[li] + lDone;
                if (direct != null) {
                    if (put) {
                        MemorySegment.copy(local, l, direct, r, n);
                    } else {
                        MemorySegment.copy(direct, r, local, l, n);
                    }
                } else {
                    events[pending++] = put ? rma.putNB(team, rank, r, local, l, n) : rma.getNB(team, rank, r, local, l, n);
                }
            }
            rDone += n;
            lDone += n;
            if (rDone == rl) {
                ri++;
                rDone = 0;
            }
            if (lDone == ll) {
                li++;
                lDone = 0;
            }
        }
        if (direct != null) {
            if (put) {
                VarHandle.fullFence(); // remote completion: the stores leave this core before we return
            } else {
                VarHandle.acquireFence();
            }
            return;
        }
        for (int i = 0; i < pending; i++) {
            events[i].waitFor();
        }
    }

    private void checkList(String op, String side, long[] offsets, long[] lengths) {
        if (lengths != null && lengths.length != offsets.length) {
            throw bad(op, side + " offsets (" + offsets.length + ") and lengths (" + lengths.length
                    + ") differ in number");
        }
    }

    private BadArgumentException bad(String op, String what) {
        return new BadArgumentException(op + " on PE " + client.jobRank() + ": " + what);
    }
}
