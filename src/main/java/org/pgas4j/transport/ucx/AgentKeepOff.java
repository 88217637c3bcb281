package org.pgas4j.transport.ucx;

import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * When the progress agent keeps off the worker because a PE thread drives it, and for how long
 * ({@link UcxProgressAgent}). A PE thread drives the worker when it made at least two turns
 * ({@link UcxEngine#peTurns()}) since the agent last looked and either made them at a spinning
 * wait's rate (one per {@link #SPIN_TURN_NANOS} or faster) or is inside an operation (holds the
 * engine's lock) and not parked in a wait: a thread streaming large puts over tcp makes a turn
 * only every few tens of microseconds, all of them inside its puts. A thread that computes and
 * issues an operation now and then holds the lock at few of the agent's looks, so the agent
 * serves its peers.
 *
 * <p>The parks grow from {@link #FIRST_PARK_NANOS} to {@link #LONGEST_PARK_NANOS} while the PE
 * thread keeps driving, until {@link #reset()} (the agent found work itself or slept on the event
 * fd). Each wake-up of the agent preempts the PE thread on its core, some 30 µs of a virtual CPU
 * here: at 1 ms parks, a PE streaming 128 KiB to 1 MiB puts over tcp lost 3-5 % of its bandwidth
 * to them. A park longer than {@link #WAKE_ON_WAIT_NANOS} ends early when a PE thread starts
 * waiting ({@link UcxEngine#peThreadParks()}), so the agent only stays away for that long from a
 * PE that stopped driving the worker to compute.
 */
final class AgentKeepOff {
    /** The first park after the agent finds a PE thread driving the worker. */
    static final long FIRST_PARK_NANOS = 50_000;
    /** The longest park while a PE thread keeps driving the worker. */
    static final long LONGEST_PARK_NANOS = 16_000_000;
    /** Parks longer than this end when a PE thread starts waiting. */
    static final long WAKE_ON_WAIT_NANOS = 1_000_000;
    /**
     * The longest interval between a spinning PE thread's turns: over tcp it progresses every
     * 1-2 µs; a wait that parks between turns (the core's, up to 50 µs) turns far less often.
     */
    static final long SPIN_TURN_NANOS = 10_000;
    /** The doubling that reaches {@link #LONGEST_PARK_NANOS} from {@link #FIRST_PARK_NANOS}. */
    private static final int MAX_DOUBLINGS = 64 - Long.numberOfLeadingZeros(LONGEST_PARK_NANOS / FIRST_PARK_NANOS);

    /** Parks since the last {@link #reset()}. */
    private int parks;

    /**
     * Whether a PE thread drives the worker: {@code turns} since the agent's last look
     * {@code nanos} ago; {@code inOperation}: a thread holds the engine's lock now;
     * {@code peWaiting}: a PE thread is parked in a wait.
     */
    static boolean driving(int turns, long nanos, boolean inOperation, boolean peWaiting) {
        if (turns < 2) {
            return false;
        }
        return turns >= nanos / SPIN_TURN_NANOS || inOperation && !peWaiting;
    }

    /**
     * Whether a PE thread that {@link #driving drove} the worker since the agent's last look, but
     * holds no lock at it, still does: it makes a turn past {@code turns} or takes the engine's lock
     * within {@link #SPIN_TURN_NANOS} (a spinning wait turns every 1-2 µs, a stream of puts holds the
     * lock most of the time). A thread that has stopped, to compute or to spin on its own memory
     * without calling pgas4j, does neither, and the agent serves its peers instead of parking again:
     * a ping-pong of blocking puts between PEs that spin on their memory took 580-610 µs a hop
     * with parks that its own puts kept growing, 410-490 with this check.
     */
    static boolean stillDriving(int turns, IntSupplier peTurns, BooleanSupplier lockHeld) {
        return stillDriving(turns, peTurns, lockHeld, SPIN_TURN_NANOS);
    }

    /** {@link #stillDriving(int, IntSupplier, BooleanSupplier)} over a window of {@code windowNanos}. */
    static boolean stillDriving(int turns, IntSupplier peTurns, BooleanSupplier lockHeld, long windowNanos) {
        long end = System.nanoTime() + windowNanos;
        do {
            if (peTurns.getAsInt() != turns || lockHeld.getAsBoolean()) {
                return true;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < end);
        return false;
    }

    /** The next park while a PE thread drives the worker: each twice the last, up to the longest. */
    long nextPark() {
        long park = Math.min(LONGEST_PARK_NANOS, FIRST_PARK_NANOS << Math.min(parks, MAX_DOUBLINGS));
        parks++;
        return park;
    }

    /** The agent found work itself or slept on the event fd: the next park is the first again. */
    void reset() {
        parks = 0;
    }

    /** Whether a park of {@code nanos} ends when a PE thread starts waiting. */
    static boolean wakesOnWait(long nanos) {
        return nanos > WAKE_ON_WAIT_NANOS;
    }
}
