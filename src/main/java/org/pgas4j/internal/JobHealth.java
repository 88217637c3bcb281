package org.pgas4j.internal;

import org.pgas4j.JobAbortedException;
import org.pgas4j.spi.Transport;

/** Turns a failing job into an exception in a waiting thread instead of a hang. */
public final class JobHealth {
    private final Transport transport;
    private final int jobRank;

    /** Health as {@code transport} sees it, for PE {@code jobRank}. */
    public JobHealth(Transport transport, int jobRank) {
        this.transport = transport;
        this.jobRank = jobRank;
    }

    /** Whether the job is still healthy: cheap, called from wait loops. */
    public boolean ok() {
        return transport.healthy();
    }

    /** The exception to throw when a wait finds the job failing; {@code waitingFor} names the wait. */
    public JobAbortedException aborted(String waitingFor) {
        return new JobAbortedException("PE " + jobRank + ": the job is failing (" + why(transport)
                + ") while waiting in " + waitingFor);
    }

    /** What {@code transport} knows of why the job fails, or the generic words when it knows nothing. */
    public static String why(Transport transport) {
        String reason = transport.failureReason();
        return reason != null ? reason : "a peer died or the launcher stopped it";
    }
}
