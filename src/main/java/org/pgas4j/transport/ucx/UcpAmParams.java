package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

/**
 * The structs and constants of UCP active messages: {@code ucp_am_handler_param_t} (the argument
 * of {@code ucp_worker_set_am_recv_handler}), {@code ucp_am_recv_param_t} (what a receive
 * callback is given), the callback's C signature, and the send and receive flags.
 */
public final class UcpAmParams {
    /** {@code ucp_am_handler_param_t} (LP64): 32 bytes. */
    public static final StructLayout HANDLER_LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            JAVA_INT.withName("id"),
            JAVA_INT.withName("flags"),
            ADDRESS.withName("cb"),
            ADDRESS.withName("arg")).withName("ucp_am_handler_param_t");

    /** {@code ucp_am_recv_param_t} (LP64): 16 bytes. */
    public static final StructLayout RECV_LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("recv_attr"),
            ADDRESS.withName("reply_ep")).withName("ucp_am_recv_param_t");

    /**
     * {@code ucs_status_t (*ucp_am_recv_callback_t)(void *arg, const void *header, size_t header_length,
     * void *data, size_t length, const ucp_am_recv_param_t *param)}; the status is one byte and the
     * pointers are passed as {@code long} addresses, so an upcall creates no segment objects.
     */
    public static final FunctionDescriptor RECV_CALLBACK = FunctionDescriptor.of(JAVA_BYTE, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);

    /** {@code UCP_AM_HANDLER_PARAM_FIELD_ID}. */
    public static final long FIELD_ID = 1L << 0;
    /** {@code UCP_AM_HANDLER_PARAM_FIELD_FLAGS}. */
    public static final long FIELD_FLAGS = 1L << 1;
    /** {@code UCP_AM_HANDLER_PARAM_FIELD_CB}. */
    public static final long FIELD_CB = 1L << 2;
    /** {@code UCP_AM_HANDLER_PARAM_FIELD_ARG}. */
    public static final long FIELD_ARG = 1L << 3;

    /** {@code UCP_AM_FLAG_WHOLE_MSG}: the callback gets a whole message, never a fragment. */
    public static final int FLAG_WHOLE_MSG = 1 << 0;
    /** {@code UCP_AM_FLAG_PERSISTENT_DATA}: the callback may keep the data (not used here). */
    public static final int FLAG_PERSISTENT_DATA = 1 << 1;

    /** {@code UCP_AM_SEND_FLAG_REPLY}. */
    public static final int SEND_FLAG_REPLY = 1 << 0;
    /** {@code UCP_AM_SEND_FLAG_EAGER}: eager protocol only, so the receiver never sees a rendezvous. */
    public static final int SEND_FLAG_EAGER = 1 << 1;
    /** {@code UCP_AM_SEND_FLAG_RNDV}. */
    public static final int SEND_FLAG_RNDV = 1 << 2;

    /** {@code UCP_AM_RECV_ATTR_FLAG_DATA}: the data pointer may be kept (with persistent-data handlers). */
    public static final long RECV_ATTR_FLAG_DATA = 1L << 16;
    /** {@code UCP_AM_RECV_ATTR_FLAG_RNDV}: the data is a rendezvous descriptor, not the bytes. */
    public static final long RECV_ATTR_FLAG_RNDV = 1L << 17;

    static final long FIELD_MASK = HANDLER_LAYOUT.byteOffset(groupElement("field_mask"));
    static final long ID = HANDLER_LAYOUT.byteOffset(groupElement("id"));
    static final long FLAGS = HANDLER_LAYOUT.byteOffset(groupElement("flags"));
    static final long CB = HANDLER_LAYOUT.byteOffset(groupElement("cb"));
    static final long ARG = HANDLER_LAYOUT.byteOffset(groupElement("arg"));

    private UcpAmParams() {
    }
}
