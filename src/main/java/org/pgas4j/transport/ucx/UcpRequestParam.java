package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.UnionLayout;

/**
 * {@code ucp_request_param_t}, the last argument of every {@code *_nbx} call, with its
 * {@code ucp_op_attr_t} bits. UCX reads it during the call only, so one pre-filled struct per
 * endpoint serves every operation.
 */
public final class UcpRequestParam {
    /** The {@code cb} union: four callback pointer types. */
    public static final UnionLayout CALLBACK = MemoryLayout.unionLayout(
            ADDRESS.withName("send"),
            ADDRESS.withName("recv"),
            ADDRESS.withName("recv_stream"),
            ADDRESS.withName("recv_am"));

    /** The {@code recv_info} union: a length pointer or a tag-info pointer. */
    public static final UnionLayout RECV_INFO = MemoryLayout.unionLayout(
            ADDRESS.withName("length"),
            ADDRESS.withName("tag_info"));

    /** The C layout (LP64), padding written out; 72 bytes in UCX 1.13. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("op_attr_mask"),
            JAVA_INT.withName("flags"),
            ADDRESS.withName("request"),
            CALLBACK.withName("cb"),
            JAVA_LONG.withName("datatype"),
            ADDRESS.withName("user_data"),
            ADDRESS.withName("reply_buffer"),
            JAVA_INT.withName("memory_type"),
            MemoryLayout.paddingLayout(4),
            RECV_INFO.withName("recv_info"),
            ADDRESS.withName("memh")).withName("ucp_request_param_t");

    /** {@code UCP_OP_ATTR_FIELD_REQUEST}. */
    public static final int FIELD_REQUEST = 1 << 0;
    /** {@code UCP_OP_ATTR_FIELD_CALLBACK}. */
    public static final int FIELD_CALLBACK = 1 << 1;
    /** {@code UCP_OP_ATTR_FIELD_USER_DATA}. */
    public static final int FIELD_USER_DATA = 1 << 2;
    /** {@code UCP_OP_ATTR_FIELD_DATATYPE}. */
    public static final int FIELD_DATATYPE = 1 << 3;
    /** {@code UCP_OP_ATTR_FIELD_FLAGS}. */
    public static final int FIELD_FLAGS = 1 << 4;
    /** {@code UCP_OP_ATTR_FIELD_REPLY_BUFFER}. */
    public static final int FIELD_REPLY_BUFFER = 1 << 5;
    /** {@code UCP_OP_ATTR_FIELD_MEMORY_TYPE}. */
    public static final int FIELD_MEMORY_TYPE = 1 << 6;
    /** {@code UCP_OP_ATTR_FIELD_RECV_INFO}. */
    public static final int FIELD_RECV_INFO = 1 << 7;
    /** {@code UCP_OP_ATTR_FIELD_MEMH}. */
    public static final int FIELD_MEMH = 1 << 8;
    /** {@code UCP_OP_ATTR_FLAG_NO_IMM_CMPL}: always return a request. */
    public static final int FLAG_NO_IMM_CMPL = 1 << 16;
    /** {@code UCP_OP_ATTR_FLAG_FAST_CMPL}: expedite local completion. */
    public static final int FLAG_FAST_CMPL = 1 << 17;
    /** {@code UCP_OP_ATTR_FLAG_FORCE_IMM_CMPL}: fail unless the operation completes at once. */
    public static final int FLAG_FORCE_IMM_CMPL = 1 << 18;
    /** {@code UCP_OP_ATTR_FLAG_MULTI_SEND}: optimise for many operations in flight. */
    public static final int FLAG_MULTI_SEND = 1 << 19;

    /** {@code UCP_EP_CLOSE_FLAG_FORCE}, for the {@code flags} field of {@code ucp_ep_close_nbx}. */
    public static final int EP_CLOSE_FLAG_FORCE = 1 << 0;

    static final long OP_ATTR_MASK = LAYOUT.byteOffset(groupElement("op_attr_mask"));
    static final long FLAGS = LAYOUT.byteOffset(groupElement("flags"));
    static final long DATATYPE = LAYOUT.byteOffset(groupElement("datatype"));
    static final long REPLY_BUFFER = LAYOUT.byteOffset(groupElement("reply_buffer"));

    private UcpRequestParam() {
    }

    /**
     * {@code ucp_dt_make_contig(elementSize)}: a contiguous datatype of elements of that size.
     *
     * @param elementSize bytes per element
     * @return the {@code ucp_datatype_t} value
     */
    public static long contiguous(long elementSize) {
        return elementSize << 3;
    }
}
