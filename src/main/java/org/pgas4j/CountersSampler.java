package org.pgas4j;

import org.pgas4j.internal.jfr.CountersEvent;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * Fills the periodic {@link CountersEvent} from a PE's {@link PeStats}: registered by a client
 * when statistics are on, removed when it closes. Runs on JFR's periodic thread, so the sums may
 * miss the counting threads' last few counts (plain fields, read without a fence).
 */
final class CountersSampler implements CountersEvent.Sampler {
    private final PeStats stats;

    private CountersSampler(PeStats stats) {
        this.stats = stats;
    }

    /** Registers the hook of PE {@code pe}; returns it for {@link CountersEvent#unregister}. */
    static Runnable register(int pe, PeStats stats) {
        return CountersEvent.register(pe, new CountersSampler(stats));
    }

    @Override
    public void fill(long[] t) {
        long[] s = stats.snapshot();
        t[CountersEvent.PUTS] = stats.total(s, Stats.PUT, Stats.PUT + 1, false);
        t[CountersEvent.PUT_BYTES] = stats.total(s, Stats.PUT, Stats.PUT + 1, true);
        t[CountersEvent.GETS] = stats.total(s, Stats.GET, Stats.GET + 1, false);
        t[CountersEvent.GET_BYTES] = stats.total(s, Stats.GET, Stats.GET + 1, true);
        t[CountersEvent.ATOMICS] = stats.total(s, Stats.ATOMIC, Stats.ATOMIC + 1, false);
        t[CountersEvent.ATOMIC_BYTES] = stats.total(s, Stats.ATOMIC, Stats.ATOMIC + 1, true);
        t[CountersEvent.AM_REQUESTS] = stats.total(s, Stats.AM_REQUEST, Stats.AM_REPLY, false);
        t[CountersEvent.AM_REQUEST_BYTES] = stats.total(s, Stats.AM_REQUEST, Stats.AM_REPLY, true);
        t[CountersEvent.AM_REPLIES] = stats.total(s, Stats.AM_REPLY, Stats.POINT_TO_POINT, false);
        t[CountersEvent.AM_REPLY_BYTES] = stats.total(s, Stats.AM_REPLY, Stats.POINT_TO_POINT, true);
        t[CountersEvent.COLLECTIVES] = stats.total(s, Stats.BARRIER, Stats.ALLTOALL + 1, false);
        t[CountersEvent.FACADE_OPERATIONS] = stats.total(s, Stats.SHMEM_PUT, Stats.KINDS, false);
        t[CountersEvent.WAITS] = stats.waitTotal(s, false);
        t[CountersEvent.WAIT_NANOS] = stats.waitTotal(s, true);
    }
}
