package org.pgas4j.gaspi;

import org.pgas4j.Event;

/**
 * The GASPI queues of one rank: each holds the completion events of the requests posted to it
 * since its last {@code gaspi_wait}, up to {@code queue_size_max}; a post into a full queue is
 * {@link GaspiError#QUEUE_FULL}, never a hang. Queue 0 exists from init. Arrays are made when a
 * queue is created: posting allocates nothing.
 */
final class Queues {
    private final int max;
    private final int sizeMax;
    private final Event[][] events;
    private final int[] posted;
    private int count;

    Queues(int max, int sizeMax) {
        this.max = max;
        this.sizeMax = sizeMax;
        this.events = new Event[max][];
        this.posted = new int[max];
        events[0] = new Event[sizeMax];
        count = 1;
    }

    int max() {
        return max;
    }

    int sizeMax() {
        return sizeMax;
    }

    int count() {
        return count;
    }

    /** {@code gaspi_queue_create}: the lowest free queue id. */
    int create() {
        for (int q = 0; q < max; q++) {
            if (events[q] == null) {
                events[q] = new Event[sizeMax];
                posted[q] = 0;
                count++;
                return q;
            }
        }
        throw new GaspiException(GaspiError.TOO_MANY_QUEUES, "queueCreate: all " + max
                + " queues exist (pgas4j.gaspi.queues.max)");
    }

    /** {@code gaspi_queue_delete}: only an empty queue; queue 0 stays. */
    void delete(int q) {
        check("queueDelete", q);
        if (q == 0) {
            throw new GaspiException(GaspiError.INVALID_QUEUE, "queueDelete: queue 0 is the default queue and lives "
                    + "until the end");
        }
        if (posted[q] != 0) {
            throw new GaspiException(GaspiError.QUEUE_NOT_EMPTY, "queueDelete: queue " + q + " holds " + posted[q]
                    + " requests; gaspi_wait on it first");
        }
        events[q] = null;
        count--;
    }

    /** Checks that {@code q} is a created queue. */
    void check(String op, int q) {
        if (q < 0 || q >= max || events[q] == null) {
            throw new GaspiException(GaspiError.INVALID_QUEUE, op + ": queue " + q + " does not exist (queues: "
                    + count + " of at most " + max + ")");
        }
    }

    /** Checks that {@code q} exists and has room for {@code n} more requests. */
    void checkRoom(String op, int q, int n) {
        check(op, q);
        if (posted[q] + n > sizeMax) {
            throw new GaspiException(GaspiError.QUEUE_FULL, op + ": queue " + q + " holds " + posted[q] + " of "
                    + sizeMax + " requests, no room for " + n + " more; call gaspi_wait on it");
        }
    }

    /** Records a request's event; the room was checked. */
    void post(int q, Event e) {
        events[q][posted[q]++] = e;
    }

    /** {@code gaspi_queue_size}: requests posted since the last wait. */
    int size(int q) {
        check("queueSize", q);
        return posted[q];
    }

    /** Whether every request of queue {@code q} is complete (advancing progress through the events' tests). */
    boolean testAll(int q) {
        Event[] e = events[q];
        int n = posted[q];
        for (int i = 0; i < n; i++) {
            if (e[i] != null) {
                if (!e[i].test()) {
                    return false;
                }
                e[i] = null; // complete: drop it so later tests skip it
            }
        }
        return true;
    }

    /** Empties queue {@code q} once {@link #testAll} said it is complete. */
    void reset(int q) {
        posted[q] = 0;
    }
}
