package org.pgas4j;

import static java.lang.foreign.ValueLayout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.Scratch;
import org.pgas4j.internal.StagedCompletion;
import org.pgas4j.internal.SyncCompletion;
import org.pgas4j.internal.kinds.DeviceMemory;
import org.pgas4j.internal.kinds.DeviceRemoteMemory;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.Transport;

/**
 * One-sided put and get (GASNet-EX's {@code gex_RMA_*}) between local memory (a
 * {@link MemorySegment} or a primitive array) and the bound, published segment of a remote
 * endpoint, addressed as (team, rank, byte offset into that segment).
 *
 * <h2>Forms and completion</h2>
 * <ul>
 * <li><b>Blocking</b> ({@code put}, {@code get}, {@code putLong}, ...): on return the operation is
 *     complete. For a put, the source may be reused (local completion) and the data is visible to
 *     every later access at the target, by any PE (remote completion). For a get, the data is in
 *     the destination.</li>
 * <li><b>Non-blocking with an event</b> ({@code putNB}, {@code getNB}): on return the source of a put
 *     may be reused (local completion is immediate, like {@code GEX_EVENT_NOW}); the returned
 *     {@link Event} completes when the put is visible at the target or the get's destination holds
 *     the data. Until then the destination of a get must not be read.</li>
 * <li><b>Implicit</b> ({@code putNBI}, {@code getNBI}): the same local completion on return; remote
 *     completion of every implicit operation this client initiated, from any thread, is reached by
 *     {@link #waitNbi()} ({@code gex_NBI_Wait}) or observed by {@link #testNbi()}.</li>
 * </ul>
 * Operations are not ordered with one another unless completed in between: a put followed by a
 * put of a flag needs the first to be complete (blocking, event or {@code waitNbi}) before the
 * flag is written for a peer to see both in order.
 *
 * <h2>Checks</h2>
 * Every call checks, before anything moves: the client is open; {@code rank} is a rank of the
 * team; the target endpoint has a published, not destroyed segment; {@code [offset, offset +
 * length)} lies in it; the local range lies in the local buffer. A failed check throws
 * {@link BadArgumentException} (or {@link IllegalStateException} after close) naming the PE, the
 * rank, the segment, the offset, the length and the bounds. Nothing is ever written outside a
 * segment.
 *
 * <h2>Resolved peers</h2>
 * Every form that takes (team, rank) also takes a {@link Peer}, the handle {@link #peer(Team, int)}
 * returns: {@code putNBI(peer, dstOffset, src, srcIndex, count)} is
 * {@code putNBI(team, rank, dstOffset, src, srcIndex, count)} with the team, rank and target
 * segment checked once, when the handle was made, instead of on every call. Such calls check the
 * bounds and that the handle belongs to this client and its segment is still the one published;
 * a handle whose team was destroyed or whose client closed is refused with
 * {@link IllegalStateException}, and one whose segment was destroyed with the same
 * {@link BadArgumentException} as the team form. For code that addresses the same PEs again and
 * again (a facade, a halo exchange).
 *
 * <p>On the {@code shm} and {@code local} transports a host segment is mapped by every PE and
 * these calls are plain copies into the mapping plus the fence the form needs: no allocation, no
 * lock.
 */
public final class Rma extends TypedRma {
    private final Transport transport;
    private final IdleStrategy idle;
    private final JobHealth health;
    private final Runnable progress;
    private final AtomicLong nbiPending = new AtomicLong();
    private volatile RuntimeException nbiFailure;
    private final Completion nbiCompletion = new Completion() {
        @Override
        public void localComplete() {
            // Implicit operations are locally complete before their call returns.
        }

        @Override
        public void remoteComplete() {
            nbiPending.decrementAndGet();
        }

        @Override
        public void failed(RuntimeException cause) {
            nbiFailure = cause;
            nbiPending.decrementAndGet();
        }
    };

    Rma(Client client, Transport transport, IdleStrategy idle, JobHealth health) {
        super(client);
        this.transport = transport;
        this.idle = idle;
        this.health = health;
        this.progress = transport::progress;
    }

    // ---------------------------------------------------------------- resolved peers

    /**
     * The resolved handle of (team, rank) ({@link Peer}): checks what every RMA checks (the client
     * is open, the team not destroyed, {@code rank} a rank of it, and a segment published there),
     * once; the {@code Peer} forms of this class and of {@link Atomics} then check only the
     * bounds and that the segment is still the one published. The same handle is returned for
     * the same (team, rank).
     *
     * @throws BadArgumentException if {@code rank} is out of range or nothing usable is published there
     * @throws IllegalStateException if the client is closed or the team destroyed
     */
    public Peer peer(Team team, int rank) {
        if (team == null) {
            throw new BadArgumentException("peer on PE " + client.jobRank() + ": team is null");
        }
        return client.peer(team, rank, "peer");
    }

    // ---------------------------------------------------------------- segments

    /**
     * Blocking put of {@code length} bytes of {@code src} from {@code srcOffset} to
     * {@code dstOffset} in the segment of (team, rank) ({@code gex_RMA_PutBlocking}).
     */
    public void put(Team team, int rank, long dstOffset, MemorySegment src, long srcOffset, long length) {
        putSegment(team, rank, dstOffset, src, srcOffset, length, BLOCKING, "put");
    }

    /** Blocking put of the whole of {@code src}. */
    public void put(Team team, int rank, long dstOffset, MemorySegment src) {
        putSegment(team, rank, dstOffset, src, 0, src.byteSize(), BLOCKING, "put");
    }

    /** Non-blocking put with an event ({@code gex_RMA_PutNB}); {@code src} may be reused on return. */
    public Event putNB(Team team, int rank, long dstOffset, MemorySegment src, long srcOffset, long length) {
        return putSegment(team, rank, dstOffset, src, srcOffset, length, NB, "putNB");
    }

    /** Implicit put ({@code gex_RMA_PutNBI}); complete it with {@link #waitNbi()}. */
    public void putNBI(Team team, int rank, long dstOffset, MemorySegment src, long srcOffset, long length) {
        putSegment(team, rank, dstOffset, src, srcOffset, length, NBI, "putNBI");
    }

    /**
     * Blocking get of {@code length} bytes from {@code srcOffset} in the segment of (team, rank)
     * into {@code dst} at {@code dstOffset} ({@code gex_RMA_GetBlocking}).
     */
    public void get(Team team, int rank, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        getSegment(team, rank, srcOffset, dst, dstOffset, length, BLOCKING, "get");
    }

    /** Non-blocking get with an event ({@code gex_RMA_GetNB}): read {@code dst} only once it completes. */
    public Event getNB(Team team, int rank, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        return getSegment(team, rank, srcOffset, dst, dstOffset, length, NB, "getNB");
    }

    /** Implicit get ({@code gex_RMA_GetNBI}); {@code dst} holds the data after {@link #waitNbi()}. */
    public void getNBI(Team team, int rank, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        getSegment(team, rank, srcOffset, dst, dstOffset, length, NBI, "getNBI");
    }

    // ---------------------------------------------------------------- local segments of any kind

    /**
     * Blocking put from this client's segment {@code src} (of any kind, device memory included)
     * at {@code srcOffset} to {@code dstOffset} in the segment of (team, rank). Device memory is
     * copied with its kind's copy functions: straight into a mapped destination, device to device
     * through an IPC handle, or staged through host memory in chunks.
     */
    public void put(Team team, int rank, long dstOffset, Segment src, long srcOffset, long length) {
        putFromSegment(team, rank, dstOffset, src, srcOffset, length, BLOCKING, "put");
    }

    /**
     * {@link #put(Team, int, long, Segment, long, long)} with an event. A put from device memory
     * that must be staged through host memory completes before this returns (the event is done).
     */
    public Event putNB(Team team, int rank, long dstOffset, Segment src, long srcOffset, long length) {
        return putFromSegment(team, rank, dstOffset, src, srcOffset, length, NB, "putNB");
    }

    /** {@link #put(Team, int, long, Segment, long, long)} with implicit completion ({@link #waitNbi()}). */
    public void putNBI(Team team, int rank, long dstOffset, Segment src, long srcOffset, long length) {
        putFromSegment(team, rank, dstOffset, src, srcOffset, length, NBI, "putNBI");
    }

    /**
     * Blocking get from {@code srcOffset} in the segment of (team, rank) into this client's
     * segment {@code dst} (of any kind) at {@code dstOffset}.
     */
    public void get(Team team, int rank, long srcOffset, Segment dst, long dstOffset, long length) {
        getIntoSegment(team, rank, srcOffset, dst, dstOffset, length, BLOCKING, "get");
    }

    /**
     * {@link #get(Team, int, long, Segment, long, long)} with an event. A get into device memory
     * that must be staged through host memory completes before this returns.
     */
    public Event getNB(Team team, int rank, long srcOffset, Segment dst, long dstOffset, long length) {
        return getIntoSegment(team, rank, srcOffset, dst, dstOffset, length, NB, "getNB");
    }

    /** {@link #get(Team, int, long, Segment, long, long)} with implicit completion ({@link #waitNbi()}). */
    public void getNBI(Team team, int rank, long srcOffset, Segment dst, long dstOffset, long length) {
        getIntoSegment(team, rank, srcOffset, dst, dstOffset, length, NBI, "getNBI");
    }

    private Event putFromSegment(Team team, int rank, long dstOffset, Segment src, long srcOffset, long length,
                                 int form, String op) {
        checkLocalSegment(op, "src", src, srcOffset, length);
        DeviceMemory device = src.device();
        if (device == null) {
            return putSegment(team, rank, dstOffset, src.hostView(), srcOffset, length, form, op);
        }
        PeerTarget t = client.target(team, rank, dstOffset, length, op);
        if (t.direct != null) {
            device.copyToHost(srcOffset, t.direct, dstOffset, length);
            return completeDirectPut(form);
        }
        if (t.memory instanceof DeviceRemoteMemory d && d.device().copyFromDevice(dstOffset, device, srcOffset, length)) {
            return completeDirectPut(form);
        }
        // Staged: each chunk leaves as soon as the previous one's staging is free again.
        MemorySegment staging = staging();
        StagedCompletion c = StagedCompletion.forThisThread();
        for (long done = 0; done < length; done += staging.byteSize()) {
            long n = Math.min(staging.byteSize(), length - done);
            device.copyToHost(srcOffset + done, staging, 0, n);
            c.chunkStarting();
            t.memory.put(dstOffset + done, staging, 0, n, c);
            c.awaitLocal(progress);
        }
        c.awaitAll(progress);
        return Event.DONE;
    }

    private Event getIntoSegment(Team team, int rank, long srcOffset, Segment dst, long dstOffset, long length,
                                 int form, String op) {
        checkLocalSegment(op, "dst", dst, dstOffset, length);
        DeviceMemory device = dst.device();
        if (device == null) {
            return getSegment(team, rank, srcOffset, dst.hostView(), dstOffset, length, form, op);
        }
        PeerTarget t = client.target(team, rank, srcOffset, length, op);
        if (t.direct != null) {
            device.copyFromHost(dstOffset, t.direct, srcOffset, length);
            VarHandle.acquireFence();
            return Event.DONE;
        }
        if (t.memory instanceof DeviceRemoteMemory d && device.copyFromDevice(dstOffset, d.device(), srcOffset, length)) {
            VarHandle.acquireFence();
            return Event.DONE;
        }
        MemorySegment staging = staging();
        for (long done = 0; done < length; done += staging.byteSize()) {
            long n = Math.min(staging.byteSize(), length - done);
            viaTransport(false, t, srcOffset + done, staging, 0, n, BLOCKING);
            device.copyFromHost(dstOffset + done, staging, 0, n);
        }
        return Event.DONE;
    }

    /** This thread's staging buffer for device memory that has to pass through host memory. */
    private static MemorySegment staging() {
        return STAGING.get();
    }

    private static final long STAGING_BYTES = 256 << 10;
    private static final ThreadLocal<MemorySegment> STAGING =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(STAGING_BYTES, 64));

    private void checkLocalSegment(String op, String name, Segment local, long offset, long length) {
        if (local == null) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " segment is null");
        }
        if (local.client() != client) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " " + local
                    + " belongs to another client");
        }
        local.checkLive(op);
        local.checkRange(op + " (" + name + ")", offset, length);
    }

    // ---------------------------------------------------------------- implicit completion

    /**
     * Waits until every implicit ({@code NBI}) operation this client initiated is complete
     * ({@code gex_NBI_Wait}): puts visible at their targets, gets in their destinations.
     *
     * @throws RuntimeException the first failure of an implicit operation since the last wait
     */
    public void waitNbi() {
        client.checkBlocking("waitNbi");
        VarHandle.fullFence(); // direct-path implicit puts become visible in order here
        if (nbiPending.get() != 0) {
            transport.flushImplicit();
        }
        int i = 0;
        while (nbiPending.get() != 0) {
            transport.progress();
            if ((i & 63) == 63 && !health.ok()) {
                throw health.aborted("waitNbi");
            }
            i = idle.idle(i);
        }
        throwNbiFailure();
    }

    /**
     * How many implicit ({@code NBI}) operations of this client are not yet complete, without a
     * fence or progress (a puts-and-barrier caller may skip {@link #waitNbi()} when it is 0, since
     * the barrier's own fence orders the direct-path ones, which count as complete when issued).
     */
    public long nbiOutstanding() {
        return nbiPending.get();
    }

    /** Whether every implicit operation is complete ({@code gex_NBI_Test}), advancing progress once. */
    public boolean testNbi() {
        VarHandle.fullFence();
        if (nbiPending.get() != 0) {
            transport.flushImplicit();
            transport.progress();
        }
        boolean done = nbiPending.get() == 0;
        if (done) {
            throwNbiFailure();
        }
        return done;
    }

    private void throwNbiFailure() {
        RuntimeException f = nbiFailure;
        if (f != null) {
            nbiFailure = null;
            throw f;
        }
    }

    // ---------------------------------------------------------------- the two paths

    private Event putSegment(Team team, int rank, long dstOffset, MemorySegment src, long srcOffset, long length,
                             int form, String op) {
        checkLocal(op, "src", src, srcOffset, length);
        PeerTarget t = client.target(team, rank, dstOffset, length, op);
        MemorySegment d = t.direct;
        if (d != null) {
            MemorySegment.copy(src, srcOffset, d, dstOffset, length);
            return completeDirectPut(form);
        }
        return viaTransport(true, t, dstOffset, src, srcOffset, length, form);
    }

    private Event getSegment(Team team, int rank, long srcOffset, MemorySegment dst, long dstOffset, long length,
                             int form, String op) {
        checkLocal(op, "dst", dst, dstOffset, length);
        PeerTarget t = client.target(team, rank, srcOffset, length, op);
        MemorySegment d = t.direct;
        if (d != null) {
            MemorySegment.copy(d, srcOffset, dst, dstOffset, length);
            VarHandle.acquireFence(); // later accesses stay after the copy (and a polling loop re-reads)
            return Event.DONE;
        }
        return viaTransport(false, t, srcOffset, dst, dstOffset, length, form);
    }

    @Override
    Event putArray(Team team, int rank, long dstOffset, Object src, int srcLength, ValueLayout element,
                           int srcIndex, int count, int form, String op) {
        checkArray(op, "src", srcLength, srcIndex, count);
        long bytes = (long) count * element.byteSize();
        return putArray(client.target(team, rank, dstOffset, bytes, op), dstOffset, src, element, srcIndex, count,
                bytes, form);
    }

    @Override
    Event putArray(Peer peer, long dstOffset, Object src, int srcLength, ValueLayout element, int srcIndex,
                           int count, int form, String op) {
        checkArray(op, "src", srcLength, srcIndex, count);
        long bytes = (long) count * element.byteSize();
        return putArray(client.target(peer, dstOffset, bytes, op), dstOffset, src, element, srcIndex, count, bytes, form);
    }

    private Event putArray(PeerTarget t, long dstOffset, Object src, ValueLayout element, int srcIndex, int count,
                           long bytes, int form) {
        MemorySegment d = t.direct;
        if (d != null) {
            MemorySegment.copy(src, srcIndex, d, element, dstOffset, count);
            return completeDirectPut(form);
        }
        return viaTransport(true, t, dstOffset, heapOf(src), srcIndex * element.byteSize(), bytes, form);
    }

    @Override
    Event getArray(Team team, int rank, long srcOffset, Object dst, int dstLength, ValueLayout element,
                           int dstIndex, int count, int form, String op) {
        checkArray(op, "dst", dstLength, dstIndex, count);
        long bytes = (long) count * element.byteSize();
        return getArray(client.target(team, rank, srcOffset, bytes, op), srcOffset, dst, element, dstIndex, count,
                bytes, form);
    }

    @Override
    Event getArray(Peer peer, long srcOffset, Object dst, int dstLength, ValueLayout element, int dstIndex,
                           int count, int form, String op) {
        checkArray(op, "dst", dstLength, dstIndex, count);
        long bytes = (long) count * element.byteSize();
        return getArray(client.target(peer, srcOffset, bytes, op), srcOffset, dst, element, dstIndex, count, bytes, form);
    }

    private Event getArray(PeerTarget t, long srcOffset, Object dst, ValueLayout element, int dstIndex, int count,
                           long bytes, int form) {
        MemorySegment d = t.direct;
        if (d != null) {
            MemorySegment.copy(d, element, srcOffset, dst, dstIndex, count);
            VarHandle.acquireFence();
            return Event.DONE;
        }
        return viaTransport(false, t, srcOffset, heapOf(dst), dstIndex * element.byteSize(), bytes, form);
    }

    private static Event completeDirectPut(int form) {
        if (form != NBI) {
            // Remote completion: the stores leave this core's store buffer before we return.
            VarHandle.fullFence();
        }
        return Event.DONE;
    }

    private Event viaTransport(boolean put, PeerTarget t, long remoteOffset, MemorySegment local, long localOffset,
                               long length, int form) {
        switch (form) {
            case BLOCKING -> {
                SyncCompletion c = SyncCompletion.forThisThread();
                start(put, t, remoteOffset, local, localOffset, length, c);
                c.await(progress);
                return Event.DONE;
            }
            case NB -> {
                Event e = new Event(transport, idle, client.handlerContext());
                start(put, t, remoteOffset, local, localOffset, length, e.completion());
                return e;
            }
            default -> {
                nbiPending.incrementAndGet();
                if (put) {
                    t.memory.putImplicit(remoteOffset, local, localOffset, length, nbiCompletion);
                } else {
                    t.memory.get(remoteOffset, local, localOffset, length, nbiCompletion);
                }
                return null;
            }
        }
    }

    private static void start(boolean put, PeerTarget t, long remoteOffset, MemorySegment local, long localOffset,
                              long length, Completion c) {
        if (put) {
            t.memory.put(remoteOffset, local, localOffset, length, c);
        } else {
            t.memory.get(remoteOffset, local, localOffset, length, c);
        }
    }

    private static MemorySegment heapOf(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass());
        };
    }

    private void checkLocal(String op, String name, MemorySegment local, long offset, long length) {
        if (local == null) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " is null");
        }
        if (offset < 0 || length < 0 || offset > local.byteSize() - length) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " offset " + offset
                    + " and length " + length + " are outside the local buffer, whose bounds are [0, "
                    + local.byteSize() + ")");
        }
    }

    private void checkArray(String op, String name, int arrayLength, int index, int count) {
        if (index < 0 || count < 0 || index > arrayLength - count) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + name + " index " + index
                    + " and count " + count + " are outside the " + name + " array, whose bounds are [0, "
                    + arrayLength + ")");
        }
    }

    // ---------------------------------------------------------------- single values

    @Override
    MemorySegment putScratch(PeerTarget t, long offset, long bytes, MemorySegment scratch) {
        viaTransport(true, t, offset, scratch, 0, bytes, BLOCKING);
        return scratch;
    }

    @Override
    MemorySegment getScratch(PeerTarget t, long offset, long bytes) {
        MemorySegment scratch = Scratch.forThisThread();
        viaTransport(false, t, offset, scratch, 0, bytes, BLOCKING);
        return scratch;
    }
}
