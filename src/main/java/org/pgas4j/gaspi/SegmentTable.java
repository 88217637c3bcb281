package org.pgas4j.gaspi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * The segment tables of one rank: its own segments by id, the notification areas (the seed's
 * table from segment id to management memory), and what each peer registered with it. Peers'
 * registrations arrive in active-message handlers, so that table is an atomic array.
 */
final class SegmentTable {
    private final Client client;
    private final int ranks;
    private final int max;
    private final LocalSegment[] local = new LocalSegment[Gaspi.SEGMENT_ID_LIMIT];
    private final AtomicReferenceArray<RemoteSegment> remote;
    private final ArrayDeque<Integer> freeAreas = new ArrayDeque<>();
    private final Team[] pairs;
    private int count;

    SegmentTable(Client client, int max) {
        this.client = client;
        this.ranks = client.jobSize();
        this.max = max;
        this.remote = new AtomicReferenceArray<>(Gaspi.SEGMENT_ID_LIMIT * ranks);
        for (int a = 0; a < max; a++) {
            freeAreas.add(a);
        }
        this.pairs = new Team[1024];
    }

    int max() {
        return max;
    }

    int count() {
        return count;
    }

    /** Checks an id's range. */
    static void checkId(String op, int id) {
        if (id < 0 || id >= Gaspi.SEGMENT_ID_LIMIT) {
            throw new GaspiException(GaspiError.SEGMENT_ID_OUT_OF_RANGE, op + ": segment id " + id + " is outside [0, "
                    + Gaspi.SEGMENT_ID_LIMIT + ")");
        }
    }

    /** Checks that {@code id} is free and a segment may be added. */
    void checkFree(String op, int id) {
        checkId(op, id);
        if (local[id] != null) {
            throw new GaspiException(GaspiError.SEGMENT_ID_IN_USE, op + ": segment id " + id + " is already in use on rank "
                    + client.jobRank() + " (" + (local[id].userMemory() ? "bound" : "allocated") + "); delete it first "
                    + "or choose another id");
        }
        if (count >= max) {
            throw new GaspiException(GaspiError.TOO_MANY_SEGMENTS, op + ": rank " + client.jobRank() + " already holds "
                    + count + " segments, the maximum (pgas4j.gaspi.segments.max = " + max + ")");
        }
    }

    /** The local segment {@code id}, or a SEGMENT_NOT_FOUND error. */
    LocalSegment get(String op, int id) {
        checkId(op, id);
        LocalSegment s = local[id];
        if (s == null) {
            throw new GaspiException(GaspiError.SEGMENT_NOT_FOUND, op + ": rank " + client.jobRank() + " has no segment "
                    + id);
        }
        return s;
    }

    /** The local segment {@code id} or null. */
    LocalSegment find(int id) {
        return id >= 0 && id < local.length ? local[id] : null;
    }

    /** Takes a free notification area (there are as many as segments may exist). */
    int takeArea() {
        return freeAreas.removeFirst();
    }

    void put(LocalSegment s) {
        local[s.id()] = s;
        count++;
    }

    /** Removes segment {@code id} and frees its area. */
    LocalSegment remove(int id) {
        LocalSegment s = local[id];
        local[id] = null;
        count--;
        freeAreas.addLast(s.area());
        return s;
    }

    /** The ids in use, ascending ({@code gaspi_segment_list}). */
    List<Integer> ids() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < local.length; i++) {
            if (local[i] != null) {
                out.add(i);
            }
        }
        return out;
    }

    /** Records what {@code rank} registered (handler context). */
    void registered(int rank, int id, RemoteSegment r) {
        remote.set(id * ranks + rank, r);
    }

    /** What {@code rank} registered as {@code id}, or a SEGMENT_NOT_REGISTERED error. */
    RemoteSegment remote(String op, int rank, int id) {
        checkId(op, id);
        RemoteSegment r = remote.get(id * ranks + rank);
        if (r == null) {
            throw new GaspiException(GaspiError.SEGMENT_NOT_REGISTERED, op + ": segment " + id + " of rank " + rank
                    + " is not registered with rank " + client.jobRank() + " (gaspi_segment_register, create or use)");
        }
        return r;
    }

    /** The team pair that addresses every rank's endpoint {@code endpoint}, made once. */
    Team pair(int endpoint) {
        Team t = pairs[endpoint];
        if (t == null) {
            t = client.pair(client.primordialEndpoint(), endpoint);
            pairs[endpoint] = t;
        }
        return t;
    }
}
