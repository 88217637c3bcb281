package org.pgas4j.internal;

import java.util.concurrent.locks.LockSupport;
import org.pgas4j.Settings;

/**
 * How a thread waits for another PE: spin briefly (the answer is usually a cache miss away),
 * then yield (the peer may need this very core: tests run more PEs than cores), then park for
 * growing intervals up to a bound. Stateless apart from its thresholds: the caller keeps the
 * iteration count, so waiting allocates nothing.
 */
public final class IdleStrategy {
    private final int spins;
    private final int yields;
    private final long maxParkNanos;
    private final boolean oversubscribed;

    /** An idle strategy with the given thresholds. */
    public IdleStrategy(int spins, int yields, long maxParkNanos) {
        this(spins, yields, maxParkNanos, false);
    }

    /** An idle strategy with the given thresholds, for a host with more PEs than cores or not. */
    public IdleStrategy(int spins, int yields, long maxParkNanos, boolean oversubscribed) {
        this.spins = spins;
        this.yields = yields;
        this.maxParkNanos = maxParkNanos;
        this.oversubscribed = oversubscribed;
    }

    /**
     * The idle strategy the settings table describes, for a host running {@code localPes} PEs:
     * with more PEs than cores, the PE being waited for may need this very core, so waits spin
     * only briefly before yielding.
     */
    public static IdleStrategy fromSettings(int localPes) {
        boolean oversubscribed = localPes > Runtime.getRuntime().availableProcessors();
        int spins = Settings.SPIN_ITERATIONS.value();
        if (spins == Settings.AUTO) {
            spins = oversubscribed ? 20 : 2000;
        }
        return new IdleStrategy(spins, Settings.YIELD_ITERATIONS.value(), Settings.PARK_MICROS.value() * 1_000L,
                oversubscribed);
    }

    /**
     * Idles once; {@code iteration} counts the unsuccessful checks so far in this wait (0 first).
     * Returns {@code iteration + 1}, to be passed on the next call.
     */
    public int idle(int iteration) {
        if (iteration < spins) {
            Thread.onSpinWait();
        } else if (iteration < spins + yields) {
            Thread.yield();
        } else {
            int parked = iteration - spins - yields;
            // Grow from 1 us so a wake-up right after the yield phase is still prompt.
            long nanos = Math.min(maxParkNanos, 1_000L << Math.min(parked, 20));
            LockSupport.parkNanos(nanos);
        }
        return iteration == Integer.MAX_VALUE ? spins + yields : iteration + 1;
    }

    /** Whether this host runs more PEs than it has cores (a waiter then should give its core away). */
    public boolean oversubscribed() {
        return oversubscribed;
    }

    /** Thread.yield iterations after the spinning, before a wait parks. */
    public int yields() {
        return yields;
    }

    /** The longest park of a wait, nanoseconds. */
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
