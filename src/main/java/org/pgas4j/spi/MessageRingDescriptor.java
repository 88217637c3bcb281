package org.pgas4j.spi;

/**
 * Layout of one {@link MessageRing}: a many-to-one ring of variable-length records in a
 * {@link java.lang.foreign.MemorySegment} that every producer maps (a shared file for {@code shm},
 * a shared-arena segment for {@code local}), followed by a trailer holding the positions.
 *
 * <pre>
 *   0                              capacity      +128          +256                        +320          +384
 *   +------------------------------+-------------+-------------+---------------------------+-------------+
 *   | records (capacity bytes,     | tail (long) | head (long) | magic (long) @+256        | doorbell    |
 *   |  a power of two)             | producers   | consumer    | capacity (long) @+264     | (2 ints,    |
 *   |                              | CAS it      | stores it   | (written once, at create) | Doorbell)   |
 *   +------------------------------+-------------+-------------+---------------------------+-------------+
 *
 *   record at (position &amp; (capacity - 1)), RECORD_ALIGNMENT-aligned, never wrapping:
 *   0            4                8               12               16
 *   +------------+----------------+---------------+----------------+--------------------+---------+
 *   | length     | source jobrank | header length | payload length | header (padded to  | payload |
 *   | (int)      | (int)          | h (int)       | p (int)        |  8 bytes)          | p bytes |
 *   +------------+----------------+---------------+----------------+--------------------+---------+
 *   length &gt; 0: a published record of that many bytes (aligned); 0: not published yet;
 *   length &lt; 0: skip -length bytes (padding up to the end of the buffer, or an aborted claim)
 * </pre>
 *
 * The doorbell of the first lane's ring is the PE's: a sender rings it after every commit to either
 * lane, so a PE sleeping in a wait wakes when a message arrives ({@link Doorbell}).
 *
 * <p>A PE's message memory holds one ring per lane ({@link Transport#LANE_REQUEST}, then
 * {@link Transport#LANE_REPLY}), each {@link #length} bytes, back to back ({@link #laneOffset}).
 *
 * <p>Positions only grow; {@code tail - head} bytes are in use. The tail and the head live 128
 * bytes apart, so producers' claims and the consumer's releases never share a cache line (nor a
 * pair that the adjacent-line prefetcher fetches together). Every position and the trailer are
 * multiples of 8 from a page-aligned base, so VarHandle atomic access modes apply.
 */
public final class MessageRingDescriptor {
    /** Offset from the end of the records of the tail: the next position to claim. */
    public static final long TAIL_OFFSET = 0;
    /** Offset from the end of the records of the head: the next position to consume. */
    public static final long HEAD_OFFSET = 128;
    /** Offset from the end of the records of the magic word, stored last at creation. */
    public static final long MAGIC_OFFSET = 256;
    /** Offset from the end of the records of the capacity, as the creator sized it. */
    public static final long CAPACITY_OFFSET = 264;
    /** Offset from the end of the records of the ring's {@link Doorbell}, on a line of its own. */
    public static final long DOORBELL_OFFSET = 320;
    /** Bytes of the trailer. */
    public static final long TRAILER_BYTES = 384;
    /** The magic word: "PGAS4JAM" as a little-endian long. */
    public static final long MAGIC = 0x4d41_4a34_5341_4750L;

    /** Offset in a record of its length word. */
    public static final int RECORD_LENGTH = 0;
    /** Offset in a record of the sender's jobrank. */
    public static final int RECORD_SOURCE = 4;
    /** Offset in a record of the header length. */
    public static final int RECORD_HEADER_LENGTH = 8;
    /** Offset in a record of the payload length. */
    public static final int RECORD_PAYLOAD_LENGTH = 12;
    /** Bytes of a record's own header, before the message's header. */
    public static final int RECORD_HEADER_BYTES = 16;
    /** Every record starts and ends on a multiple of this. */
    public static final int RECORD_ALIGNMENT = 8;

    /** The smallest capacity a ring may have. */
    public static final long MIN_CAPACITY = 4096;
    /** The largest record is this fraction of the capacity, so a full record and its padding always fit. */
    public static final int MAX_RECORD_DIVISOR = 8;

    private MessageRingDescriptor() {
    }

    /** Bytes of a ring with {@code capacity} bytes of records, trailer included. */
    public static long length(long capacity) {
        return capacity + TRAILER_BYTES;
    }

    /** Bytes of a PE's message memory: one ring per lane. */
    public static long laneBytes(long capacity) {
        return Transport.LANES * length(capacity);
    }

    /** Where the ring of {@code lane} starts in a PE's message memory. */
    public static long laneOffset(int lane, long capacity) {
        return lane * length(capacity);
    }

    /** The largest record of a ring of {@code capacity} bytes, its own header included. */
    public static int maxRecordLength(long capacity) {
        return (int) Math.min(Integer.MAX_VALUE & -RECORD_ALIGNMENT, capacity / MAX_RECORD_DIVISOR);
    }

    /** {@code n} rounded up to {@link #RECORD_ALIGNMENT}. */
    public static long align(long n) {
        return (n + RECORD_ALIGNMENT - 1) & -RECORD_ALIGNMENT;
    }

    /** The bytes a record of a {@code headerLength}-byte header and {@code payloadLength}-byte payload occupies. */
    public static long recordLength(int headerLength, int payloadLength) {
        return align(RECORD_HEADER_BYTES + align(headerLength) + (long) payloadLength);
    }

    /** Whether {@code capacity} is a valid ring capacity: a power of two of at least {@link #MIN_CAPACITY}. */
    public static boolean validCapacity(long capacity) {
        return capacity >= MIN_CAPACITY && Long.bitCount(capacity) == 1;
    }
}
