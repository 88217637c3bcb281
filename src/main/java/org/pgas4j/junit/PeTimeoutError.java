package org.pgas4j.junit;

import java.util.Arrays;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * A {@link PgasTest} job ran longer than its timeout. The message names the PEs still running and
 * where each was: over {@link PgasTest.Transport#LOCAL} from the PE threads' stacks
 * ({@code @PgasTest timed out after 2 s with 3 of 3 PEs still running: PEs 0, 2 in Team.barrier
 * called from RingTest.java:44; PE 1 in Thread.sleep called from RingTest.java:42}), with each stack
 * as a suppressed exception; over {@link PgasTest.Transport#SHM} by phase ({@code PEs 0, 1 in the
 * test method; PE 2 closing the client}).
 */
@SuppressWarnings("exports") // JUnit is a static dependency: whoever uses this has it
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
