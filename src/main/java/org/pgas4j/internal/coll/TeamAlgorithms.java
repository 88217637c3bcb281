package org.pgas4j.internal.coll;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.DataType;
import org.pgas4j.ReduceOp;
import org.pgas4j.internal.TeamBarrier;

/**
 * The collective algorithms of one team member, over its {@link Mailboxes}: binomial trees for
 * broadcast, reduce, gather and scatter; recursive doubling (with the usual fold-in of the members
 * beyond the largest power of two) for allreduce; pairwise exchange for alltoall; the
 * dissemination barrier for barrier. Ranks are team ranks; trees are built on ranks relative to
 * the root. Buffers are byte-addressed; callers have checked their sizes.
 *
 * <p>Not thread-safe: one collective of a team runs at a time, in the order the members call them.
 */
public final class TeamAlgorithms {
    private final int rank;
    private final int size;
    private final Mailboxes mail;
    private final TeamBarrier barrier;
    private MemorySegment temp = MemorySegment.NULL;
    private MemorySegment temp2 = MemorySegment.NULL;

    /** The algorithms of member {@code rank} of a team of {@code size}. */
    public TeamAlgorithms(int rank, int size, Mailboxes mail, TeamBarrier barrier) {
        this.rank = rank;
        this.size = size;
        this.mail = mail;
        this.barrier = barrier;
    }

    private MemorySegment temp(long bytes) {
        if (temp.byteSize() < bytes) {
            temp = Arena.ofAuto().allocate(Math.max(bytes, 4096), 64);
        }
        return temp;
    }

    private MemorySegment temp2(long bytes) {
        if (temp2.byteSize() < bytes) {
            temp2 = Arena.ofAuto().allocate(Math.max(bytes, 4096), 64);
        }
        return temp2;
    }

    /** Returns once every member has entered. */
    public void barrier() {
        barrier.await();
    }

    /** Binomial-tree broadcast of {@code length} bytes at {@code buf} from member {@code root}. */
    public void broadcast(int root, MemorySegment buf, long length) {
        int rel = (rank - root + size) % size;
        int mask = 1;
        while (mask < size) {
            if ((rel & mask) != 0) {
                mail.receive((rel - mask + root) % size, buf, 0, length);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (rel + mask < size) {
                mail.send((rel + mask + root) % size, buf, 0, length);
            }
        }
    }

    /**
     * Binomial-tree reduction into member {@code root}: {@code acc} holds this member's
     * {@code count} elements on entry and, at the root only, the result on return.
     */
    public void reduce(int root, MemorySegment acc, DataType type, long count, ReduceOp op) {
        long bytes = count * type.byteSize();
        int rel = (rank - root + size) % size;
        for (int mask = 1; mask < size; mask <<= 1) {
            if ((rel & mask) == 0) {
                int child = rel | mask;
                if (child < size) {
                    MemorySegment in = temp(bytes);
                    mail.receive((child + root) % size, in, 0, bytes);
                    Reductions.combine(type, op, acc, in, count);
                }
            } else {
                mail.send(((rel & ~mask) + root) % size, acc, 0, bytes);
                return;
            }
        }
    }

    /** Recursive-doubling allreduce in place: {@code acc} holds the result on every member. */
    public void allreduce(MemorySegment acc, DataType type, long count, ReduceOp op) {
        long bytes = count * type.byteSize();
        int p2 = Integer.highestOneBit(size);
        int extra = size - p2;
        if (rank >= p2) { // fold in: hand my part to a partner below p2, get the result back
            mail.send(rank - p2, acc, 0, bytes);
            mail.receive(rank - p2, acc, 0, bytes);
            return;
        }
        MemorySegment in = temp(bytes);
        if (rank < extra) {
            mail.receive(rank + p2, in, 0, bytes);
            Reductions.combine(type, op, acc, in, count);
        }
        for (int mask = 1; mask < p2; mask <<= 1) {
            int partner = rank ^ mask;
            mail.sendRecv(partner, acc, 0, bytes, partner, in, 0, bytes);
            Reductions.combine(type, op, acc, in, count);
        }
        if (rank < extra) {
            mail.send(rank + p2, acc, 0, bytes);
        }
    }

    /**
     * Binomial-tree gather to {@code root} of member blocks whose byte lengths are
     * {@code counts[member]}: at the root {@code dst} receives them in rank order.
     */
    public void gather(int root, MemorySegment src, MemorySegment dst, long[] counts) {
        int rel = (rank - root + size) % size;
        // Relative-order prefix sums: the blocks of a subtree are contiguous in relative order.
        long[] start = new long[size + 1];
        for (int i = 0; i < size; i++) {
            start[i + 1] = start[i] + counts[(i + root) % size];
        }
        int span = rel == 0 ? size : Math.min(Integer.lowestOneBit(rel), size - rel);
        long subtreeBytes = start[rel + span] - start[rel];
        MemorySegment acc = temp(subtreeBytes);
        MemorySegment.copy(src, 0, acc, 0, counts[rank]);
        for (int mask = 1; mask < size; mask <<= 1) {
            if ((rel & mask) == 0) {
                int child = rel | mask;
                if (child < size) {
                    int childSpan = Math.min(mask, size - child);
                    long at = start[child] - start[rel];
                    mail.receive((child + root) % size, acc, at, start[child + childSpan] - start[child]);
                }
            } else {
                mail.send(((rel & ~mask) + root) % size, acc, 0, subtreeBytes);
                return;
            }
        }
        // Root: relative order back to rank order.
        long[] at = new long[size];
        long pos = 0;
        for (int m = 0; m < size; m++) {
            at[m] = pos;
            pos += counts[m];
        }
        for (int i = 0; i < size; i++) {
            int m = (i + root) % size;
            MemorySegment.copy(acc, start[i], dst, at[m], counts[m]);
        }
    }

    /**
     * Binomial-tree scatter from {@code root}: member m receives {@code blockBytes} bytes, block m
     * of {@code src} at the root, into {@code dst}.
     */
    public void scatter(int root, MemorySegment src, MemorySegment dst, long blockBytes) {
        int rel = (rank - root + size) % size;
        int span = rel == 0 ? size : Math.min(Integer.lowestOneBit(rel), size - rel);
        MemorySegment tree = temp(span * blockBytes);
        int mask = 1;
        if (rel == 0) {
            for (int i = 0; i < size; i++) { // rank order to relative order
                MemorySegment.copy(src, ((i + root) % size) * blockBytes, tree, i * blockBytes, blockBytes);
            }
            while (mask < size) {
                mask <<= 1;
            }
        } else {
            while ((rel & mask) == 0) {
                mask <<= 1;
            }
            mail.receive((rel - mask + root) % size, tree, 0, span * blockBytes);
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            int child = rel + mask;
            if (child < size) {
                int childSpan = Math.min(mask, size - child);
                mail.send((child + root) % size, tree, (long) mask * blockBytes, childSpan * blockBytes);
            }
        }
        MemorySegment.copy(tree, 0, dst, 0, blockBytes);
    }

    /** Allgather of member blocks of {@code counts[m]} bytes, in rank order into {@code dst} everywhere. */
    public void allgather(MemorySegment src, MemorySegment dst, long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        gather(0, src, dst, counts);
        broadcast(0, dst, total);
    }

    /** Each member's 8-byte value, in rank order, on every member. */
    public long[] allgatherLongs(long mine) {
        long[] counts = new long[size];
        java.util.Arrays.fill(counts, Long.BYTES);
        MemorySegment src = temp2(Long.BYTES * (size + 1L));
        src.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0, mine);
        MemorySegment out = MemorySegment.ofArray(new long[size]);
        allgather(src, out, counts);
        return out.toArray(java.lang.foreign.ValueLayout.JAVA_LONG);
    }

    /**
     * Pairwise-exchange alltoall: block m of {@code src} ({@code blockBytes} bytes) goes to member
     * m, landing at block {@code rank} of its {@code dst}.
     */
    public void alltoall(MemorySegment src, MemorySegment dst, long blockBytes) {
        MemorySegment.copy(src, rank * blockBytes, dst, rank * blockBytes, blockBytes);
        for (int k = 1; k < size; k++) {
            int to = (rank + k) % size;
            int from = (rank - k + size) % size;
            mail.sendRecv(to, src, to * blockBytes, blockBytes, from, dst, from * blockBytes, blockBytes);
        }
    }
}
