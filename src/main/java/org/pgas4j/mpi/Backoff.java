package org.pgas4j.mpi;

import java.util.concurrent.locks.LockSupport;
import org.pgas4j.Settings;

/**
 * How the facade's waits idle, as the core's idle strategy does with the same settings: spin
 * ({@code pgas4j.wait.spins}; auto: 2000, or 20 when this host runs more processes of the job than
 * it has cores), then yield ({@code pgas4j.wait.yields}), then park from 1 µs doubling up to
 * {@code pgas4j.wait.park.us} (so an answer right after the yields is still seen promptly), and
 * {@code pgas4j.wait.long.park.us} once the wait has parked for about 10 ms. Stateless: the
 * caller counts.
 */
final class Backoff {
    private static final long LONG_WAIT_NANOS = 10_000_000;
    private final int spins;
    private final int yields;
    private final long parkNanos;
    private final long longParkNanos;
    private final int longAfterParks;

    Backoff(int localProcesses) {
        boolean oversubscribed = localProcesses > Runtime.getRuntime().availableProcessors();
        int s = Settings.SPIN_ITERATIONS.value();
        this.spins = s == Settings.AUTO ? (oversubscribed ? 20 : 2000) : s;
        this.yields = Settings.YIELD_ITERATIONS.value();
        this.parkNanos = Settings.PARK_MICROS.value() * 1_000L;
        this.longParkNanos = Math.max(parkNanos, Settings.LONG_PARK_MICROS.value() * 1_000L);
        this.longAfterParks = (int) Math.max(1, LONG_WAIT_NANOS / parkNanos);
    }

    /** Idles once; {@code i} counts the unsuccessful checks so far in this wait. */
    void idle(int i) {
        if (i < spins) {
            Thread.onSpinWait();
        } else if (i < spins + yields) {
            Thread.yield();
        } else {
            int parked = i - spins - yields;
            LockSupport.parkNanos(parked >= longAfterParks ? longParkNanos
                    : Math.min(parkNanos, 1_000L << Math.min(parked, 20)));
        }
    }
}
