package org.pgas4j.transport.ucx;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * A daemon thread that progresses the engine while the PE's own threads do not: over transports
 * without hardware RMA (tcp), UCX performs a peer's puts, gets and atomics on this PE's memory
 * only inside {@code ucp_worker_progress}, so a PE busy computing (or spinning on its own memory)
 * would otherwise stall its peers. It never delivers messages to the core (that stays on the
 * core's threads); it only runs the worker (whose upcalls copy arriving messages into the receive
 * rings), completes requests and sends staged messages.
 *
 * <p>Duty cycle: while a PE thread drives the worker itself ({@link AgentKeepOff#driving}: it
 * spins on the worker, or it is inside operations such as a stream of puts, not waiting), park
 * for growing intervals ({@link AgentKeepOff}, 50 µs to 16 ms) and stay off the engine's lock
 * and the cores (on a host with fewer cores than threads, an agent descheduled while holding it
 * stalled their progress for a time slice: one-way ping-pong latencies of 2-4 ms), and the same
 * when it finds a PE thread holding the lock as it is about to arm (it never queues for the lock
 * behind a PE thread). The parks keep growing across such findings until the agent itself finds
 * work or sleeps on the event fd, and a long one ends when a PE thread starts waiting: each
 * wake-up takes a core from the sender or its target, and parks that started again from the
 * shortest woke some 4,000 times a second, parks of at most 1 ms 1,000 times (issue 23).
 * Otherwise progress while progress finds work; after {@link #SPINS} idle turns (spin-wait
 * hints, never a yield), {@link UcxEngine#armIdle()} arms the worker, and the thread sleeps in the
 * kernel ({@code poll(2)} on the worker's event fd) until UCX signals an event: an incoming
 * message (a peer's put over tcp), a completion, or {@link #close()}. An idle PE's agent thus
 * uses no CPU, and wakes within a kernel wake-up of data arriving instead of after a timed park.
 * The sleep is bounded ({@link #SLEEP_MILLIS}, {@link #SLEEP_MILLIS_OUTSTANDING} while this PE's
 * own requests are outstanding) as a safety net for work UCX does without signalling an event.
 *
 * <p>Lingering: where the host has a core for every PE, an agent whose last two findings of work
 * came at most {@link #LINGER_NANOS} apart (a peer's stream of blocking gets or puts, each the
 * answer to the last) keeps spinning that long after the last before it sleeps, while a PE thread
 * is parked in a wait of the core (a PE that computes keeps its core: the agent sleeps at once). A sleeping agent
 * wakes through the kernel, which on this project's virtual machines took about 30 µs: a peer's
 * 8-byte blocking get over tcp took 35-45 µs against 13 for MPI-3 RMA over the same UCX, and
 * 8.5 µs with lingering. Work that comes further apart (or a host with more PEs than cores,
 * where the spin would take a core from a PE) sleeps at once, as before.
 */
final class UcxProgressAgent implements AutoCloseable {
    /**
     * Idle turns (each a {@link Thread#onSpinWait()}, no yield: on a loaded host a yield gives the
     * core away for a whole time slice, milliseconds) before the agent sleeps on the event fd.
     */
    static final int SPINS = 4;
    /** The longest park of an idle agent without the worker's wake-up ({@code pgas4j.ucx.wakeup=false}). */
    static final long UNARMED_PARK_NANOS = 1_000_000;
    /** The longest sleep on the event fd with no request outstanding. */
    static final int SLEEP_MILLIS = 100;
    /** The longest sleep on the event fd while requests are outstanding. */
    static final int SLEEP_MILLIS_OUTSTANDING = 1;
    /** How long an agent lingers after work, and how close two findings of work must be for it to. */
    static final long LINGER_NANOS = 50_000;

    private final UcxEngine engine;
    /** The engine's PE turns and lock state, for {@link AgentKeepOff#stillDriving} (made once: no allocation per look). */
    private final IntSupplier peTurns;
    private final BooleanSupplier lockHeld;
    private final Thread thread;
    /** Whether this agent lingers after work (the host has a core for every PE). */
    private final boolean lingers;
    /** How long it lingers: {@link #LINGER_NANOS} but in tests. */
    private final long lingerNanos;
    private volatile boolean running = true;
    /** Sleeps on the event fd so far (for tests: an idle agent must sleep, not spin). */
    private volatile long sleeps;
    /** Parks while a PE thread drives the worker so far (for tests: they must grow, not repeat). */
    private volatile long parks;

    /** Starts the agent of {@code engine}, named after PE {@code rank}, lingering after work. */
    UcxProgressAgent(UcxEngine engine, int rank) {
        this(engine, rank, true);
    }

    /**
     * Starts the agent of {@code engine}, named after PE {@code rank}; {@code lingers}: whether it
     * keeps spinning after a stream of work (false where the host has more PEs than cores).
     */
    UcxProgressAgent(UcxEngine engine, int rank, boolean lingers) {
        this(engine, rank, lingers, LINGER_NANOS);
    }

    /**
     * {@link #UcxProgressAgent(UcxEngine, int, boolean)} with a linger window of
     * {@code lingerNanos} instead of {@link #LINGER_NANOS}: for tests that must tell a lingering
     * agent from a sleeping one whatever the host's round-trip time.
     */
    UcxProgressAgent(UcxEngine engine, int rank, boolean lingers, long lingerNanos) {
        this.engine = engine;
        this.lingerNanos = lingerNanos;
        this.peTurns = engine::peTurns;
        this.lockHeld = engine::lockHeld;
        this.lingers = lingers;
        this.thread = Thread.ofPlatform().daemon().name("pgas4j-ucx-progress-" + rank).unstarted(this::run);
        thread.start();
    }

    private void run() {
        AgentKeepOff keepOff = new AgentKeepOff();
        AgentLinger linger = new AgentLinger(lingers, lingerNanos, System.nanoTime());
        UcpWorker worker = engine.worker();
        ServedParks served = engine.servedParks();
        try {
            serve(keepOff, linger, worker, served);
        } finally {
            served.stopped();
        }
    }

    private void serve(AgentKeepOff keepOff, AgentLinger linger, UcpWorker worker, ServedParks served) {
        int idle = 0;
        int seen = engine.peTurns();
        long seenAt = System.nanoTime();
        int state = UcxEngine.BUSY;
        while (running) {
            try {
                // Since the agent last looked (before its park or its sleep on the event fd), a PE
                // thread drove the worker. Then the agent keeps off, also when an incoming message
                // woke it: serving then would take a core that the PE thread needs, at every message.
                int turns = engine.peTurns();
                long now = System.nanoTime();
                boolean driving = AgentKeepOff.driving(turns - seen, now - seenAt, engine.lockHeld(),
                        engine.peThreadParked());
                if (driving && lingers && !engine.lockHeld()) {
                    // It drove the worker while the agent parked but holds no lock now: it may have
                    // stopped. Only where the host has a core per PE: the check spins up to 10 µs.
                    driving = AgentKeepOff.stillDriving(turns, peTurns, lockHeld);
                    turns = engine.peTurns();
                    now = System.nanoTime();
                }
                seen = turns;
                seenAt = now;
                boolean held = state == UcxEngine.HELD;
                state = UcxEngine.BUSY;
                if (driving || held) {
                    // A PE thread drives the worker, or held the lock when the agent wanted to arm:
                    // keep off the lock (and off the cores it and its peers spin on), looking again
                    // after growing parks.
                    idle = 0;
                    parks++;
                    // Still serving: a PE thread drives the worker meanwhile (a parked wait's own
                    // progress at its wake-up too, which would otherwise halve its parks).
                    keepOff(keepOff.nextPark());
                    continue;
                }
                // The parks keep growing until the agent finds work itself or sleeps on the fd: a
                // PE thread that holds the lock at every look is still driving the worker.
                if (engine.agentProgress() > 0) {
                    served.serving();
                    idle = 0;
                    keepOff.reset();
                    linger.worked(System.nanoTime(), engine.peThreadParked());
                } else if (++idle <= SPINS || linger.lingers(System.nanoTime())) {
                    Thread.onSpinWait();
                } else {
                    state = engine.armIdle();
                    if (state == UcxEngine.CLOSED) {
                        return;
                    }
                    if (state == UcxEngine.HELD) {
                        continue; // a PE thread holds the lock, driving the worker: park (above)
                    }
                    if (state == UcxEngine.ARMED && running) {
                        served.stopped();
                        sleeps++;
                        worker.waitForEvent(engine.hasOutstanding() ? SLEEP_MILLIS_OUTSTANDING : SLEEP_MILLIS);
                        idle = 0;
                        keepOff.reset();
                    } else if (state == UcxEngine.UNARMED) {
                        // No wake-up (pgas4j.ucx.wakeup=false): growing parks up to 1 ms, as before.
                        keepOff.reset();
                        served.stopped();
                        LockSupport.parkNanos(Math.min(UNARMED_PARK_NANOS, 1_000L << Math.min(idle - SPINS, 10)));
                        continue;
                    } else {
                        idle = 0;
                        keepOff.reset();
                    }
                }
            } catch (RuntimeException e) {
                engine.fail("the ucx progress agent stopped: " + e);
                return;
            }
        }
    }

    /**
     * Parks {@code nanos} while a PE thread drives the worker; a park longer than
     * {@link AgentKeepOff#WAKE_ON_WAIT_NANOS} also ends when a PE thread starts waiting.
     */
    private void keepOff(long nanos) {
        if (!AgentKeepOff.wakesOnWait(nanos)) {
            LockSupport.parkNanos(nanos);
            return;
        }
        engine.agentKeepsOff(thread); // published before the check: a PE thread that parks sees one or the other
        if (engine.peThreadParked()) {
            // A PE thread waits already (another one drives the worker): no longer than the short
            // parks, as a wait beginning now would have ended it.
            engine.agentKeepsOff(null);
            LockSupport.parkNanos(AgentKeepOff.WAKE_ON_WAIT_NANOS);
            return;
        }
        LockSupport.parkNanos(nanos);
        engine.agentKeepsOff(null);
    }

    /** The agent's thread id (for tests measuring its CPU time). */
    long threadId() {
        return thread.threadId();
    }

    /** How often the agent has gone to sleep on the worker's event fd. */
    long sleeps() {
        return sleeps;
    }

    /** How often the agent has parked because a PE thread was driving the worker (spinning or holding the lock). */
    long parks() {
        return parks;
    }

    /** Stops the agent (waking it from its sleep) and waits for it. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread); // out of a park that keeps off
        try {
            engine.worker().signal();
        } catch (RuntimeException e) {
            // The worker is gone or failing: the bounded sleep ends by itself.
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
