package org.pgas4j.transport.ucx;

import java.util.concurrent.locks.LockSupport;

/**
 * A daemon thread that progresses the engine while the PE's own threads do not: over transports
 * without hardware RMA (tcp), UCX performs a peer's puts, gets and atomics on this PE's memory
 * only inside {@code ucp_worker_progress}, so a PE busy computing (or spinning on its own memory)
 * would otherwise stall its peers. It never delivers messages to the core (that stays on the
 * core's threads); it only runs the worker (whose upcalls copy arriving messages into the receive
 * rings), completes requests and sends staged messages.
 *
 * <p>Duty cycle: while a PE thread spins progressing the worker (calls of
 * {@link UcxEngine#progress()} at least every {@link #PE_SPIN_TURN_NANOS} since the agent last
 * looked, whether it woke from a park or from the event fd), park from
 * {@link #PE_ACTIVE_PARK_NANOS} growing to {@link #MAX_PE_ACTIVE_PARK_NANOS} and stay off the
 * engine's lock and the cores (on a host with fewer cores than threads, an agent
 * descheduled while holding it stalled their progress for a time slice: one-way ping-pong
 * latencies of 2-4 ms), and the same when it finds a PE thread holding the lock as it is about to
 * arm (it never queues for the lock behind a PE thread). The parks keep growing across such
 * findings until the agent itself finds work or sleeps on the event fd: a PE thread streaming
 * puts holds the lock most of the time, and an agent that started again from the shortest park
 * at each finding woke some 4,000 times a second, each wake-up taking a core from the sender or
 * its target (issue 23). Otherwise progress while progress finds
 * work; after {@link #SPINS} idle
 * turns (spin-wait hints, never a yield), {@link UcxEngine#armIdle()} arms the worker, and the
 * thread sleeps in the
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
    /**
     * The park while the PE's threads progress the worker themselves (their progress calls are
     * counted by {@link UcxEngine#peTurns()}): the agent then stays off the lock, and notices
     * within this long that they stopped.
     */
    static final long PE_ACTIVE_PARK_NANOS = 50_000;
    /** The longest of the growing parks while a PE thread keeps spinning on the worker. */
    static final long MAX_PE_ACTIVE_PARK_NANOS = 1_000_000;
    /**
     * The longest interval between a spinning PE thread's progress calls: over tcp it calls every
     * 1-2 µs; a wait that parks between calls (the core's, up to 50 µs) calls far less often, and
     * the agent then serves the worker for it.
     */
    static final long PE_SPIN_TURN_NANOS = 10_000;
    /** The longest sleep on the event fd with no request outstanding. */
    static final int SLEEP_MILLIS = 100;
    /** The longest sleep on the event fd while requests are outstanding. */
    static final int SLEEP_MILLIS_OUTSTANDING = 1;
    /** How long an agent lingers after work, and how close two findings of work must be for it to. */
    static final long LINGER_NANOS = 50_000;

    private final UcxEngine engine;
    private final Thread thread;
    /** Whether this agent lingers after work (the host has a core for every PE). */
    private final boolean lingers;
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
        this.engine = engine;
        this.lingers = lingers;
        this.thread = Thread.ofPlatform().daemon().name("pgas4j-ucx-progress-" + rank).unstarted(this::run);
        thread.start();
    }

    private void run() {
        int idle = 0;
        int seen = engine.peTurns();
        long seenAt = System.nanoTime();
        int active = 0;
        int state = UcxEngine.BUSY;
        AgentLinger linger = new AgentLinger(lingers, LINGER_NANOS, System.nanoTime());
        UcpWorker worker = engine.worker();
        while (running) {
            try {
                // Spinning: since the agent last looked (before its park or its sleep on the event
                // fd), a PE thread progressed the worker at least once per PE_SPIN_TURN_NANOS. Then
                // the agent keeps off, also when an incoming message woke it: serving then would
                // take a core that a spinning PE thread needs, at every message.
                int turns = engine.peTurns();
                long now = System.nanoTime();
                boolean spinning = turns - seen >= Math.max(2, (now - seenAt) / PE_SPIN_TURN_NANOS);
                seen = turns;
                seenAt = now;
                boolean held = state == UcxEngine.HELD;
                state = UcxEngine.BUSY;
                if (spinning || held) {
                    // A PE thread is spinning on the worker itself, or held the lock when the agent
                    // wanted to arm: keep off the lock (and off the cores it and its peers spin
                    // on), looking again after growing parks.
                    idle = 0;
                    parks++;
                    LockSupport.parkNanos(Math.min(MAX_PE_ACTIVE_PARK_NANOS,
                            PE_ACTIVE_PARK_NANOS << Math.min(active, 5)));
                    active++;
                    continue;
                }
                // active keeps counting until the agent finds work itself or sleeps on the fd: a
                // PE thread that holds the lock at every look is still driving the worker.
                if (engine.agentProgress() > 0) {
                    idle = 0;
                    active = 0;
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
                        sleeps++;
                        worker.waitForEvent(engine.hasOutstanding() ? SLEEP_MILLIS_OUTSTANDING : SLEEP_MILLIS);
                        idle = 0;
                        active = 0;
                    } else if (state == UcxEngine.UNARMED) {
                        // No wake-up (pgas4j.ucx.wakeup=false): growing parks up to 1 ms, as before.
                        active = 0;
                        LockSupport.parkNanos(Math.min(MAX_PE_ACTIVE_PARK_NANOS, 1_000L << Math.min(idle - SPINS, 10)));
                        continue;
                    } else {
                        idle = 0;
                        active = 0;
                    }
                }
            } catch (RuntimeException e) {
                engine.fail("the ucx progress agent stopped: " + e);
                return;
            }
        }
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
