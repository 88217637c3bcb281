package org.pgas4j.internal.coll;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.TeamBarrier;

/**
 * A dissemination barrier made of empty messages through the team's {@link Mailboxes}: for
 * teams whose scratch the client provides in its bound segments, where several members may
 * live in one process and so cannot use the per-process barrier flags of the control region.
 * ceil(log2 N) rounds; in round k member i sends to i + 2^k and receives from i - 2^k. Messages
 * between two members are delivered in order, so consecutive barriers cannot be confused.
 */
public final class MailboxBarrier implements TeamBarrier {
    private static final MemorySegment NOTHING = MemorySegment.ofArray(new byte[0]);

    private final Mailboxes mail;
    private final int rank;
    private final int size;

    /** The barrier of member {@code rank} of {@code size}, over {@code mail}. */
    public MailboxBarrier(Mailboxes mail, int rank, int size) {
        this.mail = mail;
        this.rank = rank;
        this.size = size;
    }

    @Override
    public void await() {
        for (int step = 1; step < size; step <<= 1) {
            mail.sendRecv((rank + step) % size, NOTHING, 0, 0, (rank - step + size) % size, NOTHING, 0, 0);
        }
    }
}
