package org.pgas4j.launcher;

/** Something that happened to a job; all are handled, in order, by the job's event thread. */
sealed interface JobEvent {

    /** A PE process ended with {@code status}. */
    record Exited(int rank, int status) implements JobEvent {
    }

    /** An authenticated connection asks to join as {@code rank}, claiming process {@code pid}. */
    record JoinRequest(PeConnection connection, int rank, long pid) implements JobEvent {
    }

    /** A joined PE contributed to collective number {@code sequence}. */
    record Contribution(int rank, int sequence, byte kind, byte[] data) implements JobEvent {
    }

    /** A joined PE sent its statistics counters. */
    record Statistics(int rank, byte[] data) implements JobEvent {
    }

    /** A joined PE says it is done with the job. */
    record FinalizeRequest(int rank) implements JobEvent {
    }

    /** A PE that finalized asks to take part again: its program initialises once more. */
    record RejoinRequest(int rank) implements JobEvent {
    }

    /** A joined PE ends the whole job with {@code status} ({@code call} names what it called). */
    record ExitRequest(int rank, int status, String call) implements JobEvent {
    }

    /** A joined PE's connection ended. */
    record Disconnected(int rank, String detail) implements JobEvent {
    }

    /** A second look, a little later, at a PE whose connection ended: did it exit meanwhile? */
    record DisconnectCheck(int rank, String detail, long disconnectedAtMillis) implements JobEvent {
    }

    /**
     * A second look, a little later, at the host of a PE that failed: did all its PEs go? Then the
     * host is named as lost; otherwise the PE's own failure is reported.
     */
    record HostCheck(int rank, String reason, int status, boolean report) implements JobEvent {
    }

    /** The time for PEs this launcher did not start (other Slurm tasks') to join is up. */
    record JoinDeadline() implements JobEvent {
    }

    /** A joined PE broke the protocol. */
    record ProtocolError(int rank, String message) implements JobEvent {
    }
}
