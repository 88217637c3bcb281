package org.pgas4j.transport.ucx;

/**
 * A UCX call returned an error status. The message names the C function, the numeric
 * {@code ucs_status_t} and UCX's own description of it ({@code ucs_status_string}).
 */
public final class UcxException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The C function that failed. */
    private final String call;
    /** The {@code ucs_status_t} it returned. */
    private final int status;

    /**
     * Creates the exception for a failed call.
     *
     * @param call the C function that failed, for example {@code "ucp_put_nbx"}
     * @param status the {@code ucs_status_t} it returned (negative)
     */
    public UcxException(String call, int status) {
        super(call + " failed: " + UcsStatus.describe(status) + " (ucs_status_t " + status + ")");
        this.call = call;
        this.status = status;
    }

    /**
     * The C function that failed.
     *
     * @return its name
     */
    public String call() {
        return call;
    }

    /**
     * The status the call returned.
     *
     * @return a negative {@code ucs_status_t}
     */
    public int status() {
        return status;
    }
}
