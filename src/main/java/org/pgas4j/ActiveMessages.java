package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.am.AmAtomicFallback;
import org.pgas4j.internal.am.AmDispatcher;
import org.pgas4j.internal.am.AmHandlerTable;
import org.pgas4j.internal.am.AmInjector;
import org.pgas4j.internal.am.AmRmaFallback;
import org.pgas4j.internal.am.HandlerContext;
import org.pgas4j.spi.Transport;

/**
 * Active messages, GASNet-EX style ({@code gex_AM_*}), from {@link Client#am()}: a message names
 * a handler by index; the receiving PE runs the handler inside its progress ({@link #poll()},
 * {@link Client#poll()} and every wait of the client), which may reply once.
 *
 * <h2>Handlers</h2>
 * {@link #register} puts a handler into the client's table under an index in
 * [{@link #FIRST_CLIENT_INDEX}, 255] for one {@link AmCategory}; every PE registers the same
 * table before any PE sends (then a barrier). Indices below 128 belong to pgas4j. A handler runs
 * in <em>handler context</em> (see {@link AmHandler}): it may reply once through its
 * {@link AmToken}, and must not block, poll, call collectives or send requests; those calls throw
 * {@link IllegalStateException} there, as does a second reply.
 *
 * <h2>Categories</h2>
 * <ul>
 * <li><b>Short</b>: up to {@link #MAX_ARGS} int arguments, no payload.</li>
 * <li><b>Medium</b>: arguments and a payload of up to {@link #maxRequestMedium} bytes (1/8 of
 *     {@code pgas4j.am.ring.size} less 112: 130,960 bytes by default), copied into the target's
 *     lane and shown to the handler in a buffer valid while it runs.</li>
 * <li><b>Long</b>: arguments and a payload written into the target endpoint's bound segment at an
 *     offset the sender chooses (bounds-checked like RMA); the handler runs once it is visible.</li>
 * </ul>
 * The argument forms are overloads for 0 to 4 ints and an {@code (int[] args, int count)} form for
 * up to 16: no varargs, so a request allocates nothing.
 *
 * <h2>Completion and flow control</h2>
 * A request or reply returns once the message is in the target's lane (and, for Long, the payload
 * in its segment): the source may be reused. Each PE has a bounded lane for requests and one for
 * replies ({@code pgas4j.am.ring.size} bytes each). A sender finding the target's lane full waits,
 * and keeps polling its own lanes meanwhile (a replying handler: its reply lane only), so PEs
 * flooding one another never deadlock, and no message is lost or delivered twice. A handler's
 * reply travels on the reply lane, which never waits for requests.
 *
 * <h2>Ordering</h2>
 * <b>Guaranteed everywhere:</b> a message is delivered exactly once; a Long payload is visible
 * to the handler; an RMA or atomic that completed (returned, or its event completed) before a
 * message was sent is visible to that message's handler. <b>Not guaranteed:</b> any order between
 * messages. On {@code shm} and {@code local} messages from one thread to one PE on one lane
 * (requests, or replies) are in fact delivered in the order they were sent, and requests and
 * replies are not ordered with each other; other transports (UCX) may reorder, so portable
 * programs must not rely on any order: number the messages when order matters.
 *
 * <h2>Checks</h2>
 * The sender checks everything before anything is sent and throws {@link BadArgumentException}
 * naming the value and the bound: the rank, the handler index (registered here, for this
 * category), the argument count, the payload length (negative, above the maximum) and range, the
 * Long target range. The receiver validates every incoming message again before using it
 * (handler index, category, lengths, offsets; see {@link AmDispatcher}); a bad one is dropped and
 * reported by its next {@link #poll()} (or request, or {@link Client#close()}) as a
 * {@link BadMessageException} naming the sender. So is an exception a handler threw.
 */
public final class ActiveMessages {
    /** The most int arguments a message carries ({@code gex_AM_MaxArgs}). */
    public static final int MAX_ARGS = 16;
    /** The lowest handler index a program may register; 0 to 127 belong to pgas4j. */
    public static final int FIRST_CLIENT_INDEX = 128;
    /** The highest handler index. */
    public static final int MAX_INDEX = AmHandlerTable.SIZE - 1;
    /** The largest Long payload, in bytes (further bounded by the target segment). */
    public static final long MAX_LONG_PAYLOAD = Integer.MAX_VALUE;

    private final Client client;
    private final Transport transport;
    private final AmHandlerTable table = new AmHandlerTable();
    private final HandlerContext context;
    private final AmInjector injector;
    private final AmDispatcher dispatcher;
    private final AmAtomicFallback atomicFallback;
    private final AmRmaFallback rmaFallback;

    ActiveMessages(Client client, Transport transport, IdleStrategy idle, JobHealth health) {
        this.client = client;
        this.transport = transport;
        this.context = new HandlerContext(client.jobRank(), client.stats);
        this.injector = new AmInjector(client, transport, table, context, idle, health);
        this.dispatcher = new AmDispatcher(client, table, context, injector);
        this.atomicFallback = new AmAtomicFallback(client, this, injector, transport, idle, context);
        this.rmaFallback = new AmRmaFallback(client, this, injector, transport);
        transport.setMessageSink(dispatcher);
    }

    /**
     * Registers {@code handler} for messages of {@code category} at {@code index}
     * ({@code gex_EP_RegisterHandlers}). Register the same handlers on every PE before any PE
     * sends to them, then barrier.
     *
     * @throws BadArgumentException if {@code index} is outside [{@link #FIRST_CLIENT_INDEX},
     *         {@link #MAX_INDEX}] or already registered, or an argument is null
     */
    public void register(int index, AmCategory category, AmHandler handler) {
        client.checkOpen("register");
        if (index < FIRST_CLIENT_INDEX || index > MAX_INDEX) {
            throw new BadArgumentException("register on PE " + client.jobRank() + ": handler index " + index
                    + " is outside [" + FIRST_CLIENT_INDEX + ", " + MAX_INDEX + "], the indices programs may use ("
                    + "0 to " + (FIRST_CLIENT_INDEX - 1) + " belong to pgas4j)");
        }
        registerAny(index, category, handler, "register");
    }

    /** Registers one of pgas4j's own handlers, below {@link #FIRST_CLIENT_INDEX}. */
    void registerInternal(int index, AmCategory category, AmHandler handler) {
        if (index <= 0 || index >= FIRST_CLIENT_INDEX) {
            throw new IllegalArgumentException("internal handler index " + index + " outside [1, " + FIRST_CLIENT_INDEX + ")");
        }
        registerAny(index, category, handler, "registerInternal");
    }

    private void registerAny(int index, AmCategory category, AmHandler handler, String op) {
        if (category == null || handler == null) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": " + (category == null ? "category"
                    : "handler") + " of index " + index + " is null");
        }
        table.register(index, category, handler, client.jobRank());
    }

    /**
     * Runs the handlers of the messages that have arrived ({@code gasnet_AMPoll}): replies first,
     * then requests, a bounded number of each. Returns how many messages it consumed. Every wait
     * of the client polls as well; call this in loops that wait for handlers to have run.
     *
     * @throws BadMessageException if a message that arrived since the last poll failed validation
     *         (it was dropped)
     * @throws RuntimeException what a handler threw since the last poll (the first of them)
     * @throws IllegalStateException in handler context, or after close
     */
    public int poll() {
        client.checkOpen("poll");
        context.checkBlocking("poll");
        context.throwPending();
        int n = transport.progress();
        context.throwPending();
        return n;
    }

    // ---------------------------------------------------------------- maxima

    /**
     * The largest Medium payload of a request to (team, rank), whatever the argument count
     * ({@code gex_AM_MaxRequestMedium}).
     *
     * @throws BadArgumentException if {@code rank} is not a rank of the team
     */
    public long maxRequestMedium(Team team, int rank) {
        return injector.maxMedium(jobRankOf(team, rank, "maxRequestMedium"), Transport.LANE_REQUEST);
    }

    /** The largest Medium payload of a reply to (team, rank) ({@code gex_AM_MaxReplyMedium}). */
    public long maxReplyMedium(Team team, int rank) {
        return injector.maxMedium(jobRankOf(team, rank, "maxReplyMedium"), Transport.LANE_REPLY);
    }

    /**
     * The largest Long payload of a request to (team, rank) ({@code gex_AM_MaxRequestLong}):
     * {@link #MAX_LONG_PAYLOAD}; the target segment's bounds apply too.
     */
    public long maxRequestLong(Team team, int rank) {
        jobRankOf(team, rank, "maxRequestLong");
        return MAX_LONG_PAYLOAD;
    }

    /** The largest Long payload of a reply to (team, rank) ({@code gex_AM_MaxReplyLong}). */
    public long maxReplyLong(Team team, int rank) {
        jobRankOf(team, rank, "maxReplyLong");
        return MAX_LONG_PAYLOAD;
    }

    private int jobRankOf(Team team, int rank, String op) {
        client.checkOpen(op);
        team.checkRank(op, rank);
        return team.jobRankUnchecked(rank);
    }

    // ---------------------------------------------------------------- requests

    /**
     * Sends a SHORT request with no arguments to {@code handler} at (team, rank)
     * ({@code gex_AM_RequestShort0}). Returns once the message is in the target's lane: its
     * handler runs when the target next polls. Waits for room (polling this PE) when the lane
     * is full.
     *
     * @throws BadArgumentException if the rank, the handler index (not registered here for
     *         SHORT) or the arguments are invalid, before anything is sent
     * @throws IllegalStateException in handler context, or after close
     */
    public void requestShort(Team team, int rank, int handler) {
        injector.request(team, rank, AmCategory.SHORT, handler, 0, 0, 0, 0, 0, null, null, 0, 0, 0, "requestShort");
    }

    /** {@link #requestShort(Team, int, int)} with one argument. */
    public void requestShort(Team team, int rank, int handler, int a0) {
        injector.request(team, rank, AmCategory.SHORT, handler, 1, a0, 0, 0, 0, null, null, 0, 0, 0, "requestShort");
    }

    /** {@link #requestShort(Team, int, int)} with 2 arguments. */
    public void requestShort(Team team, int rank, int handler, int a0, int a1) {
        injector.request(team, rank, AmCategory.SHORT, handler, 2, a0, a1, 0, 0, null, null, 0, 0, 0, "requestShort");
    }

    /** {@link #requestShort(Team, int, int)} with 3 arguments. */
    public void requestShort(Team team, int rank, int handler, int a0, int a1, int a2) {
        injector.request(team, rank, AmCategory.SHORT, handler, 3, a0, a1, a2, 0, null, null, 0, 0, 0, "requestShort");
    }

    /** {@link #requestShort(Team, int, int)} with 4 arguments. */
    public void requestShort(Team team, int rank, int handler, int a0, int a1, int a2, int a3) {
        injector.request(team, rank, AmCategory.SHORT, handler, 4, a0, a1, a2, a3, null, null, 0, 0, 0, "requestShort");
    }

    /** {@link #requestShort(Team, int, int)} with the first {@code count} (at most 16) ints of {@code args}. */
    public void requestShort(Team team, int rank, int handler, int[] args, int count) {
        injector.request(team, rank, AmCategory.SHORT, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), null, 0, 0, 0, "requestShort");
    }

    /**
     * Sends a MEDIUM request with no arguments: {@code length} bytes of {@code payload} from
     * {@code offset} (native or heap memory, copied before this returns) to {@code handler} at
     * (team, rank) ({@code gex_AM_RequestMedium0}). The handler sees the bytes in a buffer valid
     * while it runs. {@code length} may be 0 (then {@code payload} may be null).
     *
     * @throws BadArgumentException if {@code length} is negative or above
     *         {@link #maxRequestMedium}, the range is outside {@code payload}, or the rank, handler
     *         index or arguments are invalid, before anything is sent
     * @throws IllegalStateException in handler context, or after close
     */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, 0, 0, 0, 0, 0, null, payload, offset, length, 0, "requestMedium");
    }

    /** {@link #requestMedium(Team, int, int, MemorySegment, long, long)} with one argument. */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length, int a0) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, 1, a0, 0, 0, 0, null, payload, offset, length, 0, "requestMedium");
    }

    /** {@link #requestMedium(Team, int, int, MemorySegment, long, long)} with 2 arguments. */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length, int a0, int a1) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, 2, a0, a1, 0, 0, null, payload, offset, length, 0, "requestMedium");
    }

    /** {@link #requestMedium(Team, int, int, MemorySegment, long, long)} with 3 arguments. */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length, int a0, int a1, int a2) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, 3, a0, a1, a2, 0, null, payload, offset, length, 0, "requestMedium");
    }

    /** {@link #requestMedium(Team, int, int, MemorySegment, long, long)} with 4 arguments. */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length, int a0, int a1, int a2, int a3) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, 4, a0, a1, a2, a3, null, payload, offset, length, 0, "requestMedium");
    }

    /** {@link #requestMedium(Team, int, int, MemorySegment, long, long)} with the first {@code count} (at most 16) ints of {@code args}. */
    public void requestMedium(Team team, int rank, int handler, MemorySegment payload, long offset, long length, int[] args, int count) {
        injector.request(team, rank, AmCategory.MEDIUM, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), payload, offset, length, 0, "requestMedium");
    }

    /**
     * Sends a LONG request with no arguments ({@code gex_AM_RequestLong0}): writes {@code length}
     * bytes of {@code payload} from {@code offset} to {@code dstOffset} in the bound segment of
     * (team, rank), then sends the message; its handler runs once the bytes are visible there.
     * On {@code shm} and {@code local} the bytes are copied into the target's mapping (or, for
     * client memory a peer cannot map, by cross-memory attach) before this returns.
     *
     * @throws BadArgumentException if {@code [dstOffset, dstOffset + length)} is outside the
     *         target's published segment, {@code length} is negative or above
     *         {@link #maxRequestLong}, the source range is outside {@code payload}, or the rank,
     *         handler index or arguments are invalid, before anything is sent
     * @throws IllegalStateException in handler context, or after close
     */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset) {
        injector.request(team, rank, AmCategory.LONG, handler, 0, 0, 0, 0, 0, null, payload, offset, length, dstOffset, "requestLong");
    }

    /** {@link #requestLong(Team, int, int, MemorySegment, long, long, long)} with one argument. */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0) {
        injector.request(team, rank, AmCategory.LONG, handler, 1, a0, 0, 0, 0, null, payload, offset, length, dstOffset, "requestLong");
    }

    /** {@link #requestLong(Team, int, int, MemorySegment, long, long, long)} with 2 arguments. */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1) {
        injector.request(team, rank, AmCategory.LONG, handler, 2, a0, a1, 0, 0, null, payload, offset, length, dstOffset, "requestLong");
    }

    /** {@link #requestLong(Team, int, int, MemorySegment, long, long, long)} with 3 arguments. */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1, int a2) {
        injector.request(team, rank, AmCategory.LONG, handler, 3, a0, a1, a2, 0, null, payload, offset, length, dstOffset, "requestLong");
    }

    /** {@link #requestLong(Team, int, int, MemorySegment, long, long, long)} with 4 arguments. */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1, int a2, int a3) {
        injector.request(team, rank, AmCategory.LONG, handler, 4, a0, a1, a2, a3, null, payload, offset, length, dstOffset, "requestLong");
    }

    /** {@link #requestLong(Team, int, int, MemorySegment, long, long, long)} with the first {@code count} (at most 16) ints of {@code args}. */
    public void requestLong(Team team, int rank, int handler, MemorySegment payload, long offset, long length, long dstOffset, int[] args, int count) {
        injector.request(team, rank, AmCategory.LONG, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), payload, offset, length, dstOffset, "requestLong");
    }

    // ---------------------------------------------------------------- internal

    /** The handler-context state blocking calls consult, and pending dispatch failures. */
    HandlerContext context() {
        return context;
    }

    /** The atomics of {@link Atomics} on memory this process does not map. */
    AmRmaFallback rmaFallback() {
        return rmaFallback;
    }

    AmAtomicFallback atomicFallback() {
        return atomicFallback;
    }

    /** The transport's sink (tests feed it forged messages). */
    AmDispatcher dispatcher() {
        return dispatcher;
    }
}
