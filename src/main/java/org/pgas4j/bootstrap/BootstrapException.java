package org.pgas4j.bootstrap;

/** The start-up channel failed: a peer died, the launcher went away, or a peer was not authentic. */
public class BootstrapException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the PE or the launcher */
    public BootstrapException(String message) {
        super(message);
    }

    /** @param message what failed; @param cause the underlying I/O error */
    public BootstrapException(String message, Throwable cause) {
        super(message, cause);
    }
}
