package org.pgas4j.mpi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * The requests and messages of one communicator that arrived here and are not yet serviced or
 * received, in the order their origins issued them: each origin numbers what it sends to each
 * target of a communicator, and an arrival that overtook an earlier one (a transport may reorder
 * active messages) waits here until the gap closes. Matching scans in that order, so requests from
 * one origin with the same comm and tag are serviced in issue order. The program's thread's alone
 * (handlers on other threads queue what they receive for it: {@link Engine}).
 */
final class Arrivals {
    /** Accepts or rejects a queued arrival. */
    interface Matcher {
        boolean accepts(Incoming in);
    }

    private final int[] expected;
    private final HashMap<Long, Incoming> early = new HashMap<>();
    private final List<Incoming> queue = new ArrayList<>();

    Arrivals(int jobSize) {
        this.expected = new int[jobSize];
    }

    /** Adds what arrived from {@code in.sourceJob}, in sequence. */
    void arrive(Incoming in) {
        int src = in.sourceJob;
        if (in.seq != expected[src]) {
            early.put(((long) src << 32) | (in.seq & 0xffffffffL), in);
            return;
        }
        queue.add(in);
        expected[src]++;
        while (!early.isEmpty()) {
            Incoming next = early.remove(((long) src << 32) | (expected[src] & 0xffffffffL));
            if (next == null) {
                break;
            }
            queue.add(next);
            expected[src]++;
        }
    }

    /**
     * Counts the arrival {@code seq} from {@code src} as taken without queueing it: true when it
     * is the next one expected from {@code src} and nothing is queued or early (so no earlier
     * arrival could be matched first); false, counting nothing, otherwise.
     */
    boolean consumeInOrder(int src, int seq) {
        if (seq != expected[src] || !queue.isEmpty() || !early.isEmpty()) {
            return false;
        }
        expected[src]++;
        return true;
    }

    /** Removes and returns the first queued arrival {@code m} accepts, or null. */
    Incoming take(Matcher m) {
        for (int i = 0; i < queue.size(); i++) {
            Incoming in = queue.get(i);
            if (m.accepts(in)) {
                queue.remove(i);
                return in;
            }
        }
        return null;
    }

    /** The first queued arrival {@code m} accepts, left in place, or null. */
    Incoming peek(Matcher m) {
        for (Incoming in : queue) {
            if (m.accepts(in)) {
                return in;
            }
        }
        return null;
    }

    /** How many arrivals are queued (for tests and close). */
    int queued() {
        return queue.size();
    }
}
