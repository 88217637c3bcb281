package org.pgas4j.mpi;

import java.util.function.LongPredicate;
import org.pgas4j.Settings;

/**
 * How the facade's waits idle, as the core's idle strategy does with the same settings: spin
 * ({@code pgas4j.wait.spins}; auto: 2000, or 20 when this host runs more processes of the job than
 * it has cores), then yield ({@code pgas4j.wait.yields}), then park from 1 µs doubling up to
 * {@code pgas4j.wait.park.us} (so an answer right after the yields is still seen promptly), and
 * {@code pgas4j.wait.long.park.us} once the wait has parked for about 10 ms. A park is the
 * client's {@code parkUntilMessage}: an active message for this process (a request of the
 * facade's protocol) ends it at once, and the wait then spins again for the next one, instead of
 * noticing it at the park's timer, up to a millisecond into a long wait. Stateless: the caller
 * counts.
 */
final class Backoff {
    private static final long LONG_WAIT_NANOS = 10_000_000;
    private final int spins;
    private final int yields;
    private final long parkNanos;
    private final long longParkNanos;
    private final int longAfterParks;
    /** Parks for at most the given nanoseconds; true when a message ended the park. */
    private final LongPredicate park;

    /**
     * @param localProcesses the job's processes on this host
     * @param park parks for at most the given nanoseconds, returning early (true) when an active
     *        message arrives: the client's {@code parkUntilMessage}
     */
    Backoff(int localProcesses, LongPredicate park) {
        this.park = park;
        boolean oversubscribed = localProcesses > Runtime.getRuntime().availableProcessors();
        int s = Settings.SPIN_ITERATIONS.value();
        this.spins = s == Settings.AUTO ? (oversubscribed ? 20 : 2000) : s;
        this.yields = Settings.YIELD_ITERATIONS.value();
        this.parkNanos = Settings.PARK_MICROS.value() * 1_000L;
        this.longParkNanos = Math.max(parkNanos, Settings.LONG_PARK_MICROS.value() * 1_000L);
        this.longAfterParks = (int) Math.max(1, LONG_WAIT_NANOS / parkNanos);
    }

    /**
     * Idles once; {@code i} counts the unsuccessful checks so far in this wait (0 first). Returns
     * the count to pass next: {@code i + 1}, or 0 after a park that a message ended.
     */
    int idle(int i) {
        if (i < spins) {
            Thread.onSpinWait();
        } else if (i < spins + yields) {
            Thread.yield();
        } else if (park.test(parkNanos(i))) {
            return 0; // messages are flowing: spin for the next one before sleeping again
        }
        return i == Integer.MAX_VALUE ? spins + yields : i + 1;
    }

    /** How long {@link #idle} parks at {@code i}: 0 while it spins or yields. */
    long parkNanos(int i) {
        int parked = i - spins - yields;
        if (i < spins || parked < 0) {
            return 0;
        }
        return parked >= longAfterParks ? longParkNanos : Math.min(parkNanos, 1_000L << Math.min(parked, 20));
    }
}
