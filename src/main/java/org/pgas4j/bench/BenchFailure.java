package org.pgas4j.bench;

/** A measurement could not be taken: a child process failed, timed out or printed no result. */
final class BenchFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, and what the child printed last when that helps */
    BenchFailure(String message) {
        super(message);
    }

    /** @param message what failed; @param cause why */
    BenchFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
