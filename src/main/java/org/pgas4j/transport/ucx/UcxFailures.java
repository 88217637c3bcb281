package org.pgas4j.transport.ucx;

import org.pgas4j.JobAbortedException;

/**
 * What a failed UCX request means for the job: whether its status says the peer is gone, and the
 * exception the core is given for it (a lost peer is a failing job, anything else stays as UCX
 * reported it).
 */
final class UcxFailures {
    /** {@code UCS_ERR_NOT_CONNECTED}. */
    static final int ERR_NOT_CONNECTED = -24;

    private UcxFailures() {
    }

    /**
     * Whether a failed request says the peer is gone (reset, timeout, unreachable, cancelled, not
     * connected).
     *
     * @param e the failure, not null
     */
    static boolean peerLost(UcxException e) {
        int s = e.status();
        return s == UcsStatus.ERR_CONNECTION_RESET || s == UcsStatus.ERR_ENDPOINT_TIMEOUT
                || s == UcsStatus.ERR_UNREACHABLE || s == UcsStatus.ERR_CANCELED || s == ERR_NOT_CONNECTED;
    }

    /**
     * What the core should see of a failed operation: a lost peer becomes the
     * {@link JobAbortedException} the core throws when a job is failing, naming both PEs and
     * keeping UCX's error as the cause; anything else is returned as it is.
     *
     * @param e the failure
     * @param rank this PE's jobrank
     * @param target the other side, in words ("PE 3", "a peer")
     */
    static RuntimeException forCore(RuntimeException e, int rank, String target) {
        if (e instanceof UcxException u && peerLost(u)) {
            RuntimeException a = new JobAbortedException("PE " + rank + ": the job is failing (the UCX "
                    + "connection to " + target + " is lost: " + u.getMessage() + ")");
            a.initCause(u);
            return a;
        }
        return e;
    }
}
