package org.pgas4j.mpi;

import java.util.concurrent.locks.LockSupport;
import org.pgas4j.Settings;

/**
 * How the facade's waits idle, with the core's settings: spin ({@code pgas4j.wait.spins}; auto:
 * 2000, or 20 when this host runs more processes of the job than it has cores), then yield
 * ({@code pgas4j.wait.yields}), then park ({@code pgas4j.wait.park.us}).
 */
final class Backoff {
    private final int spins;
    private final int yields;
    private final long parkNanos;

    Backoff(int localProcesses) {
        boolean oversubscribed = localProcesses > Runtime.getRuntime().availableProcessors();
        int s = Settings.SPIN_ITERATIONS.value();
        this.spins = s == Settings.AUTO ? (oversubscribed ? 20 : 2000) : s;
        this.yields = Settings.YIELD_ITERATIONS.value();
        this.parkNanos = Settings.PARK_MICROS.value() * 1_000L;
    }

    /** Idles once; {@code i} counts the unsuccessful checks so far in this wait. */
    void idle(int i) {
        if (i < spins) {
            Thread.onSpinWait();
        } else if (i < spins + yields) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(parkNanos);
        }
    }
}
