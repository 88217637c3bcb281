package org.pgas4j.transport.ucx;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;

/** {@code ucp_worker_params_t}, the argument of {@code ucp_worker_create}, with its field mask. */
public final class UcpWorkerParams {
    /** {@code ucs_cpu_set_t}: 1024 CPU bits as sixteen {@code unsigned long}s. */
    public static final StructLayout CPU_SET = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(16, JAVA_LONG).withName("ucs_bits")).withName("ucs_cpu_set_t");

    /** The C layout (LP64), padding written out; 200 bytes in UCX 1.13. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("field_mask"),
            JAVA_INT.withName("thread_mode"),
            MemoryLayout.paddingLayout(4),
            CPU_SET.withName("cpu_mask"),
            JAVA_INT.withName("events"),
            MemoryLayout.paddingLayout(4),
            ADDRESS.withName("user_data"),
            JAVA_INT.withName("event_fd"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("flags"),
            ADDRESS.withName("name"),
            JAVA_LONG.withName("am_alignment"),
            JAVA_LONG.withName("client_id")).withName("ucp_worker_params_t");

    /** {@code UCP_WORKER_PARAM_FIELD_THREAD_MODE}. */
    public static final long FIELD_THREAD_MODE = 1L << 0;
    /** {@code UCP_WORKER_PARAM_FIELD_CPU_MASK}. */
    public static final long FIELD_CPU_MASK = 1L << 1;
    /** {@code UCP_WORKER_PARAM_FIELD_EVENTS}. */
    public static final long FIELD_EVENTS = 1L << 2;
    /** {@code UCP_WORKER_PARAM_FIELD_USER_DATA}. */
    public static final long FIELD_USER_DATA = 1L << 3;
    /** {@code UCP_WORKER_PARAM_FIELD_EVENT_FD}. */
    public static final long FIELD_EVENT_FD = 1L << 4;
    /** {@code UCP_WORKER_PARAM_FIELD_FLAGS}. */
    public static final long FIELD_FLAGS = 1L << 5;
    /** {@code UCP_WORKER_PARAM_FIELD_NAME}. */
    public static final long FIELD_NAME = 1L << 6;
    /** {@code UCP_WORKER_PARAM_FIELD_AM_ALIGNMENT}. */
    public static final long FIELD_AM_ALIGNMENT = 1L << 7;
    /** {@code UCP_WORKER_PARAM_FIELD_CLIENT_ID}. */
    public static final long FIELD_CLIENT_ID = 1L << 8;

    /** {@code UCS_THREAD_MODE_SINGLE}: one thread uses the worker. */
    public static final int THREAD_MODE_SINGLE = 0;
    /** {@code UCS_THREAD_MODE_SERIALIZED}: several threads, one at a time. */
    public static final int THREAD_MODE_SERIALIZED = 1;
    /** {@code UCS_THREAD_MODE_MULTI}: several threads at once. */
    public static final int THREAD_MODE_MULTI = 2;

    /** {@code UCP_WAKEUP_RMA}: wake on remote-memory-access send completion. */
    public static final int WAKEUP_RMA = 1 << 0;
    /** {@code UCP_WAKEUP_AMO}: wake on atomic completion. */
    public static final int WAKEUP_AMO = 1 << 1;
    /** {@code UCP_WAKEUP_TAG_SEND}: wake on tag send completion. */
    public static final int WAKEUP_TAG_SEND = 1 << 2;
    /** {@code UCP_WAKEUP_TAG_RECV}: wake on tag receive completion. */
    public static final int WAKEUP_TAG_RECV = 1 << 3;
    /** {@code UCP_WAKEUP_TX}: wake on any outgoing completion. */
    public static final int WAKEUP_TX = 1 << 10;
    /** {@code UCP_WAKEUP_RX}: wake on any incoming message, even one that completes no request. */
    public static final int WAKEUP_RX = 1 << 11;
    /** {@code UCP_WAKEUP_EDGE}: edge-triggered wake-up. */
    public static final int WAKEUP_EDGE = 1 << 16;

    static final long FIELD_MASK = LAYOUT.byteOffset(groupElement("field_mask"));
    static final long THREAD_MODE = LAYOUT.byteOffset(groupElement("thread_mode"));
    static final long EVENTS = LAYOUT.byteOffset(groupElement("events"));
    static final long NAME = LAYOUT.byteOffset(groupElement("name"));

    private UcpWorkerParams() {
    }
}
