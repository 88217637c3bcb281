package org.pgas4j.mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * The machinery under one {@link Mpi}: the registered memory and its heap, the facade's active
 * message handlers and its {@link Mailbox} (the shared-memory fast path to mapped processes), the
 * arrivals per communicator, the origin table, and the progress loop that steps every operation
 * in progress. Handlers only copy what they received and queue it for the program's thread; what
 * the mailbox delivers (in the program's thread's own poll) is acted on at once; data moves in
 * {@link #progress()}, on the program's thread.
 */
final class Engine {
    final Client client;
    final ActiveMessages am;
    final Rma rma;
    final Team world;
    final MemorySegment registered;
    final RmaHeap heap;
    final OriginTable origins = new OriginTable();
    final int handlerBase;
    final long eagerLimit;
    final boolean checked;
    final int jobRank;
    final int jobSize;
    /** Where eager payloads are composed (the program's thread only). */
    final MemorySegment scratch;
    private final Arena arena = Arena.ofShared();
    private final Map<Integer, Arrivals> arrivals = new ConcurrentHashMap<>();
    /** The operations in progress, in start order: {@code [0, activeCount)} (an array: starting and dropping allocate nothing). */
    private Op[] active = new Op[8];
    private int activeCount;
    /**
     * What active-message handlers received, to be acted on by the program's thread (handlers
     * may run on other threads): the arrivals, the origin table and origin buffers are the
     * program thread's alone, so none of them takes a lock.
     */
    private final Queue<Runnable> deliveries = new ConcurrentLinkedQueue<>();
    private final Backoff backoff;
    /** The shared-memory fast path towards mapped processes, or null when off or without room. */
    final Mailbox mailbox;
    /** Where the mailbox region lies in the registered segment (never handed out by the heap), or -1. */
    final long mailboxOffset;
    private final Mailbox.Sink sink = this::deliver;
    private final int[] noticeArgs = new int[1];
    /** The records of arriving requests (program thread). */
    private final ArrivalRecords records = new ArrivalRecords();
    private int nextCommId = 1;
    /** Steps between two polls of the core while the mailbox carries the traffic (see {@link #progress}). */
    private static final int AM_POLL_EVERY = 8;
    private int stepsSinceAmPoll;
    /** Whether the last poll of the core ran something. */
    private boolean amBusy = true;
    /** This process's statistics counters ({@link Stats#ON}), or null. */
    final PeStats stats;
    private volatile boolean closed;

    Engine(Client client, MemorySegment registered) {
        this.client = client;
        this.am = client.am();
        this.rma = client.rma();
        this.world = client.world();
        this.registered = registered;
        this.heap = new RmaHeap(registered.byteSize());
        this.handlerBase = MpiSettings.AM_BASE.value();
        this.checked = MpiSettings.CHECKED.value();
        this.jobRank = client.jobRank();
        this.jobSize = client.jobSize();
        this.stats = Stats.ON ? PeStats.of(client.jobId(), jobRank) : null;
        long limit = MpiSettings.EAGER_LIMIT.value();
        long room = am.maxRequestMedium(world, jobRank) - 4096;
        this.eagerLimit = Math.min(limit, room);
        this.backoff = new Backoff(client.neighbourhood().length, client::parkUntilMessage);
        this.scratch = arena.allocate(am.maxRequestMedium(world, jobRank), 64);
        long box = Mailbox.bytes(jobSize);
        // first allocation of the heap: the same offset on every process
        long boxAt = MpiSettings.MAILBOX.value() && box <= registered.byteSize() / 4 ? heap.allocate(box) : -1;
        this.mailboxOffset = boxAt;
        this.mailbox = boxAt < 0 ? null : new Mailbox(rma, world, registered, boxAt, jobRank, jobSize,
                client.neighbourhood(), arena.allocate(Mailbox.SLOT, 64));
        am.register(handlerBase + Wire.REQUEST, AmCategory.MEDIUM, this::onRequest);
        am.register(handlerBase + Wire.NOTICE, AmCategory.SHORT, this::onNotice);
        am.register(handlerBase + Wire.GET_DATA, AmCategory.MEDIUM, this::onGetData);
        am.register(handlerBase + Wire.FAILED, AmCategory.MEDIUM, this::onFailed);
    }

    // ---------------------------------------------------------------- state

    void checkOpen(String op) {
        if (closed) {
            throw new IllegalStateException(op + " on process " + jobRank + ": this Mpi is closed");
        }
    }

    boolean isClosed() {
        return closed;
    }

    void markClosed() {
        closed = true;
        arena.close();
    }

    Arrivals arrivals(int commId) {
        LastArrivals last = lastArrivals;
        if (last != null && last.commId == commId) {
            return last.arrivals; // most requests go to the communicator of the one before
        }
        Arrivals a = arrivals.computeIfAbsent(commId, k -> new Arrivals(jobSize));
        lastArrivals = new LastArrivals(commId, a);
        return a;
    }

    private record LastArrivals(int commId, Arrivals arrivals) {
    }

    /** The communicator whose arrivals were asked for last (handlers may run on other threads: one immutable pair). */
    private volatile LastArrivals lastArrivals;

    int takeCommId() {
        return nextCommId;
    }

    void commIdUsed(int id) {
        nextCommId = id + 1;
    }

    /** The offset in the registered segment of {@code m} when all of it lies there, else -1. */
    long registeredOffset(MemorySegment m) {
        if (!m.isNative()) {
            return -1;
        }
        long off = m.address() - registered.address();
        return off >= 0 && off <= registered.byteSize() - m.byteSize() ? off : -1;
    }

    // ---------------------------------------------------------------- progress

    /** Starts {@code op}: it joins the active operations and is stepped once. */
    void start(Op op) {
        MemorySegment b = op.buffer();
        if (b != null && b.byteSize() > 0) {
            for (int i = 0; i < activeCount; i++) {
                Op o = active[i];
                MemorySegment ob = o.buffer();
                if (ob != null && !o.isDone() && ob.byteSize() > 0 && ob.asOverlappingSlice(b).isPresent()) {
                    throw new IllegalStateException(op.describe() + ": its servicing buffer overlaps that of "
                            + o.describe() + ", which is still active; a buffer serves one servicing operation at a "
                            + "time");
                }
            }
        }
        if (activeCount == active.length) {
            active = java.util.Arrays.copyOf(active, activeCount * 2);
        }
        active[activeCount++] = op;
        op.step();
    }

    /** The finished blocking ACCEPT or OFFER kept for the next one, or null (program thread). */
    private ServiceOp idleServiceOp;

    /** A finished servicing operation to {@linkplain ServiceOp#reset reset} and start, or null for none. */
    ServiceOp takeIdleServiceOp() {
        ServiceOp s = idleServiceOp;
        idleServiceOp = null;
        return s;
    }

    /**
     * A blocking servicing operation's call returned: when {@code s} is done it leaves the active
     * operations now (not at the next progress step) and is kept for the next blocking one, so
     * that a blocking ACCEPT or OFFER allocates no operation object.
     */
    void release(ServiceOp s) {
        if (!s.isDone()) {
            return; // still active (its wait ended with an exception): not reused
        }
        for (int i = activeCount - 1; i >= 0; i--) {
            if (active[i] == s) {
                System.arraycopy(active, i + 1, active, i, activeCount - i - 1);
                active[--activeCount] = null;
                break;
            }
        }
        s.forget();
        idleServiceOp = s;
    }

    /**
     * Polls the core (running the facade's handlers), then steps every active operation in start
     * order and drops the finished ones.
     */
    void progress() {
        // With the mailbox carrying the traffic of mapped peers, the core is polled every
        // AM_POLL_EVERY-th step (and every step while it has something): a spinning wait then
        // sees its mailbox sooner, and active messages wait at most a few steps more.
        if (mailbox == null || amBusy || ++stepsSinceAmPoll >= AM_POLL_EVERY) {
            stepsSinceAmPoll = 0;
            amBusy = am.poll() > 0;
        }
        if (mailbox != null) {
            mailbox.poll(sink);
        }
        Runnable d;
        while ((d = deliveries.poll()) != null) {
            d.run();
        }
        int n = activeCount;
        if (n == 0) {
            return;
        }
        boolean finished = false;
        for (int i = 0; i < n; i++) { // steps start no operations: the array stays put
            Op op = active[i];
            if (!op.isDone()) {
                op.step();
            }
            finished |= op.isDone();
        }
        if (finished) {
            int all = activeCount;
            int kept = 0;
            for (int i = 0; i < all; i++) {
                Op op = active[i];
                if (!op.isDone()) {
                    active[kept++] = op;
                }
            }
            java.util.Arrays.fill(active, kept, all, null);
            activeCount = kept;
        }
    }

    /**
     * Advances everything until {@code op} is done: spins briefly, then yields, then parks. Each
     * call is one {@link Stats#WAIT_MPI_WAIT} wait when statistics are on.
     */
    void await(Op op) {
        if (closed) {
            checkOpen(op.describe());
        }
        if (Stats.ON && stats != null) {
            long t0 = System.nanoTime();
            spin(op);
            stats.waited(Stats.WAIT_MPI_WAIT, System.nanoTime() - t0);
            return;
        }
        spin(op);
    }

    private void spin(Op op) {
        for (int i = 0; !op.isDone(); ) {
            progress();
            if (!op.isDone()) {
                i = idle(i);
            }
        }
    }

    /**
     * Idles once in a wait ({@link Backoff}); returns the count to pass next, 0 after a park that a
     * message ended, whose next {@link #progress()} then polls the active messages at once.
     */
    int idle(int i) {
        int next = backoff.idle(i);
        if (next == 0) {
            amBusy = true;
        }
        return next;
    }

    // ---------------------------------------------------------------- sending

    /**
     * Sends a request composed in {@code src} ({@code [0, length)}) with its {@link Wire#ARGS}
     * arguments to {@code target}: through the mailbox when the target is mapped and it fits,
     * else as an active message.
     */
    void sendRequest(int target, MemorySegment src, long length, int[] args) {
        if (mailbox == null || !mailbox.send(target, Wire.REQUEST, args, Wire.ARGS, src, 0, length)) {
            am.requestMedium(world, target, handlerBase + Wire.REQUEST, src, 0, length, args, Wire.ARGS);
        }
    }

    /** Sends an eager GET's data ({@code [0, length)} of {@code src}) to the origin of request {@code requestId}. */
    void sendGetData(int origin, MemorySegment src, long length, int requestId) {
        noticeArgs[0] = requestId;
        if (mailbox == null || !mailbox.send(origin, Wire.GET_DATA, noticeArgs, 1, src, 0, length)) {
            am.requestMedium(world, origin, handlerBase + Wire.GET_DATA, src, 0, length, requestId);
        }
    }

    // ---------------------------------------------------------------- answers to origins

    void notifyServiced(Incoming in) {
        if (in.requestId != 0) {
            if (mailbox == null || !mailbox.sendNotice(in.sourceJob, in.requestId)) {
                am.requestShort(world, in.sourceJob, handlerBase + Wire.NOTICE, in.requestId);
            }
        }
    }

    void notifyFailed(Incoming in, String why) {
        if (in.requestId == 0) {
            return;
        }
        byte[] text = why.getBytes(StandardCharsets.UTF_8);
        int n = (int) Math.min(text.length, scratch.byteSize());
        MemorySegment.copy(MemorySegment.ofArray(text), 0, scratch, 0, n);
        am.requestMedium(world, in.sourceJob, handlerBase + Wire.FAILED, scratch, 0, n, in.requestId);
    }

    // ---------------------------------------------------------------- handlers (record only)

    private void onRequest(AmToken t) {
        if (t.argCount() != Wire.ARGS) {
            throw new IllegalStateException("MPI request from PE " + t.sourceJobRank() + " has " + t.argCount()
                    + " arguments, not " + Wire.ARGS);
        }
        request(t.sourceJobRank(), t.arg(0), t.arg(1), t.arg(2), t.arg(3), t.arg(4), t.arg(5), t.arg(6), t.payload(), 0,
                t.payloadLength(), false);
    }

    /**
     * Records a request that arrived from {@code source}, its payload at {@code [at0, end)} of
     * {@code p}; one that the mailbox delivered ({@code polled}: on the program's thread) and that
     * a started servicing operation takes is serviced at once instead, straight from the slot.
     */
    private void request(int source, int kind, int commId, int tag, int seq, int epoch, int requestId, int flags,
                         MemorySegment p, long at0, long end, boolean polled) {
        long len = end - at0;
        if ((flags & Wire.COMPACT) != 0) {
            compactRequest(source, kind, commId, tag, seq, epoch, requestId, flags, p, at0, end, polled);
            return;
        }
        if (kind < Wire.MESSAGE || kind > Wire.GETC || len < Wire.HEADER_BYTES) {
            throw new IllegalStateException("MPI request from PE " + source + ": kind " + kind
                    + " or payload of " + len + " bytes is invalid");
        }
        long disp = p.get(Wire.LONG, at0);
        long count = p.get(Wire.LONG, at0 + 8);
        long bytes = p.get(Wire.LONG, at0 + 16);
        long originOffset = p.get(Wire.LONG, at0 + 24);
        long at = at0 + Wire.HEADER_BYTES;
        TypeMap map = null;
        if (kind != Wire.MESSAGE) {
            map = TypeMap.readFrom(p, at, end);
            if (map == null) {
                throw new IllegalStateException("MPI request from PE " + source + ": malformed type map");
            }
            at += map.encodedBytes();
        }
        long checksum = 0;
        if ((flags & Wire.CHECKSUM) != 0) {
            checksum = p.get(Wire.LONG, at);
            at += Wire.CHECKSUM_BYTES;
        }
        TypeMap originMap = null;
        if ((flags & Wire.ORIGIN_LAYOUT) != 0) {
            originMap = TypeMap.readFrom(p, at, end);
            if (originMap == null || originMap.size == 0 || bytes % originMap.size != 0) {
                throw new IllegalStateException("MPI request from PE " + source + ": malformed origin layout");
            }
            at += originMap.encodedBytes();
        }
        MemorySegment data = null;
        long dataAt = 0;
        if ((flags & Wire.EAGER) != 0 && kind != Wire.GET && kind != Wire.GETHOLD && kind != Wire.GETC) {
            if (bytes < 0 || end - at != bytes) {
                throw new IllegalStateException("MPI request from PE " + source + " announces " + bytes
                        + " bytes but carries " + (end - at));
            }
            data = p;
            dataAt = at;
        }
        arrived(arrival(polled).set(kind, commId, tag, seq, epoch, requestId, flags, source,
                disp, count, bytes, originOffset, map, data, dataAt, checksum, originMap), polled);
    }

    /** Records a {@link Wire#COMPACT} request: the displacement, then the data, the type in the flags. */
    private void compactRequest(int source, int kind, int commId, int tag, int seq, int epoch, int requestId, int flags,
                                MemorySegment p, long at0, long end, boolean polled) {
        int extent = (flags >>> Wire.EXTENT_SHIFT) & 0xf;
        long bytes = end - at0 - Wire.COMPACT_HEADER_BYTES;
        if (!Wire.isPutKind(kind) || (flags & Wire.EAGER) == 0 || extent < 1 || extent > 8 || bytes < 0
                || bytes % extent != 0) {
            throw new IllegalStateException("MPI request from PE " + source + ": compact request of kind " + kind
                    + ", extent " + extent + " and " + bytes + " bytes is invalid");
        }
        arrived(arrival(polled).set(kind, commId, tag, seq, epoch, requestId, flags, source, p.get(Wire.LONG, at0),
                bytes / extent, bytes, -1, TypeMap.primitive(extent), p, at0 + Wire.COMPACT_HEADER_BYTES, 0, null),
                polled);
    }

    /**
     * Files a request that arrived: serviced at once from the slot when the mailbox delivered it
     * ({@code polled}) and a started operation takes it, else queued (a copy of its data).
     */
    private void arrived(Incoming in, boolean polled) {
        int kind = in.kind;
        if (!polled) {
            Incoming queued = in.detached(); // a handler, maybe on another thread: the program's thread files it
            deliveries.add(() -> arrivals(queued.commId).arrive(queued));
            return;
        }
        boolean reused = records.filing(in);
        try {
            Arrivals a = arrivals(in.commId);
            if (kind != Wire.MESSAGE && serviceNow(a, in)) {
                return;
            }
            a.arrive(records.queuedCopy(in));
        } finally {
            if (reused) {
                records.filed();
            }
        }
    }

    /** A queued arrival was serviced and nothing keeps it (program thread): see {@link ArrivalRecords#recycle}. */
    void recycle(Incoming in) {
        records.recycle(in);
    }

    /**
     * The record to fill for a request that arrived: for one the mailbox delivered on the program's
     * thread, the engine's refilled one (so that it allocates nothing); for a handler's, a new one.
     */
    private Incoming arrival(boolean polled) {
        return polled ? records.forDelivery() : new Incoming(false);
    }

    /**
     * Services {@code in} at once when the operation that would take it at the next step is
     * already started: the first active servicing operation of its communicator that accepts it,
     * with nothing queued before it (what {@link ServiceOp#step} would do, without queueing a copy).
     */
    private boolean serviceNow(Arrivals a, Incoming in) {
        for (int i = 0, n = activeCount; i < n; i++) {
            if (active[i] instanceof ServiceOp s && !s.isDone() && s.takesFrom(a) && s.accepts(in)) {
                if (!a.consumeInOrder(in.sourceJob, in.seq)) {
                    return false;
                }
                s.service(in);
                return true;
            }
        }
        return false;
    }

    /** What the mailbox delivers: the same messages as the active-message handlers. */
    private void deliver(int type, int source, int[] a, MemorySegment m, long at, long length) {
        switch (type) {
            case Wire.REQUEST -> request(source, a[0], a[1], a[2], a[3], a[4], a[5], a[6], m, at, at + length, true);
            case Wire.NOTICE -> notice(a[0]);
            case Wire.GET_DATA -> getData(a[0], m, at, length);
            default -> throw new IllegalStateException("MPI mailbox from PE " + source + ": message type " + type);
        }
    }

    private void onNotice(AmToken t) {
        int id = t.arg(0);
        deliveries.add(() -> notice(id));
    }

    /** The request {@code id} is serviced (program thread). */
    private void notice(int id) {
        OriginRecord r = origins.remove(id);
        if (r == null) {
            return;
        }
        if (r.staging >= 0) {
            if (r.destination != null || r.destinationArray != null) { // a staged GET
                r.deliver(registered, r.staging, r.bytes);
            }
            heap.release(r.staging);
        }
        origins.settle(r);
    }

    private void onGetData(AmToken t) {
        int id = t.arg(0);
        MemorySegment data = MemorySegment.ofArray(new byte[(int) t.payloadLength()]);
        MemorySegment.copy(t.payload(), 0, data, 0, data.byteSize());
        deliveries.add(() -> getData(id, data, 0, data.byteSize()));
    }

    /** A small GET's data arrived (program thread, which may own the origin buffer). */
    private void getData(int id, MemorySegment p, long at, long length) {
        OriginRecord r = origins.remove(id);
        if (r == null) {
            return;
        }
        r.deliver(p, at, Math.min(length, r.bytes));
        origins.settle(r);
    }

    private void onFailed(AmToken t) {
        int id = t.arg(0);
        byte[] text = new byte[(int) t.payloadLength()];
        MemorySegment.copy(t.payload(), 0, MemorySegment.ofArray(text), 0, text.length);
        deliveries.add(() -> failed(id, new String(text, StandardCharsets.UTF_8)));
    }

    /** The request {@code id} was refused by its servicer (program thread). */
    private void failed(int id, String why) {
        OriginRecord r = origins.remove(id);
        if (r == null) {
            return;
        }
        if (r.staging >= 0) {
            heap.release(r.staging);
        }
        origins.fail(r, why);
    }
}
