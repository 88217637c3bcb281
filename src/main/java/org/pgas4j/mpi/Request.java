package org.pgas4j.mpi;

/**
 * A non-blocking operation in progress ({@code MPI_Request}), returned by the I-forms. It obeys
 * the seed's Non-Blocking Rule: the operation always completes; {@link #waitFor()} (WAIT), or a
 * {@link #test()} that answers true, combined with the I-operation has the semantics of the
 * blocking operation with the same arguments, except that other operations of the thread may run
 * in between. Every call of the {@link Mpi} advances every request in progress.
 *
 * <p>A request is finished once: after {@code waitFor()} returned (or threw) or {@code test()}
 * answered true, any further {@code waitFor()} or {@code test()} throws
 * {@link IllegalStateException} (a request waited on twice). {@code test()} on an IACCEPTC or
 * IOFFERC answers true only once the collective counts have settled and everything is
 * serviced, which the seed allows to take until WAIT.
 */
public final class Request {
    private final Engine engine;
    private final Op op;
    private boolean finished;

    Request(Engine engine, Op op) {
        this.engine = engine;
        this.op = op;
    }

    /**
     * Waits until the operation completes (WAIT), advancing every operation in progress
     * meanwhile, and returns its status (the source, tag and size of a received message; an
     * empty status for servicing operations).
     *
     * @throws IllegalStateException if this request was finished already, or the Mpi is closed
     * @throws MpiException if the operation failed (a refused request, a message that did not fit)
     */
    public Status waitFor() {
        checkNotFinished("waitFor");
        finished = true;
        engine.await(op);
        return op.result();
    }

    /**
     * Advances every operation in progress once and answers whether this one is complete
     * (TEST); if so the request is finished and its failure, if any, is thrown.
     *
     * @throws IllegalStateException if this request was finished already, or the Mpi is closed
     */
    public boolean test() {
        checkNotFinished("test");
        engine.checkOpen("Request.test");
        if (!op.isDone()) {
            engine.progress();
        }
        if (!op.isDone()) {
            return false;
        }
        finished = true;
        op.result();
        return true;
    }

    /** The status of a finished request (empty for servicing operations). */
    public Status status() {
        if (!finished || !op.isDone()) {
            throw new IllegalStateException("status of " + op.describe() + ": the request is not finished");
        }
        return op.result();
    }

    /**
     * Waits for every request ({@code MPI_Waitall}); all are finished afterwards, and the first
     * failure, if any, is thrown once all completed.
     *
     * @throws IllegalStateException if one of them was finished already
     */
    public static void waitAll(Request... requests) {
        for (Request r : requests) {
            r.checkNotFinished("waitAll");
        }
        RuntimeException first = null;
        for (Request r : requests) {
            try {
                r.waitFor();
            } catch (MpiException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private void checkNotFinished(String call) {
        if (finished) {
            throw new IllegalStateException(call + ": the request of " + op.describe() + " was finished already "
                    + "(waited on, or tested complete); a request is waited on once");
        }
    }

    @Override
    public String toString() {
        return "Request[" + op.describe() + (op.isDone() ? ", complete" : "") + "]";
    }
}
