package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * The active messages of the GASPI facade: segment registration (a request carrying the
 * segment's endpoint, size and notification area, acknowledged by a reply) and passive
 * communication ({@code gaspi_passive_send}: a Medium request whose payload the receiver queues
 * until {@code gaspi_passive_receive} takes it). Handler indices 240 to 242.
 */
final class Messages {
    static final int REGISTER = 240;
    static final int REGISTER_ACK = 241;
    static final int PASSIVE = 242;

    /** A passive message that arrived and waits for a receive. */
    record Passive(int source, byte[] data) {
    }

    private final Client client;
    private final Team world;
    private final SegmentTable table;
    private final AtomicLongArray acked;
    private final long[] sent;
    private final int[] args = new int[6];
    private final ConcurrentLinkedQueue<Passive> passive = new ConcurrentLinkedQueue<>();

    Messages(Client client, SegmentTable table) {
        this.client = client;
        this.world = client.world();
        this.table = table;
        this.acked = new AtomicLongArray(client.jobSize());
        this.sent = new long[client.jobSize()];
        ActiveMessages am = client.am();
        am.register(REGISTER, AmCategory.SHORT, this::onRegister);
        am.register(REGISTER_ACK, AmCategory.SHORT, this::onRegisterAck);
        am.register(PASSIVE, AmCategory.MEDIUM, this::onPassive);
    }

    /** Sends the registration of {@code s} to {@code rank}; returns the token its acknowledgement carries. */
    long sendRegistration(LocalSegment s, int rank) {
        long token = ++sent[rank];
        args[0] = s.id();
        args[1] = s.endpoint().index();
        args[2] = s.area();
        args[3] = (int) s.size();
        args[4] = (int) (s.size() >>> 32);
        args[5] = (int) token;
        client.am().requestShort(world, rank, REGISTER, args, 6);
        return token;
    }

    /** Whether {@code rank} acknowledged the registration with {@code token}. */
    boolean acknowledged(int rank, long token) {
        return acked.get(rank) >= token;
    }

    private void onRegister(AmToken t) {
        long size = (t.arg(3) & 0xffffffffL) | ((long) t.arg(4) << 32);
        int id = t.arg(0);
        if (id >= 0 && id < Gaspi.SEGMENT_ID_LIMIT) {
            table.registered(t.sourceJobRank(), id, new RemoteSegment(t.arg(1), size, t.arg(2)));
        }
        t.replyShort(REGISTER_ACK, t.arg(5));
    }

    private void onRegisterAck(AmToken t) {
        int rank = t.sourceJobRank();
        long token = t.arg(0) & 0xffffffffL;
        acked.accumulateAndGet(rank, token, Math::max);
    }

    private void onPassive(AmToken t) {
        MemorySegment p = t.payload();
        passive.add(new Passive(t.sourceJobRank(), p.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
    }

    /** Sends {@code length} bytes of {@code payload} to {@code rank} as a passive message. */
    void sendPassive(int rank, MemorySegment payload, long offset, long length) {
        client.am().requestMedium(world, rank, PASSIVE, payload, offset, length);
    }

    long passiveMax(int rank) {
        return client.am().maxRequestMedium(world, rank);
    }

    /** The oldest passive message received, or null. */
    Passive nextPassive() {
        return passive.poll();
    }

    /** The oldest passive message without taking it, or null. */
    Passive peekPassive() {
        return passive.peek();
    }
}
