package org.pgas4j.internal;

import java.util.concurrent.locks.LockSupport;
import org.pgas4j.Settings;
import org.pgas4j.spi.Transport;

/**
 * How a thread waits for another PE: spin briefly (the answer is usually a cache miss away),
 * then yield (the peer may need this very core: tests run more PEs than cores), then park for
 * growing intervals up to a bound, and once the wait has parked for about 10 ms, for a longer
 * one: a PE waiting in a barrier while its peers stream data to it otherwise woke 20,000 times a
 * second, each time taking a core from the transport's work (over ucx on 2 cores, 1 MiB puts into
 * such a PE: 650-1012 MB/s with 50 µs parks, 1056-1178 with 1 ms); a wait that long notices its
 * end at most one long park later. Stateless apart from its thresholds: the caller keeps the
 * iteration count, so waiting allocates nothing.
 *
 * <p>With a transport ({@link #fromSettings(int, Transport)}), a park is the transport's
 * {@link Transport#parkUntilMessage}: it ends as soon as a message arrives for this PE, so a wait
 * that delivers messages between its idles (every core wait does, past its spinning phase) serves
 * the active messages aimed at it as they come, however long it has parked, while a PE that
 * receives no messages (puts into it, over UCX too) still wakes only at its timer. Such a strategy
 * is only for waits that deliver messages: a park with a message already waiting returns at once,
 * and a wait that cannot deliver it (a handler waiting for room to reply) takes
 * {@link #withoutWakeups()}. A park that a message ended starts the wait over (iteration 0): a
 * stream of requests (the chunks of a fallback put) is then served spinning, not one wake-up per
 * chunk, while a wait that receives none keeps its long parks.
 */
public final class IdleStrategy {
    private final int spins;
    private final int yields;
    private final long maxParkNanos;
    private final boolean oversubscribed;
    private final long longParkNanos;
    /** Parks after which a wait counts as long: about {@link #LONG_WAIT_NANOS} of them. */
    private final int longAfterParks;
    /** How long a wait parks before its parks become long ones. */
    static final long LONG_WAIT_NANOS = 10_000_000;
    /** Whose {@link Transport#parkUntilMessage} parks; null: {@link LockSupport#parkNanos}. */
    private final Transport wakes;

    /** An idle strategy with the given thresholds (and no longer parks for long waits). */
    public IdleStrategy(int spins, int yields, long maxParkNanos) {
        this(spins, yields, maxParkNanos, false);
    }

    /** An idle strategy with the given thresholds, for a host with more PEs than cores or not. */
    public IdleStrategy(int spins, int yields, long maxParkNanos, boolean oversubscribed) {
        this(spins, yields, maxParkNanos, oversubscribed, maxParkNanos);
    }

    /**
     * An idle strategy with the given thresholds, whose parks become {@code longParkNanos} once a
     * wait has parked for about {@link #LONG_WAIT_NANOS}.
     */
    public IdleStrategy(int spins, int yields, long maxParkNanos, boolean oversubscribed, long longParkNanos) {
        this(spins, yields, maxParkNanos, oversubscribed, longParkNanos, null);
    }

    private IdleStrategy(int spins, int yields, long maxParkNanos, boolean oversubscribed, long longParkNanos,
                         Transport wakes) {
        this.wakes = wakes;
        this.spins = spins;
        this.yields = yields;
        this.maxParkNanos = maxParkNanos;
        this.oversubscribed = oversubscribed;
        this.longParkNanos = Math.max(maxParkNanos, longParkNanos);
        this.longAfterParks = (int) Math.max(1, LONG_WAIT_NANOS / maxParkNanos);
    }

    /**
     * The idle strategy the settings table describes, for a host running {@code localPes} PEs:
     * with more PEs than cores, the PE being waited for may need this very core, so waits spin
     * only briefly before yielding. Otherwise they spin about 10 µs (200 pauses of about 45 ns on
     * this project's machines), the price of giving the core away and getting it back, which a
     * wait should spin for before it yields: 2000 (90 µs) held cores that a JVM's compiler threads
     * needed while a job warmed up (the first 65,536 steps of a lock-step barrier/atomic/put loop:
     * 5.7-7.9 µs a step with 2000, 4.2-4.6 with 200, same session).
     */
    public static IdleStrategy fromSettings(int localPes) {
        return fromSettings(localPes, null);
    }

    /**
     * {@link #fromSettings(int)}, whose parks end when a message arrives through {@code transport}
     * (null: parks end at their timer only).
     */
    public static IdleStrategy fromSettings(int localPes, Transport transport) {
        boolean oversubscribed = localPes > Runtime.getRuntime().availableProcessors();
        int spins = Settings.SPIN_ITERATIONS.value();
        if (spins == Settings.AUTO) {
            spins = oversubscribed ? 20 : 200;
        }
        return new IdleStrategy(spins, Settings.YIELD_ITERATIONS.value(), Settings.PARK_MICROS.value() * 1_000L,
                oversubscribed, Settings.LONG_PARK_MICROS.value() * 1_000L, transport);
    }

    /** This strategy with parks that end when a message arrives through {@code transport}. */
    public IdleStrategy withWakeups(Transport transport) {
        return new IdleStrategy(spins, yields, maxParkNanos, oversubscribed, longParkNanos, transport);
    }

    /** This strategy with parks that end at their timer only, for a wait that cannot deliver messages. */
    public IdleStrategy withoutWakeups() {
        return wakes == null ? this : new IdleStrategy(spins, yields, maxParkNanos, oversubscribed, longParkNanos, null);
    }

    /** Whether parks end when a message arrives (a transport was given). */
    public boolean wokenByMessages() {
        return wakes != null;
    }

    /**
     * Idles once; {@code iteration} counts the unsuccessful checks so far in this wait (0 first).
     * Returns {@code iteration + 1}, to be passed on the next call, or 0 after a park that a
     * message ended.
     */
    public int idle(int iteration) {
        if (iteration < spins) {
            Thread.onSpinWait();
        } else if (iteration < spins + yields) {
            Thread.yield();
        } else if (wakes != null) {
            if (wakes.parkUntilMessage(parkNanos(iteration))) {
                return 0; // messages are flowing: spin for the next one before sleeping again
            }
        } else {
            LockSupport.parkNanos(parkNanos(iteration));
        }
        return iteration == Integer.MAX_VALUE ? spins + yields : iteration + 1;
    }

    /**
     * How long {@link #idle} parks at {@code iteration}: 0 while it spins or yields, then from 1 µs
     * doubling up to the longest park (so a wake-up right after the yield phase is still prompt),
     * and the long park once the wait has parked about {@link #LONG_WAIT_NANOS}.
     */
    public long parkNanos(int iteration) {
        int parked = iteration - spins - yields;
        if (iteration < spins || parked < 0) {
            return 0;
        }
        return parked >= longAfterParks ? longParkNanos : Math.min(maxParkNanos, 1_000L << Math.min(parked, 20));
    }

    /** Whether this host runs more PEs than it has cores (a waiter then should give its core away). */
    public boolean oversubscribed() {
        return oversubscribed;
    }

    /** Thread.yield iterations after the spinning, before a wait parks. */
    public int yields() {
        return yields;
    }

    /** The park of a wait that has parked for about {@link #LONG_WAIT_NANOS}, nanoseconds. */
    public long longParkNanos() {
        return longParkNanos;
    }

    /** The longest park of a wait until it is a long one, nanoseconds. */
    public long maxParkNanos() {
        return maxParkNanos;
    }

    /** Busy-spin iterations before a wait yields. */
    public int spins() {
        return spins;
    }

    /** Whether a wait at this iteration has left the spinning phase (time to poll slow things). */
    public boolean pastSpinning(int iteration) {
        return iteration >= spins;
    }
}
