package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * The message service of a transport whose PEs can all map one another's memory ({@code shm},
 * {@code local}): every PE owns one {@link MessageRing} per lane in its message memory
 * ({@link MessageRingDescriptor#laneBytes}); a sender claims, writes and commits a record directly
 * in the receiver's ring, and the receiver consumes its own rings when it polls. The transport
 * supplies the memory: its own at creation, a peer's on the first message to that peer.
 *
 * <p>A sender rings the receiver's {@link Doorbell} after every commit, so a receiver sleeping in
 * {@link #parkUntilMessage} wakes when a message arrives rather than when its park times out.
 *
 * <p>The transport's message methods delegate here one for one.
 */
public final class RingMessageService implements MessageService {
    /** How the transport maps a peer's message memory (lazily: on the first message to it). */
    @FunctionalInterface
    public interface PeerRings {
        /**
         * Maps the message memory of {@code jobRank} (at least {@link MessageRingDescriptor#laneBytes}
         * bytes); the transport releases the mapping when it closes.
         */
        MemorySegment map(int jobRank);
    }

    /** Messages one poll of a lane delivers at most, so one busy lane cannot starve the caller. */
    public static final int POLL_LIMIT = 64;

    private final int rank;
    private final long capacity;
    private final PeerRings peerRings;
    private final MessageRing[] own = new MessageRing[Transport.LANES];
    private final MessageRing[] rings;
    private volatile MessageSink sink;

    /**
     * Creates this PE's rings in zero-filled {@code memory}.
     *
     * @param rank this PE's jobrank
     * @param size the number of PEs in the job
     * @param capacity bytes of records per ring (a power of two, see {@link MessageRingDescriptor})
     * @param memory this PE's message memory, {@link MessageRingDescriptor#laneBytes} bytes
     * @param peerRings maps peers' message memory
     */
    public RingMessageService(int rank, int size, long capacity, MemorySegment memory, PeerRings peerRings) {
        this.rank = rank;
        this.capacity = capacity;
        this.peerRings = peerRings;
        this.rings = new MessageRing[size * Transport.LANES];
        for (int lane = 0; lane < Transport.LANES; lane++) {
            own[lane] = MessageRing.create(lane(memory, lane), capacity);
            rings[rank * Transport.LANES + lane] = own[lane];
        }
    }

    private MemorySegment lane(MemorySegment memory, int lane) {
        return memory.asSlice(MessageRingDescriptor.laneOffset(lane, capacity), MessageRingDescriptor.length(capacity));
    }

    /** See {@link Transport#setMessageSink}. */
    @Override
    public void setSink(MessageSink sink) {
        this.sink = sink;
    }

    /** See {@link Transport#maxMessageLength}. */
    @Override
    public int maxMessageLength(int jobRank, int lane) {
        return ring(jobRank, lane).maxMessageLength();
    }

    /** See {@link Transport#claimMessage}. */
    @Override
    public long claim(int jobRank, int lane, int headerLength, int payloadLength) {
        return ring(jobRank, lane).tryClaim(rank, headerLength, payloadLength);
    }

    /** See {@link Transport#messageBuffer}. */
    @Override
    public MemorySegment buffer(int jobRank, int lane) {
        return ring(jobRank, lane).memory();
    }

    /** See {@link Transport#commitMessage}. */
    @Override
    public void commit(int jobRank, int lane, long claim) {
        ring(jobRank, lane).commit(claim);
        rings[jobRank * Transport.LANES].doorbell().ring(); // mapped with the lane's ring
    }

    /** See {@link Transport#abortMessage}. */
    @Override
    public void abort(int jobRank, int lane, long claim) {
        ring(jobRank, lane).abort(claim);
        rings[jobRank * Transport.LANES].doorbell().ring(); // records behind the aborted one are deliverable now
    }

    /**
     * See {@link Transport#parkUntilMessage}: arms this PE's doorbell (the request ring's), and
     * sleeps unless a record is already published in either ring.
     */
    @Override
    public boolean parkUntilMessage(long nanos) {
        return park(nanos, null, 0, 0, null);
    }

    /** {@inheritDoc} Arms this PE's doorbell, then sleeps unless a record is waiting here or in {@code other}. */
    @Override
    public boolean parkUntilMessage(long nanos, MessageService other) {
        return park(nanos, null, 0, 0, other);
    }

    /**
     * {@inheritDoc} Arms this PE's doorbell, then sleeps on it and on the word together unless a
     * record is already published in either ring.
     */
    @Override
    public boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected) {
        return park(nanos, word, offset, expected, null);
    }

    /** {@inheritDoc} Arms this PE's doorbell, then sleeps unless a record is waiting here or in {@code other}. */
    @Override
    public boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected,
                                          MessageService other) {
        return park(nanos, word, offset, expected, other);
    }

    /**
     * Arms the doorbell, then sleeps on it (and on {@code word}, unless null) unless a record is
     * waiting here or in {@code other} (unless null), which learns of the sleep.
     */
    private boolean park(long nanos, MemorySegment word, long offset, int expected, MessageService other) {
        Doorbell bell = doorbell();
        int ticket = bell.arm();
        if (hasMessage() || other != null && other.hasMessage()) {
            return true;
        }
        if (other == null) {
            return sleep(bell, ticket, nanos, word, offset, expected);
        }
        other.sleepingElsewhere(true);
        try {
            return sleep(bell, ticket, nanos, word, offset, expected);
        } finally {
            other.sleepingElsewhere(false);
        }
    }

    private static boolean sleep(Doorbell bell, int ticket, long nanos, MemorySegment word, long offset, int expected) {
        return word == null ? bell.sleep(ticket, nanos) : bell.sleepOrWake(ticket, word, offset, expected, nanos);
    }

    /** {@inheritDoc} The request ring's, which every sender rings after a commit. */
    @Override
    public Doorbell doorbell() {
        return own[Transport.LANE_REQUEST].doorbell();
    }

    /** {@inheritDoc} A record published in either of this PE's rings. */
    @Override
    public boolean hasMessage() {
        return own[Transport.LANE_REPLY].hasRecord() || own[Transport.LANE_REQUEST].hasRecord();
    }

    /** See {@link Transport#pollMessages}: nothing is consumed before a sink is registered. */
    @Override
    public int poll(int lane, int limit) {
        MessageSink s = sink;
        return s == null ? 0 : own[lane].poll(s, lane, limit);
    }

    /** The message part of {@link Transport#progress()}: replies first (they complete waits), then requests. */
    public int progress() {
        MessageSink s = sink;
        if (s == null) {
            return 0;
        }
        return own[Transport.LANE_REPLY].poll(s, Transport.LANE_REPLY, POLL_LIMIT)
                + own[Transport.LANE_REQUEST].poll(s, Transport.LANE_REQUEST, POLL_LIMIT);
    }

    private MessageRing ring(int jobRank, int lane) {
        MessageRing r = rings[jobRank * Transport.LANES + lane];
        return r != null ? r : attach(jobRank, lane);
    }

    private synchronized MessageRing attach(int jobRank, int lane) {
        int at = jobRank * Transport.LANES + lane;
        if (rings[at] == null) {
            MemorySegment memory = peerRings.map(jobRank);
            try {
                for (int l = 0; l < Transport.LANES; l++) {
                    rings[jobRank * Transport.LANES + l] = MessageRing.attach(lane(memory, l), capacity);
                }
            } catch (IllegalStateException e) {
                throw new IllegalStateException("the message rings of PE " + jobRank + " do not match this PE's ("
                        + capacity + " bytes each, pgas4j.am.ring.size): every PE of a job must use the same size; "
                        + e.getMessage(), e);
            }
        }
        return rings[at];
    }
}
