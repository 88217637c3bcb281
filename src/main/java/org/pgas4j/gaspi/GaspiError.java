package org.pgas4j.gaspi;

/**
 * The error codes of the GASPI facade: what {@link GaspiException#error()} carries. GASPI 1.01
 * has a single {@code GASPI_ERROR}; seed 003 asks for one code per violated restriction of
 * user-provided memory, and this facade gives one code per kind of mistake throughout. Each has
 * a stable number ({@link #code()}) for programs that log or compare them.
 */
public enum GaspiError {
    /** A catch-all for failures with no more specific code. */
    ERROR(1),
    /** The facade was closed ({@code gaspi_proc_term} ran). */
    NOT_INITIALIZED(2),
    /** A rank outside [0, ranks). */
    INVALID_RANK(3),
    /** A timeout below {@link Gaspi#BLOCK}. */
    INVALID_TIMEOUT(4),
    /** A segment id outside [0, {@link Gaspi#SEGMENT_ID_LIMIT}). */
    SEGMENT_ID_OUT_OF_RANGE(10),
    /** Seed 003: bind or alloc of an id that is already in use on this rank (bound or allocated). */
    SEGMENT_ID_IN_USE(11),
    /** The id names no segment of this rank. */
    SEGMENT_NOT_FOUND(12),
    /** This rank already holds {@code segment_max} segments. */
    TOO_MANY_SEGMENTS(13),
    /** The remote segment was not registered with this rank ({@code gaspi_segment_register}). */
    SEGMENT_NOT_REGISTERED(14),
    /** An offset and length that leave the segment. */
    OUT_OF_BOUNDS(15),
    /** A size of zero or less. */
    INVALID_SIZE(16),
    /** Seed 003: the memory's address breaks the alignment the description requires. */
    MEMORY_NOT_ALIGNED(20),
    /** Seed 003: the size is not a multiple of the page size where the description requires it (FILE). */
    SIZE_NOT_A_MULTIPLE_OF_PAGESIZE(21),
    /** Seed 003: the memory is smaller than the size given ("to provide less than size bytes"). */
    MEMORY_TOO_SMALL(22),
    /** Seed 003: host memory that is on the Java heap; a segment needs native memory. */
    MEMORY_NOT_NATIVE(23),
    /** Seed 003: read-only memory cannot be a segment. */
    MEMORY_READ_ONLY(24),
    /** Seed 003: memory already bound as (or overlapping) another segment of this rank. */
    MEMORY_IN_USE(25),
    /**
     * Seed 003: memory of a confined arena, which only its owner thread may touch; the runtime
     * reaches a segment from other threads (in-JVM peers, progress). Use a shared, automatic or
     * global arena.
     */
    MEMORY_CONFINED(19),
    /** Seed 003: a FILE description whose memory is not a shared, writable mapping of its file. */
    MEMORY_NOT_A_FILE_MAPPING(26),
    /** Seed 003: a description of memory this build or host cannot use (CUDA without a device, ...). */
    UNSUPPORTED_MEMORY_DESCRIPTION(27),
    /** Seed 003: device memory passed where host memory is needed, or the reverse. */
    MEMORY_DESCRIPTION_MISMATCH(28),
    /** The segment's memory cannot be reached through a host pointer (device memory). */
    NOT_HOST_ADDRESSABLE(29),
    /** A queue id outside the created queues. */
    INVALID_QUEUE(30),
    /** {@code GASPI_QUEUE_FULL}: the queue holds {@code queue_size_max} requests; call {@code wait} first. */
    QUEUE_FULL(31),
    /** No more queues can be created ({@code queue_max}). */
    TOO_MANY_QUEUES(32),
    /** A queue with requests outstanding cannot be deleted. */
    QUEUE_NOT_EMPTY(33),
    /** A notification id outside [0, notification_num). */
    INVALID_NOTIFICATION(40),
    /** A notification value of 0 (GASPI requires a non-zero value). */
    NOTIFICATION_VALUE_ZERO(41),
    /** An atomic on an offset that is not a multiple of 8. */
    ATOMIC_NOT_ALIGNED(42),
    /** A group id that names no live group. */
    INVALID_GROUP(50),
    /** No more groups can be created ({@code group_max}). */
    TOO_MANY_GROUPS(51),
    /** Adding a rank twice, or changing a committed group. */
    GROUP_MEMBERSHIP(52),
    /** A collective over a group this rank is not a member of, or not committed. */
    NOT_A_GROUP_MEMBER(53),
    /** The members of a group disagree on its membership at commit, or on a collective's arguments. */
    GROUP_MISMATCH(54),
    /** Allreduce with too many elements or bytes for the facade's buffers. */
    ALLREDUCE_TOO_LARGE(55),
    /** A passive message larger than {@code passive_transfer_size_max}, or a receive buffer too small. */
    PASSIVE_SIZE(60),
    /** A peer died or the job is being stopped; the state vector names the peers involved. */
    PEER_FAILED(70),
    /** The pgas4j core refused the call; the message says why. */
    CORE_REFUSED(80);

    private final int code;

    GaspiError(int code) {
        this.code = code;
    }

    /** The stable number of this code. */
    public int code() {
        return code;
    }
}
