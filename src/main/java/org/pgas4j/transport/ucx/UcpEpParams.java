package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

/** {@code ucp_ep_params_t}, the argument of {@code ucp_ep_create}, with its field mask and flags. */
public final class UcpEpParams {
    /** {@code ucp_err_handler_t}: callback and argument. */
    public static final StructLayout ERR_HANDLER = MemoryLayout.structLayout(
            ADDRESS.withName("cb"),
            ADDRESS.withName("arg")).withName("ucp_err_handler_t");

    /** {@code ucs_sock_addr_t}: a {@code struct sockaddr*} and a {@code socklen_t}. */
    public static final StructLayout SOCK_ADDR = MemoryLayout.structLayout(
            ADDRESS.withName("addr"),
            JAVA_INT.withName("addrlen"),
            MemoryLayout.paddingLayout(4)).withName("ucs_sock_addr_t");

    /** The C layout (LP64), padding written out. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            ADDRESS.withName("address"),
            JAVA_INT.withName("err_mode"),
            MemoryLayout.paddingLayout(4),
            ERR_HANDLER.withName("err_handler"),
            ADDRESS.withName("user_data"),
            JAVA_INT.withName("flags"),
            MemoryLayout.paddingLayout(4),
            SOCK_ADDR.withName("sockaddr"),
            ADDRESS.withName("conn_request"),
            ADDRESS.withName("name"),
            SOCK_ADDR.withName("local_sockaddr")).withName("ucp_ep_params_t");

    /** {@code UCP_EP_PARAM_FIELD_REMOTE_ADDRESS}. */
    public static final long FIELD_REMOTE_ADDRESS = 1L << 0;
    /** {@code UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE}. */
    public static final long FIELD_ERR_HANDLING_MODE = 1L << 1;
    /** {@code UCP_EP_PARAM_FIELD_ERR_HANDLER}. */
    public static final long FIELD_ERR_HANDLER = 1L << 2;
    /** {@code UCP_EP_PARAM_FIELD_USER_DATA}. */
    public static final long FIELD_USER_DATA = 1L << 3;
    /** {@code UCP_EP_PARAM_FIELD_SOCK_ADDR}. */
    public static final long FIELD_SOCK_ADDR = 1L << 4;
    /** {@code UCP_EP_PARAM_FIELD_FLAGS}. */
    public static final long FIELD_FLAGS = 1L << 5;
    /** {@code UCP_EP_PARAM_FIELD_CONN_REQUEST}. */
    public static final long FIELD_CONN_REQUEST = 1L << 6;
    /** {@code UCP_EP_PARAM_FIELD_NAME}. */
    public static final long FIELD_NAME = 1L << 7;
    /** {@code UCP_EP_PARAM_FIELD_LOCAL_SOCK_ADDR}. */
    public static final long FIELD_LOCAL_SOCK_ADDR = 1L << 8;

    /** {@code UCP_ERR_HANDLING_MODE_NONE}: no error reporting, least overhead. */
    public static final int ERR_HANDLING_MODE_NONE = 0;
    /** {@code UCP_ERR_HANDLING_MODE_PEER}: requests complete (with an error) when the peer fails. */
    public static final int ERR_HANDLING_MODE_PEER = 1;

    /** {@code UCP_EP_PARAMS_FLAGS_NO_LOOPBACK}. */
    public static final int FLAG_NO_LOOPBACK = 1 << 1;

    static final long FIELD_MASK = LAYOUT.byteOffset(groupElement("field_mask"));
    static final long ADDRESS_FIELD = LAYOUT.byteOffset(groupElement("address"));
    static final long ERR_MODE = LAYOUT.byteOffset(groupElement("err_mode"));
    static final long ERR_HANDLER_CB = LAYOUT.byteOffset(groupElement("err_handler"), groupElement("cb"));
    static final long ERR_HANDLER_ARG = LAYOUT.byteOffset(groupElement("err_handler"), groupElement("arg"));

    /**
     * {@code void (*ucp_err_handler_cb_t)(void *arg, ucp_ep_h ep, ucs_status_t status)}, with the
     * pointers as {@code long} addresses and the one-byte status.
     */
    public static final FunctionDescriptor ERR_CALLBACK = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_BYTE);

    private UcpEpParams() {
    }
}
