package org.pgas4j.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.JobAbortedException;

/**
 * Passive communication ({@code gaspi_passive_send}, {@code gaspi_passive_receive}): the checks
 * of each, staging a send from memory that is not host-addressable, and the receive's wait.
 */
final class PassiveTransfers {
    private final SegmentTable table;
    private final Messages messages;
    private final OneSided oneSided;
    private final Deadline deadline;
    private final Arena arena;

    PassiveTransfers(SegmentTable table, Messages messages, OneSided oneSided, Deadline deadline, Arena arena) {
        this.table = table;
        this.messages = messages;
        this.oneSided = oneSided;
        this.deadline = deadline;
        this.arena = arena;
    }

    /** See {@link Gaspi#passiveSend}. */
    GaspiReturn send(int seg, long offset, int rank, long size, long timeout) {
        String op = "passiveSend";
        oneSided.checkRank(op, rank);
        deadline.start(timeout, op);
        LocalSegment s = table.get(op, seg);
        if (size <= 0 || size > messages.passiveMax(rank)) {
            throw new GaspiException(GaspiError.PASSIVE_SIZE, op + ": size " + size + " is outside (0, "
                    + messages.passiveMax(rank) + "] (passive_transfer_size_max)");
        }
        if (offset < 0 || offset > s.size() - size) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": offset " + offset + " and size " + size
                    + " leave segment " + seg + " of " + s.size() + " bytes");
        }
        MemorySegment payload;
        long at = offset;
        if (s.core().kind().rules().directLoadStore()) {
            payload = s.core().memory();
        } else {
            payload = arena.allocate(size);
            s.core().copyTo(offset, payload, 0, size);
            at = 0;
        }
        try {
            messages.sendPassive(rank, payload, at, size);
        } catch (JobAbortedException e) {
            throw new GaspiException(GaspiError.PEER_FAILED, op + ": " + e.getMessage(), e);
        }
        return GaspiReturn.SUCCESS;
    }

    /** See {@link Gaspi#passiveReceive}. */
    GaspiReturn receive(int seg, long offset, int[] rank, long size, long timeout) {
        String op = "passiveReceive";
        LocalSegment s = table.get(op, seg);
        if (rank == null || rank.length < 1) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": rank must hold one int");
        }
        if (size < 0 || offset < 0 || offset > s.size() - size) {
            throw new GaspiException(GaspiError.OUT_OF_BOUNDS, op + ": offset " + offset + " and size " + size
                    + " leave segment " + seg + " of " + s.size() + " bytes");
        }
        deadline.start(timeout, op);
        Messages.Passive m;
        while ((m = messages.peekPassive()) == null) {
            if (!deadline.idle(op)) {
                return GaspiReturn.TIMEOUT;
            }
        }
        if (m.data().length > size) {
            throw new GaspiException(GaspiError.PASSIVE_SIZE, op + ": a message of " + m.data().length
                    + " bytes from rank " + m.source() + " does not fit in " + size + " bytes");
        }
        messages.nextPassive();
        s.core().copyFrom(offset, MemorySegment.ofArray(m.data()), 0, m.data().length);
        rank[0] = m.source();
        return GaspiReturn.SUCCESS;
    }
}
