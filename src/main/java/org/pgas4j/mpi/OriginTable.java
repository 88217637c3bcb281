package org.pgas4j.mpi;

import java.util.HashMap;
import java.util.Map;

/**
 * The origin side of requests: the records of those not yet fully serviced, by request id, and
 * per (comm, tag, family, epoch) how many are outstanding and the first failure a servicer
 * reported. A servicing operation completes only when its family's count is 0 (the seed's "all
 * of the PUT requests issued by the process executing the ACCEPT ... have been fully serviced"),
 * and reports a failure recorded there. The program's thread's alone (answers that handlers
 * receive on other threads reach it through {@link Engine}'s queue), so nothing here locks;
 * records are found by id in an array indexed by the id's low bits, and each record holds its
 * key's counter, so issuing and settling look nothing up by key; settled records are kept on a
 * free list and reused, so that issuing allocates nothing once as many records exist as were ever
 * outstanding at once.
 */
final class OriginTable {
    /** What outstanding counts and failures are kept per; mutable only as the lookup probe. */
    static final class Key {
        int comm;
        int tag;
        int family;
        int epoch;

        Key(int comm, int tag, int family, int epoch) {
            set(comm, tag, family, epoch);
        }

        Key set(int c, int t, int f, int e) {
            comm = c;
            tag = t;
            family = f;
            epoch = e;
            return this;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.comm == comm && k.tag == tag && k.family == family && k.epoch == epoch;
        }

        @Override
        public int hashCode() {
            return ((comm * 31 + tag) * 31 + family) * 31 + epoch;
        }
    }

    /** The outstanding count of one key. */
    static final class Counter {
        final Key key;
        long n;
        /** Set once the counter left the table: a holder looks its key up again. */
        boolean removed;

        Counter(Key key) {
            this.key = key;
        }
    }

    /** Up to this many keys stay in the table at count 0 (no allocation when their next request is issued). */
    private static final int KEEP = 64;
    private int nextId;
    private OriginRecord[] byId = new OriginRecord[256];
    private int liveCount;
    private final Map<Key, Counter> outstanding = new HashMap<>();
    private final Map<Key, MpiException> failures = new HashMap<>();
    private final Key probe = new Key(0, 0, 0, 0);
    /** The counter the last request added went to: most requests go to the same key as the one before. */
    private Counter lastAdded;
    /** Settled records, for {@link #obtain}, linked through {@link OriginRecord#nextFree}. */
    private OriginRecord free;
    /** How many failures are recorded: none is the common answer, found without a lookup. */
    private int failureCount;
    /** The sum of the outstanding counts. */
    private long total;

    /** A record to {@linkplain OriginRecord#set fill} and {@link #add}: a settled one again, or a new one. */
    OriginRecord obtain() {
        OriginRecord r = free;
        if (r == null) {
            return new OriginRecord();
        }
        free = r.nextFree;
        r.nextFree = null;
        return r;
    }

    /** Records an issued request; returns its id (never 0). */
    int add(OriginRecord r) {
        int id = ++nextId;
        if (id == 0) {
            id = ++nextId;
        }
        int mask = byId.length - 1;
        if (byId[id & mask] != null) {
            grow();
            mask = byId.length - 1;
        }
        r.id = id;
        byId[id & mask] = r;
        liveCount++;
        int family = Wire.family(r.kind);
        Counter c = lastAdded;
        if (c == null || c.removed || c.key.comm != r.commId || c.key.tag != r.tag || c.key.family != family
                || c.key.epoch != r.epoch) {
            c = outstanding.get(probe.set(r.commId, r.tag, family, r.epoch)); // not the key of the request before
        }
        if (c == null) {
            Key k = new Key(r.commId, r.tag, Wire.family(r.kind), r.epoch);
            c = new Counter(k);
            outstanding.put(k, c);
        }
        c.n = c.n + 1;
        lastAdded = c;
        r.counter = c;
        total = total + 1;
        return id;
    }

    /** Doubles the array until every live record has a slot of its own. */
    private void grow() {
        OriginRecord[] old = byId;
        int cap = old.length;
        while (true) {
            cap *= 2;
            OriginRecord[] a = new OriginRecord[cap];
            boolean ok = true;
            for (OriginRecord r : old) {
                if (r != null) {
                    if (a[r.id & (cap - 1)] != null) {
                        ok = false;
                        break;
                    }
                    a[r.id & (cap - 1)] = r;
                }
            }
            if (ok && a[(nextId) & (cap - 1)] == null) {
                byId = a;
                return;
            }
        }
    }

    /** Forgets a request that could not be sent after {@link #add}. */
    void abandon(int id) {
        OriginRecord r = remove(id);
        if (r != null) {
            settle(r);
        }
    }

    /** The record of {@code id}, removed, or null when there is none (a bad or repeated answer). */
    OriginRecord remove(int id) {
        int i = id & (byId.length - 1);
        OriginRecord r = byId[i];
        if (r == null || r.id != id) {
            return null;
        }
        byId[i] = null;
        liveCount--;
        return r;
    }

    /**
     * The request of {@code r} is fully serviced: its count goes down and the record goes back to
     * the free list (the caller is done with it; {@link #remove} took it out of the table before).
     */
    void settle(OriginRecord r) {
        Counter c = r.counter;
        if (c != null) {
            r.counter = null;
            total = total - 1;
            c.n = c.n - 1;
            if (c.n == 0 && outstanding.size() > KEEP) {
                outstanding.remove(c.key); // many keys (tags): forget those at 0; else kept for reuse
                c.removed = true;
            }
            r.destination = null; // nothing of the request's is kept alive by the free list
            r.destinationArray = null;
            r.originMap = null;
            r.commName = null;
            r.nextFree = free;
            free = r;
        }
    }

    /** The request of {@code r} was refused: settles it and records why. */
    void fail(OriginRecord r, String why) {
        Key k = new Key(r.commId, r.tag, Wire.family(r.kind), r.epoch);
        failures.putIfAbsent(k, new MpiException(r.describe() + " failed: " + why));
        failureCount = failures.size();
        settle(r);
    }

    /** Whether no request at all is outstanding. */
    boolean nothingOutstanding() {
        return total == 0;
    }

    /** Requests of the key not yet fully serviced. */
    long outstanding(int comm, int tag, int family, int epoch) {
        if (total == 0) {
            return 0; // nothing outstanding at all: the common answer, without a lookup
        }
        Counter c = outstanding.get(probe.set(comm, tag, family, epoch));
        return c == null ? 0 : c.n;
    }

    /**
     * The counter of the key while it is in the table (look again once it is
     * {@link Counter#removed}), or null when none is.
     */
    Counter counter(int comm, int tag, int family, int epoch) {
        return outstanding.get(probe.set(comm, tag, family, epoch));
    }

    /** The first failure recorded for the key, removed, or null. */
    MpiException takeFailure(int comm, int tag, int family, int epoch) {
        if (failureCount == 0) {
            return null;
        }
        MpiException e = failures.remove(probe.set(comm, tag, family, epoch));
        failureCount = failures.size();
        return e;
    }

    /** Requests of any kind not yet fully serviced. */
    int live() {
        return liveCount;
    }
}
