package org.pgas4j.launcher;

/**
 * The command line is wrong. The launcher prints {@code pgas4j: <message>} as one line to stderr
 * and exits with {@link #EXIT_STATUS}, before anything is spawned.
 */
public final class UsageException extends RuntimeException {
    /** The exit status of a bad command line. */
    public static final int EXIT_STATUS = 2;

    private static final long serialVersionUID = 1L;

    /** @param message one line naming what is wrong and, where it helps, what to do instead */
    public UsageException(String message) {
        super(message);
    }
}
