package org.pgas4j.transport.ucx;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Longer parks for the PE's waits while the progress agent serves the worker. A wait that has
 * parked for about 10 ms parks 1 ms at a time ({@code pgas4j.wait.long.park.us}) and notices its
 * end at its timer: over tcp a peer's puts land only inside {@code ucp_worker_progress}, which
 * rings no doorbell. A PE waiting in a barrier while a peer streams puts into it thus woke 1,000
 * times a second, each wake-up preempting the agent on its core: streams of 32 KiB puts moved
 * 4-7 % more with no such wake-ups (issue 23). While the agent serves, a long park may therefore
 * last {@link #PARK_NANOS}, and the agent ends it when it stops serving (it sleeps on the event fd,
 * parks unarmed or stops: the traffic, whose last piece was likely what the wait waits for, has
 * stopped) and when requests of this PE complete. Keeping off while a PE thread drives the worker
 * is still serving (that thread progresses meanwhile). A wait that ends by a peer's put while other
 * traffic keeps the agent busy notices it at the latest at the park's end.
 *
 * <p>No lost hand-off: a parking thread counts itself in before it reads whether the agent serves,
 * and the agent clears that before it reads the count (volatile accesses are sequentially
 * consistent), so either the thread sees the agent stopped and parks as usual, or the agent sees
 * the thread and rings the doorbell it armed before.
 */
final class ServedParks {
    /** How long a long park lasts while the agent serves: the 10 ms a wait parks before its parks are long. */
    static final long PARK_NANOS = 10_000_000;
    /** Parks at least this long are a wait's long parks, which may last {@link #PARK_NANOS}. */
    static final long LONG_PARK_NANOS = 1_000_000;

    private volatile boolean serving;
    private final AtomicInteger parked = new AtomicInteger();
    private final Runnable wake;
    /** How often a stop or a completion rang for a served park (for tests). */
    private volatile long handOffs;

    /** Served parks that {@code wake} ends (it rings the doorbell the parked threads armed). */
    ServedParks(Runnable wake) {
        this.wake = wake;
    }

    /**
     * A PE thread, its doorbell armed, is about to park {@code nanos}: returns how long it may
     * park. When that is longer, the thread must call {@link #end()} once it wakes.
     */
    long begin(long nanos) {
        if (nanos < LONG_PARK_NANOS || nanos >= PARK_NANOS || !serving) {
            return nanos; // not a long park, already as long (pgas4j.wait.long.park.us), or not served
        }
        parked.incrementAndGet();
        if (serving) {
            return PARK_NANOS;
        }
        parked.decrementAndGet(); // the agent stopped meanwhile (it may ring: a spurious wake-up at most)
        return nanos;
    }

    /** A park that {@link #begin} lengthened has ended. */
    void end() {
        parked.decrementAndGet();
    }

    /** The agent found work: it serves the worker (one plain read when it already did). */
    void serving() {
        if (!serving) {
            serving = true;
        }
    }

    /** The agent stops serving (it sleeps, parks unarmed or stops): ends the served parks. */
    void stopped() {
        if (serving) {
            serving = false;
            wakeParked();
        }
    }

    /** Requests of this PE completed: a served park may be waiting for them. */
    void completed() {
        wakeParked();
    }

    private void wakeParked() {
        if (parked.get() > 0) {
            handOffs++; // the agent's thread, or a PE thread completing requests: a lost count only misleads a test
            wake.run();
        }
    }

    /** Whether the agent serves the worker now. */
    boolean agentServing() {
        return serving;
    }

    /** How often a stop or a completion rang for a served park. */
    long handOffs() {
        return handOffs;
    }
}
