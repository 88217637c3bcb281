package org.pgas4j.gaspi;

/**
 * {@code GASPI_ERROR} with its reason: thrown by a GASPI procedure that failed, carrying a
 * distinct {@link GaspiError} code and a message naming the argument, the value and the bound.
 */
public final class GaspiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient GaspiError error;

    /** An error of code {@code error} with {@code message}. */
    public GaspiException(GaspiError error, String message) {
        super(error + ": " + message);
        this.error = error;
    }

    /** An error of code {@code error} with {@code message}, caused by {@code cause}. */
    public GaspiException(GaspiError error, String message, Throwable cause) {
        super(error + ": " + message, cause);
        this.error = error;
    }

    /** The error code. */
    public GaspiError error() {
        return error;
    }
}
