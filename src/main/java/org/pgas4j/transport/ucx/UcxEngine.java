package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.pgas4j.JobAbortedException;
import org.pgas4j.spi.AtomicCompletion;
import org.pgas4j.spi.Completion;

/**
 * One PE's UCX machinery: the context (RMA, 32- and 64-bit atomics, active messages), its worker,
 * one endpoint per peer, the outstanding requests and the bounce buffers, behind one lock. The
 * worker is created {@code UCS_THREAD_MODE_SERIALIZED}: any thread may use it, one at a time,
 * which the lock guarantees. UCX reads its settings ({@code UCX_TLS}, {@code UCX_NET_DEVICES}, ...)
 * from the environment; none are overridden here.
 *
 * <p>Puts and gets are asynchronous ({@link #put}, {@link #get}: completion through
 * {@link UcxRequests}), implicit ({@link #putImplicit}: remotely complete through the next
 * {@link #flushImplicit()}) or blocking ({@link #putBlocking}, {@link #getBlocking}: complete,
 * remotely too, when they return). Every put is locally complete when it returns.
 */
final class UcxEngine implements AutoCloseable {
    private static final java.lang.invoke.VarHandle PE_TURNS;

    static {
        try {
            PE_TURNS = MethodHandles.lookup().findVarHandle(UcxEngine.class, "peTurns", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Whether endpoints use {@code UCP_ERR_HANDLING_MODE_PEER} ({@code pgas4j.ucx.peer.errors},
     * default false). UCX 1.13 then excludes every transport without peer-failure support, which
     * are all of its shared-memory ones (sysv, posix, cma, self): peers on one host would talk over
     * tcp only. Without it, a lost peer is noticed through the bootstrap (the launcher reports it).
     */
    static final boolean PEER_ERROR_HANDLING = Boolean.getBoolean("pgas4j.ucx.peer.errors");
    /**
     * Whether the worker has wake-up ({@code pgas4j.ucx.wakeup}, default true): the progress agent
     * then sleeps on the worker's event fd; false gives a worker without wake-up events and an agent
     * that parks up to 1 ms when idle (the behaviour before, kept to compare and as a fallback).
     */
    static final boolean WAKEUP = Boolean.parseBoolean(System.getProperty("pgas4j.ucx.wakeup", "true"));
    /** The features every PE asks for; wake-up lets the progress agent sleep on the worker's event fd. */
    static final long FEATURES = UcpParams.FEATURE_RMA | UcpParams.FEATURE_AMO32 | UcpParams.FEATURE_AMO64
            | UcpParams.FEATURE_AM | (WAKEUP ? UcpParams.FEATURE_WAKEUP : 0);
    /**
     * The events that signal the armed worker's event fd: any incoming message (over tcp a peer's
     * put, get or atomic on this PE's memory arrives as one and is performed inside progress). Not
     * the completions of this PE's own operations: its own waits progress them, and over tcp the
     * send side signalled at every put, waking the progress thread on a core the sender needed
     * (the agent's bounded sleep, 1 ms with requests outstanding, still covers them).
     */
    static final int WAKEUP_EVENTS = UcpWorkerParams.WAKEUP_RX;
    /** {@link #armIdle()}: the worker is armed, the caller may sleep on its event fd. */
    static final int ARMED = 0;
    /** {@link #armIdle()}: something happened or waits to be progressed; progress again. */
    static final int BUSY = 1;
    /** {@link #armIdle()}: the engine is closed. */
    static final int CLOSED = 2;
    /** {@link #armIdle()}: nothing to do, but the worker has no wake-up ({@link #WAKEUP} false): park. */
    static final int UNARMED = 3;
    /**
     * {@link #armIdle()}: a PE thread holds the lock, so it is driving the worker (an operation or
     * its wait): keep off and look again later.
     */
    static final int HELD = 4;

    private final ReentrantLock lock = new ReentrantLock();
    private final PutPieceRequests pieceRequests = new PutPieceRequests();
    private final int rank;
    private final UcpContext context;
    private final UcpWorker worker;
    private final UcxBounceBuffers bounces = new UcxBounceBuffers();
    private final UcxRequests requests;
    private UcpEndpoint[] endpoints = new UcpEndpoint[0];
    private Runnable background = () -> { };
    private BooleanSupplier health = () -> true;
    private Supplier<String> failureReason = () -> null;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment errorCallback;
    /** Operand at 0, reply at 8, for {@link #atomic}. */
    private final MemorySegment atomicScratch = arena.allocate(16, 8);
    private volatile String failure;
    /** {@link #peTurns()}; written with opaque stores, no fence on the PE's hot path. */
    @SuppressWarnings("unused") // through PE_TURNS
    private int peTurns;
    private volatile boolean closing;
    private boolean open = true;
    /**
     * Implicit operations (puts and atomics) issued since the last flush of them, counted per
     * completion they signal: two slots, so that the core's implicit puts and implicit atomics,
     * which signal different completions, share one batch however they interleave.
     */
    private long unflushedFirst;
    private long unflushedSecond;
    /*
     * Fields, not an array: a store of an interface-typed completion into a Completion[] is
     * type-checked, and the JIT's guess at the stored class failed at each new implementation
     * (puts', atomics'), deoptimising every compiled caller (issue 23, docs/benchmarks.md).
     */
    private Completion firstCompletion;
    private Completion secondCompletion;
    /** Operand of {@link #atomicImplicit} (read by UCX when the request completes locally). */
    private final MemorySegment implicitOperand = arena.allocate(8, 8);
    /** Whether implicit puts were issued since the last {@code ucp_worker_fence} (or flush). */
    private boolean unorderedPuts;
    /** Whether implicit atomics were issued since the last {@code ucp_worker_fence} (or flush). */
    private boolean unorderedAtomics;
    /** Whether implicit puts were issued since the last flush of them (aggregated atomics wait for it). */
    private boolean implicitPutsUnflushed;
    /** Runs of implicit atomics to one peer, many to a message; created by {@link #connect}. */
    private UcxAtomicBatches batches;
    /** Rung when aggregated atomics are acknowledged ({@link #setOnAcknowledged}). */
    private Runnable onAcknowledged = () -> { };
    /** The waits' longer parks while the agent serves; ending them rings the doorbell as an acknowledgement does. */
    private final ServedParks servedParks = new ServedParks(() -> onAcknowledged.run());
    /** Turns of {@link #progressHeld}, for its occasional health check. */
    private int heldTurns;
    /** PE threads parked in a wait of the core now ({@link #peThreadParks()}). */
    private final AtomicInteger parkedPeThreads = new AtomicInteger();
    /** The progress agent while it keeps off in a long park ({@link #agentKeepsOff}), else null. */
    private volatile Thread keptOffAgent;
    /** How often a PE thread that began waiting ended such a park (for tests). */
    private volatile long agentWakesOnWait;

    /** Creates the context and the worker of PE {@code rank}, with UCX's settings from the environment. */
    UcxEngine(int rank) {
        this(rank, Map.of());
    }

    /**
     * Creates the context and the worker of PE {@code rank} with {@code settings} (names without
     * {@code UCX_}) on top of the environment's (tests: two engines of one JVM over tcp).
     */
    UcxEngine(int rank, Map<String, String> settings) {
        this.rank = rank;
        this.context = UcpContext.create(FEATURES, UcxDefaults.apply(settings));
        try {
            this.worker = WAKEUP ? context.createWorker(UcpWorkerParams.THREAD_MODE_SERIALIZED, WAKEUP_EVENTS)
                    : context.createWorker(UcpWorkerParams.THREAD_MODE_SERIALIZED);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
        this.requests = new UcxRequests(rank, worker, bounces, this::requestFailed);
        try {
            var handle = MethodHandles.lookup().findVirtual(UcxEngine.class, "onPeerError",
                    MethodType.methodType(void.class, long.class, long.class, byte.class)).bindTo(this);
            this.errorCallback = Linker.nativeLinker().upcallStub(handle, UcpEpParams.ERR_CALLBACK, arena);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The endpoint error upcall: the connection to PE {@code peer} failed. Never throws. */
    @SuppressWarnings("unused") // called from native code
    private void onPeerError(long peer, long ep, byte status) {
        try {
            if (!closing) {
                fail("the UCX connection to PE " + peer + " failed: " + UcsStatus.describe(status));
            }
        } catch (Throwable t) {
            failure = "the UCX connection to PE " + peer + " failed";
        }
    }

    /** This PE's jobrank. */
    int rank() {
        return rank;
    }

    UcpContext context() {
        return context;
    }

    UcpWorker worker() {
        return worker;
    }

    /** The lock every use of the worker holds (reentrant). */
    ReentrantLock lock() {
        return lock;
    }

    /**
     * Connects to every peer by its worker address ({@code addresses[rank]} is skipped: this PE
     * reaches itself without UCX). With {@link #PEER_ERROR_HANDLING}, endpoints report a dead peer
     * through an error upcall and fail its requests; without (the default), waits give up when
     * the bootstrap reports the job failing.
     */
    void connect(byte[][] addresses, int rank) {
        connect(addresses, rank, null);
    }

    /**
     * Connects to the PEs {@code reach} marks (every other PE when it is null); the others keep a
     * null endpoint (a hybrid job reaches them through shared memory).
     */
    void connect(byte[][] addresses, int rank, boolean[] reach) {
        lock.lock();
        try {
            if (batches == null) {
                batches = new UcxAtomicBatches(this, rank, addresses.length, () -> onAcknowledged.run());
            }
            endpoints = new UcpEndpoint[addresses.length];
            for (int j = 0; j < addresses.length; j++) {
                if (j != rank && (reach == null || reach[j])) {
                    endpoints[j] = PEER_ERROR_HANDLING ? worker.connect(addresses[j], errorCallback, j)
                            : worker.connect(addresses[j], false);
                    endpoints[j].peer(j);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** The endpoint to PE {@code jobRank} (null for this PE). */
    UcpEndpoint endpoint(int jobRank) {
        return endpoints[jobRank];
    }

    /** Work done in every {@link #progress()} besides the worker's (the message service's sends). */
    void setBackground(Runnable work) {
        background = work;
    }

    /** What runs when a peer acknowledges aggregated atomics (the message service's doorbell). */
    void setOnAcknowledged(Runnable wake) {
        onAcknowledged = wake;
    }

    /**
     * Progresses the worker once, signals completed requests and runs the background work; returns
     * how much happened. Returns 0 at once when another thread holds the lock. Called by the PE's
     * threads (the core's waits): counts a turn of {@link #peTurns()}.
     */
    int progress() {
        peTurn();
        return progressOnce();
    }

    /**
     * Counts a turn of the PE's threads on the worker: a progress call or an operation they start
     * (a thread issuing puts drives the worker as much as one progressing it).
     */
    private void peTurn() {
        PE_TURNS.setOpaque(this, peTurns + 1); // single writer in practice; a lost count only delays the agent
    }

    /**
     * A PE thread is about to park in a wait of the core (the progress agent may then linger).
     * Ends a long park of the agent that kept off while that thread drove the worker: the wait
     * progresses only at its own wake-ups from now on.
     */
    void peThreadParks() {
        parkedPeThreads.incrementAndGet();
        Thread agent = keptOffAgent;
        if (agent != null) {
            keptOffAgent = null;
            LockSupport.unpark(agent);
            agentWakesOnWait++; // rare (once per end of a stream of operations): a lost count only misleads a test
        }
    }

    /** Whether the progress agent keeps off in a park that the next waiting PE thread ends. */
    boolean agentKeepingOff() {
        return keptOffAgent != null;
    }

    /** How often a PE thread that began waiting ended the progress agent's long park. */
    long agentWakesOnWait() {
        return agentWakesOnWait;
    }

    /**
     * The progress agent {@code agent} is about to keep off in a long park (null: it woke), which
     * the next {@link #peThreadParks()} ends.
     */
    void agentKeepsOff(Thread agent) {
        keptOffAgent = agent;
    }

    /**
     * Whether a thread (a PE thread: the progress agent asks only while it holds none) holds the
     * lock, inside an operation: a plain read, no attempt to take it.
     */
    boolean lockHeld() {
        return lock.isLocked();
    }

    /** A PE thread's park of {@link #peThreadParks()} ended. */
    void peThreadWakes() {
        parkedPeThreads.decrementAndGet();
    }

    /**
     * Whether a PE thread is parked in a wait of the core: the PE is waiting, not computing, so
     * a progress agent spinning on its core takes nothing from it.
     */
    boolean peThreadParked() {
        return parkedPeThreads.get() > 0;
    }

    /** {@link #progress()} for the progress agent: counts no turn of the PE's threads. */
    int agentProgress() {
        return progressOnce();
    }

    /**
     * How often the PE's threads have called {@link #progress()}: while it moves, they are driving
     * the worker and the agent keeps off the lock (an agent preempted while holding it would stall
     * them for a time slice).
     */
    int peTurns() {
        return (int) PE_TURNS.getOpaque(this);
    }

    private int progressOnce() {
        if (!lock.tryLock()) {
            return 0;
        }
        try {
            if (!open) {
                return 0;
            }
            return serviceWorker();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Progresses the worker once, completes requests, sends the acknowledgements this PE owes and
     * its partial batches of atomics (a partial batch leaves at the next progress, whoever makes
     * it), and runs the background work; returns how much happened. Under the lock.
     */
    private int serviceWorker() {
        int n = worker.progress();
        if (requests.outstanding() > 0) {
            int done = requests.poll();
            if (done > 0) {
                n += done;
                servedParks.completed();
            }
        }
        if (batches != null) {
            batches.sendAcknowledgements();
            batches.sendAll();
        }
        background.run();
        return n;
    }

    /** The longer parks of the PE's waits while the progress agent serves the worker. */
    ServedParks servedParks() {
        return servedParks;
    }

    /**
     * Prepares the worker for a sleep of the progress agent: takes the lock unless a PE thread
     * holds it (that thread is progressing meanwhile: the agent does not queue behind it, which
     * made the PE thread's next operation wait for the agent, a futex wake-up and a context switch
     * per put of a stream over tcp), progresses once more, completes requests, runs the background
     * work, and arms the worker ({@code ucp_worker_arm}) when all of that found nothing.
     *
     * @return {@link #ARMED} (sleep on {@link UcpWorker#waitForEvent}), {@link #BUSY} (progress
     *     again), {@link #HELD}, {@link #UNARMED} or {@link #CLOSED}
     */
    int armIdle() {
        if (!lock.tryLock()) {
            return HELD;
        }
        try {
            if (!open || closing) {
                return CLOSED;
            }
            if (serviceWorker() > 0) {
                return BUSY;
            }
            if (!WAKEUP) {
                return UNARMED;
            }
            return worker.arm() == UcsStatus.OK ? ARMED : BUSY;
        } finally {
            lock.unlock();
        }
    }

    /** Whether requests are outstanding (their completion may need progress without an event). */
    boolean hasOutstanding() {
        return requests.outstanding() > 0;
    }

    /**
     * Waits for a request, progressing the worker (holding the lock); throws on an error status,
     * and gives up (leaving the request to the worker's destruction) once {@link #setHealth health}
     * reports the job failing, so that no wait outlives a dead peer. Every turn counts as a turn of
     * the PE's threads ({@link #peTurns()}): the thread is driving the worker, and the progress
     * agent, woken by what arrives meanwhile (over tcp a put's acknowledgement), keeps off.
     */
    void await(long request, String call) {
        lock.lock();
        try {
            int status;
            for (int i = 1; (status = worker.poll(request)) == UcsStatus.IN_PROGRESS; i++) {
                worker.progress();
                peTurn();
                if ((i & 1023) == 0 && !health.getAsBoolean()) {
                    throw jobFailing(failureReason.get(), call);
                }
            }
            UcsStatus.check(call, status);
        } catch (UcxException e) {
            requestFailed(e);
            throw e;
        } finally {
            lock.unlock();
        }
    }

    /** The exception of a wait for {@code waitingFor} that gives up because the job is failing ({@code why}, or null). */
    private JobAbortedException jobFailing(String why, String waitingFor) {
        return new JobAbortedException("PE " + rank + ": the job is failing ("
                + (why != null ? why : "a peer died or the launcher stopped it") + ") while waiting for " + waitingFor);
    }

    /**
     * One turn of a wait inside an operation, the lock held (aggregated atomics waiting for their
     * acknowledgements or for room): progresses the worker, completes requests and sends the
     * acknowledgements this PE owes, but not the background work (a message send may be the
     * caller). Gives up as {@link #await} does once the job is failing, naming {@code what} and
     * {@code peer} (joined only then: a wait allocates nothing).
     */
    void progressHeld(String what, int peer) {
        worker.progress();
        if (requests.outstanding() > 0) {
            requests.poll();
        }
        batches.sendAcknowledgements();
        peTurn();
        if ((++heldTurns & 1023) == 0) {
            if (!health.getAsBoolean() || failure != null) {
                throw jobFailing(failure != null ? failure : failureReason.get(), what + peer);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * What {@link #await} consults while it waits (the bootstrap's health; true until set), and
     * where it finds the reason to give when the job fails (the launcher's words; none until set).
     */
    void setHealth(BooleanSupplier health, Supplier<String> failureReason) {
        this.health = health;
        this.failureReason = failureReason;
    }

    /** A bounce buffer holding a copy of a heap source (UCX reads native memory only), or null for a native one. */
    private MemorySegment bounceFor(MemorySegment src, long srcOffset, long length) {
        if (src.isNative()) {
            return null;
        }
        MemorySegment b = bounces.take(length);
        MemorySegment.copy(src, srcOffset, b, 0, length);
        return b;
    }

    /**
     * Starts {@code ucp_put_nbx} from the bounce buffer {@code b}, or from the caller's own
     * {@code src} when {@code b} is null, and then waits until UCX is done with it (the caller may
     * reuse its source once a put returns); a long put from {@code src} goes as pieces
     * ({@link PutPieces}). Returns the request still reading {@code b}, or 0.
     */
    private long startPut(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src, long srcOffset,
            long length, MemorySegment b) {
        if (b != null) {
            return ep.putNbx(b, 0, length, remote, key);
        }
        if (PutPieces.inPieces(length)) {
            pieceRequests.put(ep, key, remote, src, srcOffset, length);
        } else {
            await(ep.putNbx(src, srcOffset, length, remote, key), "ucp_put_nbx");
        }
        return 0;
    }

    /** The pieces of a put from native memory (under the lock): where they go and come from. */
    private final class PutPieceRequests implements PutPieces.Requests {
        private final PutPieces pieces = new PutPieces();
        private UcpEndpoint ep;
        private UcpRemoteKey key;
        private long remote;
        private MemorySegment src;
        private long srcOffset;

        void put(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src, long srcOffset, long length) {
            this.ep = ep;
            this.key = key;
            this.remote = remote;
            this.src = src;
            this.srcOffset = srcOffset;
            try {
                pieces.put(length, this);
            } finally {
                this.src = null; // the caller's memory is not kept reachable
                this.ep = null;
                this.key = null;
            }
        }

        @Override
        public long start(long offset, long length) {
            return ep.putNbx(src, srcOffset + offset, length, remote + offset, key);
        }

        @Override
        public void await(long request) {
            UcxEngine.this.await(request, "ucp_put_nbx");
        }
    }

    /** Starts a put; {@code c} is signalled locally when the source is reusable, remotely after a flush. */
    void put(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src, long srcOffset, long length,
            Completion c) {
        if (length == 0) {
            c.localComplete();
            c.remoteComplete();
            return;
        }
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment b = bounceFor(src, srcOffset, length);
            long req;
            try {
                req = startPut(ep, key, remote, src, srcOffset, length, b);
            } catch (UcxException e) {
                if (b != null) {
                    bounces.give(b);
                }
                requestFailed(e);
                c.failed(e);
                return;
            }
            if (req == 0) {
                if (b != null) {
                    bounces.give(b);
                }
                c.localComplete();
                requests.startFlush(ep, c);
            } else {
                requests.putStarted(req, ep, c, b);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts an implicit put: locally complete on return (the source copied to a bounce buffer, or
     * the request awaited), remotely complete once a later {@link #flushImplicit()} completes, which
     * signals {@code c} once per put it covers. Over tcp this sends the put alone, where
     * {@link #put} adds a flush round trip per put.
     */
    void putImplicit(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src, long srcOffset, long length,
            Completion c) {
        if (length == 0) {
            c.localComplete();
            c.remoteComplete();
            return;
        }
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment b = bounceFor(src, srcOffset, length);
            try {
                long req = startPut(ep, key, remote, src, srcOffset, length, b);
                if (req != 0) {
                    requests.implicitPutStarted(req, b); // the bounce buffer returns at local completion
                    b = null;
                }
            } catch (UcxException e) {
                requestFailed(e);
                c.failed(e);
                return;
            } finally {
                if (b != null) {
                    bounces.give(b);
                }
            }
            c.localComplete();
            addToBatch(c);
            unorderedPuts = true;
            implicitPutsUnflushed = true;
        } finally {
            lock.unlock();
        }
    }

    /** Counts an implicit operation signalling {@code c} into the batch the next flush completes. */
    private void addToBatch(Completion c) {
        if (firstCompletion == c || unflushedFirst == 0 && secondCompletion != c) {
            firstCompletion = c;
            unflushedFirst++;
        } else if (secondCompletion == c || unflushedSecond == 0) {
            secondCompletion = c;
            unflushedSecond++;
        } else {
            startFlushOfImplicit(); // a third completion: complete the batch of the other two first
            firstCompletion = c;
            unflushedFirst++;
        }
    }

    /**
     * Starts a non-fetching atomic ({@code ucp_atomic_op_nbx} without a reply buffer: add, and, or
     * or xor) without waiting for it at the target: remotely complete once a later
     * {@link #flushImplicit()} completes, which signals {@code c} once per operation it covers,
     * as for {@link #putImplicit}. Waits only when UCX could not send it at once (its request then
     * still reads the operand). A later get, put or blocking atomic is ordered after it by a
     * {@code ucp_worker_fence}; an implicit put issued before it is ordered before it the same way
     * (a put-with-signal's data before its signal). A long run of them to one peer, with no
     * implicit put unflushed, travels many to a message instead ({@link UcxAtomicBatches}), and
     * the next other operation to that peer waits for their acknowledgement.
     */
    void atomicImplicit(UcpEndpoint ep, UcpRemoteKey key, long remote, int size, UcpAtomicOp op, long operand,
            Completion c, int owner) {
        peTurn();
        lock.lock();
        try {
            if (!implicitPutsUnflushed && batches.batching(owner)) {
                batches.add(owner, ep, remote, size, op, operand, c);
                return;
            }
            if (unorderedPuts) {
                fence();
            }
            if (size == 8) {
                implicitOperand.set(JAVA_LONG, 0, operand);
            } else {
                implicitOperand.set(JAVA_INT, 0, (int) operand);
            }
            try {
                long req = ep.atomicNbx(op, size, implicitOperand, 0, null, 0, remote, key);
                if (req != 0) {
                    await(req, "ucp_atomic_op_nbx");
                }
            } catch (UcxException e) {
                requestFailed(e);
                c.failed(UcxFailures.forCore(e, rank, "PE " + owner));
                return;
            }
            c.localComplete();
            addToBatch(c);
            unorderedAtomics = true;
            batches.countOrdinary(owner);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts a fetching atomic ({@code ucp_atomic_op_nbx} with a reply buffer: add, swap or
     * compare-and-swap) without waiting: {@code c} receives the old value (a 4-byte one
     * zero-extended) and its completion when the reply arrives, inside this call when UCX
     * completes it at once. Operand and reply live in a bounce buffer until then.
     *
     * @param desired what {@code CSWAP} stores on a match
     */
    void atomicNB(UcpEndpoint ep, UcpRemoteKey key, long remote, int size, UcpAtomicOp op, long operand, long desired,
            AtomicCompletion c, int owner) {
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment b = bounces.take(16);
            if (size == 8) {
                b.set(JAVA_LONG, 0, operand);
                b.set(JAVA_LONG, 8, desired);
            } else {
                b.set(JAVA_INT, 0, (int) operand);
                b.set(JAVA_INT, 8, (int) desired);
            }
            long req;
            try {
                req = ep.atomicNbx(op, size, b, 0, b, 8, remote, key);
            } catch (UcxException e) {
                bounces.give(b);
                requestFailed(e);
                c.failed(UcxFailures.forCore(e, rank, "PE " + owner));
                return;
            }
            if (req == 0) {
                long old = UcxRequests.reply(b, size);
                bounces.give(b);
                c.fetched(old);
                c.localComplete();
                c.remoteComplete();
            } else {
                requests.atomicStarted(req, c, b, size);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Orders what follows after the implicit operations issued so far ({@code ucp_worker_fence}). */
    private void fence() {
        worker.fence();
        unorderedPuts = false;
        unorderedAtomics = false;
    }

    /**
     * Before a get, put, blocking atomic or message to {@code ep}'s peer: waits until the peer has
     * performed the aggregated atomics sent or batched for it (they travel as messages, which a
     * fence does not order), ends their run, and fences when implicit atomics were issued since
     * the last fence. Under the lock.
     */
    void orderAfterImplicitAtomics(UcpEndpoint ep) {
        completeBatchesTo(ep);
        if (unorderedAtomics) {
            fence();
        }
    }

    /** Waits until {@code ep}'s peer has acknowledged every batch of atomics to it, and ends its run. Under the lock. */
    private void completeBatchesTo(UcpEndpoint ep) {
        if (ep.peer() >= 0 && batches != null) {
            batches.completeBefore(ep.peer(), ep);
        }
    }

    /**
     * Remotely completes every operation issued to {@code ep} so far, implicit ones included: one
     * endpoint flush, waited for. The batch accounting is left as it is (the implicit operations
     * stay counted until the next worker flush, which then finds little to do).
     */
    void flushEndpoint(UcpEndpoint ep) {
        peTurn();
        lock.lock();
        try {
            completeBatchesTo(ep);
            await(ep.flushNbx(), "ucp_ep_flush_nbx");
        } finally {
            lock.unlock();
        }
    }

    /** Starts one worker flush that remotely completes every implicit put issued so far ({@link #putImplicit}). */
    void flushImplicit() {
        lock.lock();
        try {
            if (batches != null) {
                batches.sendAll();
                batches.endRuns();
            }
            if (unflushedFirst > 0 || unflushedSecond > 0) {
                startFlushOfImplicit();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Starts one worker flush per completion of the batch (a flush orders everything before it too). */
    private void startFlushOfImplicit() {
        unorderedPuts = false;
        implicitPutsUnflushed = false;
        unorderedAtomics = false;
        Completion first = firstCompletion;
        Completion second = secondCompletion;
        long firstCount = unflushedFirst;
        long secondCount = unflushedSecond;
        firstCompletion = null;
        secondCompletion = null;
        unflushedFirst = 0;
        unflushedSecond = 0;
        if (firstCount > 0) {
            requests.startWorkerFlush(first, firstCount);
        }
        if (secondCount > 0) {
            requests.startWorkerFlush(second, secondCount);
        }
    }

    /** Starts a get; {@code c} is signalled (locally and remotely) once the data is in {@code dst}. */
    void get(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment dst, long dstOffset, long length,
            Completion c) {
        if (length == 0) {
            c.localComplete();
            c.remoteComplete();
            return;
        }
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment into = dst;
            long at = dstOffset;
            MemorySegment b = null;
            if (!dst.isNative()) {
                b = bounces.take(length);
                into = b;
                at = 0;
            }
            long req;
            try {
                req = ep.getNbx(into, at, length, remote, key);
            } catch (UcxException e) {
                if (b != null) {
                    bounces.give(b);
                }
                requestFailed(e);
                c.failed(e);
                return;
            }
            if (req == 0) {
                if (b != null) {
                    MemorySegment.copy(b, 0, dst, dstOffset, length);
                    bounces.give(b);
                }
                c.localComplete();
                c.remoteComplete();
            } else {
                requests.getStarted(req, ep, c, b, b == null ? null : dst, dstOffset, length);
            }
        } finally {
            lock.unlock();
        }
    }

    /** A put that is remotely complete when it returns (put, then endpoint flush, waiting for both). */
    void putBlocking(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src, long srcOffset, long length) {
        if (length == 0) {
            return;
        }
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment b = bounceFor(src, srcOffset, length);
            try {
                await(startPut(ep, key, remote, src, srcOffset, length, b), "ucp_put_nbx");
                await(ep.flushNbx(), "ucp_ep_flush_nbx");
            } finally {
                if (b != null) {
                    bounces.give(b);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** A get whose data is in {@code dst} when it returns. */
    void getBlocking(UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment dst, long dstOffset, long length) {
        if (length == 0) {
            return;
        }
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            MemorySegment b = null;
            try {
                MemorySegment into = dst;
                long at = dstOffset;
                if (!dst.isNative()) {
                    b = bounces.take(length);
                    into = b;
                    at = 0;
                }
                await(ep.getNbx(into, at, length, remote, key), "ucp_get_nbx");
                if (b != null) {
                    MemorySegment.copy(b, 0, dst, dstOffset, length);
                }
            } finally {
                if (b != null) {
                    bounces.give(b);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** From now on connection failures are the peers' own shutdown, not a failing job. */
    void beginClose() {
        closing = true;
    }

    /**
     * A blocking atomic on a 4- or 8-byte remote integer ({@code ucp_atomic_op_nbx}, always with a
     * reply buffer): returns the old value (a 4-byte one zero-extended) once it is done at the target.
     *
     * @param operand what to add, store or combine with; for {@code CSWAP} the value compared with
     * @param desired what {@code CSWAP} stores on a match
     */
    long atomic(UcpEndpoint ep, UcpRemoteKey key, long remote, int size, UcpAtomicOp op, long operand, long desired) {
        peTurn();
        lock.lock();
        try {
            orderAfterImplicitAtomics(ep);
            if (size == 8) {
                atomicScratch.set(JAVA_LONG, 0, operand);
                atomicScratch.set(JAVA_LONG, 8, desired);
            } else {
                atomicScratch.set(JAVA_INT, 0, (int) operand);
                atomicScratch.set(JAVA_INT, 8, (int) desired);
            }
            await(ep.atomicNbx(op, size, atomicScratch, 0, atomicScratch, 8, remote, key), "ucp_atomic_op_nbx");
            return size == 8 ? atomicScratch.get(JAVA_LONG, 8)
                    : Integer.toUnsignedLong(atomicScratch.get(JAVA_INT, 8));
        } finally {
            lock.unlock();
        }
    }

    /**
     * A blocking fetching and, or or xor done as fetch (add 0), then compare-and-swap until it
     * succeeds. UCX 1.13's shared-memory transports (posix, sysv) get the fetching forms wrong (and
     * and or leave the value unchanged, xor zeroes it, while the reply is right); fetching add,
     * swap and compare-and-swap are correct everywhere, so this is too, at two or more round trips.
     *
     * @return the old value (a 4-byte one zero-extended)
     */
    long fetchBitwise(UcpEndpoint ep, UcpRemoteKey key, long remote, int size, UcpAtomicOp op, long operand) {
        long mask = size == 8 ? -1L : 0xFFFF_FFFFL;
        lock.lock();
        try {
            long old = atomic(ep, key, remote, size, UcpAtomicOp.ADD, 0, 0);
            while (true) {
                long next = switch (op) {
                    case AND -> old & operand;
                    case OR -> old | operand;
                    case XOR -> old ^ operand;
                    default -> throw new IllegalArgumentException("not a bitwise atomic: " + op);
                };
                long seen = atomic(ep, key, remote, size, UcpAtomicOp.CSWAP, old, next & mask);
                if (((seen ^ old) & mask) == 0) {
                    return old;
                }
                old = seen;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records that the job is failing when a request failed because a peer is gone. */
    void requestFailed(UcxException e) {
        if (UcxFailures.peerLost(e)) {
            fail(e.getMessage());
        }
    }

    /** Marks this PE's UCX side as failed: {@link #failure()} is then not null. */
    void fail(String why) {
        if (failure == null) {
            failure = why;
        }
    }

    /** Null while healthy, else why not. */
    String failure() {
        return failure;
    }

    /**
     * Closes the endpoints (without flushing: the client's closing world barrier came after every
     * operation of every PE completed, and a flush towards a peer that already exited only ends in
     * UCX's "Endpoint timeout" errors), waiting at most {@code graceMillis} for the close requests,
     * then the worker, the bounce buffers and the context. Memory regions must be unmapped by their
     * owners before.
     */
    void closeEndpoints(long graceMillis) {
        closing = true;
        lock.lock();
        try {
            long[] pending = new long[endpoints.length];
            for (int j = 0; j < endpoints.length; j++) {
                if (endpoints[j] != null) {
                    try {
                        pending[j] = endpoints[j].closeNbx(true);
                    } catch (RuntimeException e) {
                        pending[j] = 0;
                    }
                }
            }
            long deadline = System.nanoTime() + graceMillis * 1_000_000L;
            boolean busy = true;
            while (busy && System.nanoTime() < deadline) {
                busy = false;
                worker.progress();
                for (int j = 0; j < pending.length; j++) {
                    if (pending[j] != 0) {
                        if (worker.poll(pending[j]) == UcsStatus.IN_PROGRESS) {
                            busy = true;
                        } else {
                            pending[j] = 0;
                        }
                    }
                }
                if (busy) {
                    Thread.yield();
                }
            }
            for (int j = 0; j < endpoints.length; j++) {
                if (endpoints[j] != null && pending[j] == 0) {
                    endpoints[j].releaseAfterClose();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Destroys the worker, the bounce buffers and the context. Endpoints and memory go first. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (!open) {
                return;
            }
            open = false;
            worker.close();
            if (batches != null) {
                batches.close();
            }
            bounces.close();
            context.close();
            arena.close();
        } finally {
            lock.unlock();
        }
    }
}
