package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The GASPI management memory of one rank (seed 003 section 3): notification slots and the
 * collective mailboxes, kept apart from every segment's user memory, in the rank's primordial
 * pgas4j segment (runtime-allocated, published at init, so peers reach it with plain RMA).
 *
 * <pre>
 *  0                                      notificationBytes
 *  +-----------------+-----------------+-----+------------------------------------------+
 *  | notification    | notification    | ... | collective mailboxes                     |
 *  | area 0          | area 1          |     | groupMax x ranks x MAILBOX bytes          |
 *  | num x int32     | num x int32     |     |                                          |
 *  +-----------------+-----------------+-----+------------------------------------------+
 *
 *  mailbox (group g, sender rank s), MAILBOX = 64 + 2 x BUFFER bytes:
 *  +-----------+---------+----------------------+----------------------+
 *  | epoch i64 | pad     | buffer (epoch even)  | buffer (epoch odd)   |
 *  +-----------+---------+----------------------+----------------------+
 * </pre>
 *
 * A segment id does not determine where its notifications live: {@link SegmentTable} keeps the
 * seed's table from segment id to notification area ({@code manage_at(management[segment_id])}),
 * and the area's number travels to peers with {@code segment_register}. So binding memory never
 * needs room before or after it.
 */
final class Management {
    /** Bytes of one collective data buffer: 255 eight-byte elements fit (GASPI's allreduce limit). */
    static final int BUFFER = 2048;
    /** Bytes of one mailbox. */
    static final int MAILBOX = 64 + 2 * BUFFER;

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final int areas;
    private final int notifications;
    private final int ranks;
    private final int groups;
    private MemorySegment memory;

    Management(int areas, int notifications, int ranks, int groups) {
        this.areas = areas;
        this.notifications = notifications;
        this.ranks = ranks;
        this.groups = groups;
    }

    /** Bytes the whole layout needs. */
    long size() {
        return mailboxBase() + (long) groups * ranks * MAILBOX;
    }

    /** Attaches the local view of this rank's management memory. */
    void attach(MemorySegment local) {
        if (local.byteSize() < size()) {
            throw new IllegalStateException("management memory of " + local.byteSize() + " bytes is below " + size());
        }
        this.memory = local;
    }

    int notifications() {
        return notifications;
    }

    int areas() {
        return areas;
    }

    private long mailboxBase() {
        return (long) areas * notifications * Integer.BYTES;
    }

    /** Offset of notification {@code id} of area {@code area}, on any rank (same layout everywhere). */
    long notificationOffset(int area, int id) {
        return ((long) area * notifications + id) * Integer.BYTES;
    }

    /** Offset of the mailbox that {@code sender} writes on every member for group {@code group}. */
    long mailboxOffset(int group, int sender) {
        return mailboxBase() + ((long) group * ranks + sender) * MAILBOX;
    }

    /** Offset of the data buffer for {@code epoch} in that mailbox. */
    long bufferOffset(int group, int sender, long epoch) {
        return mailboxOffset(group, sender) + 64 + (epoch & 1) * BUFFER;
    }

    /** The notification's value, acquire-loaded: the data written before it is visible after. */
    int notificationAcquire(int area, int id) {
        return (int) INT.getAcquire(memory, notificationOffset(area, id));
    }

    /**
     * Reads a notification with an atomic no-op (add 0): the read takes the cache line exclusive,
     * so the reset that follows a set notification finds it here instead of asking the writer's core.
     */
    int notificationOwned(int area, int id) {
        return (int) INT.getAndAdd(memory, notificationOffset(area, id), 0);
    }

    /** Sets a local notification, release-stored after the data it announces. */
    void notificationRelease(int area, int id, int value) {
        INT.setRelease(memory, notificationOffset(area, id), value);
    }

    /** Atomically resets the notification to 0 and returns its old value ({@code gaspi_notify_reset}). */
    int notificationReset(int area, int id) {
        return (int) INT.getAndSet(memory, notificationOffset(area, id), 0);
    }

    /** Zeroes a whole notification area (when an area is handed to a new segment). */
    void clearArea(int area) {
        memory.asSlice(notificationOffset(area, 0), (long) notifications * Integer.BYTES).fill((byte) 0);
        VarHandle.releaseFence(); // the zeroes before the registration that lets peers notify into it
    }

    /** The epoch {@code sender} last posted into this rank's mailbox of {@code group}, acquire-loaded. */
    long epochAcquire(int group, int sender) {
        return (long) LONG.getAcquire(memory, mailboxOffset(group, sender));
    }

    /** Writes this rank's own epoch into its own mailbox (the loop-back of a collective). */
    void epochRelease(int group, int sender, long epoch) {
        LONG.setRelease(memory, mailboxOffset(group, sender), epoch);
    }

    /** The local view of a data buffer. */
    MemorySegment buffer(int group, int sender, long epoch) {
        return memory.asSlice(bufferOffset(group, sender, epoch), BUFFER);
    }
}
