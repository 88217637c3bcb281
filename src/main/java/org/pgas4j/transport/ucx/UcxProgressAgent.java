package org.pgas4j.transport.ucx;

import java.util.concurrent.locks.LockSupport;

/**
 * A daemon thread that progresses the engine while the PE's own threads do not: over transports
 * without hardware RMA (tcp), UCX performs a peer's puts, gets and atomics on this PE's memory
 * only inside {@code ucp_worker_progress}, so a PE busy computing would otherwise stall its peers.
 * It never delivers messages to the core (that stays on the core's threads); it only runs the
 * worker (whose upcalls copy arriving messages into the receive rings), completes requests and
 * sends staged messages. When idle it yields, then parks for growing intervals up to
 * {@link #MAX_PARK_NANOS}, so it costs little on a machine with fewer cores than PEs.
 */
final class UcxProgressAgent implements AutoCloseable {
    /** The longest park between two idle progress calls. */
    static final long MAX_PARK_NANOS = 1_000_000;

    private final UcxEngine engine;
    private final Thread thread;
    private volatile boolean running = true;

    /** Starts the agent of {@code engine}, named after PE {@code rank}. */
    UcxProgressAgent(UcxEngine engine, int rank) {
        this.engine = engine;
        this.thread = Thread.ofPlatform().daemon().name("pgas4j-ucx-progress-" + rank).unstarted(this::run);
        thread.start();
    }

    private void run() {
        int idle = 0;
        while (running) {
            int n;
            try {
                n = engine.progress();
            } catch (RuntimeException e) {
                engine.fail("the ucx progress agent stopped: " + e);
                return;
            }
            if (n > 0) {
                idle = 0;
            } else if (++idle < 16) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(Math.min(MAX_PARK_NANOS, 1_000L << Math.min(idle - 16, 10)));
            }
        }
    }

    /** Stops the agent and waits for it. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
