package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.pgas4j.spi.MessageRingDescriptor.RECORD_HEADER_BYTES;
import static org.pgas4j.spi.MessageRingDescriptor.RECORD_HEADER_LENGTH;
import static org.pgas4j.spi.MessageRingDescriptor.RECORD_PAYLOAD_LENGTH;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.pgas4j.spi.Doorbell;
import org.pgas4j.spi.MessageRing;
import org.pgas4j.spi.MessageRingDescriptor;
import org.pgas4j.spi.MessageService;
import org.pgas4j.spi.MessageSink;
import org.pgas4j.spi.Transport;

/**
 * The message service of the ucx transport, over UCP active messages, with credit-based
 * back-pressure.
 *
 * <p><b>Sending.</b> A claim to PE {@code j} on a lane is a record in a local <em>staging</em>
 * {@link MessageRing} of that peer and lane ({@code pgas4j.am.ring.size} bytes), which is the
 * message buffer the core writes into. A commit publishes the record and drains the staging ring:
 * each published record (its 16-byte record header, the message header and the payload) leaves
 * with one eager {@code ucp_am_send_nbx} whose active-message id is the lane, and the record is
 * freed once the send completes locally. Messages to this PE itself are copied straight into its
 * receive ring instead.
 *
 * <p><b>Receiving.</b> An FFM upcall per lane, run by {@code ucp_worker_progress}, copies each
 * message into this PE's <em>receive</em> ring of that lane; {@link #poll} delivers the ring to
 * the sink on the polling thread, as the shared-memory transports do, and rings this PE's
 * {@link Doorbell}, so a PE thread parked in a wait ({@link #parkUntilMessage}) wakes for it.
 *
 * <p><b>Back-pressure.</b> A receive ring holds {@code size} times the ring size (rounded up to a
 * power of two) and every sender starts with that ring size in credits per lane. A record of
 * {@code n} bytes costs {@code 2n} credits (wrapping at the end of a ring can waste up to a record's
 * length in padding), taken at the claim; with no credits left the claim returns
 * {@link Transport#CLAIM_FULL}. So the upcall always finds room, and nothing is buffered without
 * bound. The receiver returns a sender's credits with a small message of its own id once it has
 * consumed a quarter of the ring size from it, after the records are freed; credit messages are
 * consumed inside the upcall and never wait. Replies have their own staging ring, receive ring and
 * credits, so they never wait behind requests.
 */
final class UcxMessages implements AutoCloseable, MessageService {
    /** The active-message id of credit returns (lanes use their number). */
    static final int CREDIT_ID = Transport.LANES;
    /** Messages one poll of a lane delivers at most in {@link #progressLanes()}. */
    static final int POLL_LIMIT = 64;
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final byte UCS_OK = 0;

    private final UcxEngine engine;
    private final int rank;
    private final int size;
    private final long ringSize;
    private final long returnThreshold;
    private final Arena arena = Arena.ofShared();
    private final MessageRing[] receive = new MessageRing[Transport.LANES];
    private final MessageRing[] staging;
    private final MessageSink[] senders;
    private final MessageSink[] consumers = new MessageSink[Transport.LANES];
    private final AtomicBoolean[] consuming = new AtomicBoolean[Transport.LANES];
    private final AtomicLongArray credits;
    /** Credits consumed but not yet returned, per source and lane; owned by that lane's consumer. */
    private final long[] unreturned;
    private final int[][] touched = new int[Transport.LANES][];
    private final int[] touchedCount = new int[Transport.LANES];
    private final MemorySegment creditMessage;
    /** This PE's doorbell (in the request receive ring's trailer), rung by every receive. */
    private final Doorbell doorbell;
    /** The doorbell the PE threads sleep on instead, in a transport made of parts (hybrid); null alone. */
    private volatile Doorbell alsoRung;
    private volatile MessageSink sink;
    private volatile String broken;

    /**
     * Creates the rings and installs the receive upcalls on the engine's worker.
     *
     * @param engine the PE's UCX machinery (endpoints are connected later, before any message)
     * @param rank this PE's jobrank
     * @param size the job's size
     * @param ringSize {@code pgas4j.am.ring.size}: bytes of each staging ring and of each sender's credits
     */
    UcxMessages(UcxEngine engine, int rank, int size, long ringSize) {
        this.engine = engine;
        this.rank = rank;
        this.size = size;
        this.ringSize = ringSize;
        this.returnThreshold = ringSize / 4;
        long receiveCapacity = Long.highestOneBit(size * ringSize - 1) << 1;
        receiveCapacity = Math.max(receiveCapacity, ringSize);
        for (int lane = 0; lane < Transport.LANES; lane++) {
            receive[lane] = MessageRing.create(ring(receiveCapacity), receiveCapacity);
            consuming[lane] = new AtomicBoolean();
            touched[lane] = new int[size];
            int l = lane;
            consumers[lane] = (source, ln, buffer, ho, hl, po, pl) -> consume(l, source, buffer, ho, hl, po, pl);
        }
        staging = new MessageRing[size * Transport.LANES];
        senders = new MessageSink[size];
        for (int j = 0; j < size; j++) {
            for (int lane = 0; lane < Transport.LANES; lane++) {
                staging[j * Transport.LANES + lane] = MessageRing.create(ring(ringSize), ringSize);
            }
            int target = j;
            senders[j] = j == rank ? this::deliverToSelf
                    : (source, lane, buffer, ho, hl, po, pl) -> send(target, lane, buffer, ho, po + pl);
        }
        credits = new AtomicLongArray(size * Transport.LANES);
        for (int i = 0; i < credits.length(); i++) {
            credits.set(i, ringSize);
        }
        unreturned = new long[size * Transport.LANES];
        creditMessage = arena.allocate(16, 8);
        doorbell = receive[Transport.LANE_REQUEST].doorbell();
        installUpcalls();
    }

    private MemorySegment ring(long capacity) {
        return arena.allocate(MessageRingDescriptor.length(capacity), 64); // zero-filled
    }

    private void installUpcalls() {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodType type = MethodType.methodType(byte.class, int.class, long.class, long.class, long.class, long.class,
                    long.class, long.class);
            MethodHandle onMessage = lookup.findVirtual(UcxMessages.class, "onMessage", type).bindTo(this);
            for (int lane = 0; lane < Transport.LANES; lane++) {
                MemorySegment stub = Linker.nativeLinker().upcallStub(MethodHandles.insertArguments(onMessage, 0, lane),
                        UcpAmParams.RECV_CALLBACK, arena);
                engine.worker().setAmHandler(lane, UcpAmParams.FLAG_WHOLE_MSG, stub);
            }
            MethodHandle onCredit = lookup.findVirtual(UcxMessages.class, "onCredit", type.dropParameterTypes(0, 1))
                    .bindTo(this);
            engine.worker().setAmHandler(CREDIT_ID, UcpAmParams.FLAG_WHOLE_MSG,
                    Linker.nativeLinker().upcallStub(onCredit, UcpAmParams.RECV_CALLBACK, arena));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Null while sound, else why messages can no longer be trusted (a misbehaving peer, an overflow). */
    String broken() {
        return broken;
    }

    /** See {@link Transport#setMessageSink}. */
    @Override
    public void setSink(MessageSink sink) {
        this.sink = sink;
    }

    /** See {@link Transport#maxMessageLength}. */
    @Override
    public int maxMessageLength(int jobRank, int lane) {
        return staging(jobRank, lane).maxMessageLength();
    }

    /** See {@link Transport#messageBuffer}. */
    @Override
    public MemorySegment buffer(int jobRank, int lane) {
        return staging(jobRank, lane).memory();
    }

    /** See {@link Transport#claimMessage}: takes credits, then a staging record. */
    @Override
    public long claim(int jobRank, int lane, int headerLength, int payloadLength) {
        MessageRing ring = staging(jobRank, lane);
        if (headerLength < 0 || payloadLength < 0
                || MessageRingDescriptor.align(headerLength) + (long) payloadLength > ring.maxMessageLength()) {
            throw new IllegalArgumentException("a message of a " + headerLength + "-byte header and a " + payloadLength
                    + "-byte payload does not fit a record of at most " + ring.maxMessageLength()
                    + " bytes of message");
        }
        int at = jobRank * Transport.LANES + lane;
        long charge = 2 * MessageRingDescriptor.recordLength(headerLength, payloadLength);
        if (!takeCredits(at, charge)) {
            engine.progress(); // credit returns arrive through the worker
            if (!takeCredits(at, charge)) {
                return Transport.CLAIM_FULL;
            }
        }
        long claim = ring.tryClaim(rank, headerLength, payloadLength);
        if (claim == MessageRing.FULL) {
            credits.addAndGet(at, charge);
            drain(jobRank, lane);
            return Transport.CLAIM_FULL;
        }
        return claim;
    }

    private boolean takeCredits(int at, long charge) {
        while (true) {
            long have = credits.get(at);
            if (have < charge) {
                return false;
            }
            if (credits.compareAndSet(at, have, have - charge)) {
                return true;
            }
        }
    }

    /** See {@link Transport#commitMessage}: publishes the staging record and sends what is published. */
    @Override
    public void commit(int jobRank, int lane, long claim) {
        staging(jobRank, lane).commit(claim);
        drain(jobRank, lane);
    }

    /** See {@link Transport#abortMessage}: the record is skipped and its credits come back at once. */
    @Override
    public void abort(int jobRank, int lane, long claim) {
        MessageRing ring = staging(jobRank, lane);
        MemorySegment m = ring.memory();
        long at = claim - RECORD_HEADER_BYTES;
        long charge = 2 * MessageRingDescriptor.recordLength(m.get(JAVA_INT, at + RECORD_HEADER_LENGTH),
                m.get(JAVA_INT, at + RECORD_PAYLOAD_LENGTH));
        ring.abort(claim);
        credits.addAndGet(jobRank * Transport.LANES + lane, charge);
        drain(jobRank, lane);
    }

    private MessageRing staging(int jobRank, int lane) {
        return staging[jobRank * Transport.LANES + lane];
    }

    /** Sends every published record of one staging ring, under the engine's lock. */
    private void drain(int jobRank, int lane) {
        engine.lock().lock();
        try {
            staging(jobRank, lane).poll(senders[jobRank], lane, Integer.MAX_VALUE);
        } finally {
            engine.lock().unlock();
        }
    }

    /**
     * Sends what every staging ring holds: a record committed while another thread was draining
     * its ring may have been left behind. Called from the engine's progress, under its lock.
     */
    void drainAll() {
        for (int j = 0; j < size; j++) {
            for (int lane = 0; lane < Transport.LANES; lane++) {
                staging(j, lane).poll(senders[j], lane, Integer.MAX_VALUE);
            }
        }
    }

    private void send(int target, int lane, MemorySegment buffer, long headerOffset, long end) {
        long at = headerOffset - RECORD_HEADER_BYTES;
        UcpEndpoint ep = engine.endpoint(target);
        engine.orderAfterImplicitAtomics(ep);
        engine.await(ep.amSendNbx(lane, buffer, at, end - at, UcpAmParams.SEND_FLAG_EAGER), "ucp_am_send_nbx");
    }

    private void deliverToSelf(int source, int lane, MemorySegment buffer, long headerOffset, int headerLength,
            long payloadOffset, int payloadLength) {
        MessageRing r = receive[lane];
        long claim = r.tryClaim(source, headerLength, payloadLength);
        if (claim == MessageRing.FULL) {
            overflow(lane, source);
            return;
        }
        MemorySegment.copy(buffer, headerOffset, r.memory(), claim, payloadOffset + payloadLength - headerOffset);
        r.commit(claim);
        ring();
    }

    /** Rings this PE's doorbell: a PE thread parked in a wait looks at once (an acknowledgement came). */
    void wake() {
        ring();
    }

    /** Rings this PE's doorbell, and the one its PE threads sleep on in a hybrid job. */
    private void ring() {
        doorbell.ring();
        Doorbell other = alsoRung;
        if (other != null) {
            other.ring();
        }
    }

    /** The upcall of lane {@code lane}: copies one message into the receive ring. Never throws. */
    @SuppressWarnings("unused") // called from native code
    private byte onMessage(int lane, long arg, long header, long headerLength, long data, long length, long param) {
        try {
            if ((ALL.get(JAVA_LONG_UNALIGNED, param) & UcpAmParams.RECV_ATTR_FLAG_RNDV) != 0) {
                broken = "a message arrived by rendezvous on lane " + lane + ": the ucx transport sends eagerly only";
                return UCS_OK;
            }
            if (length < RECORD_HEADER_BYTES) {
                broken = "a " + length + "-byte message arrived on lane " + lane;
                return UCS_OK;
            }
            int source = ALL.get(JAVA_INT_UNALIGNED, data + 4);
            int hl = ALL.get(JAVA_INT_UNALIGNED, data + RECORD_HEADER_LENGTH);
            int pl = ALL.get(JAVA_INT_UNALIGNED, data + RECORD_PAYLOAD_LENGTH);
            if (source < 0 || source >= size || hl < 0 || pl < 0
                    || RECORD_HEADER_BYTES + MessageRingDescriptor.align(hl) + (long) pl != length) {
                broken = "a malformed " + length + "-byte message arrived on lane " + lane + " (source " + source
                        + ", header " + hl + ", payload " + pl + ")";
                return UCS_OK;
            }
            MessageRing r = receive[lane];
            long claim = r.tryClaim(source, hl, pl);
            if (claim == MessageRing.FULL) {
                overflow(lane, source);
                return UCS_OK;
            }
            MemorySegment.copy(ALL, data + RECORD_HEADER_BYTES, r.memory(), claim, length - RECORD_HEADER_BYTES);
            r.commit(claim);
            ring(); // a PE thread parked in a wait serves it now, not at its timer
        } catch (Throwable t) {
            broken = "receiving a message on lane " + lane + " failed: " + t;
        }
        return UCS_OK;
    }

    /** The upcall of credit returns: {@code [int source][int lane][long bytes]}. Never throws. */
    @SuppressWarnings("unused") // called from native code
    private byte onCredit(long arg, long header, long headerLength, long data, long length, long param) {
        try {
            int source = length == 16 ? ALL.get(JAVA_INT_UNALIGNED, data) : -1;
            int lane = length == 16 ? ALL.get(JAVA_INT_UNALIGNED, data + 4) : -1;
            long bytes = length == 16 ? ALL.get(JAVA_LONG_UNALIGNED, data + 8) : -1;
            if (source < 0 || source >= size || lane < 0 || lane >= Transport.LANES || bytes <= 0) {
                broken = "a malformed credit message arrived (" + length + " bytes)";
                return UCS_OK;
            }
            credits.addAndGet(source * Transport.LANES + lane, bytes);
        } catch (Throwable t) {
            broken = "receiving credits failed: " + t;
        }
        return UCS_OK;
    }

    private void overflow(int lane, int source) {
        broken = "the receive ring of lane " + lane + " overflowed with a message from PE " + source
                + " (credits out of step); the message was dropped";
    }

    /**
     * See {@link Transport#pollMessages}: delivers up to {@code limit} messages of {@code lane},
     * then returns the credits of what it consumed. Returns 0 when another thread (or this one,
     * from inside the sink) is delivering that lane, or before a sink is registered.
     */
    @Override
    public int poll(int lane, int limit) {
        if (sink == null || !consuming[lane].compareAndSet(false, true)) {
            return 0;
        }
        try {
            return receive[lane].poll(consumers[lane], lane, limit);
        } finally {
            try {
                returnCredits(lane);
            } finally {
                consuming[lane].set(false);
            }
        }
    }

    /**
     * See {@link Transport#parkUntilMessage}: the upcalls (run by the progress agent while the
     * PE's threads park) ring this PE's doorbell after copying a message into a receive ring.
     */
    @Override
    public boolean parkUntilMessage(long nanos) {
        int ticket = doorbell.arm();
        if (hasMessage()) {
            return true;
        }
        engine.peThreadParks();
        try {
            ServedParks served = engine.servedParks();
            long park = served.begin(nanos);
            if (park == nanos) {
                return doorbell.sleep(ticket, nanos);
            }
            try {
                // Ended early by a message, an acknowledgement, a completion or the agent stopping:
                // only a message is work that more may follow (the others do not restart spinning).
                return doorbell.sleep(ticket, park) && hasMessage();
            } finally {
                served.end();
            }
        } finally {
            engine.peThreadWakes();
        }
    }

    /** {@inheritDoc} A record copied into either receive ring and not yet delivered. */
    @Override
    public boolean hasMessage() {
        return receive[Transport.LANE_REPLY].hasRecord() || receive[Transport.LANE_REQUEST].hasRecord();
    }

    @Override
    public Doorbell doorbell() {
        return doorbell;
    }

    /** {@inheritDoc} Every receive and every acknowledgement rings {@code bell} after this PE's own doorbell. */
    @Override
    public void alsoRing(Doorbell bell) {
        alsoRung = Objects.requireNonNull(bell, "bell");
    }

    /** {@inheritDoc} The progress agent lingers after work while a PE thread sleeps (see {@code AgentLinger}). */
    @Override
    public void sleepingElsewhere(boolean asleep) {
        if (asleep) {
            engine.peThreadParks();
        } else {
            engine.peThreadWakes();
        }
    }

    /** The message part of {@link Transport#progress()}: replies first, then requests. */
    int progressLanes() {
        return poll(Transport.LANE_REPLY, POLL_LIMIT) + poll(Transport.LANE_REQUEST, POLL_LIMIT);
    }

    private void consume(int lane, int source, MemorySegment buffer, long ho, int hl, long po, int pl) {
        try {
            sink.deliver(source, lane, buffer, ho, hl, po, pl);
        } finally {
            int at = source * Transport.LANES + lane;
            if (unreturned[at] == 0) {
                touched[lane][touchedCount[lane]++] = source;
            }
            unreturned[at] += 2 * MessageRingDescriptor.recordLength(hl, pl);
        }
    }

    /** Sends back the credits of sources past the threshold; the records are freed by now. */
    private void returnCredits(int lane) {
        int[] sources = touched[lane];
        int kept = 0;
        for (int i = 0; i < touchedCount[lane]; i++) {
            int source = sources[i];
            int at = source * Transport.LANES + lane;
            long bytes = unreturned[at];
            if (bytes < returnThreshold) {
                sources[kept++] = source;
                continue;
            }
            unreturned[at] = 0;
            if (source == rank) {
                credits.addAndGet(at, bytes);
            } else {
                sendCredits(source, lane, bytes);
            }
        }
        touchedCount[lane] = kept;
    }

    private void sendCredits(int target, int lane, long bytes) {
        engine.lock().lock();
        try {
            creditMessage.set(JAVA_INT, 0, rank);
            creditMessage.set(JAVA_INT, 4, lane);
            creditMessage.set(JAVA_LONG, 8, bytes);
            engine.await(engine.endpoint(target).amSendNbx(CREDIT_ID, creditMessage, 0, 16, UcpAmParams.SEND_FLAG_EAGER),
                    "ucp_am_send_nbx");
        } finally {
            engine.lock().unlock();
        }
    }

    /** Frees the rings and the upcall stubs; call after the worker is destroyed. */
    @Override
    public void close() {
        arena.close();
    }
}
