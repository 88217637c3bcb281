package org.pgas4j.mpi;

/**
 * An operation in progress that a {@link Request} or a blocking call waits for: a servicing
 * operation, a receive, or one complete at once. {@link Engine#progress()} steps every active
 * one, in the order they were started, so an earlier servicing operation gets first pick of the
 * requests that arrived.
 */
abstract class Op {
    private boolean done;
    private RuntimeException failure;
    private Status status = Status.EMPTY;

    /** Makes what progress it can without waiting; calls {@link #complete} or {@link #fail} when finished. */
    abstract void step();

    /** A short description for error messages. */
    abstract String describe();

    /** The servicing buffer this operation holds, or null. */
    java.lang.foreign.MemorySegment buffer() {
        return null;
    }

    /** Not done, no failure, no status: for an operation object used again ({@link ServiceOp#reset}). */
    final void reopen() {
        done = false;
        failure = null;
        status = Status.EMPTY;
    }

    final boolean isDone() {
        return done;
    }

    final void complete(Status s) {
        status = s;
        done = true;
    }

    final void fail(RuntimeException e) {
        failure = e;
        done = true;
    }

    /** The status once done; throws the failure if it failed. */
    final Status result() {
        if (failure != null) {
            throw failure;
        }
        return status;
    }
}
