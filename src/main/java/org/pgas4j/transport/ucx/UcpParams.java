package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

/** {@code ucp_params_t}, the argument of {@code ucp_init_version}, with its field mask and feature bits. */
public final class UcpParams {
    /** The C layout (x86-64 / AArch64 LP64), padding written out. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            JAVA_LONG.withName("features"),
            JAVA_LONG.withName("request_size"),
            ADDRESS.withName("request_init"),
            ADDRESS.withName("request_cleanup"),
            JAVA_LONG.withName("tag_sender_mask"),
            JAVA_INT.withName("mt_workers_shared"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("estimated_num_eps"),
            JAVA_LONG.withName("estimated_num_ppn"),
            ADDRESS.withName("name")).withName("ucp_params_t");

    /** {@code UCP_PARAM_FIELD_FEATURES}. */
    public static final long FIELD_FEATURES = 1L << 0;
    /** {@code UCP_PARAM_FIELD_REQUEST_SIZE}. */
    public static final long FIELD_REQUEST_SIZE = 1L << 1;
    /** {@code UCP_PARAM_FIELD_MT_WORKERS_SHARED}. */
    public static final long FIELD_MT_WORKERS_SHARED = 1L << 5;
    /** {@code UCP_PARAM_FIELD_ESTIMATED_NUM_EPS}. */
    public static final long FIELD_ESTIMATED_NUM_EPS = 1L << 6;
    /** {@code UCP_PARAM_FIELD_NAME}. */
    public static final long FIELD_NAME = 1L << 8;

    /** {@code UCP_FEATURE_TAG}: tag matching. */
    public static final long FEATURE_TAG = 1L << 0;
    /** {@code UCP_FEATURE_RMA}: put and get. */
    public static final long FEATURE_RMA = 1L << 1;
    /** {@code UCP_FEATURE_AMO32}: 32-bit atomics. */
    public static final long FEATURE_AMO32 = 1L << 2;
    /** {@code UCP_FEATURE_AMO64}: 64-bit atomics. */
    public static final long FEATURE_AMO64 = 1L << 3;
    /** {@code UCP_FEATURE_WAKEUP}: interrupt notification. */
    public static final long FEATURE_WAKEUP = 1L << 4;
    /** {@code UCP_FEATURE_STREAM}: streams. */
    public static final long FEATURE_STREAM = 1L << 5;
    /** {@code UCP_FEATURE_AM}: active messages. */
    public static final long FEATURE_AM = 1L << 6;

    static final long FIELD_MASK = LAYOUT.byteOffset(groupElement("field_mask"));
    static final long FEATURES = LAYOUT.byteOffset(groupElement("features"));
    static final long MT_WORKERS_SHARED = LAYOUT.byteOffset(groupElement("mt_workers_shared"));
    static final long ESTIMATED_NUM_EPS = LAYOUT.byteOffset(groupElement("estimated_num_eps"));
    static final long NAME = LAYOUT.byteOffset(groupElement("name"));

    private UcpParams() {
    }
}
