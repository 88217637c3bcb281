package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code ucs_status_t} values and {@code ucs_status_ptr_t} decoding. {@code ucs_status_t} is a
 * packed enum: one signed byte in C, so downcalls return and pass it as {@code JAVA_BYTE}. A status pointer is 0 when
 * an operation completed at once, a value in [-100, -1] (unsigned at or above
 * {@code UCS_ERR_LAST}) when it failed, and otherwise a request handle to wait on.
 */
public final class UcsStatus {
    /** {@code UCS_OK}. */
    public static final int OK = 0;
    /** {@code UCS_INPROGRESS}: the request has not completed yet. */
    public static final int IN_PROGRESS = 1;
    /** {@code UCS_ERR_NO_RESOURCE}. */
    public static final int ERR_NO_RESOURCE = -2;
    /** {@code UCS_ERR_UNREACHABLE}: no transport reaches the peer. */
    public static final int ERR_UNREACHABLE = -6;
    /** {@code UCS_ERR_BUSY}: {@code ucp_worker_arm} found events to progress first. */
    public static final int ERR_BUSY = -15;
    /** {@code UCS_ERR_CANCELED}. */
    public static final int ERR_CANCELED = -16;
    /** {@code UCS_ERR_UNSUPPORTED}. */
    public static final int ERR_UNSUPPORTED = -22;
    /** {@code UCS_ERR_CONNECTION_RESET}: the peer went away. */
    public static final int ERR_CONNECTION_RESET = -25;
    /** {@code UCS_ERR_ENDPOINT_TIMEOUT}: a peer stopped answering. */
    public static final int ERR_ENDPOINT_TIMEOUT = -80;
    /** {@code UCS_ERR_LAST}: every status pointer at or above this (unsigned) is an error. */
    public static final long ERR_LAST = -100;

    private static final MethodHandle STATUS_STRING = UcpLibrary.downcall("ucs_status_string",
            FunctionDescriptor.of(ADDRESS, JAVA_BYTE), false);

    private UcsStatus() {
    }

    /**
     * UCX's description of a status ({@code ucs_status_string}).
     *
     * @param status a {@code ucs_status_t}
     * @return the description, or a placeholder when UCX is not loaded
     */
    public static String describe(int status) {
        if (STATUS_STRING == null) {
            return "status " + status + " (UCX not loaded)";
        }
        try {
            MemorySegment text = (MemorySegment) STATUS_STRING.invokeExact((byte) status);
            return text.equals(MemorySegment.NULL) ? "status " + status : text.reinterpret(256).getString(0);
        } catch (Throwable t) {
            throw new IllegalStateException("ucs_status_string failed", t);
        }
    }

    /**
     * Throws when a call returned an error status.
     *
     * @param call the C function, named in the exception
     * @param status what it returned
     * @throws UcxException when {@code status < 0}
     */
    public static void check(String call, int status) {
        if (status < 0) {
            throw new UcxException(call, status);
        }
    }

    /**
     * Whether a {@code ucs_status_ptr_t} encodes an error ({@code UCS_PTR_IS_ERR}).
     *
     * @param statusPointer the pointer as a number
     * @return true for a failed operation
     */
    public static boolean isError(long statusPointer) {
        return Long.compareUnsigned(statusPointer, ERR_LAST) >= 0;
    }

    /**
     * Returns the request handle of a non-blocking call, or throws when it failed.
     *
     * @param call the C function, named in the exception
     * @param statusPointer what it returned
     * @return 0 when the operation completed at once, otherwise the request handle
     * @throws UcxException when the pointer encodes an error
     */
    public static long request(String call, long statusPointer) {
        if (isError(statusPointer)) {
            throw new UcxException(call, (int) statusPointer);
        }
        return statusPointer;
    }
}
