package org.pgas4j.junit;

import org.pgas4j.JobAbortedException;
import org.pgas4j.bootstrap.BootstrapException;

/**
 * Tells a PE's own failure from one that only follows from another PE's: waits that threw because
 * the job was failing already ({@link JobAbortedException}, or a bootstrap exchange the job's
 * failure ended). Those are not reported when another PE's failure explains them.
 */
final class Consequences {
    private Consequences() {
    }

    /**
     * Whether {@code t} (or a cause of it) says only that the job was failing. An assertion is
     * always the test's own failure, whatever its cause.
     */
    static boolean isConsequence(Throwable t) {
        for (Throwable c = t; c != null && !(c instanceof AssertionError); c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof JobAbortedException || c instanceof BootstrapException) {
                return true;
            }
        }
        return false;
    }
}
