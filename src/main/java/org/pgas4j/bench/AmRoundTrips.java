package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * The two sides of the AM round trip of {@code bench am}, on one client: PE 0 sends a request to
 * PE 1 and polls until the reply's handler has run; PE 1's handler replies, with the same
 * category and payload. Handlers and counters are fields, so a round trip allocates nothing
 * beyond what pgas4j itself does.
 */
final class AmRoundTrips {
    /** Handler index of the Short request. */
    static final int SHORT_REQUEST = ActiveMessages.FIRST_CLIENT_INDEX;
    /** Handler index of the Short reply. */
    static final int SHORT_REPLY = SHORT_REQUEST + 1;
    /** Handler index of the Medium request. */
    static final int MEDIUM_REQUEST = SHORT_REQUEST + 2;
    /** Handler index of the Medium reply. */
    static final int MEDIUM_REPLY = SHORT_REQUEST + 3;
    /** Handler index of the request that ends PE 1's serving loop. */
    static final int STOP = SHORT_REQUEST + 4;

    private final Client client;
    private final ActiveMessages am;
    private final Team world;
    private long replies;
    private boolean stopped;

    /** Registers the handlers on {@code client} (every PE, before the barrier that precedes the first request). */
    AmRoundTrips(Client client) {
        this.client = client;
        this.am = client.am();
        this.world = client.world();
        am.register(SHORT_REQUEST, AmCategory.SHORT, t -> t.replyShort(SHORT_REPLY));
        am.register(SHORT_REPLY, AmCategory.SHORT, t -> replies++);
        am.register(MEDIUM_REQUEST, AmCategory.MEDIUM, AmRoundTrips::echo);
        am.register(MEDIUM_REPLY, AmCategory.MEDIUM, t -> replies++);
        am.register(STOP, AmCategory.SHORT, t -> stopped = true);
    }

    private static void echo(AmToken t) {
        t.replyMedium(MEDIUM_REPLY, t.payload(), 0, t.payloadLength());
    }

    /** {@code n} Short round trips to PE 1; returns the elapsed nanoseconds. */
    long shortRoundTrips(int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            shortRoundTrip();
        }
        return System.nanoTime() - start;
    }

    /** {@code n} Medium round trips of {@code size} bytes of {@code payload} to PE 1; returns the elapsed nanoseconds. */
    long mediumRoundTrips(MemorySegment payload, long size, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            mediumRoundTrip(payload, size);
        }
        return System.nanoTime() - start;
    }

    // One round trip per small method: compiled once and inlined into every timed loop.
    private void shortRoundTrip() {
        long expected = replies + 1;
        am.requestShort(world, 1, SHORT_REQUEST);
        awaitReply(expected);
    }

    private void mediumRoundTrip(MemorySegment payload, long size) {
        long expected = replies + 1;
        am.requestMedium(world, 1, MEDIUM_REQUEST, payload, 0, size);
        awaitReply(expected);
    }

    private void awaitReply(long expected) {
        while (replies != expected) {
            client.poll();
        }
    }

    /** PE 1: runs the handlers until PE 0 sends {@link #STOP}. */
    void serve() {
        while (!stopped) {
            client.poll();
        }
    }

    /** PE 0: ends PE 1's {@link #serve()}. */
    void stop() {
        am.requestShort(world, 1, STOP);
    }
}
