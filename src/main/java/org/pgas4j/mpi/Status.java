package org.pgas4j.mpi;

/**
 * What a receive or probe found ({@code MPI_Status}), with the seed's extra field: the
 * {@link #operation()} of the probed object.
 *
 * @param source the sender's (origin's) rank in the communicator
 * @param tag the tag it carries
 * @param byteCount the bytes of data it carries (received, for a receive)
 * @param operation whether it is a message, a PUT request or a GET request
 * @param variant the request's exact kind: {@code "message"}, {@code "PUT"}, {@code "PUTHOLD"},
 *        {@code "PUTC"}, {@code "GET"}, {@code "GETHOLD"} or {@code "GETC"}
 */
public record Status(int source, int tag, long byteCount, Operation operation, String variant) {
    /** The status of a completed operation that reports nothing (servicing operations). */
    static final Status EMPTY = new Status(-1, -1, 0, null, "");

    /** Items of {@code type} in {@link #byteCount()} ({@code MPI_Get_count}), or -1 if not whole. */
    public long count(Datatype type) {
        if (type.size() == 0) {
            return 0;
        }
        return byteCount % type.size() == 0 ? byteCount / type.size() : -1;
    }

    static Operation operationOf(int kind) {
        return kind == Wire.MESSAGE ? Operation.MESSAGE : Wire.isPutKind(kind) ? Operation.PUT : Operation.GET;
    }
}
