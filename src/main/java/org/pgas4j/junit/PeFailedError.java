package org.pgas4j.junit;

import org.opentest4j.AssertionFailedError;
import org.opentest4j.ValueWrapper;

/**
 * One PE of a {@link PgasTest} failed. The message names the PE and what it threw
 * ({@code PE 2 of 4: expected: <3> but was: <5>}: an assertion's message alone, any other
 * exception as {@code class: message}); the cause is what the PE threw (over
 * {@link PgasTest.Transport#SHM}, read back from the PE process, or a stand-in with the same class
 * name, message and stack where it could not be serialised). When the PE's failure carries an
 * expected and an actual value, so does this error, for IDEs that show the difference.
 *
 * <p>When several PEs fail, the first by rank is thrown and the others are added to it as
 * suppressed exceptions, each a {@code PeFailedError} of its own.
 */
@SuppressWarnings("exports") // JUnit is a static dependency: whoever uses this has it
public final class PeFailedError extends AssertionFailedError {
    private static final long serialVersionUID = 1L;

    /** The rank of the PE that failed. */
    private final int rank;
    /** The number of PEs of the job. */
    private final int size;

    /**
     * Describes the failure of PE {@code rank} of a job of {@code size} PEs.
     *
     * @param rank the PE's rank
     * @param size the job's number of PEs
     * @param cause what the PE threw
     */
    public PeFailedError(int rank, int size, Throwable cause) {
        super("PE " + rank + " of " + size + ": " + describe(cause), expected(cause), actual(cause), cause);
        this.rank = rank;
        this.size = size;
    }

    /**
     * The rank of the PE that failed.
     *
     * @return the rank
     */
    public int rank() {
        return rank;
    }

    /**
     * The number of PEs of the job.
     *
     * @return the PE count
     */
    public int size() {
        return size;
    }

    /** An assertion's message, or {@code class: message} for anything else. */
    static String describe(Throwable t) {
        boolean assertion = t instanceof AssertionError
                || (t instanceof PortableThrowable p && p.wasAssertion());
        return assertion && t.getMessage() != null ? t.getMessage() : t.toString();
    }

    private static Object expected(Throwable t) {
        return t instanceof AssertionFailedError a && a.isExpectedDefined() ? value(a.getExpected()) : null;
    }

    private static Object actual(Throwable t) {
        return t instanceof AssertionFailedError a && a.isActualDefined() ? value(a.getActual()) : null;
    }

    private static Object value(ValueWrapper w) {
        if (w.getValue() != null) {
            return w.getValue();
        }
        return w.getEphemeralValue() != null ? w.getEphemeralValue() : w.getStringRepresentation();
    }
}
