package org.pgas4j.mpi;

/**
 * Where the engine's {@link Incoming} records come from, so that a PUT or GET request that arrives
 * through the mailbox allocates nothing: one record refilled for each request being delivered
 * (serviced at once from its slot), and a free list of the records of queued requests, each with
 * the data buffer it keeps. The program's thread's alone, as the mailbox's deliveries are.
 */
final class ArrivalRecords {
    /** Free records kept at most: a burst of queued requests does not stay allocated for ever. */
    private static final int MAX_FREE = 256;

    private final Incoming delivered = new Incoming(true);
    /** Whether {@link #delivered} holds a request being filed (a delivery inside it gets a new one). */
    private boolean deliveredBusy;
    private Incoming free;
    private int freeCount;

    /** The record to fill for a request the mailbox delivers: the refilled one unless it is in use. */
    Incoming forDelivery() {
        return deliveredBusy ? new Incoming(false) : delivered;
    }

    /** Marks {@code in}, when it is the refilled record, as in use until {@link #filed}; whether it is. */
    boolean filing(Incoming in) {
        boolean reused = in == delivered;
        deliveredBusy |= reused;
        return reused;
    }

    /** The refilled record's request is filed (serviced or queued as a copy): it may take the next. */
    void filed() {
        deliveredBusy = false;
        delivered.forgetReferences(); // keeps no slot or layout alive
    }

    /** A copy of {@code in} to queue, its data copied out of the slot, in a free record when there is one. */
    Incoming queuedCopy(Incoming in) {
        Incoming q = free;
        if (q == null) {
            q = new Incoming(false);
        } else {
            free = q.nextFree;
            q.nextFree = null;
            freeCount--;
        }
        return q.fillFrom(in);
    }

    /** A queued arrival was serviced and nothing keeps it: its record goes on the free list. */
    void recycle(Incoming in) {
        if (in == delivered || freeCount >= MAX_FREE) {
            return;
        }
        in.forgetReferences(); // keeps only its data buffer
        in.nextFree = free;
        free = in;
        freeCount++;
    }
}
