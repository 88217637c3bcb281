package org.pgas4j.mpi;

/**
 * What a probed object is: the extra field ({@code MPI_OP}) the seed adds to the status of
 * {@code PROBE} and {@code IPROBE}.
 */
public enum Operation {
    /** A message from {@code send} or {@code isend}. */
    MESSAGE,
    /** A PUT request: PUT, PUTHOLD or PUTC (see {@link Status#variant()}). */
    PUT,
    /** A GET request: GET, GETHOLD or GETC (see {@link Status#variant()}). */
    GET
}
