package org.pgas4j.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.List;
import org.pgas4j.AccelerationHint;
import org.pgas4j.AtomicOp;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.JobAbortedException;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * GASPI 1.x with seed 003's application-provided segments, as a facade over the pgas4j core: one
 * {@code Gaspi} per rank, from {@link #init(long)} ({@code gaspi_proc_init}) to {@link #close()}
 * ({@code gaspi_proc_term}).
 *
 * <h2>Model</h2>
 * Ranks are the job's PEs. Segments are numbered by the application ({@code [0, 256)}, at most
 * {@link #segmentMax()} at once) and are either allocated by GASPI ({@link #segmentAlloc},
 * {@link #segmentCreate}) or memory the application already owns, bound by seed 003's
 * {@link #segmentBind} and {@link #segmentUse}; both kinds have the same capabilities. A segment
 * is reachable by a peer once registered with it ({@link #segmentRegister}, or the collective
 * procedures). One-sided requests are posted to queues and completed by {@link #wait(int, long)};
 * notifications announce data; collectives run over groups.
 *
 * <h2>Timeouts and errors</h2>
 * Every blocking procedure takes a timeout: {@link #BLOCK}, {@link #TEST} or milliseconds, and
 * returns {@link GaspiReturn#SUCCESS} or {@link GaspiReturn#TIMEOUT}; a timed-out collective is
 * completed by calling it again with the same arguments. Errors are {@link GaspiException}s with a
 * distinct {@link GaspiError}, thrown before anything is sent. A dead peer fails the procedures
 * waiting for it ({@link GaspiError#PEER_FAILED}) and is marked in {@link #stateVector()}.
 *
 * <h2>Management memory (seed 003 section 3)</h2>
 * Notification slots and collective mailboxes live in management memory that GASPI allocates
 * apart from every segment, found through a table from segment id; no byte of a bound buffer is
 * ever written by GASPI except by the data operations the application asks for, and
 * {@link #segmentDelete} releases only what GASPI acquired.
 *
 * <p>A {@code Gaspi} is used by one thread at a time.
 */
public final class Gaspi extends GaspiSegmentProcedures implements AutoCloseable {
    /** {@code GASPI_BLOCK}: wait as long as it takes. */
    public static final long BLOCK = -1;
    /** {@code GASPI_TEST}: do not wait; check once. */
    public static final long TEST = 0;
    /** {@code GASPI_GROUP_ALL}: every rank, committed at init. */
    public static final int GROUP_ALL = 0;
    /** Segment ids are in [0, SEGMENT_ID_LIMIT) ({@code gaspi_segment_id_t} is 8 bits). */
    public static final int SEGMENT_ID_LIMIT = 256;
    /** {@code GASPI_STATE_HEALTHY}. */
    public static final byte STATE_HEALTHY = Liveness.HEALTHY;
    /** {@code GASPI_STATE_CORRUPT}. */
    public static final byte STATE_CORRUPT = Liveness.CORRUPT;

    private final Client client;
    private final Arena arena;
    /** GASPI's management memory (notification slots, mailboxes), apart from every segment. */
    private final Segment managementSegment;
    private final Liveness liveness;
    private final Deadline deadline;
    private final Queues queues;
    private final PassiveTransfers passive;
    /** This rank's statistics counters ({@link Stats#ON}), or null. */
    private final PeStats stats;
    private boolean closed;

    private Gaspi(Client client) {
        int me = client.jobRank();
        int n = client.jobSize();
        int segments = GaspiSettings.SEGMENT_MAX.value();
        Management management = new Management(segments, GaspiSettings.NOTIFICATIONS.value(), n,
                GaspiSettings.GROUP_MAX.value());
        Team world = client.world();
        // Management memory: a runtime segment on an endpoint every rank creates first (so its index is the same).
        Endpoint mgmtEndpoint = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        Segment managementSegment = client.createSegment(management.size());
        managementSegment.memory().fill((byte) 0);
        management.attach(managementSegment.memory());
        mgmtEndpoint.bindSegment(managementSegment);
        world.publishBoundSegments(mgmtEndpoint);
        Team managementTeam = client.pair(client.primordialEndpoint(), mgmtEndpoint.index());
        Team self = world.split(me, 0);
        Arena arena = Arena.ofShared();
        Liveness liveness = Liveness.exchange(client, arena);
        Deadline deadline = new Deadline(client, liveness);
        SegmentTable table = new SegmentTable(client, segments);
        SegmentMaker maker = new SegmentMaker(client, self, table);
        Queues queues = new Queues(GaspiSettings.QUEUE_MAX.value(), GaspiSettings.QUEUE_SIZE_MAX.value(), client.rma());
        Groups groups = new Groups(GaspiSettings.GROUP_MAX.value(), n, me);
        GroupCollectives collectives = new GroupCollectives(
                new Mailboxes(client, management, managementTeam, deadline, arena), groups, arena);
        OneSided oneSided = new OneSided(client, table, queues, management, managementTeam, deadline, liveness);
        Messages messages = new Messages(client, table);
        Registration registration = new Registration(messages, table, collectives, groups, deadline, me, n);
        this.client = client;
        this.arena = arena;
        this.managementSegment = managementSegment;
        this.liveness = liveness;
        this.deadline = deadline;
        this.queues = queues;
        this.passive = new PassiveTransfers(table, messages, oneSided, deadline, arena);
        this.stats = Stats.ON ? PeStats.of(client.jobId(), me) : null;
        super(groups, collectives, me, n, management, table, maker, registration, oneSided);
        world.barrier(); // every rank's handlers are registered before any sends
    }

    /**
     * {@code gaspi_proc_init}: starts GASPI on this rank (collective over the job). The pgas4j
     * client is initialised without a primordial segment; GASPI's management memory is allocated
     * and published; then every rank waits for the others at most {@code timeout}.
     *
     * @throws GaspiException INVALID_TIMEOUT, or ERROR when the ranks did not meet within the timeout
     */
    public static Gaspi init(long timeout) {
        if (timeout < BLOCK) {
            throw new GaspiException(GaspiError.INVALID_TIMEOUT, "init: timeout " + timeout + " is negative");
        }
        Client client = Client.init(0);
        Gaspi g;
        try {
            g = new Gaspi(client);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        if (g.collectives.barrier(GROUP_ALL, timeout) != GaspiReturn.SUCCESS) { // not the application's: uncounted
            throw new GaspiException(GaspiError.ERROR, "init: not every rank arrived within " + timeout + " ms");
        }
        return g;
    }

    /** {@code gaspi_proc_term} with {@link #BLOCK}: see {@link #term(long)}. */
    @Override
    public void close() {
        term(BLOCK);
    }

    /**
     * {@code gaspi_proc_term}: completes every queue, waits for every rank at most {@code timeout}
     * (skipped once the job is failing), deletes every segment (releasing only what GASPI
     * acquired: bound memory stays the application's, untouched) and closes the client.
     * Idempotent.
     */
    public void term(long timeout) {
        if (closed) {
            return;
        }
        try {
            for (int q = 0; q < queues.max(); q++) {
                if (isQueue(q)) {
                    oneSided.waitQueue(q, timeout);
                }
            }
            if (client.isHealthy()) {
                collectives.barrier(GROUP_ALL, timeout);
            }
        } catch (GaspiException | JobAbortedException e) {
            // a failing job still releases what it holds
        } finally {
            closed = true;
            for (int id : table.ids()) {
                maker.release(table.remove(id));
            }
            maker.close();
            client.close();
            arena.close();
        }
    }

    private boolean isQueue(int q) {
        try {
            queues.check("term", q);
            return true;
        } catch (GaspiException e) {
            return false;
        }
    }

    @Override
    void checkOpen(String op) {
        if (closed) {
            throw new GaspiException(GaspiError.NOT_INITIALIZED, op + ": GASPI was terminated on this rank");
        }
    }

    /** The pgas4j client underneath. */
    public Client client() {
        return client;
    }

    /** {@code gaspi_proc_rank}. */
    public int rank() {
        return client.jobRank();
    }

    /** {@code gaspi_proc_num}. */
    public int ranks() {
        return client.jobSize();
    }

    /**
     * {@code gaspi_connect}: pgas4j connects every pair of ranks at init, so this only checks the
     * rank; kept so that GASPI programs (and seed 003's pseudo code) read as they do in C.
     */
    public GaspiReturn connect(int rank, long timeout) {
        checkOpen("connect");
        oneSided.checkRank("connect", rank);
        deadline.start(timeout, "connect");
        return GaspiReturn.SUCCESS;
    }

    /** {@code gaspi_disconnect}: see {@link #connect}. */
    public GaspiReturn disconnect(int rank, long timeout) {
        return connect(rank, timeout);
    }

    /**
     * {@code gaspi_state_vec_get}: one state per rank, {@link #STATE_HEALTHY} or
     * {@link #STATE_CORRUPT} (a procedure involving the rank found it dead). A copy.
     */
    public byte[] stateVector() {
        return liveness.states();
    }

    // ---------------------------------------------------------------- queues

    /** {@code gaspi_queue_create}: a new queue's id. */
    public int queueCreate() {
        checkOpen("queueCreate");
        return queues.create();
    }

    /** {@code gaspi_queue_delete}: an empty queue other than 0. */
    public void queueDelete(int queue) {
        checkOpen("queueDelete");
        queues.delete(queue);
    }

    /** {@code gaspi_queue_size}: requests posted to the queue since its last {@link #wait(int, long)}. */
    public int queueSize(int queue) {
        return queues.size(queue);
    }

    /** {@code gaspi_queue_size_max}. */
    public int queueSizeMax() {
        return queues.sizeMax();
    }

    /** {@code gaspi_queue_num}: queues that exist. */
    public int queueNum() {
        return queues.count();
    }

    /** {@code gaspi_queue_max}. */
    public int queueMax() {
        return queues.max();
    }

    /** {@code gaspi_wait}: waits until every request posted to {@code queue} is complete; then the queue is empty. */
    public GaspiReturn wait(int queue, long timeout) {
        checkOpen("wait");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = oneSided.waitQueue(queue, timeout);
        if (Stats.ON) {
            waited(Stats.WAIT_GASPI_WAIT, t0);
        }
        return r;
    }

    // ---------------------------------------------------------------- one-sided

    /**
     * {@code gaspi_write}: posts a copy of {@code size} bytes from local segment {@code segLocal}
     * at {@code offLocal} to segment {@code segRemote} of {@code rank} at {@code offRemote};
     * complete after {@link #wait(int, long)} on {@code queue}.
     *
     * @throws GaspiException QUEUE_FULL, SEGMENT_NOT_FOUND, SEGMENT_NOT_REGISTERED, OUT_OF_BOUNDS, ...
     */
    public GaspiReturn write(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int queue,
                             long timeout) {
        checkOpen("write");
        GaspiReturn r = oneSided.write(segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout, "write");
        if (Stats.ON) {
            count(Stats.GASPI_WRITE, rank, size);
        }
        return r;
    }

    /** {@code gaspi_read}: posts a copy from the remote segment into the local one. */
    public GaspiReturn read(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int queue,
                            long timeout) {
        checkOpen("read");
        GaspiReturn r = oneSided.read(segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout, "read");
        if (Stats.ON) {
            count(Stats.GASPI_READ, rank, size);
        }
        return r;
    }

    /** {@code gaspi_write_list}: {@code num} writes to {@code rank}, posted together (QUEUE_FULL if they do not all fit). */
    public GaspiReturn writeList(int num, int[] segLocal, long[] offLocal, int rank, int[] segRemote, long[] offRemote,
                                 long[] size, int queue, long timeout) {
        checkOpen("writeList");
        GaspiReturn r = oneSided.writeList(num, segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout,
                false, "writeList");
        if (Stats.ON) {
            count(Stats.GASPI_WRITE, rank, sum(size, num));
        }
        return r;
    }

    /** {@code gaspi_read_list}: {@code num} reads from {@code rank}, posted together. */
    public GaspiReturn readList(int num, int[] segLocal, long[] offLocal, int rank, int[] segRemote, long[] offRemote,
                                long[] size, int queue, long timeout) {
        checkOpen("readList");
        GaspiReturn r = oneSided.writeList(num, segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout,
                true, "readList");
        if (Stats.ON) {
            count(Stats.GASPI_READ, rank, sum(size, num));
        }
        return r;
    }

    /**
     * {@code gaspi_notify}: sets notification {@code id} of segment {@code segRemote} on
     * {@code rank} to {@code value} (not 0), visible only after every request posted before it on
     * {@code queue} is.
     */
    public GaspiReturn notify(int segRemote, int rank, int id, int value, int queue, long timeout) {
        checkOpen("notify");
        GaspiReturn r = oneSided.notify(segRemote, rank, id, value, queue, timeout, "notify");
        if (Stats.ON) {
            count(Stats.GASPI_NOTIFY, rank, Integer.BYTES);
        }
        return r;
    }

    /** {@code gaspi_write_notify}: {@link #write}, then {@link #notify} on the same queue. */
    public GaspiReturn writeNotify(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size,
                                   int id, int value, int queue, long timeout) {
        checkOpen("writeNotify");
        GaspiReturn r = oneSided.writeNotify(segLocal, offLocal, rank, segRemote, offRemote, size, id, value, queue,
                timeout);
        if (Stats.ON) {
            count(Stats.GASPI_WRITE, rank, size);
            count(Stats.GASPI_NOTIFY, rank, Integer.BYTES);
        }
        return r;
    }

    /** {@code gaspi_write_list_notify}: the writes, then notification {@code id} of {@code segNotify} on {@code rank}. */
    public GaspiReturn writeListNotify(int num, int[] segLocal, long[] offLocal, int rank, int[] segRemote,
                                       long[] offRemote, long[] size, int segNotify, int id, int value, int queue,
                                       long timeout) {
        checkOpen("writeListNotify");
        GaspiReturn r = oneSided.writeListNotify(num, segLocal, offLocal, rank, segRemote, offRemote, size, segNotify,
                id, value, queue, timeout);
        if (Stats.ON) {
            count(Stats.GASPI_WRITE, rank, sum(size, num));
            count(Stats.GASPI_NOTIFY, rank, Integer.BYTES);
        }
        return r;
    }

    /**
     * {@code gaspi_read_notify}: a read, then notification {@code id} of the local segment
     * {@code segLocal} set (to 1) once the data is here. This facade completes the read before it
     * returns.
     */
    public GaspiReturn readNotify(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size,
                                  int id, int queue, long timeout) {
        checkOpen("readNotify");
        GaspiReturn r = oneSided.readNotify(segLocal, offLocal, rank, segRemote, offRemote, size, id, queue, timeout);
        if (Stats.ON) {
            count(Stats.GASPI_READ, rank, size); // its notification is local
        }
        return r;
    }

    /**
     * {@code gaspi_notify_waitsome}: waits until one of notifications [{@code begin},
     * {@code begin + num}) of local segment {@code seg} is non-zero, and stores the first such id
     * in {@code first[0]}.
     */
    public GaspiReturn notifyWaitsome(int seg, int begin, int num, int[] first, long timeout) {
        checkOpen("notifyWaitsome");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = oneSided.waitsome(seg, begin, num, first, timeout);
        if (Stats.ON) {
            waited(Stats.WAIT_GASPI_NOTIFY_WAITSOME, t0);
        }
        return r;
    }

    /** {@code gaspi_notify_reset}: atomically sets notification {@code id} of local segment {@code seg} to 0; returns its old value. */
    public int notifyReset(int seg, int id) {
        checkOpen("notifyReset");
        return oneSided.reset(seg, id);
    }

    /** {@code gaspi_notification_num}: notifications per segment. */
    public int notificationNum() {
        return management.notifications();
    }

    // ---------------------------------------------------------------- groups (the rest: GaspiGroupProcedures)

    /**
     * The live group ids. Declared here, not with the other group procedures, so that its generic
     * signature is Gaspi's own (an inherited method's visibility bridge would be raw).
     */
    public List<Integer> groupList() {
        return groups.ids();
    }

    // ---------------------------------------------------------------- collectives

    /** {@code gaspi_barrier}: collective over {@code group}; on TIMEOUT call again to complete it. */
    public GaspiReturn barrier(int group, long timeout) {
        checkOpen("barrier");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = collectives.barrier(group, timeout);
        if (Stats.ON) {
            collective(Stats.WAIT_GASPI_BARRIER, t0, r);
        }
        return r;
    }

    /**
     * {@code gaspi_allreduce}: combines {@code num} elements (at most 255) of {@code type} from
     * every member's {@code send} with {@code op} into every member's {@code recv}.
     */
    public GaspiReturn allreduce(MemorySegment send, MemorySegment recv, int num, GaspiOperation op,
                                 GaspiDatatype type, int group, long timeout) {
        checkOpen("allreduce");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = collectives.allreduce(send, recv, num, op, type, group, timeout);
        if (Stats.ON) {
            collective(Stats.WAIT_GASPI_COLLECTIVE, t0, r);
        }
        return r;
    }

    /** {@code gaspi_allreduce_user}: as {@link #allreduce} with the application's reduction. */
    public GaspiReturn allreduceUser(MemorySegment send, MemorySegment recv, int num, int elementSize,
                                     GaspiReduction reduction, int group, long timeout) {
        checkOpen("allreduceUser");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = collectives.allreduceUser(send, recv, num, elementSize, reduction, group, timeout);
        if (Stats.ON) {
            collective(Stats.WAIT_GASPI_COLLECTIVE, t0, r);
        }
        return r;
    }

    /** {@code gaspi_allreduce_elem_max}. */
    public int allreduceElemMax() {
        return GroupCollectives.ELEMENTS_MAX;
    }

    // ---------------------------------------------------------------- atomics

    /**
     * {@code gaspi_atomic_fetch_add}: adds {@code value} to the 8-byte word at {@code offset}
     * (a multiple of 8) of segment {@code seg} on {@code rank}; stores the old value in
     * {@code old[0]}. The atomic completes within the call.
     */
    public GaspiReturn atomicFetchAdd(int seg, long offset, int rank, long value, long[] old, long timeout) {
        checkOpen("atomicFetchAdd");
        checkOut("atomicFetchAdd", old);
        old[0] = oneSided.atomic("atomicFetchAdd", seg, offset, rank, AtomicOp.FADD, value, 0, timeout);
        if (Stats.ON) {
            count(Stats.GASPI_ATOMIC, rank, Long.BYTES);
        }
        return GaspiReturn.SUCCESS;
    }

    /**
     * {@code gaspi_atomic_compare_swap}: replaces the word with {@code newValue} if it equals
     * {@code comparator}; stores the old value in {@code old[0]}.
     */
    public GaspiReturn atomicCompareSwap(int seg, long offset, int rank, long comparator, long newValue, long[] old,
                                         long timeout) {
        checkOpen("atomicCompareSwap");
        checkOut("atomicCompareSwap", old);
        old[0] = oneSided.atomic("atomicCompareSwap", seg, offset, rank, AtomicOp.FCAS, comparator, newValue, timeout);
        if (Stats.ON) {
            count(Stats.GASPI_ATOMIC, rank, Long.BYTES);
        }
        return GaspiReturn.SUCCESS;
    }

    private static void checkOut(String op, long[] out) {
        if (out == null || out.length < 1) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": the result array must hold one long");
        }
    }

    // ---------------------------------------------------------------- passive

    /**
     * {@code gaspi_passive_send}: sends {@code size} bytes of local segment {@code seg} at
     * {@code offset} to {@code rank}, which takes them with {@link #passiveReceive}. Returns once
     * the message is with the receiver (the memory may be reused).
     */
    public GaspiReturn passiveSend(int seg, long offset, int rank, long size, long timeout) {
        checkOpen("passiveSend");
        GaspiReturn r = passive.send(seg, offset, rank, size, timeout);
        if (Stats.ON) {
            count(Stats.GASPI_PASSIVE, rank, size);
        }
        return r;
    }

    /**
     * {@code gaspi_passive_receive}: waits for a passive message, copies it into local segment
     * {@code seg} at {@code offset} (at most {@code size} bytes: a longer message is PASSIVE_SIZE
     * and stays queued) and stores its sender in {@code rank[0]}.
     */
    public GaspiReturn passiveReceive(int seg, long offset, int[] rank, long size, long timeout) {
        checkOpen("passiveReceive");
        long t0 = Stats.ON ? System.nanoTime() : 0;
        GaspiReturn r = passive.receive(seg, offset, rank, size, timeout);
        if (Stats.ON) {
            waited(Stats.WAIT_GASPI_PASSIVE_RECEIVE, t0);
        }
        return r;
    }

    // ---------------------------------------------------------------- statistics (callers guard with Stats.ON)

    /** Counts one operation of {@code kind} to {@code rank} (a job rank). */
    private void count(int kind, int rank, long bytes) {
        if (stats != null) {
            stats.count(kind, rank, bytes);
        }
    }

    /** Counts one wait of {@code kind} that began at {@code t0}. */
    private void waited(int kind, long t0) {
        if (stats != null) {
            stats.waited(kind, System.nanoTime() - t0);
        }
    }

    /** Counts a collective call's wait, and the collective once it completed ({@code r} SUCCESS). */
    private void collective(int wait, long t0, GaspiReturn r) {
        waited(wait, t0);
        if (r == GaspiReturn.SUCCESS) {
            count(Stats.GASPI_COLLECTIVE, rank(), 0);
        }
    }

    private static long sum(long[] sizes, int num) {
        long s = 0;
        for (int i = 0; i < num; i++) {
            s += sizes[i];
        }
        return s;
    }

}
