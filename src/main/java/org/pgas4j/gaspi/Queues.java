package org.pgas4j.gaspi;

import java.lang.invoke.VarHandle;
import org.pgas4j.Event;
import org.pgas4j.Rma;

/**
 * The GASPI queues of one rank: each holds the completion events of the requests posted to it
 * since its last {@code gaspi_wait}, up to {@code queue_size_max}; a post into a full queue is
 * {@link GaspiError#QUEUE_FULL}, never a hang. Queue 0 exists from init. Arrays are made when a
 * queue is created: posting allocates nothing.
 *
 * <p>A request counts toward the queue's size from its post to the next wait; only those not
 * complete when posted keep something to test: a pending event, or (for implicit puts and gets
 * that left through a transport) the mark that the client's implicit operations must complete. A
 * put into mapped memory is complete when issued and keeps nothing: a fence makes it visible
 * ({@link #testAll} ends with one).
 */
final class Queues {
    private final int max;
    private final int sizeMax;
    private final Rma rma;
    private final Event[][] events;
    private final int[] posted;
    /** Per queue: how many of {@code events} were recorded (the pending ones; completed ones are nulled). */
    private final int[] pending;
    /** Per queue: whether an implicit put or get of it went through a transport (complete with the client's implicit operations). */
    private final boolean[] implicit;
    private int count;

    Queues(int max, int sizeMax, Rma rma) {
        this.max = max;
        this.sizeMax = sizeMax;
        this.rma = rma;
        this.events = new Event[max][];
        this.posted = new int[max];
        this.pending = new int[max];
        this.implicit = new boolean[max];
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
                pending[q] = 0;
                implicit[q] = false;
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
        posted[q]++;
        if (e != Event.DONE) {
            events[q][pending[q]++] = e;
        }
    }

    /** Records a request complete when posted (a put into mapped memory, a notification); the room was checked. */
    void postDone(int q) {
        posted[q]++;
    }

    /** Records an implicit put or get that went through a transport; the room was checked. */
    void postImplicit(int q) {
        posted[q]++;
        implicit[q] = true;
    }

    /** {@code gaspi_queue_size}: requests posted since the last wait. */
    int size(int q) {
        check("queueSize", q);
        return posted[q];
    }

    /**
     * Whether every request of queue {@code q} is complete (advancing progress through the
     * events' tests). A put into mapped memory is complete when issued, though its stores may
     * still be in this core's store buffer: {@link #testAll} adds the fence.
     */
    boolean complete(int q) {
        Event[] e = events[q];
        int n = pending[q];
        for (int i = 0; i < n; i++) {
            if (e[i] != null) {
                if (!e[i].test()) {
                    return false;
                }
                e[i] = null; // complete: drop it so later tests skip it
            }
        }
        if (implicit[q]) {
            if (!rma.testNbi()) {
                return false;
            }
            implicit[q] = false;
        }
        return true;
    }

    /** {@link #complete}, and then visible at the targets: the fence makes the stores of puts into mapped memory leave this core. */
    boolean testAll(int q) {
        if (!complete(q)) {
            return false;
        }
        VarHandle.fullFence();
        return true;
    }

    /** Whether queue {@code q} holds nothing to test: every request was complete when posted. */
    boolean settled(int q) {
        return !implicit[q] && allNull(events[q], pending[q]);
    }

    private static boolean allNull(Event[] e, int n) {
        for (int i = 0; i < n; i++) {
            if (e[i] != null) {
                return false;
            }
        }
        return true;
    }

    /** Empties queue {@code q} once {@link #testAll} said it is complete (or a request failed). */
    void reset(int q) {
        Event[] e = events[q];
        for (int i = 0, n = pending[q]; i < n; i++) {
            e[i] = null;
        }
        posted[q] = 0;
        pending[q] = 0;
        implicit[q] = false;
    }
}
