package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Layout of a PE's control region: the small block each PE's transport creates at start and every
 * peer can reach without any exchange. It holds the PE's segment directory (one slot per endpoint
 * index: what segment, if any, that endpoint has published) and the flags of its barriers.
 *
 * <pre>
 *   0                  64                        64 + slots*128            + channels*rounds*64
 *   +------------------+-------------------------+---------------------------+
 *   | header           | directory slot[0..slots)| barrier flag[ch][round]   |
 *   +------------------+-------------------------+---------------------------+
 *
 *   header:  0 magic 'PGAS4JCR' | 8 layout version | 12 slot count | 16 pid | 24..63 spare
 *   slot:    0 seq (even: stable, odd: being written; +2 on every change)
 *            8 state (EMPTY, PUBLISHED, DESTROYED) | 16 segment size | 24 segment id
 *           32 descriptor length (int) | 36 kind id (int) | 40..119 descriptor bytes | 120 spare
 *   flag:    one long per 64-byte line, written by exactly one peer per round
 *   notice:  notice[j] is PE j's directory generation as PE j last announced it here (written only
 *            by PE j, and only where PE j's control region is not mapped: see Client)
 * </pre>
 *
 * Every slot and flag is a multiple of 8 bytes from a page-aligned base, so VarHandle atomic
 * access modes apply.
 */
public final class ControlRegion {
    /** Magic value of the header's first word. */
    public static final long MAGIC = 0x5247_4a34_5341_4750L; // "PGAS4JGR" little-endian-ish tag
    /** Layout version, bumped on any change to this class's offsets. */
    public static final int VERSION = 2;

    /** Offset of the magic word. */
    public static final long MAGIC_OFFSET = 0;
    /** Offset of the layout version (int). */
    public static final long VERSION_OFFSET = 8;
    /** Offset of the slot count (int). */
    public static final long SLOT_COUNT_OFFSET = 12;
    /** Offset of the owner's process id (long). */
    public static final long PID_OFFSET = 16;
    /** Size of the header. */
    public static final long HEADER_BYTES = 64;

    /** Size of one directory slot. */
    public static final long SLOT_BYTES = 128;
    /** Offset in a slot of the sequence word. */
    public static final long SLOT_SEQ = 0;
    /** Offset in a slot of the state word. */
    public static final long SLOT_STATE = 8;
    /** Offset in a slot of the segment size. */
    public static final long SLOT_SIZE = 16;
    /** Offset in a slot of the segment id. */
    public static final long SLOT_SEGMENT_ID = 24;
    /** Offset in a slot of the descriptor length (int). */
    public static final long SLOT_DESCRIPTOR_LENGTH = 32;
    /** Offset in a slot of the memory kind id (int). */
    public static final long SLOT_KIND = 36;
    /** Offset in a slot of the descriptor bytes. */
    public static final long SLOT_DESCRIPTOR = 40;
    /** Room for descriptor bytes in a slot. */
    public static final int SLOT_DESCRIPTOR_CAPACITY = 80;

    /** Slot state: no segment published. */
    public static final long STATE_EMPTY = 0;
    /** Slot state: a segment is published. */
    public static final long STATE_PUBLISHED = 1;
    /** Slot state: the published segment was destroyed. */
    public static final long STATE_DESTROYED = 2;

    /** Barrier channels: one per concurrently usable team barrier (channel 0 is the world team's). */
    public static final int BARRIER_CHANNELS = 16;
    /** Rounds per channel: enough for 2^32 PEs. */
    public static final int BARRIER_ROUNDS = 32;
    /** Size of one barrier flag (a cache line, so flags written by different peers never share one). */
    public static final long FLAG_BYTES = 64;

    private ControlRegion() {
    }

    /**
     * Writes the header of this PE's own control region, magic last, at client start; peers read it
     * only after the start-up barrier that follows.
     *
     * @param slots the number of directory slots, the runtime's own included
     */
    public static void writeHeader(MemorySegment control, int slots) {
        control.set(ValueLayout.JAVA_INT, VERSION_OFFSET, VERSION);
        control.set(ValueLayout.JAVA_INT, SLOT_COUNT_OFFSET, slots);
        control.set(ValueLayout.JAVA_LONG, PID_OFFSET, ProcessHandle.current().pid());
        control.set(ValueLayout.JAVA_LONG, MAGIC_OFFSET, MAGIC);
    }

    /** Offset of directory slot {@code index}. */
    public static long slotOffset(int index) {
        return HEADER_BYTES + index * SLOT_BYTES;
    }

    /** Offset of the barrier flag of {@code channel} and {@code round}, for a region of {@code slots} slots. */
    public static long flagOffset(int slots, int channel, int round) {
        return HEADER_BYTES + slots * SLOT_BYTES + ((long) channel * BARRIER_ROUNDS + round) * FLAG_BYTES;
    }

    /** Size of one directory-change notice. */
    public static final long NOTICE_BYTES = 8;

    /**
     * Offset of the directory-change notice PE {@code owner} writes, for a region of
     * {@code slots} slots.
     */
    public static long noticeOffset(int slots, int owner) {
        return flagOffset(slots, BARRIER_CHANNELS, 0) + owner * NOTICE_BYTES;
    }

    /** Total size of a control region with {@code slots} directory slots in a job of {@code peers} PEs. */
    public static long size(int slots, int peers) {
        return noticeOffset(slots, peers);
    }
}
