package org.pgas4j.internal.am;

import org.pgas4j.internal.access.Access;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.SyncCompletion;
import org.pgas4j.internal.memory.HostCopy;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.spi.Transport;

/**
 * Sends active messages: checks a request or reply before anything is sent, writes a LONG
 * payload into the target segment first, then claims room in the target's lane, writes the
 * header ({@link AmHeader}), arguments and MEDIUM payload into it and commits it.
 *
 * <p><b>Back-pressure.</b> When the target's lane is full the sender keeps polling while it waits
 * for room: a request sender polls both of its own lanes (so two PEs flooding each other both
 * drain, and nobody waits for someone who waits for them); a replying handler polls its own
 * reply lane only (reply handlers never send, so draining replies always makes progress). A
 * sender never holds a claim while it polls. Requests are refused in handler context, so no
 * handler waits on a request lane.
 */
public final class AmInjector {
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.TeamAccess TEAMS = Access.teams();
    /** Replies a waiting handler delivers per poll of its own reply lane. */
    private static final int POLL_LIMIT = 64;
    /** Stands for a null argument array, which the checks then report. */
    private static final int[] NULL_ARGS = new int[0];

    private final Client client;
    private final Transport transport;
    private final AmHandlerTable table;
    private final HandlerContext context;
    private final IdleStrategy idle;
    /** The idle of a handler waiting to reply: it cannot deliver the request it handles, so no wake-ups. */
    private final IdleStrategy replyIdle;
    private final JobHealth health;
    private final Runnable progress;

    public AmInjector(Client client, Transport transport, AmHandlerTable table, HandlerContext context, IdleStrategy idle,
               JobHealth health) {
        this.client = client;
        this.transport = transport;
        this.table = table;
        this.context = context;
        this.idle = idle;
        this.replyIdle = idle.withoutWakeups();
        this.health = health;
        this.progress = transport::progress;
    }

    /** {@code args}, or a marker the checks report as a null array. */
    public static int[] nonNull(int[] args) {
        return args != null ? args : NULL_ARGS;
    }

    public int jobRank() {
        return client.jobRank();
    }

    /** The largest MEDIUM payload to {@code jobRank} on {@code lane}. */
    public long maxMedium(int jobRank, int lane) {
        return transport.maxMessageLength(jobRank, lane) - AmHeader.MAX_LENGTH;
    }

    /** Checks and sends a request to (team, rank). */
    public void request(Team team, int rank, AmCategory cat, int handler, int count, int a0, int a1, int a2, int a3,
                 int[] args, MemorySegment payload, long offset, long length, long dstOffset, String op) {
        context.checkRequest(op);
        CLIENTS.checkOpen(client, op);
        if (team.isDestroyed()) {
            throw new IllegalStateException(op + " on PE " + client.jobRank() + ": team " + team.name()
                    + " was destroyed");
        }
        if (rank < 0 || rank >= team.size()) {
            TEAMS.checkRank(team, op, rank);
        }
        int jobRank = TEAMS.jobRankUnchecked(team, rank);
        int mediumLength = check(Transport.LANE_REQUEST, jobRank, cat, handler, count, args, payload, offset, length,
                op);
        long longLength = 0;
        boolean inline = false;
        if (cat == AmCategory.LONG) {
            inline = placeLongPayload(CLIENTS.target(client, team, rank, dstOffset, length, op), jobRank, Transport.LANE_REQUEST,
                    payload, offset, length, dstOffset, op);
            mediumLength = inline ? (int) length : 0;
            longLength = length;
        }
        if (Stats.ON && context.stats != null) {
            context.stats.count(Stats.AM_REQUEST + cat.ordinal(), jobRank, cat == AmCategory.SHORT ? 0 : length);
        }
        send(Transport.LANE_REQUEST, jobRank, TEAMS.endpointIndexUnchecked(team, rank), team.endpoint().index(), cat, handler,
                count, a0, a1, a2, a3, args, payload, null, offset, mediumLength, cat == AmCategory.LONG ? dstOffset : 0,
                longLength, inline, op);
    }

    /**
     * Sends a runtime-internal request straight to endpoint {@code endpoint} of PE {@code jobRank},
     * with up to four arguments (the RMA fallback, which addresses segments rather than team ranks).
     */
    public void requestInternal(int jobRank, int endpoint, AmCategory cat, int handler, int count, int a0, int a1, int a2,
                         int a3, MemorySegment payload, long offset, long length, String op) {
        context.checkRequest(op);
        CLIENTS.checkOpen(client, op);
        int mediumLength = check(Transport.LANE_REQUEST, jobRank, cat, handler, count, null, payload, offset, length, op);
        send(Transport.LANE_REQUEST, jobRank, endpoint, 0, cat, handler, count, a0, a1, a2, a3, null, payload, null,
                offset, mediumLength, 0, 0, false, op);
    }

    /**
     * {@link #requestInternal(int, int, AmCategory, int, int, int, int, int, int, MemorySegment, long, long, String)}
     * of a MEDIUM request whose payload the local segment {@code payload} copies straight into the
     * message with its kind's copy function (device memory: no staging through host memory first).
     * The caller has checked the range against the segment.
     */
    public void requestInternal(int jobRank, int endpoint, int handler, int a0, int a1, int a2, int a3, Segment payload,
                                long offset, int length, String op) {
        context.checkRequest(op);
        CLIENTS.checkOpen(client, op);
        check(Transport.LANE_REQUEST, jobRank, AmCategory.MEDIUM, handler, 4, null, null, 0, 0, op);
        checkMediumLength(Transport.LANE_REQUEST, jobRank, length, op);
        send(Transport.LANE_REQUEST, jobRank, endpoint, 0, AmCategory.MEDIUM, handler, 4, a0, a1, a2, a3, null, null,
                payload, offset, length, 0, 0, false, op);
    }

    /**
     * Sends the MEDIUM reply of an internal handler (the RMA fallback's owner) whose payload the
     * owner's segment {@code payload} copies straight into the message with its kind's copy
     * function. The handler replies once; the caller has checked the range against the segment.
     */
    public void replyInternal(AmToken token, int handler, int a0, int a1, int a2, int a3, Segment payload, long offset,
                              int length, String op) {
        int jobRank = token.sourceJobRank();
        check(Transport.LANE_REPLY, jobRank, AmCategory.MEDIUM, handler, 4, null, null, 0, 0, op);
        checkMediumLength(Transport.LANE_REPLY, jobRank, length, op);
        send(Transport.LANE_REPLY, jobRank, token.sourceEndpoint(), token.endpoint(), AmCategory.MEDIUM, handler, 4, a0,
                a1, a2, a3, null, null, payload, offset, length, 0, 0, false, op);
    }

    private void checkMediumLength(int lane, int jobRank, int length, String op) {
        long max = maxMedium(jobRank, lane);
        if (length < 0 || length > max) {
            throw AmErrors.badLength(client.jobRank(), op, AmCategory.MEDIUM, length, max, jobRank, lane);
        }
    }

    /** Checks and sends the reply of {@code token}'s handler to the requester. */
    public void reply(AmToken token, AmCategory cat, int handler, int count, int a0, int a1, int a2, int a3, int[] args,
               MemorySegment payload, long offset, long length, long dstOffset, String op) {
        int jobRank = token.sourceJobRank();
        int mediumLength = check(Transport.LANE_REPLY, jobRank, cat, handler, count, args, payload, offset, length, op);
        long longLength = 0;
        boolean inline = false;
        if (cat == AmCategory.LONG) {
            // The requester is (world, its jobrank) when it sent from its primordial endpoint.
            if (token.sourceEndpoint() != 0) {
                throw new BadArgumentException(op + " on PE " + client.jobRank() + ": a LONG reply to endpoint "
                        + token.sourceEndpoint() + " of PE " + jobRank + " is not supported; only to primordial endpoints");
            }
            inline = placeLongPayload(CLIENTS.target(client, client.world(), jobRank, dstOffset, length, op), jobRank,
                    Transport.LANE_REPLY, payload, offset, length, dstOffset, op);
            mediumLength = inline ? (int) length : 0;
            longLength = length;
        }
        if (Stats.ON && context.stats != null) {
            context.stats.count(Stats.AM_REPLY + cat.ordinal(), jobRank, cat == AmCategory.SHORT ? 0 : length);
        }
        send(Transport.LANE_REPLY, jobRank, token.sourceEndpoint(), token.endpoint(), cat, handler, count, a0, a1, a2,
                a3, args, payload, null, offset, mediumLength, cat == AmCategory.LONG ? dstOffset : 0, longLength, inline, op);
    }

    /** The sender's checks; returns the bytes of payload the message itself carries (MEDIUM only). */
    private int check(int lane, int jobRank, AmCategory cat, int handler, int count, int[] args, MemorySegment payload,
                      long offset, long length, String op) {
        AmHandlerTable.Entry e = table.entry(handler);
        if (e == null || e.category() != cat) {
            throw AmErrors.badHandler(client.jobRank(), op, handler, cat, e);
        }
        if (args == NULL_ARGS) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": the argument array is null");
        }
        if (args != null ? count < 0 || count > ActiveMessages.MAX_ARGS || count > args.length : count < 0) {
            throw AmErrors.badArgCount(client.jobRank(), op, count, args);
        }
        if (cat == AmCategory.SHORT) {
            return 0;
        }
        long max = cat == AmCategory.MEDIUM ? maxMedium(jobRank, lane) : ActiveMessages.MAX_LONG_PAYLOAD;
        if (length < 0 || length > max) {
            throw AmErrors.badLength(client.jobRank(), op, cat, length, max, jobRank, lane);
        }
        if (length > 0 && (payload == null || offset < 0 || offset > payload.byteSize() - length)) {
            throw AmErrors.badPayloadRange(client.jobRank(), op, payload, offset, length);
        }
        return cat == AmCategory.MEDIUM ? (int) length : 0;
    }

    /**
     * Puts a LONG payload where it goes before its message is sent: returns true when it travels in
     * the message instead — when the target is reached only through its owner (writing it there
     * would take a round trip per chunk first) and it fits beside the header — else writes it.
     *
     * @throws BadArgumentException for a reply's payload that would have to go through the owner
     *         (a request from a handler, which may not wait)
     */
    private boolean placeLongPayload(PeerTarget t, int jobRank, int lane, MemorySegment payload, long offset,
                                     long length, long dstOffset, String op) {
        boolean throughOwner = length > 0 && t.direct == null && AmRmaFallback.isThroughOwner(t.memory);
        if (throughOwner && length <= maxMedium(jobRank, lane)) {
            return true;
        }
        if (throughOwner && lane == Transport.LANE_REPLY) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": a LONG reply of " + length
                    + " bytes into segment " + t.segmentId + " of PE " + jobRank + ", which this PE reaches only"
                    + " through its owner, must fit in the message: at most " + maxMedium(jobRank, lane) + " bytes");
        }
        writeLongPayload(t, payload, offset, length, dstOffset);
        return false;
    }

    private void writeLongPayload(PeerTarget t, MemorySegment payload, long offset, long length, long dstOffset) {
        if (length > 0) {
            MemorySegment d = t.direct;
            if (d != null) {
                HostCopy.copy(payload, offset, d, dstOffset, length);
            } else {
                SyncCompletion c = SyncCompletion.forThisThread();
                t.memory.put(dstOffset, payload, offset, length, c);
                c.await(progress);
            }
        }
        // Release: the payload's stores come before the message that announces it (whose commit
        // is a release store as well; the fence says so where the payload is written).
        VarHandle.releaseFence();
    }

    private void send(int lane, int jobRank, int targetEndpoint, int sourceEndpoint, AmCategory cat, int handler,
                      int count, int a0, int a1, int a2, int a3, int[] args, MemorySegment payload, Segment fromSegment,
                      long offset, int mediumLength, long longOffset, long longLength, boolean longInline, String op) {
        int headerLength = AmHeader.length(count);
        long claim = transport.claimMessage(jobRank, lane, headerLength, mediumLength);
        if (claim == Transport.CLAIM_FULL) {
            claim = awaitRoom(lane, jobRank, headerLength, mediumLength, op);
        }
        MemorySegment b = transport.messageBuffer(jobRank, lane);
        try {
            AmHeader.write(b, claim, AmHeader.word(handler, cat, count, lane == Transport.LANE_REPLY, longInline),
                    targetEndpoint,
                    sourceEndpoint, longOffset, longLength);
            long at = claim + AmHeader.ARGS;
            if (args != null) {
                for (int i = 0; i < count; i++) {
                    b.set(JAVA_INT, at + 4L * i, args[i]);
                }
            } else if (count > 0) {
                b.set(JAVA_INT, at, a0);
                if (count > 1) {
                    b.set(JAVA_INT, at + 4, a1);
                    if (count > 2) {
                        b.set(JAVA_INT, at + 8, a2);
                        if (count > 3) {
                            b.set(JAVA_INT, at + 12, a3);
                        }
                    }
                }
            }
            if (mediumLength > 0) {
                long at2 = Transport.payloadOffset(claim, headerLength);
                if (fromSegment != null) { // straight from the segment's kind into the message
                    fromSegment.copyTo(offset, b, at2, mediumLength);
                } else {
                    HostCopy.copy(payload, offset, b, at2, mediumLength);
                }
            }
        } catch (RuntimeException | Error e) {
            transport.abortMessage(jobRank, lane, claim); // a claim is never left hanging
            throw e;
        }
        transport.commitMessage(jobRank, lane, claim);
    }

    /** Waits for room in the target's lane, polling this PE's own lanes (see the class comment). */
    private long awaitRoom(int lane, int jobRank, int headerLength, int payloadLength, String op) {
        int i = 0;
        int turns = 0;
        while (true) {
            if (lane == Transport.LANE_REPLY) {
                transport.pollMessages(Transport.LANE_REPLY, POLL_LIMIT);
            } else {
                transport.progress();
            }
            long claim = transport.claimMessage(jobRank, lane, headerLength, payloadLength);
            if (claim != Transport.CLAIM_FULL) {
                return claim;
            }
            if ((++turns & 63) == 0 && !health.ok()) {
                throw health.aborted(op + " waiting for room in the " + (lane == Transport.LANE_REPLY ? "reply" : "request")
                        + " lane of PE " + jobRank);
            }
            i = lane == Transport.LANE_REPLY ? replyIdle.idle(i) : idle.idle(i);
        }
    }
}
