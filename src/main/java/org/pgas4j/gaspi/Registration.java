package org.pgas4j.gaspi;

/**
 * {@code gaspi_segment_register} and the collective segment procedures built on it
 * ({@code gaspi_segment_create}, seed 003's {@code gaspi_segment_use}): the seed's pseudo code,
 * with one deadline shared by every step. A step that timed out is resumed, not repeated, by the
 * re-call with the same arguments: the segment made by the first call is kept (and recognised by
 * {@link #pending}), registrations already acknowledged are not sent again.
 */
final class Registration {
    private final Messages messages;
    private final SegmentTable table;
    private final GroupCollectives collectives;
    private final Groups groups;
    private final Deadline deadline;
    private final int me;
    /** Segments made by a collective procedure that has not returned SUCCESS yet. */
    private final boolean[] pending = new boolean[Gaspi.SEGMENT_ID_LIMIT];
    private final long[][] tokens;

    Registration(Messages messages, SegmentTable table, GroupCollectives collectives, Groups groups, Deadline deadline,
                 int me, int ranks) {
        this.messages = messages;
        this.table = table;
        this.collectives = collectives;
        this.groups = groups;
        this.deadline = deadline;
        this.me = me;
        this.tokens = new long[Gaspi.SEGMENT_ID_LIMIT][ranks];
    }

    /** Whether {@code id} was made by a collective procedure that timed out and is being resumed. */
    boolean pending(int id) {
        return pending[id];
    }

    /** {@code gaspi_segment_register}: makes local segment {@code id} known to {@code rank}. */
    GaspiReturn register(int id, int rank, long timeout) {
        LocalSegment s = table.get("segmentRegister", id);
        long end = endOf(timeout);
        return registerUntil(s, rank, timeout, end);
    }

    private GaspiReturn registerUntil(LocalSegment s, int rank, long timeout, long end) {
        if (rank == me) {
            return GaspiReturn.SUCCESS; // a rank always knows its own segments
        }
        if (tokens[s.id()][rank] == 0) {
            tokens[s.id()][rank] = messages.sendRegistration(s, rank);
        }
        deadline.start(left(timeout, end), "segmentRegister");
        while (!messages.acknowledged(rank, tokens[s.id()][rank])) {
            if (!deadline.idle("segmentRegister")) {
                return GaspiReturn.TIMEOUT;
            }
        }
        return GaspiReturn.SUCCESS;
    }

    /**
     * The collective part of {@code segment_create} and {@code segment_use} once the segment
     * exists: register with every member of {@code group}, then barrier, within {@code timeout}.
     */
    GaspiReturn registerWithGroup(LocalSegment s, int group, long timeout, String op) {
        Group g = groups.member(op, group);
        long end = endOf(timeout);
        pending[s.id()] = true;
        for (int m : g.members) {
            if (registerUntil(s, m, timeout, end) == GaspiReturn.TIMEOUT) {
                return GaspiReturn.TIMEOUT;
            }
        }
        GaspiReturn r = collectives.barrier(group, left(timeout, end));
        if (r == GaspiReturn.SUCCESS) {
            pending[s.id()] = false;
        }
        return r;
    }

    /** Forgets what was sent for deleted segment {@code id}, so that a new segment under the id registers afresh. */
    void forget(int id) {
        pending[id] = false;
        java.util.Arrays.fill(tokens[id], 0);
    }

    private static long endOf(long timeout) {
        return timeout <= 0 ? 0 : System.nanoTime() + timeout * 1_000_000L;
    }

    /** What is left of {@code timeout} at deadline {@code end}, as a GASPI timeout. */
    private static long left(long timeout, long end) {
        if (timeout <= 0) {
            return timeout; // BLOCK or TEST throughout
        }
        long ms = (end - System.nanoTime()) / 1_000_000L;
        return ms <= 0 ? Gaspi.TEST : ms;
    }
}
