package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;

/**
 * A transport (GASNet's conduit): how this PE reaches the memory of the other PEs of its job.
 *
 * <p>The core decides what to access; the transport only moves bytes. Every peer memory is a
 * {@link RemoteMemory}, which either offers a direct load/store view (shared memory: the core then
 * does plain copies and VarHandle atomics on it) or asynchronous put and get that signal a
 * {@link Completion}. The first is an optimisation of the second; a network transport offers only
 * the second.
 *
 * <p>Each PE has one <em>control region</em>: a small memory block, created by the transport at
 * open, that every peer can reach from the start without any exchange. The core keeps its
 * segment directory and barrier flags there.
 *
 * <h2>Messages</h2>
 * A transport also carries messages (the core's active messages; UCX's {@code ucp_am_send_nbx}
 * later), on two lanes: {@link #LANE_REQUEST} and {@link #LANE_REPLY}, each with room of its own, so
 * that replies never wait behind requests (a PE waiting to inject a reply only needs its peer to
 * drain replies, which never send anything). Sending is claim, write, commit, so nothing is copied
 * twice: {@link #claimMessage} reserves room in the receiver's lane or returns {@link #CLAIM_FULL}
 * (back-pressure: the sender polls its own lanes and retries); the core writes the header at the
 * claim's offset in {@link #messageBuffer} and the payload at {@link #payloadOffset}; then
 * {@link #commitMessage} publishes it, or {@link #abortMessage} withdraws it. Every claim must be
 * committed or aborted promptly: later messages to that peer wait behind it. Receiving: the
 * core registers a {@link MessageSink}; {@link #progress()} and {@link #pollMessages} deliver to
 * it. The transport does not interpret the bytes; the core validates them.
 *
 * <p>The message methods have defaults that delegate to {@link #messageService()}; for a
 * transport without one (null) registering a sink does nothing, polling delivers nothing and
 * sending throws.
 */
public interface Transport extends AutoCloseable {

    /** Longest descriptor {@link #allocate} or {@link #export} may return. */
    int MAX_DESCRIPTOR_BYTES = 80;

    /** The transport's name, as users select it. */
    String name();

    /** This PE's control region (zero-filled at open). */
    MemorySegment localControl();

    /**
     * A peer's control region. Valid once every PE has opened the transport (the core runs a
     * bootstrap barrier in between).
     */
    RemoteMemory peerControl(int jobRank);

    /** The largest segment {@link #allocate} can provide now, in bytes. */
    long maxSegmentSize();

    /** The granule allocations are rounded up to (a page for shared files). */
    long allocationGranule();

    /**
     * Allocates {@code bytes} of zero-filled memory that peers can reach.
     *
     * @throws org.pgas4j.ResourceException when the host cannot provide it
     */
    LocalMemory allocate(long bytes);

    /**
     * Makes memory the client owns reachable by peers (GASNet-EX's client-allocated segment).
     * Must not copy or modify it.
     */
    LocalMemory export(MemorySegment clientMemory);

    /** Reaches the memory a peer exported with the given descriptor. */
    RemoteMemory attach(int jobRank, byte[] descriptor, long size);

    /**
     * Advances outstanding operations and delivers incoming work (messages of both lanes, replies
     * first, a bounded number each); returns how much work it did (0 when idle), the Agent contract.
     */
    int progress();

    /**
     * Starts the remote completion of every {@link RemoteMemory#putImplicit implicit put} issued
     * so far: their completions then signal through {@link #progress()}. Called by the core's
     * {@code waitNbi} and {@code testNbi}; nothing by default (implicit puts that complete like
     * any other put).
     */
    default void flushImplicit() {
    }

    /** The lane of requests. */
    int LANE_REQUEST = 0;
    /** The lane of replies. */
    int LANE_REPLY = 1;
    /** How many lanes there are. */
    int LANES = 2;
    /** What {@link #claimMessage} returns when the receiver's lane has no room now. */
    long CLAIM_FULL = -1;

    /**
     * The object that keeps this transport's message lanes, which the message methods' defaults
     * delegate to; null (the default) for a transport without a message service, or one that
     * implements the message methods itself.
     */
    default MessageService messageService() {
        return null;
    }

    /**
     * Registers where incoming messages go (the core does so once, at client creation, before any
     * peer can send). Until then, messages wait in the lanes.
     */
    default void setMessageSink(MessageSink sink) {
        MessageService m = messageService();
        if (m != null) {
            m.setSink(sink);
        }
    }

    /**
     * The largest {@code align8(headerLength) + payloadLength} one message to {@code jobRank} on
     * {@code lane} may carry.
     */
    default int maxMessageLength(int jobRank, int lane) {
        return requireMessages().maxMessageLength(jobRank, lane);
    }

    /**
     * Reserves room for a message of {@code headerLength} + {@code payloadLength} bytes to
     * {@code jobRank} on {@code lane}.
     *
     * @return the offset in {@link #messageBuffer} where the header goes, or {@link #CLAIM_FULL}
     * @throws IllegalArgumentException if the message exceeds {@link #maxMessageLength}
     */
    default long claimMessage(int jobRank, int lane, int headerLength, int payloadLength) {
        return requireMessages().claim(jobRank, lane, headerLength, payloadLength);
    }

    /** The memory claims to {@code jobRank} on {@code lane} are offsets into; the same object every time. */
    default MemorySegment messageBuffer(int jobRank, int lane) {
        return requireMessages().buffer(jobRank, lane);
    }

    /** Where the payload of a message claimed at {@code claim} with a {@code headerLength}-byte header goes. */
    static long payloadOffset(long claim, int headerLength) {
        return MessageRing.payloadOffset(claim, headerLength);
    }

    /** Sends the message claimed at {@code claim}: the receiver sees header and payload as written. */
    default void commitMessage(int jobRank, int lane, long claim) {
        requireMessages().commit(jobRank, lane, claim);
    }

    /** Withdraws the message claimed at {@code claim}: it is never delivered. */
    default void abortMessage(int jobRank, int lane, long claim) {
        requireMessages().abort(jobRank, lane, claim);
    }

    /**
     * Delivers up to {@code limit} incoming messages of {@code lane} to the sink; returns how many.
     * Returns 0 when another thread (or this one, from inside the sink) is delivering that lane.
     */
    default int pollMessages(int lane, int limit) {
        MessageService m = messageService();
        return m == null ? 0 : m.poll(lane, limit);
    }

    /**
     * Parks the calling thread for at most {@code nanos} (below one second), returning early once
     * a message for this PE arrives: a message already waiting in a lane ends it at once. May
     * return early spuriously; what the caller waits for need not be a message (its timer still
     * bounds the park). The core's waits call it in their park phase and deliver messages
     * ({@link #progress()}) around it, so a PE waiting in a barrier serves the requests aimed at
     * it as they come. Allocates nothing. By default, {@link #messageService()}'s, or a plain
     * park without one.
     *
     * @return whether a message arrived (or was waiting): the caller has work, and more may follow
     */
    default boolean parkUntilMessage(long nanos) {
        MessageService m = messageService();
        if (m != null) {
            return m.parkUntilMessage(nanos);
        }
        LockSupport.parkNanos(nanos);
        return false;
    }

    /**
     * {@link #parkUntilMessage}, also ended when the 32-bit futex word at {@code offset} of
     * {@code word} (native memory that the processes changing it map) no longer holds
     * {@code expected} and whoever changes it wakes its sleepers ({@link Futex#wake}): a barrier's
     * release word, so that a PE sleeping in such a barrier serves the active messages aimed at it
     * as they arrive, not when its sleep ends. Where the kernel cannot sleep on two words
     * ({@link Futex#waitsOnTwo()}), or the transport has no doorbell, the sleep is on the word and a
     * message ends it only at its timeout. Allocates nothing after a thread's first call. Where
     * the kernel can sleep on two words, the counter barrier sleeps a long park (1 ms) at a time:
     * a transport whose PEs wait in it (those that map each other's control regions) should end
     * this park on a message, as {@code shm}, {@code local} and {@code hybrid} do.
     *
     * @param nanos the longest park (below one second)
     * @return whether a message arrived (or was waiting)
     */
    default boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected) {
        MessageService m = messageService();
        if (m != null) {
            return m.parkUntilMessageOrWake(nanos, word, offset, expected);
        }
        Futex.await(word, offset, expected, nanos);
        return false;
    }

    /**
     * Whether PE {@code jobRank} runs on this host, so that memory of other kinds it publishes
     * (files, device IPC handles) can be opened here. True for {@code shm} and {@code local}.
     */
    default boolean sharesHostWith(int jobRank) {
        return true;
    }

    /**
     * Whether active messages between this PE and PE {@code jobRank} travel through memory both
     * processes map (shared-memory rings): a message's bytes are then copied by the two CPUs and by
     * nothing in between, so small messages keep them in the cache. False by default (messages over
     * a network, or through a library's own buffers); {@code shm} and {@code local} say true, and
     * {@code hybrid} for the PEs of this host.
     */
    default boolean messagesThroughSharedMemory(int jobRank) {
        return false;
    }

    private MessageService requireMessages() {
        MessageService m = messageService();
        if (m == null) {
            throw new UnsupportedOperationException("the " + name() + " transport has no message service");
        }
        return m;
    }

    /** False once the job is known to be failing (a peer died, the launcher went away). */
    boolean healthy();

    /**
     * Why the job is failing: which PE failed, on which host and how it ended (exit status,
     * signal, lost connection), or that the launcher went away, as far as this transport knows.
     *
     * @return the reason, or null while healthy or when nothing more is known
     */
    default String failureReason() {
        return null;
    }

    /** Releases every resource of the transport. Idempotent. */
    @Override
    void close();
}
