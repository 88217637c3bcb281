package org.pgas4j.spi;

import static org.pgas4j.spi.MessageRingDescriptor.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lock-free many-to-one ring of variable-length messages in memory that producers in any
 * process or thread map ({@link MessageRingDescriptor} has the layout). One instance per process
 * and ring: the owner's instance consumes, every other instance produces.
 *
 * <p><b>Producing</b> is claim, write, release: {@link #tryClaim} reserves a record by a
 * compare-and-set on the tail (after padding to the end of the buffer when the record would not
 * fit before it), the producer writes the header and payload with plain stores, and
 * {@link #commit} stores the record's length last, with volatile (release) semantics, which
 * publishes it. A full ring makes {@code tryClaim} return {@link #FULL}: back-pressure, never a
 * lost or overwritten record.
 *
 * <p><b>Consuming</b> ({@link #poll}): acquire-load the length at the head; a positive length is
 * a record, delivered to the sink; a negative one is skipped. Then the record's bytes are zeroed
 * (so the next producer finds "not published" there) and the head is release-stored past it,
 * which hands the space back to producers. One thread consumes at a time: a concurrent or
 * re-entrant poll (a handler that polls) returns 0 instead of delivering a record twice.
 *
 * <p>Records from one producing thread are consumed in the order of its claims; records of
 * different producers in the order of their claims, which commits may complete out of: the
 * consumer then waits at the first unpublished record, so a producer must commit (or
 * {@link #abort}) every record it claims, promptly.
 */
public final class MessageRing {
    /** What {@link #tryClaim} returns when the ring has no room now. */
    public static final long FULL = -1;

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle CONSUMING;
    // Zeroes copied over a consumed record: a copy between whole segments creates no slice, so
    // freeing allocates nothing whatever the JIT inlines around it.
    private static final MemorySegment ZEROES = Arena.global().allocate(4096);

    static {
        try {
            CONSUMING = MethodHandles.lookup().findVarHandle(MessageRing.class, "consuming", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MemorySegment memory;
    private final long capacity;
    private final long mask;
    private final long tail;
    private final long head;
    private final int maxRecord;
    private final Doorbell doorbell;
    /** A producer's last view of the head: only ever behind the real head, so a safe bound. */
    private long headCache;
    /** The consumer's head, owned by whoever holds {@link #consuming}. */
    private long consumerHead;
    @SuppressWarnings("unused") // accessed through CONSUMING
    private volatile int consuming;
    private volatile String corrupt;

    private MessageRing(MemorySegment memory, long capacity) {
        this.memory = memory;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.tail = capacity + TAIL_OFFSET;
        this.head = capacity + HEAD_OFFSET;
        this.maxRecord = maxRecordLength(capacity);
        this.doorbell = new Doorbell(memory, capacity + DOORBELL_OFFSET);
        this.consumerHead = (long) LONG.getAcquire(memory, head);
        this.headCache = consumerHead;
    }

    /**
     * Initialises a new ring in zero-filled {@code memory} of {@link MessageRingDescriptor#length}
     * bytes and returns it. Peers may attach once the creator has returned (and told them so).
     *
     * @throws IllegalArgumentException for an invalid capacity or too small a segment
     */
    public static MessageRing create(MemorySegment memory, long capacity) {
        if (!validCapacity(capacity)) {
            throw new IllegalArgumentException("message ring capacity " + capacity + " is not a power of two of at least "
                    + MIN_CAPACITY);
        }
        if (memory.byteSize() < length(capacity)) {
            throw new IllegalArgumentException("message ring of capacity " + capacity + " needs " + length(capacity)
                    + " bytes, got " + memory.byteSize());
        }
        memory.set(ValueLayout.JAVA_LONG, capacity + CAPACITY_OFFSET, capacity);
        // Release: the capacity (and the zeroed records) are visible before the magic says "ready".
        LONG.setRelease(memory, capacity + MAGIC_OFFSET, MAGIC);
        return new MessageRing(memory, capacity);
    }

    /**
     * The ring another process or thread created in {@code memory}, expected to have
     * {@code capacity} bytes of records.
     *
     * @throws IllegalStateException if the memory does not hold an initialised ring of that capacity
     */
    public static MessageRing attach(MemorySegment memory, long capacity) {
        if (!validCapacity(capacity) || memory.byteSize() < length(capacity)) {
            throw new IllegalStateException("a message ring of capacity " + capacity + " cannot be in " + memory.byteSize()
                    + " bytes");
        }
        long magic = (long) LONG.getAcquire(memory, capacity + MAGIC_OFFSET);
        long actual = memory.get(ValueLayout.JAVA_LONG, capacity + CAPACITY_OFFSET);
        if (magic != MAGIC || actual != capacity) {
            throw new IllegalStateException("the message ring is not initialised with capacity " + capacity
                    + " (magic 0x" + Long.toHexString(magic) + ", capacity " + actual + ")");
        }
        return new MessageRing(memory, capacity);
    }

    /** The memory the ring lives in: the buffer a claim's offsets refer to. */
    public MemorySegment memory() {
        return memory;
    }

    /** The doorbell in this ring's trailer (see {@link MessageRingDescriptor}). */
    public Doorbell doorbell() {
        return doorbell;
    }

    /**
     * Whether a record (or padding) is published at the head, by volatile loads: a sleeper that
     * armed its {@link Doorbell} checks here, and a commit before the check is seen by it.
     * Allocates nothing.
     */
    public boolean hasRecord() {
        long h = (long) LONG.getVolatile(memory, head);
        return (int) INT.getVolatile(memory, h & mask) != 0;
    }

    /** Bytes of records. */
    public long capacity() {
        return capacity;
    }

    /** The largest {@code align8(headerLength) + payloadLength} one record can carry. */
    public int maxMessageLength() {
        return maxRecord - RECORD_HEADER_BYTES;
    }

    // ---------------------------------------------------------------- producer

    /**
     * Claims a record for a message of {@code headerLength} + {@code payloadLength} bytes from
     * {@code source}. On success the caller writes the header at the returned offset and the
     * payload at {@link #payloadOffset}, then calls {@link #commit} (or {@link #abort}).
     *
     * @return the offset in {@link #memory()} where the header goes, or {@link #FULL}
     * @throws IllegalArgumentException if the message can never fit ({@link #maxMessageLength()})
     */
    public long tryClaim(int source, int headerLength, int payloadLength) {
        long length = recordLength(headerLength, payloadLength);
        if (headerLength < 0 || payloadLength < 0 || length > maxRecord) {
            throw new IllegalArgumentException("a message of a " + headerLength + "-byte header and a " + payloadLength
                    + "-byte payload does not fit a record of at most " + maxRecord + " bytes");
        }
        while (true) {
            long t = (long) LONG.getVolatile(memory, tail);
            long index = t & mask;
            long toEnd = capacity - index;
            long needed = length <= toEnd ? length : toEnd + length;
            if (t + needed - headCache > capacity) {
                // Acquire: the consumer zeroed what it freed before it released the head.
                headCache = (long) LONG.getAcquire(memory, head);
                if (t + needed - headCache > capacity) {
                    return FULL;
                }
            }
            if (LONG.compareAndSet(memory, tail, t, t + needed)) {
                long at = index;
                if (needed != length) {
                    // Release: the consumer skips to the start only once it sees the padding.
                    INT.setRelease(memory, index, (int) -toEnd);
                    at = 0;
                }
                memory.set(ValueLayout.JAVA_INT, at + RECORD_SOURCE, source);
                memory.set(ValueLayout.JAVA_INT, at + RECORD_HEADER_LENGTH, headerLength);
                memory.set(ValueLayout.JAVA_INT, at + RECORD_PAYLOAD_LENGTH, payloadLength);
                return at + RECORD_HEADER_BYTES;
            }
        }
    }

    /** Where the payload of the message claimed at {@code claim} with {@code headerLength} bytes of header goes. */
    public static long payloadOffset(long claim, int headerLength) {
        return claim + align(headerLength);
    }

    /** Publishes the record claimed at {@code claim}: its length is stored last. */
    public void commit(long claim) {
        long at = claim - RECORD_HEADER_BYTES;
        int length = (int) claimedLength(at);
        // Volatile store (release, and xchg on x86: published at once rather than after the store buffer drains).
        INT.setVolatile(memory, at, length);
    }

    /** Gives up the record claimed at {@code claim}: the consumer skips it. */
    public void abort(long claim) {
        long at = claim - RECORD_HEADER_BYTES;
        INT.setVolatile(memory, at, (int) -claimedLength(at));
    }

    private long claimedLength(long at) {
        return recordLength(memory.get(ValueLayout.JAVA_INT, at + RECORD_HEADER_LENGTH),
                memory.get(ValueLayout.JAVA_INT, at + RECORD_PAYLOAD_LENGTH));
    }

    // ---------------------------------------------------------------- consumer

    /**
     * Delivers up to {@code limit} published records to {@code sink} in order, tagged with
     * {@code lane}, and frees them. Returns how many records (and paddings) it consumed; 0 when
     * the ring is empty or another thread (or this one, re-entering from the sink) is consuming.
     * A record is freed even when the sink throws; the exception then propagates.
     *
     * @throws IllegalStateException if a published length is not a valid record (the ring is
     *         corrupt; every later poll throws too)
     */
    public int poll(MessageSink sink, int lane, int limit) {
        String broken = corrupt;
        if (broken != null) {
            throw new IllegalStateException(broken);
        }
        // A cheap look before taking the consumer's flag: the common empty poll is two loads.
        long h = (long) LONG.getAcquire(memory, head);
        if ((int) INT.getAcquire(memory, h & mask) == 0) {
            return 0;
        }
        if (!CONSUMING.compareAndSet(this, 0, 1)) {
            return 0;
        }
        int done = 0;
        try {
            while (done < limit) {
                long index = consumerHead & mask;
                // Acquire: the record's contents, written before its length, are visible from here.
                int length = (int) INT.getAcquire(memory, index);
                if (length == 0) {
                    break;
                }
                long size = length < 0 ? -(long) length : length;
                checkLength(index, length, size);
                try {
                    if (length > 0) {
                        int headerLength = memory.get(ValueLayout.JAVA_INT, index + RECORD_HEADER_LENGTH);
                        int payloadLength = memory.get(ValueLayout.JAVA_INT, index + RECORD_PAYLOAD_LENGTH);
                        checkContents(index, size, headerLength, payloadLength);
                        long claim = index + RECORD_HEADER_BYTES;
                        sink.deliver(memory.get(ValueLayout.JAVA_INT, index + RECORD_SOURCE), lane, memory, claim,
                                headerLength, payloadOffset(claim, headerLength), payloadLength);
                    }
                } finally {
                    free(index, size);
                    done++;
                }
            }
        } finally {
            CONSUMING.setRelease(this, 0);
        }
        return done;
    }

    private void free(long index, long size) {
        for (long done = 0; done < size; done += ZEROES.byteSize()) {
            MemorySegment.copy(ZEROES, 0, memory, index + done, Math.min(ZEROES.byteSize(), size - done));
        }
        consumerHead += size;
        // Release: the zeroes are visible before producers may claim the space again.
        LONG.setRelease(memory, head, consumerHead);
    }

    private void checkLength(long index, int length, long size) {
        if (size < RECORD_ALIGNMENT || size % RECORD_ALIGNMENT != 0 || size > capacity - index
                || (length > 0 && size > maxRecord)) {
            throw corrupted("the record at position " + consumerHead + " has length " + length);
        }
    }

    private void checkContents(long index, long size, int headerLength, int payloadLength) {
        if (headerLength < 0 || payloadLength < 0 || recordLength(headerLength, payloadLength) != size) {
            // The record's bounds are sound, so it is dropped and the ring goes on.
            throw new IllegalStateException("message ring: the record at position " + consumerHead + " of " + size
                    + " bytes claims a " + headerLength + "-byte header and a " + payloadLength
                    + "-byte payload, which do not fill it; the record was dropped");
        }
    }

    private IllegalStateException corrupted(String what) {
        corrupt = "message ring is corrupt: " + what + " (a misbehaving peer, or memory overwritten); "
                + "no further message can be delivered from it";
        return new IllegalStateException(corrupt);
    }
}
