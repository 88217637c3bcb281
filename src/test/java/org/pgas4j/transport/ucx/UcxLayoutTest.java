package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.StructLayout;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.CLayouts;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * The hand-written struct layouts and constants of the UCX binding, checked against the C
 * compiler: the test writes a C program that prints {@code sizeof} and {@code offsetof} of every
 * field (nested ones too) of every laid-out struct, and the value of every constant, compiles it
 * with gcc against {@code ucp/api/ucp.h}, runs it and compares. Skipped when gcc or the UCX
 * headers (libucx-dev) are missing.
 */
@Timeout(120)
@Needs({SystemComponent.GCC, SystemComponent.UCX_HEADERS})
class UcxLayoutTest {
    /** The structs, each named with its C type name. */
    private static final List<StructLayout> STRUCTS = List.of(UcpParams.LAYOUT, UcpWorkerParams.LAYOUT,
            UcpWorkerParams.CPU_SET, UcpEpParams.LAYOUT, UcpEpParams.ERR_HANDLER, UcpEpParams.SOCK_ADDR,
            UcpMemMapParams.LAYOUT, UcpMemMapParams.ATTR_LAYOUT, UcpRequestParam.LAYOUT, UcpAmParams.HANDLER_LAYOUT,
            UcpAmParams.RECV_LAYOUT);

    private static final String INCLUDES = "#include <ucp/api/ucp.h>";

    @TempDir
    Path dir;

    @Test
    void structLayoutsMatchTheCompiler() throws Exception {
        assertEquals(List.of(), CLayouts.structDifferences(dir, STRUCTS, INCLUDES, List.of(), 77),
                "fields whose Java 'offset size' differs from C's");
    }

    @Test
    void constantsMatchTheHeaders() throws Exception {
        assertEquals(List.of(), CLayouts.constantDifferences(dir, constants(), INCLUDES, List.of()),
                "constants whose Java value differs from the header's");
    }

    /** Every constant of the binding under its C name. */
    private static Map<String, Long> constants() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("UCP_PARAM_FIELD_FEATURES", UcpParams.FIELD_FEATURES);
        m.put("UCP_PARAM_FIELD_REQUEST_SIZE", UcpParams.FIELD_REQUEST_SIZE);
        m.put("UCP_PARAM_FIELD_MT_WORKERS_SHARED", UcpParams.FIELD_MT_WORKERS_SHARED);
        m.put("UCP_PARAM_FIELD_ESTIMATED_NUM_EPS", UcpParams.FIELD_ESTIMATED_NUM_EPS);
        m.put("UCP_PARAM_FIELD_NAME", UcpParams.FIELD_NAME);
        m.put("UCP_FEATURE_TAG", UcpParams.FEATURE_TAG);
        m.put("UCP_FEATURE_RMA", UcpParams.FEATURE_RMA);
        m.put("UCP_FEATURE_AMO32", UcpParams.FEATURE_AMO32);
        m.put("UCP_FEATURE_AMO64", UcpParams.FEATURE_AMO64);
        m.put("UCP_FEATURE_WAKEUP", UcpParams.FEATURE_WAKEUP);
        m.put("UCP_FEATURE_STREAM", UcpParams.FEATURE_STREAM);
        m.put("UCP_FEATURE_AM", UcpParams.FEATURE_AM);
        m.put("UCP_WORKER_PARAM_FIELD_THREAD_MODE", UcpWorkerParams.FIELD_THREAD_MODE);
        m.put("UCP_WORKER_PARAM_FIELD_CPU_MASK", UcpWorkerParams.FIELD_CPU_MASK);
        m.put("UCP_WORKER_PARAM_FIELD_EVENTS", UcpWorkerParams.FIELD_EVENTS);
        m.put("UCP_WORKER_PARAM_FIELD_USER_DATA", UcpWorkerParams.FIELD_USER_DATA);
        m.put("UCP_WORKER_PARAM_FIELD_EVENT_FD", UcpWorkerParams.FIELD_EVENT_FD);
        m.put("UCP_WORKER_PARAM_FIELD_FLAGS", UcpWorkerParams.FIELD_FLAGS);
        m.put("UCP_WORKER_PARAM_FIELD_NAME", UcpWorkerParams.FIELD_NAME);
        m.put("UCP_WORKER_PARAM_FIELD_AM_ALIGNMENT", UcpWorkerParams.FIELD_AM_ALIGNMENT);
        m.put("UCP_WORKER_PARAM_FIELD_CLIENT_ID", UcpWorkerParams.FIELD_CLIENT_ID);
        m.put("UCP_WORKER_PARAM_FIELD_EVENTS", UcpWorkerParams.FIELD_EVENTS);
        m.put("UCP_WAKEUP_RMA", (long) UcpWorkerParams.WAKEUP_RMA);
        m.put("UCP_WAKEUP_AMO", (long) UcpWorkerParams.WAKEUP_AMO);
        m.put("UCP_WAKEUP_TAG_SEND", (long) UcpWorkerParams.WAKEUP_TAG_SEND);
        m.put("UCP_WAKEUP_TAG_RECV", (long) UcpWorkerParams.WAKEUP_TAG_RECV);
        m.put("UCP_WAKEUP_TX", (long) UcpWorkerParams.WAKEUP_TX);
        m.put("UCP_WAKEUP_RX", (long) UcpWorkerParams.WAKEUP_RX);
        m.put("UCP_WAKEUP_EDGE", (long) UcpWorkerParams.WAKEUP_EDGE);
        m.put("UCS_THREAD_MODE_SINGLE", (long) UcpWorkerParams.THREAD_MODE_SINGLE);
        m.put("UCS_THREAD_MODE_SERIALIZED", (long) UcpWorkerParams.THREAD_MODE_SERIALIZED);
        m.put("UCS_THREAD_MODE_MULTI", (long) UcpWorkerParams.THREAD_MODE_MULTI);
        m.put("UCP_EP_PARAM_FIELD_REMOTE_ADDRESS", UcpEpParams.FIELD_REMOTE_ADDRESS);
        m.put("UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE", UcpEpParams.FIELD_ERR_HANDLING_MODE);
        m.put("UCP_EP_PARAM_FIELD_ERR_HANDLER", UcpEpParams.FIELD_ERR_HANDLER);
        m.put("UCP_EP_PARAM_FIELD_USER_DATA", UcpEpParams.FIELD_USER_DATA);
        m.put("UCP_EP_PARAM_FIELD_SOCK_ADDR", UcpEpParams.FIELD_SOCK_ADDR);
        m.put("UCP_EP_PARAM_FIELD_FLAGS", UcpEpParams.FIELD_FLAGS);
        m.put("UCP_EP_PARAM_FIELD_CONN_REQUEST", UcpEpParams.FIELD_CONN_REQUEST);
        m.put("UCP_EP_PARAM_FIELD_NAME", UcpEpParams.FIELD_NAME);
        m.put("UCP_EP_PARAM_FIELD_LOCAL_SOCK_ADDR", UcpEpParams.FIELD_LOCAL_SOCK_ADDR);
        m.put("UCP_ERR_HANDLING_MODE_NONE", (long) UcpEpParams.ERR_HANDLING_MODE_NONE);
        m.put("UCP_ERR_HANDLING_MODE_PEER", (long) UcpEpParams.ERR_HANDLING_MODE_PEER);
        m.put("UCP_EP_PARAMS_FLAGS_NO_LOOPBACK", (long) UcpEpParams.FLAG_NO_LOOPBACK);
        m.put("UCP_MEM_MAP_PARAM_FIELD_ADDRESS", UcpMemMapParams.FIELD_ADDRESS);
        m.put("UCP_MEM_MAP_PARAM_FIELD_LENGTH", UcpMemMapParams.FIELD_LENGTH);
        m.put("UCP_MEM_MAP_PARAM_FIELD_FLAGS", UcpMemMapParams.FIELD_FLAGS);
        m.put("UCP_MEM_MAP_PARAM_FIELD_PROT", UcpMemMapParams.FIELD_PROT);
        m.put("UCP_MEM_MAP_PARAM_FIELD_MEMORY_TYPE", UcpMemMapParams.FIELD_MEMORY_TYPE);
        m.put("UCP_MEM_MAP_NONBLOCK", (long) UcpMemMapParams.FLAG_NONBLOCK);
        m.put("UCP_MEM_MAP_ALLOCATE", (long) UcpMemMapParams.FLAG_ALLOCATE);
        m.put("UCP_MEM_MAP_FIXED", (long) UcpMemMapParams.FLAG_FIXED);
        m.put("UCP_MEM_ATTR_FIELD_ADDRESS", UcpMemMapParams.ATTR_FIELD_ADDRESS);
        m.put("UCP_MEM_ATTR_FIELD_LENGTH", UcpMemMapParams.ATTR_FIELD_LENGTH);
        m.put("UCP_MEM_ATTR_FIELD_MEM_TYPE", UcpMemMapParams.ATTR_FIELD_MEM_TYPE);
        m.put("UCP_OP_ATTR_FIELD_REQUEST", (long) UcpRequestParam.FIELD_REQUEST);
        m.put("UCP_OP_ATTR_FIELD_CALLBACK", (long) UcpRequestParam.FIELD_CALLBACK);
        m.put("UCP_OP_ATTR_FIELD_USER_DATA", (long) UcpRequestParam.FIELD_USER_DATA);
        m.put("UCP_OP_ATTR_FIELD_DATATYPE", (long) UcpRequestParam.FIELD_DATATYPE);
        m.put("UCP_OP_ATTR_FIELD_FLAGS", (long) UcpRequestParam.FIELD_FLAGS);
        m.put("UCP_OP_ATTR_FIELD_REPLY_BUFFER", (long) UcpRequestParam.FIELD_REPLY_BUFFER);
        m.put("UCP_OP_ATTR_FIELD_MEMORY_TYPE", (long) UcpRequestParam.FIELD_MEMORY_TYPE);
        m.put("UCP_OP_ATTR_FIELD_RECV_INFO", (long) UcpRequestParam.FIELD_RECV_INFO);
        m.put("UCP_OP_ATTR_FIELD_MEMH", (long) UcpRequestParam.FIELD_MEMH);
        m.put("UCP_OP_ATTR_FLAG_NO_IMM_CMPL", (long) UcpRequestParam.FLAG_NO_IMM_CMPL);
        m.put("UCP_OP_ATTR_FLAG_FAST_CMPL", (long) UcpRequestParam.FLAG_FAST_CMPL);
        m.put("UCP_OP_ATTR_FLAG_FORCE_IMM_CMPL", (long) UcpRequestParam.FLAG_FORCE_IMM_CMPL);
        m.put("UCP_OP_ATTR_FLAG_MULTI_SEND", (long) UcpRequestParam.FLAG_MULTI_SEND);
        m.put("UCP_EP_CLOSE_FLAG_FORCE", (long) UcpRequestParam.EP_CLOSE_FLAG_FORCE);
        m.put("UCP_AM_HANDLER_PARAM_FIELD_ID", UcpAmParams.FIELD_ID);
        m.put("UCP_AM_HANDLER_PARAM_FIELD_FLAGS", UcpAmParams.FIELD_FLAGS);
        m.put("UCP_AM_HANDLER_PARAM_FIELD_CB", UcpAmParams.FIELD_CB);
        m.put("UCP_AM_HANDLER_PARAM_FIELD_ARG", UcpAmParams.FIELD_ARG);
        m.put("UCP_AM_FLAG_WHOLE_MSG", (long) UcpAmParams.FLAG_WHOLE_MSG);
        m.put("UCP_AM_FLAG_PERSISTENT_DATA", (long) UcpAmParams.FLAG_PERSISTENT_DATA);
        m.put("UCP_AM_SEND_FLAG_REPLY", (long) UcpAmParams.SEND_FLAG_REPLY);
        m.put("UCP_AM_SEND_FLAG_EAGER", (long) UcpAmParams.SEND_FLAG_EAGER);
        m.put("UCP_AM_SEND_FLAG_RNDV", (long) UcpAmParams.SEND_FLAG_RNDV);
        m.put("UCP_AM_RECV_ATTR_FLAG_DATA", UcpAmParams.RECV_ATTR_FLAG_DATA);
        m.put("UCP_AM_RECV_ATTR_FLAG_RNDV", UcpAmParams.RECV_ATTR_FLAG_RNDV);
        m.put("ucp_dt_make_contig(4)", UcpRequestParam.contiguous(4));
        m.put("ucp_dt_make_contig(8)", UcpRequestParam.contiguous(8));
        for (UcpAtomicOp op : UcpAtomicOp.values()) {
            m.put("UCP_ATOMIC_OP_" + op.name(), (long) op.code());
        }
        m.put("UCS_OK", (long) UcsStatus.OK);
        m.put("UCS_INPROGRESS", (long) UcsStatus.IN_PROGRESS);
        m.put("UCS_ERR_NO_RESOURCE", (long) UcsStatus.ERR_NO_RESOURCE);
        m.put("UCS_ERR_UNREACHABLE", (long) UcsStatus.ERR_UNREACHABLE);
        m.put("UCS_ERR_BUSY", (long) UcsStatus.ERR_BUSY);
        m.put("UCS_ERR_CANCELED", (long) UcsStatus.ERR_CANCELED);
        m.put("UCS_ERR_UNSUPPORTED", (long) UcsStatus.ERR_UNSUPPORTED);
        m.put("UCS_ERR_CONNECTION_RESET", (long) UcsStatus.ERR_CONNECTION_RESET);
        m.put("UCS_ERR_ENDPOINT_TIMEOUT", (long) UcsStatus.ERR_ENDPOINT_TIMEOUT);
        m.put("UCS_ERR_LAST", UcsStatus.ERR_LAST);
        m.put("sizeof(ucs_status_t)", 1L);
        m.put("UCP_API_MAJOR", (long) UcpContext.API_MAJOR);
        m.put("UCP_API_MINOR", (long) UcpContext.API_MINOR);
        return m;
    }
}
