package org.pgas4j;

import org.pgas4j.internal.jfr.JobAbortEvent;

/**
 * The job is failing: another PE died or the launcher stopped the job. Thrown from a wait (a
 * barrier, an event) instead of hanging; the message names the PE and what it was waiting for.
 */
public class JobAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message names the PE and the wait */
    public JobAbortedException(String message) {
        super(message);
        JobAbortEvent.exception(message); // a JFR event, when a recording wants it
    }
}
