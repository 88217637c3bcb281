package org.pgas4j.mpi;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The origin side of requests: the records of those not yet fully serviced, by request id, and
 * per (comm, tag, family, epoch) how many are outstanding and the first failure a servicer
 * reported. A servicing operation completes only when its family's count is 0 (the seed's "all
 * of the PUT requests issued by the process executing the ACCEPT ... have been fully serviced"),
 * and reports a failure recorded there. Thread-safe: handlers settle, the program's thread issues
 * and asks.
 */
final class OriginTable {
    /** What outstanding counts and failures are kept per. */
    record Key(int comm, int tag, int family, int epoch) {
    }

    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, OriginRecord> live = new ConcurrentHashMap<>();
    private final Map<Key, long[]> outstanding = new HashMap<>();
    private final Map<Key, MpiException> failures = new HashMap<>();

    static Key keyOf(OriginRecord r) {
        return new Key(r.commId, r.tag, Wire.family(r.kind), r.epoch);
    }

    /** Records an issued request; returns its id. */
    int add(OriginRecord r) {
        int id = ids.incrementAndGet();
        synchronized (this) {
            outstanding.computeIfAbsent(keyOf(r), k -> new long[1])[0]++;
        }
        live.put(id, r);
        return id;
    }

    /** Forgets a request that could not be sent after {@link #add}. */
    void abandon(int id) {
        OriginRecord r = live.remove(id);
        if (r != null) {
            settle(r);
        }
    }

    /** The record of {@code id}, removed, or null when there is none (a bad or repeated answer). */
    OriginRecord remove(int id) {
        return live.remove(id);
    }

    /** The request of {@code r} is fully serviced. */
    synchronized void settle(OriginRecord r) {
        long[] n = outstanding.get(keyOf(r));
        if (n != null && --n[0] == 0) {
            outstanding.remove(keyOf(r));
        }
    }

    /** The request of {@code r} was refused: settles it and records why. */
    synchronized void fail(OriginRecord r, String why) {
        failures.putIfAbsent(keyOf(r), new MpiException(r.describe() + " failed: " + why));
        settle(r);
    }

    /** Requests of the key not yet fully serviced. */
    synchronized long outstanding(int comm, int tag, int family, int epoch) {
        long[] n = outstanding.get(new Key(comm, tag, family, epoch));
        return n == null ? 0 : n[0];
    }

    /** The first failure recorded for the key, removed, or null. */
    synchronized MpiException takeFailure(int comm, int tag, int family, int epoch) {
        return failures.isEmpty() ? null : failures.remove(new Key(comm, tag, family, epoch));
    }

    /** Requests of any kind not yet fully serviced. */
    int live() {
        return live.size();
    }
}
