package org.pgas4j.junit;

import java.util.Arrays;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * A {@link PgasTest} job ran longer than its timeout. The message names the PEs still running and
 * where each was ({@code timed out after 2 s with 3 of 3 PEs still running: PE 1 in the test
 * method; PEs 0, 2 closing the client}). Over {@link PgasTest.Transport#LOCAL}, each PE still in
 * the test method is added as a suppressed exception whose stack trace is the PE thread's at the
 * timeout.
 */
public final class PeTimeoutError extends AssertionFailedError {
    private static final long serialVersionUID = 1L;

    /** The ranks of the PEs that were still running. */
    private final int[] stillRunning;

    /**
     * Describes a job that timed out.
     *
     * @param message the description, naming the PEs still running
     * @param stillRunning the ranks of the PEs still running at the timeout
     */
    public PeTimeoutError(String message, List<Integer> stillRunning) {
        super(message);
        this.stillRunning = stillRunning.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The ranks of the PEs that were still running at the timeout, in increasing order.
     *
     * @return the ranks
     */
    public List<Integer> stillRunning() {
        return Arrays.stream(stillRunning).boxed().toList();
    }
}
