package org.pgas4j.internal;

import static org.pgas4j.internal.ControlRegion.*;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.spi.RemoteMemory;

/**
 * A PE's segment directory in its control region: which segment each endpoint index has
 * published. The owner writes its own slots under a sequence lock (odd while writing); any PE
 * reads a snapshot, and checks on every access whether the slot's sequence moved since.
 */
public final class Directory {
    static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment control;

    /** The directory inside this PE's own control region. */
    public Directory(MemorySegment control) {
        this.control = control;
    }

    /** Publishes a segment in slot {@code endpoint} (replacing whatever was there). */
    public void publish(int endpoint, long segmentId, long size, int kindId, byte[] descriptor) {
        if (descriptor.length > SLOT_DESCRIPTOR_CAPACITY) {
            throw new IllegalStateException("descriptor of " + descriptor.length + " bytes exceeds "
                    + SLOT_DESCRIPTOR_CAPACITY);
        }
        long slot = slotOffset(endpoint);
        long seq = beginWrite(slot);
        control.set(ValueLayout.JAVA_LONG, slot + SLOT_SIZE, size);
        control.set(ValueLayout.JAVA_LONG, slot + SLOT_SEGMENT_ID, segmentId);
        control.set(ValueLayout.JAVA_INT, slot + SLOT_DESCRIPTOR_LENGTH, descriptor.length);
        control.set(ValueLayout.JAVA_INT, slot + SLOT_KIND, kindId);
        MemorySegment.copy(descriptor, 0, control, ValueLayout.JAVA_BYTE, slot + SLOT_DESCRIPTOR, descriptor.length);
        control.set(ValueLayout.JAVA_LONG, slot + SLOT_STATE, STATE_PUBLISHED);
        endWrite(slot, seq);
    }

    /**
     * Marks the segment published in slot {@code endpoint} as destroyed, if it is {@code segmentId}.
     *
     * @return whether the slot changed (false: it held another segment or none)
     */
    public boolean markDestroyed(int endpoint, long segmentId) {
        long slot = slotOffset(endpoint);
        if (control.get(ValueLayout.JAVA_LONG, slot + SLOT_SEGMENT_ID) != segmentId
                || control.get(ValueLayout.JAVA_LONG, slot + SLOT_STATE) != STATE_PUBLISHED) {
            return false;
        }
        long seq = beginWrite(slot);
        control.set(ValueLayout.JAVA_LONG, slot + SLOT_STATE, STATE_DESTROYED);
        endWrite(slot, seq);
        return true;
    }

    private long beginWrite(long slot) {
        long seq = (long) LONG.getVolatile(control, slot + SLOT_SEQ);
        // Odd sequence: readers retry. The volatile store orders it before the field stores.
        LONG.setVolatile(control, slot + SLOT_SEQ, seq + 1);
        return seq;
    }

    private void endWrite(long slot, long seq) {
        // Release: every field store above is visible before the even sequence is.
        LONG.setRelease(control, slot + SLOT_SEQ, seq + 2);
    }

    /**
     * A consistent snapshot of slot {@code endpoint} of a peer's control region, read under the
     * sequence lock.
     */
    public static Slot read(RemoteMemory peerControl, int endpoint) {
        MemorySegment direct = peerControl.directView();
        long slot = slotOffset(endpoint);
        MemorySegment copy = MemorySegment.ofArray(new byte[(int) SLOT_BYTES]);
        for (int attempt = 0; ; attempt++) {
            long before;
            if (direct != null) {
                before = (long) LONG.getAcquire(direct, slot + SLOT_SEQ);
                MemorySegment.copy(direct, slot, copy, 0, SLOT_BYTES);
                VarHandle.acquireFence(); // the copy completes before the sequence is read again
                long after = (long) LONG.getAcquire(direct, slot + SLOT_SEQ);
                if ((before & 1) == 0 && before == after) {
                    return Slot.of(before, copy);
                }
            } else {
                SyncCompletion.getBlocking(peerControl, slot, copy, 0, SLOT_BYTES);
                before = copy.get(ValueLayout.JAVA_LONG_UNALIGNED, SLOT_SEQ);
                MemorySegment seqOnly = MemorySegment.ofArray(new long[1]);
                SyncCompletion.getBlocking(peerControl, slot + SLOT_SEQ, seqOnly, 0, Long.BYTES);
                if ((before & 1) == 0 && before == seqOnly.get(ValueLayout.JAVA_LONG_UNALIGNED, 0)) {
                    return Slot.of(before, copy);
                }
            }
            if (attempt > 1000) {
                Thread.yield();
            }
        }
    }

    /**
     * One directory slot as read.
     *
     * @param seq its sequence word when read
     * @param state EMPTY, PUBLISHED or DESTROYED
     * @param size the segment's size
     * @param segmentId the owner's id of the segment
     * @param kindId the segment's memory kind id
     * @param descriptor the transport's descriptor of the memory
     */
    public record Slot(long seq, long state, long size, long segmentId, int kindId, byte[] descriptor) {
        static Slot of(long seq, MemorySegment copy) {
            int length = copy.get(ValueLayout.JAVA_INT_UNALIGNED, SLOT_DESCRIPTOR_LENGTH);
            byte[] descriptor = new byte[Math.max(0, Math.min(length, SLOT_DESCRIPTOR_CAPACITY))];
            MemorySegment.copy(copy, ValueLayout.JAVA_BYTE, SLOT_DESCRIPTOR, descriptor, 0, descriptor.length);
            return new Slot(seq, copy.get(ValueLayout.JAVA_LONG_UNALIGNED, SLOT_STATE),
                    copy.get(ValueLayout.JAVA_LONG_UNALIGNED, SLOT_SIZE),
                    copy.get(ValueLayout.JAVA_LONG_UNALIGNED, SLOT_SEGMENT_ID),
                    copy.get(ValueLayout.JAVA_INT_UNALIGNED, SLOT_KIND), descriptor);
        }
    }
}
