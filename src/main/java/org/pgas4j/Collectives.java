package org.pgas4j;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.coll.CollectiveQueue;
import org.pgas4j.internal.coll.TeamAlgorithms;
import org.pgas4j.internal.jfr.BarrierEvent;
import org.pgas4j.internal.jfr.CollectiveEvent;
import org.pgas4j.spi.Transport;

/**
 * Collective operations over a {@link Team} (GASNet-EX's {@code gex_Coll_*}, OpenSHMEM's
 * collectives): every member calls the same operations in the same order with matching
 * arguments. Buffers are any local memory: a {@link MemorySegment} (native or heap) or, for the
 * typed conveniences, a primitive array; sizes are in bytes unless the method says elements.
 *
 * <p>Algorithms: binomial trees (broadcast, reduce, gather, scatter), recursive doubling
 * (allreduce), pairwise exchange (alltoall), dissemination (barrier); allgather is a gather and a
 * broadcast. Data moves through each member's collective scratch (see
 * {@link Settings#COLL_CHANNEL_SIZE}) in chunks, so any size works.
 *
 * <p>Blocking forms return when this member's part is complete: its output buffer holds the
 * result and its input buffer may be reused. Non-blocking forms ({@code ...NB}) return an
 * {@link Event} at once; the collective runs in initiation order on the team's worker thread and
 * the buffers must not be touched until the event completes. Arguments that members must agree
 * on (root, counts, type, operator) are checked where a member can see them; a count that differs
 * between members is reported by the member that receives the surprising message.
 */
public final class Collectives {
    private final Client client;
    private final Transport transport;
    private final IdleStrategy idle;

    Collectives(Client client, Transport transport, IdleStrategy idle) {
        this.client = client;
        this.transport = transport;
        this.idle = idle;
    }

    // ---------------------------------------------------------------- running

    /** Runs {@code body} now, or after the team's queued non-blocking collectives. */
    private void blocking(Team team, String op, long bytes, Runnable body) {
        team.checkUsable(op);
        long t0 = Stats.ON ? System.nanoTime() : 0;
        if (team.queue().idle()) {
            CollectiveEvent jfr = CollectiveEvent.start(); // null unless a JFR recording wants it
            body.run();
            if (jfr != null && jfr.ready(team.name(), team.size(), team.rank(), client.jobRank(), op, bytes)) {
                jfr.commit();
            }
        } else {
            nonBlocking(team, op, bytes, body).waitFor();
        }
        if (Stats.ON) {
            int kind = Stats.collectiveKind(op);
            client.stats.count(kind, client.jobRank(), 0);
            client.stats.waited(kind == Stats.BARRIER ? Stats.WAIT_BARRIER : Stats.WAIT_COLLECTIVE,
                    System.nanoTime() - t0);
        }
    }

    private Event nonBlocking(Team team, String op, long bytes, Runnable body) {
        team.checkUsable(op);
        if (Stats.ON && op.endsWith("NB")) {
            client.stats.count(Stats.collectiveKind(op), client.jobRank(), 0);
        }
        Event e = new Event(transport, idle, client.handlerContext());
        CollectiveQueue q = team.queue();
        q.submit(recorded(team, op, bytes, body), e.completion());
        return e;
    }

    /** {@code body}, timed as a JFR barrier or collective event when a recording wants one. */
    private Runnable recorded(Team team, String op, long bytes, Runnable body) {
        boolean barrier = op.startsWith("barrier");
        if (barrier ? !BarrierEvent.enabled() : !CollectiveEvent.enabled()) {
            return body;
        }
        int pe = client.jobRank();
        return barrier ? () -> {
            BarrierEvent jfr = BarrierEvent.start();
            body.run();
            if (jfr != null && jfr.ready(team.name(), team.size(), team.rank(), pe, op)) {
                jfr.commit();
            }
        } : () -> {
            CollectiveEvent jfr = CollectiveEvent.start();
            body.run();
            if (jfr != null && jfr.ready(team.name(), team.size(), team.rank(), pe, op, bytes)) {
                jfr.commit();
            }
        };
    }

    // ---------------------------------------------------------------- barrier

    /**
     * Non-blocking barrier ({@code gex_Coll_BarrierNB}). Like {@link Team#barrier()} it first
     * completes the non-fetching atomics this client issued without waiting (see {@link Atomics}).
     */
    public Event barrierNB(Team team) {
        team.checkUsable("barrierNB");
        client.rma().completeAtomics("barrierNB");
        TeamAlgorithms a = team.algorithms();
        return nonBlocking(team, "barrierNB", 0, a::barrier);
    }

    /**
     * Team sync ({@code shmem_team_sync}): returns once every member has entered. The same as
     * {@link Team#barrier()}.
     */
    public void sync(Team team) {
        team.barrier();
    }

    // ---------------------------------------------------------------- broadcast

    /**
     * Broadcast ({@code gex_Coll_BroadcastNB}, {@code shmem_broadcast}): {@code bytes} bytes of
     * {@code src} at member {@code root} arrive in {@code dst} on every member (the root's
     * included). {@code src} matters only at the root and may be null elsewhere.
     */
    public void broadcast(Team team, int root, MemorySegment dst, MemorySegment src, long bytes) {
        checkBroadcast(team, root, dst, src, bytes, "broadcast");
        blocking(team, "broadcast", bytes, () -> doBroadcast(team, root, dst, src, bytes));
    }

    /** Non-blocking {@link #broadcast}. */
    public Event broadcastNB(Team team, int root, MemorySegment dst, MemorySegment src, long bytes) {
        checkBroadcast(team, root, dst, src, bytes, "broadcastNB");
        return nonBlocking(team, "broadcastNB", bytes, () -> doBroadcast(team, root, dst, src, bytes));
    }

    /** Broadcast of {@code count} longs of {@code buf} from the root's {@code buf} into everyone's. */
    public void broadcast(Team team, int root, long[] buf, int count) {
        MemorySegment s = MemorySegment.ofArray(buf);
        broadcast(team, root, s, s, (long) count * Long.BYTES);
    }

    private void doBroadcast(Team team, int root, MemorySegment dst, MemorySegment src, long bytes) {
        if (team.rank() == root && src != dst) {
            MemorySegment.copy(src, 0, dst, 0, bytes);
        }
        team.algorithms().broadcast(root, dst, bytes);
    }

    private void checkBroadcast(Team team, int root, MemorySegment dst, MemorySegment src, long bytes, String op) {
        team.checkUsable(op);
        team.checkRank(op + " root", root);
        checkBuffer(op, "dst", dst, bytes);
        if (team.rank() == root) {
            checkBuffer(op, "src", src, bytes);
        }
    }

    // ---------------------------------------------------------------- reductions

    /**
     * Reduction to one ({@code gex_Coll_ReduceToOneNB}, MPI_Reduce): {@code count} elements of
     * {@code type} from every member's {@code src}, combined element-wise with {@code op}, land
     * in {@code dst} at {@code root}; {@code dst} matters only there and may be null elsewhere.
     */
    public void reduce(Team team, int root, MemorySegment dst, MemorySegment src, DataType type, long count,
                       ReduceOp op) {
        checkReduce(team, dst, team.rank() == root, src, type, count, op, "reduce");
        team.checkRank("reduce root", root);
        blocking(team, "reduce", count * type.byteSize(), () -> doReduce(team, root, dst, src, type, count, op));
    }

    /** Non-blocking {@link #reduce}. */
    public Event reduceNB(Team team, int root, MemorySegment dst, MemorySegment src, DataType type, long count,
                          ReduceOp op) {
        checkReduce(team, dst, team.rank() == root, src, type, count, op, "reduceNB");
        team.checkRank("reduceNB root", root);
        return nonBlocking(team, "reduceNB", count * type.byteSize(), 
                () -> doReduce(team, root, dst, src, type, count, op));
    }

    private static void doReduce(Team team, int root, MemorySegment dst, MemorySegment src, DataType type,
                                 long count, ReduceOp op) {
        long bytes = count * type.byteSize();
        MemorySegment acc = team.rank() == root ? dst : MemorySegment.ofArray(new byte[(int) bytes]);
        if (acc != src) {
            MemorySegment.copy(src, 0, acc, 0, bytes);
        }
        team.algorithms().reduce(root, acc, type, count, op);
    }

    /**
     * Reduction to all ({@code gex_Coll_ReduceToAllNB}, {@code shmem_*_reduce}): like
     * {@link #reduce} with the result in every member's {@code dst}. {@code dst} may be
     * {@code src} (in place).
     */
    public void allreduce(Team team, MemorySegment dst, MemorySegment src, DataType type, long count, ReduceOp op) {
        checkReduce(team, dst, true, src, type, count, op, "allreduce");
        blocking(team, "allreduce", count * type.byteSize(), () -> doAllreduce(team, dst, src, type, count, op));
    }

    /** Non-blocking {@link #allreduce}. */
    public Event allreduceNB(Team team, MemorySegment dst, MemorySegment src, DataType type, long count,
                             ReduceOp op) {
        checkReduce(team, dst, true, src, type, count, op, "allreduceNB");
        return nonBlocking(team, "allreduceNB", count * type.byteSize(), 
                () -> doAllreduce(team, dst, src, type, count, op));
    }

    private static void doAllreduce(Team team, MemorySegment dst, MemorySegment src, DataType type, long count,
                                    ReduceOp op) {
        if (dst != src) {
            MemorySegment.copy(src, 0, dst, 0, count * type.byteSize());
        }
        team.algorithms().allreduce(dst, type, count, op);
    }

    /** Allreduce of {@code src.length} longs into {@code dst} (same length). */
    public void allreduce(Team team, long[] dst, long[] src, ReduceOp op) {
        checkArrays("allreduce", dst.length, src.length);
        allreduce(team, MemorySegment.ofArray(dst), MemorySegment.ofArray(src), DataType.LONG, src.length, op);
    }

    /** Allreduce of {@code src.length} ints into {@code dst} (same length). */
    public void allreduce(Team team, int[] dst, int[] src, ReduceOp op) {
        checkArrays("allreduce", dst.length, src.length);
        allreduce(team, MemorySegment.ofArray(dst), MemorySegment.ofArray(src), DataType.INT, src.length, op);
    }

    /** Allreduce of {@code src.length} doubles into {@code dst} (same length). */
    public void allreduce(Team team, double[] dst, double[] src, ReduceOp op) {
        checkArrays("allreduce", dst.length, src.length);
        allreduce(team, MemorySegment.ofArray(dst), MemorySegment.ofArray(src), DataType.DOUBLE, src.length, op);
    }

    /** Allreduce of one long: every member gets {@code op} over all members' {@code value}. */
    public long allreduceLong(Team team, long value, ReduceOp op) {
        long[] v = ONE_LONG.get(); // per thread: a scalar allreduce allocates nothing
        v[0] = value;
        allreduce(team, v, v, op);
        return v[0];
    }

    /** Allreduce of one double. */
    public double allreduceDouble(Team team, double value, ReduceOp op) {
        double[] v = ONE_DOUBLE.get();
        v[0] = value;
        allreduce(team, v, v, op);
        return v[0];
    }

    private static final ThreadLocal<long[]> ONE_LONG = ThreadLocal.withInitial(() -> new long[1]);
    private static final ThreadLocal<double[]> ONE_DOUBLE = ThreadLocal.withInitial(() -> new double[1]);

    private void checkReduce(Team team, MemorySegment dst, boolean dstMatters, MemorySegment src, DataType type,
                             long count, ReduceOp op, String name) {
        team.checkUsable(name);
        if (type == null || op == null) {
            throw new BadArgumentException(name + " on PE " + client.jobRank() + ": type and op must not be null");
        }
        if (op.isBitwise() && !type.isIntegral()) {
            throw new BadArgumentException(name + " on PE " + client.jobRank() + ": " + op
                    + " applies to integer types only, not " + type);
        }
        if (count < 0) {
            throw new BadArgumentException(name + " on PE " + client.jobRank() + ": count " + count + " is negative");
        }
        long bytes = count * type.byteSize();
        checkBuffer(name, "src", src, bytes);
        if (dstMatters) {
            checkBuffer(name, "dst", dst, bytes);
        }
    }

    // ---------------------------------------------------------------- gather, scatter, alltoall

    /**
     * Gather ({@code shmem_fcollect} to one, MPI_Gather): {@code bytesEach} bytes of every member's
     * {@code src} land at {@code root} in {@code dst}, in rank order; {@code dst} matters only at
     * the root.
     */
    public void gather(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkGather(team, root, dst, src, bytesEach, "gather");
        blocking(team, "gather", bytesEach, () -> team.algorithms().gather(root, src, dst, equal(team, bytesEach)));
    }

    /** Non-blocking {@link #gather}. */
    public Event gatherNB(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkGather(team, root, dst, src, bytesEach, "gatherNB");
        return nonBlocking(team, "gatherNB", bytesEach, 
                () -> team.algorithms().gather(root, src, dst, equal(team, bytesEach)));
    }

    private void checkGather(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach, String op) {
        team.checkUsable(op);
        team.checkRank(op + " root", root);
        checkCount(op, bytesEach);
        checkBuffer(op, "src", src, bytesEach);
        if (team.rank() == root) {
            checkBuffer(op, "dst", dst, bytesEach * team.size());
        }
    }

    /**
     * Allgather ({@code shmem_fcollect}, {@code gex_Coll} allgather): {@code bytesEach} bytes of
     * every member's {@code src} land in every member's {@code dst}, in rank order.
     */
    public void allgather(Team team, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkAllgather(team, dst, src, bytesEach, "allgather");
        blocking(team, "allgather", bytesEach, () -> team.algorithms().allgather(src, dst, equal(team, bytesEach)));
    }

    /** Non-blocking {@link #allgather}. */
    public Event allgatherNB(Team team, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkAllgather(team, dst, src, bytesEach, "allgatherNB");
        return nonBlocking(team, "allgatherNB", bytesEach, 
                () -> team.algorithms().allgather(src, dst, equal(team, bytesEach)));
    }

    private void checkAllgather(Team team, MemorySegment dst, MemorySegment src, long bytesEach, String op) {
        team.checkUsable(op);
        checkCount(op, bytesEach);
        checkBuffer(op, "src", src, bytesEach);
        checkBuffer(op, "dst", dst, bytesEach * team.size());
    }

    /**
     * Allgather with variable counts ({@code shmem_collect}, MPI_Allgatherv): each member
     * contributes {@code srcBytes} bytes (its own count); every member's {@code dst} receives all
     * contributions concatenated in rank order. Returns each member's count, by rank.
     *
     * @throws BadArgumentException if {@code dst} is smaller than the total (on that member)
     */
    public long[] allgatherv(Team team, MemorySegment dst, MemorySegment src, long srcBytes) {
        team.checkUsable("allgatherv");
        checkCount("allgatherv", srcBytes);
        checkBuffer("allgatherv", "src", src, srcBytes);
        long[][] counts = new long[1][];
        blocking(team, "allgatherv", srcBytes, () -> counts[0] = doAllgatherv(team, dst, src, srcBytes));
        return counts[0];
    }

    /** Non-blocking {@link #allgatherv}; each member's count lands in {@code countsOut} (length = team size). */
    public Event allgathervNB(Team team, MemorySegment dst, MemorySegment src, long srcBytes, long[] countsOut) {
        team.checkUsable("allgathervNB");
        checkCount("allgathervNB", srcBytes);
        checkBuffer("allgathervNB", "src", src, srcBytes);
        if (countsOut == null || countsOut.length != team.size()) {
            throw new BadArgumentException("allgathervNB on PE " + client.jobRank() + ": countsOut must have "
                    + team.size() + " elements");
        }
        return nonBlocking(team, "allgathervNB", srcBytes, () -> {
            long[] c = doAllgatherv(team, dst, src, srcBytes);
            System.arraycopy(c, 0, countsOut, 0, c.length);
        });
    }

    private long[] doAllgatherv(Team team, MemorySegment dst, MemorySegment src, long srcBytes) {
        long[] counts = team.algorithms().allgatherLongs(srcBytes);
        long total = Arrays.stream(counts).sum();
        // Every member learns the total at the same time, so every member with too small a
        // buffer fails here, before any data moves (the others would then wait: a usage error).
        checkBuffer("allgatherv", "dst", dst, total);
        team.algorithms().allgather(src, dst, counts);
        return counts;
    }

    /**
     * Scatter (MPI_Scatter): block m ({@code bytesEach} bytes) of the root's {@code src} lands in
     * member m's {@code dst}; {@code src} matters only at the root.
     */
    public void scatter(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkScatter(team, root, dst, src, bytesEach, "scatter");
        blocking(team, "scatter", bytesEach, () -> team.algorithms().scatter(root, src, dst, bytesEach));
    }

    /** Non-blocking {@link #scatter}. */
    public Event scatterNB(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkScatter(team, root, dst, src, bytesEach, "scatterNB");
        return nonBlocking(team, "scatterNB", bytesEach, () -> team.algorithms().scatter(root, src, dst, bytesEach));
    }

    private void checkScatter(Team team, int root, MemorySegment dst, MemorySegment src, long bytesEach, String op) {
        team.checkUsable(op);
        team.checkRank(op + " root", root);
        checkCount(op, bytesEach);
        checkBuffer(op, "dst", dst, bytesEach);
        if (team.rank() == root) {
            checkBuffer(op, "src", src, bytesEach * team.size());
        }
    }

    /**
     * All-to-all ({@code shmem_alltoall}): block m ({@code bytesEach} bytes) of every member's
     * {@code src} goes to member m, landing at block (sender's rank) of its {@code dst}.
     */
    public void alltoall(Team team, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkAlltoall(team, dst, src, bytesEach, "alltoall");
        blocking(team, "alltoall", bytesEach, () -> team.algorithms().alltoall(src, dst, bytesEach));
    }

    /** Non-blocking {@link #alltoall}. */
    public Event alltoallNB(Team team, MemorySegment dst, MemorySegment src, long bytesEach) {
        checkAlltoall(team, dst, src, bytesEach, "alltoallNB");
        return nonBlocking(team, "alltoallNB", bytesEach, () -> team.algorithms().alltoall(src, dst, bytesEach));
    }

    private void checkAlltoall(Team team, MemorySegment dst, MemorySegment src, long bytesEach, String op) {
        team.checkUsable(op);
        checkCount(op, bytesEach);
        checkBuffer(op, "src", src, bytesEach * team.size());
        checkBuffer(op, "dst", dst, bytesEach * team.size());
        if (dst == src) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": dst and src must be distinct buffers");
        }
    }

    // ---------------------------------------------------------------- checks

    private static long[] equal(Team team, long bytesEach) {
        long[] counts = new long[team.size()];
        Arrays.fill(counts, bytesEach);
        return counts;
    }

    private void checkCount(String op, long bytes) {
        if (bytes < 0) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": byte count " + bytes + " is negative");
        }
    }

    private void checkArrays(String op, int dst, int src) {
        if (dst != src) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": dst has " + dst
                    + " elements but src has " + src);
        }
    }

    private void checkBuffer(String op, String name, MemorySegment buffer, long bytes) {
        if (buffer == null) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " is null");
        }
        if (buffer.byteSize() < bytes) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " holds "
                    + buffer.byteSize() + " bytes but " + bytes + " are needed");
        }
        if (buffer.isReadOnly() && name.equals("dst")) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": dst is read-only");
        }
    }
}
