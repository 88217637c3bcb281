package org.pgas4j.mpi;

/**
 * A failure reported by the other side of a request: a servicer refused a PUT or GET (its target
 * range fell outside the servicing buffer, or the data was not what was announced), or a
 * received message did not fit. Thrown by the servicing operation that met the request and by
 * the origin's operation that completes it (its next ACCEPT, OFFER or AVAIL on that comm and
 * tag), each naming the ranks, the tag, the range and the bounds.
 */
public final class MpiException extends RuntimeException {
    /** An exception with {@code message}. */
    public MpiException(String message) {
        super(message);
    }
}
