package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicType;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.JobAbortedException;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * GASPI's one-sided communication on queues: write, read, their list forms, notifications, and
 * the atomics. A data request is a non-blocking pgas4j RMA between two segments whose event the
 * queue keeps; a notification is a 4-byte put into the target's management memory, issued only
 * once every request before it on its queue is remotely complete (the fence that makes a
 * notification visible only after the writes issued before it on the same queue).
 */
final class OneSided {
    private static final VarHandle NOTIFICATION = ValueLayout.JAVA_INT.varHandle();
    /** Slot loads of a waitsome without a pause before its first idle step (about a microsecond). */
    private static final int BUSY_LOADS = 256;

    private final Client client;
    private final Rma rma;
    private final SegmentTable table;
    private final Queues queues;
    private final Management management;
    private final Team managementTeam;
    private final Deadline deadline;
    private final Liveness liveness;
    private final int me;
    private final int ranks;
    private final Peer[] managementPeers;
    /** This rank's statistics counters ({@link Stats#ON}), or null: stores into mapped memory count as the core's puts. */
    private final PeStats stats;
    /** Each rank's management memory as mapped here (null: reached through the core only), resolved once. */
    private final MemorySegment[] managementViews;
    private final boolean[] managementViewResolved;

    OneSided(Client client, SegmentTable table, Queues queues, Management management, Team managementTeam,
             Deadline deadline, Liveness liveness) {
        this.client = client;
        this.rma = client.rma();
        this.table = table;
        this.queues = queues;
        this.management = management;
        this.managementTeam = managementTeam;
        this.deadline = deadline;
        this.liveness = liveness;
        this.me = client.jobRank();
        this.ranks = client.jobSize();
        this.managementPeers = new Peer[ranks];
        this.stats = Stats.ON ? PeStats.of(client.jobId(), me) : null;
        this.managementViews = new MemorySegment[ranks];
        this.managementViewResolved = new boolean[ranks];
    }

    void checkRank(String op, int rank) {
        if (rank < 0 || rank >= ranks) {
            throw new GaspiException(GaspiError.INVALID_RANK, op + ": rank " + rank + " is outside [0, " + ranks + ")");
        }
        if (liveness.corrupt(rank)) {
            throw new GaspiException(GaspiError.PEER_FAILED, op + ": rank " + rank + " is marked corrupt in the state "
                    + "vector (it died)");
        }
    }

    private static void checkRange(String op, String which, int id, long offset, long size, long bound) {
        if (offset < 0 || size < 0 || offset > bound - size) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": " + which + " segment " + id + ": offset " + offset
                    + " and size " + size + " leave [0, " + bound + ")");
        }
    }

    /** {@code gaspi_write}: posts one write on {@code queue}. */
    GaspiReturn write(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int queue,
                      long timeout, String op) {
        return single(false, segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout, op);
    }

    /** {@code gaspi_read}: posts one read on {@code queue}. */
    GaspiReturn read(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int queue,
                     long timeout, String op) {
        return single(true, segLocal, offLocal, rank, segRemote, offRemote, size, queue, timeout, op);
    }

    private GaspiReturn single(boolean read, int segLocal, long offLocal, int rank, int segRemote, long offRemote,
                               long size, int queue, long timeout, String op) {
        deadline.start(timeout, op);
        queues.checkRoom(op, queue, 1);
        post(read, op, segLocal, offLocal, rank, segRemote, offRemote, size, queue);
        return GaspiReturn.SUCCESS;
    }

    /** Checks one transfer against both segments, starts it on {@code queue}: a get when {@code read}, else a put. */
    private void post(boolean read, String op, int segLocal, long offLocal, int rank, int segRemote, long offRemote,
                      long size, int queue) {
        checkRank(op, rank);
        post(read, op, segLocal, offLocal, rank, table.remote(op, rank, segRemote), segRemote, offRemote, size, queue);
    }

    /**
     * {@link #post} with the rank checked and its segment {@code r} found. A put or a get is the
     * core's implicit one when no implicit operation of the client is outstanding: a copy when
     * the peer's memory is mapped here (a put with no fence: the queue's wait fences it, and a
     * notification is ordered after it by {@link #fence}) or reached by cross-memory attach,
     * complete when issued and allocating nothing; one that left through a transport shows as
     * outstanding and marks the queue to complete the client's implicit operations. Otherwise
     * (someone else's implicit operations are outstanding) it is an operation with an event.
     */
    private void post(boolean read, String op, int segLocal, long offLocal, int rank, RemoteSegment r, int segRemote,
                      long offRemote, long size, int queue) {
        LocalSegment l = table.get(op, segLocal);
        checkRange(op, "local", segLocal, offLocal, size, l.size());
        checkRange(op, "remote", segRemote, offRemote, size, r.size());
        if (size == 0) {
            queues.postDone(queue);
            return;
        }
        try {
            Team pair = table.pair(r.endpoint());
            MemorySegment direct;
            if (!read && l.view() != null && (direct = r.view(pair, rank)) != null) {
                // mapped here: the write is a copy, complete when issued; the queue keeps nothing for
                // it, and a notification after it is ordered by the release fence of fence()
                copy(l.view(), offLocal, direct, offRemote, size);
                if (Stats.ON && stats != null) {
                    stats.count(Stats.PUT, rank, size); // the core's put it replaces
                }
                queues.postDone(queue);
                return;
            }
            if (rma.nbiOutstanding() == 0) {
                if (read) {
                    rma.getNBI(pair, rank, offRemote, l.core(), offLocal, size);
                } else {
                    rma.putNBI(pair, rank, offRemote, l.core(), offLocal, size);
                }
                if (rma.nbiOutstanding() == 0) {
                    queues.postDone(queue);
                } else {
                    queues.postImplicit(queue);
                }
            } else if (read) {
                queues.post(queue, rma.getNB(pair, rank, offRemote, l.core(), offLocal, size));
            } else {
                queues.post(queue, rma.putNB(pair, rank, offRemote, l.core(), offLocal, size));
            }
        } catch (BadArgumentException | IllegalStateException e) {
            throw refused(op, e);
        }
    }

    /** Copies {@code size} bytes; a word is one load and one store (a bulk copy's set-up costs more). */
    private static void copy(MemorySegment from, long fromOffset, MemorySegment to, long toOffset, long size) {
        if (size == Long.BYTES) {
            to.set(ValueLayout.JAVA_LONG_UNALIGNED, toOffset, from.get(ValueLayout.JAVA_LONG_UNALIGNED, fromOffset));
        } else {
            MemorySegment.copy(from, fromOffset, to, toOffset, size);
        }
    }

    /** {@code gaspi_write_list}: {@code num} writes to one rank, posted together (all or none: room is checked first). */
    GaspiReturn writeList(int num, int[] segLocal, long[] offLocal, int rank, int[] segRemote, long[] offRemote,
                          long[] size, int queue, long timeout, boolean read, String op) {
        deadline.start(timeout, op);
        checkList(op, num, segLocal, offLocal, segRemote, offRemote, size);
        queues.checkRoom(op, queue, num);
        for (int i = 0; i < num; i++) {
            post(read, op, segLocal[i], offLocal[i], rank, segRemote[i], offRemote[i], size[i], queue);
        }
        return GaspiReturn.SUCCESS;
    }

    private static void checkList(String op, int num, int[] a, long[] b, int[] c, long[] d, long[] e) {
        if (num <= 0 || a == null || b == null || c == null || d == null || e == null || a.length < num
                || b.length < num || c.length < num || d.length < num || e.length < num) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": " + num + " elements, but a list is null or "
                    + "shorter (or num is not positive)");
        }
    }

    /** {@code gaspi_notify}: after every request before it on {@code queue}, sets the remote notification. */
    GaspiReturn notify(int segRemote, int rank, int id, int value, int queue, long timeout, String op) {
        deadline.start(timeout, op);
        queues.checkRoom(op, queue, 1);
        checkRank(op, rank);
        RemoteSegment r = table.remote(op, rank, segRemote);
        checkNotification(op, id);
        checkValue(op, id, value);
        postNotify(op, r, rank, id, value, queue);
        return GaspiReturn.SUCCESS;
    }

    private static void checkValue(String op, int id, int value) {
        if (value == 0) {
            throw new GaspiException(GaspiError.NOTIFICATION_VALUE_ZERO, op + ": notification " + id
                    + ": the value must not be 0");
        }
    }

    /**
     * Sets notification {@code id} of {@code r} on {@code rank} (checked) once every request before
     * it on {@code queue} is complete.
     */
    private void postNotify(String op, RemoteSegment r, int rank, int id, int value, int queue) {
        fence(queue, op);
        if (rank == me) {
            management.notificationRelease(r.area(), id, value);
        } else {
            long at = management.notificationOffset(r.area(), id);
            MemorySegment view = managementView(rank);
            try {
                if (view != null) {
                    NOTIFICATION.setRelease(view, at, value); // a mapped peer: the store itself, after the fence
                    if (Stats.ON && stats != null) {
                        stats.count(Stats.PUT, rank, Integer.BYTES); // the core's putInt it replaces
                    }
                } else {
                    rma.putInt(managementPeer(rank), at, value);
                }
            } catch (BadArgumentException | IllegalStateException e) {
                throw refused(op, e);
            }
        }
        queues.postDone(queue);
    }

    /** The resolved handle of {@code rank}'s management memory, made once. */
    private Peer managementPeer(int rank) {
        Peer p = managementPeers[rank];
        if (p == null) {
            p = rma.peer(managementTeam, rank);
            managementPeers[rank] = p;
        }
        return p;
    }

    /**
     * {@code rank}'s management memory as this process maps it (on {@code shm}, {@code local} and
     * a host's peers on {@code hybrid}), or null; found once, as it lives as long as the job.
     */
    private MemorySegment managementView(int rank) {
        if (!managementViewResolved[rank]) {
            managementViews[rank] = managementTeam.localView(rank).orElse(null);
            managementViewResolved[rank] = true;
        }
        return managementViews[rank];
    }

    void checkNotification(String op, int id) {
        if (id < 0 || id >= management.notifications()) {
            throw new GaspiException(GaspiError.INVALID_NOTIFICATION, op + ": notification " + id + " is outside [0, "
                    + management.notifications() + ") (pgas4j.gaspi.notifications)");
        }
    }

    /** {@code gaspi_write_notify}: a write, then its notification, on one queue. */
    GaspiReturn writeNotify(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int id,
                            int value, int queue, long timeout) {
        String op = "writeNotify";
        deadline.start(timeout, op);
        queues.checkRoom(op, queue, 2);
        checkNotification(op, id);
        checkValue(op, id, value);
        checkRank(op, rank);
        RemoteSegment r = table.remote(op, rank, segRemote);
        post(false, op, segLocal, offLocal, rank, r, segRemote, offRemote, size, queue);
        postNotify(op, r, rank, id, value, queue);
        return GaspiReturn.SUCCESS;
    }

    /** {@code gaspi_write_list_notify}. */
    GaspiReturn writeListNotify(int num, int[] segLocal, long[] offLocal, int rank, int[] segRemote, long[] offRemote,
                                long[] size, int segNotify, int id, int value, int queue, long timeout) {
        String op = "writeListNotify";
        deadline.start(timeout, op);
        checkList(op, num, segLocal, offLocal, segRemote, offRemote, size);
        queues.checkRoom(op, queue, num + 1);
        checkNotification(op, id);
        checkValue(op, id, value);
        checkRank(op, rank);
        RemoteSegment n = table.remote(op, rank, segNotify);
        for (int i = 0; i < num; i++) {
            post(false, op, segLocal[i], offLocal[i], rank, segRemote[i], offRemote[i], size[i], queue);
        }
        postNotify(op, n, rank, id, value, queue);
        return GaspiReturn.SUCCESS;
    }

    /** {@code gaspi_read_notify}: a read, then (once its data is here) the local notification {@code id} of {@code segLocal} set to 1. */
    GaspiReturn readNotify(int segLocal, long offLocal, int rank, int segRemote, long offRemote, long size, int id,
                           int queue, long timeout) {
        String op = "readNotify";
        deadline.start(timeout, op);
        queues.checkRoom(op, queue, 2);
        checkNotification(op, id);
        LocalSegment l = table.get(op, segLocal);
        post(true, op, segLocal, offLocal, rank, segRemote, offRemote, size, queue);
        fence(queue, op);
        management.notificationRelease(l.area(), id, 1);
        queues.postDone(queue);
        return GaspiReturn.SUCCESS;
    }

    /**
     * Waits until every request on {@code queue} is complete (no timeout: remote completion of
     * posted requests), then orders what follows after them: a release fence, since what
     * follows is a notification put (into mapped memory a store, which must not pass the
     * copies of the puts before it; through a transport a request the transport orders after
     * this core's earlier stores).
     */
    private void fence(int queue, String op) {
        if (!queues.settled(queue)) {
            try {
                while (!queues.complete(queue)) {
                    deadline.pause(op);
                }
            } catch (JobAbortedException e) {
                throw new GaspiException(GaspiError.PEER_FAILED, op + ": " + e.getMessage(), e);
            } catch (BadArgumentException e) {
                throw refused(op, e);
            }
        }
        VarHandle.releaseFence();
    }

    /** {@code gaspi_wait}: waits for every request of {@code queue}, at most {@code timeout}. */
    GaspiReturn waitQueue(int queue, long timeout) {
        String op = "wait";
        queues.check(op, queue);
        deadline.start(timeout, op);
        try {
            while (!queues.testAll(queue)) {
                if (!deadline.idle(op)) {
                    return GaspiReturn.TIMEOUT;
                }
            }
        } catch (JobAbortedException e) {
            throw new GaspiException(GaspiError.PEER_FAILED, op + ": " + e.getMessage(), e);
        } catch (GaspiException e) {
            throw e;
        } catch (RuntimeException e) {
            queues.reset(queue); // the failed request is reported once; the queue is usable again
            throw new GaspiException(GaspiError.ERROR, op + ": a request on queue " + queue + " failed: " + e.getMessage(),
                    e);
        }
        queues.reset(queue);
        return GaspiReturn.SUCCESS;
    }

    /** {@code gaspi_notify_waitsome}: the first set notification in [begin, begin + num) of local segment {@code seg}. */
    GaspiReturn waitsome(int seg, int begin, int num, int[] first, long timeout) {
        String op = "notifyWaitsome";
        LocalSegment l = table.get(op, seg);
        if (num <= 0 || begin < 0 || begin > management.notifications() - num) {
            throw new GaspiException(GaspiError.INVALID_NOTIFICATION, op + ": notifications [" + begin + ", "
                    + ((long) begin + num) + ") leave [0, " + management.notifications() + ") or are empty");
        }
        if (first == null || first.length < 1) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": first must hold one int");
        }
        int area = l.area();
        // The common case: already there, or there within a microsecond. Loads without a pause in
        // between (a pause lasts about 25 ns on the test machine's cores, which a notification
        // would wait half of on average); then, if still nothing, the deadline's idle steps.
        int busy = timeout == Gaspi.TEST ? 1 : Math.max(1, BUSY_LOADS / num);
        for (int k = 0; k < busy; k++) {
            for (int i = begin; i < begin + num; i++) {
                if (management.notificationOwned(area, i) != 0) {
                    first[0] = i;
                    return GaspiReturn.SUCCESS;
                }
            }
        }
        deadline.start(timeout, op);
        while (true) {
            for (int i = begin; i < begin + num; i++) {
                if (management.notificationAcquire(area, i) != 0) {
                    first[0] = i;
                    return GaspiReturn.SUCCESS;
                }
            }
            if (!deadline.idle(op)) {
                return GaspiReturn.TIMEOUT;
            }
        }
    }

    /** {@code gaspi_notify_reset}: atomically 0, returning the old value. */
    int reset(int seg, int id) {
        String op = "notifyReset";
        LocalSegment l = table.get(op, seg);
        checkNotification(op, id);
        return management.notificationReset(l.area(), id);
    }

    /** {@code gaspi_atomic_fetch_add} / {@code gaspi_atomic_compare_swap} on an 8-byte word. */
    long atomic(String op, int seg, long offset, int rank, AtomicOp kind, long a, long b, long timeout) {
        deadline.start(timeout, op);
        checkRank(op, rank);
        RemoteSegment r = table.remote(op, rank, seg);
        checkRange(op, "remote", seg, offset, 8, r.size());
        if ((offset & 7) != 0) {
            throw new GaspiException(GaspiError.ATOMIC_NOT_ALIGNED, op + ": offset " + offset + " in segment " + seg
                    + " is not a multiple of 8");
        }
        try {
            return client.atomics().op(table.pair(r.endpoint()), rank, offset, AtomicType.ULONG, kind, a, b);
        } catch (BadArgumentException | IllegalStateException e) {
            throw refused(op, e);
        } catch (JobAbortedException e) {
            throw new GaspiException(GaspiError.PEER_FAILED, op + ": " + e.getMessage(), e);
        }
    }

    private GaspiException refused(String op, RuntimeException e) {
        return new GaspiException(GaspiError.CORE_REFUSED, op + " on rank " + me + ": " + e.getMessage(), e);
    }
}
