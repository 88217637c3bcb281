package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

/**
 * The downcall handles into libucp, one per C function, null when UCX is missing (check
 * {@link UcpLibrary#require()} first). Conventions, all from {@code ucp/api/ucp.h} of UCX 1.13:
 * <ul>
 * <li>{@code ucs_status_t} is a packed enum, one byte: {@code JAVA_BYTE}.
 * <li>{@code ucs_status_ptr_t} results and the request handles passed back to
 *     {@code ucp_request_check_status}/{@code ucp_request_free} are {@code JAVA_LONG}, so the hot
 *     path never wraps them in a MemorySegment.
 * <li>The local buffer of put, get and atomics is a {@code void*} passed as {@code JAVA_LONG}
 *     (an address; same register class on x86-64 and AArch64), so callers pass
 *     {@code segment.address() + offset} without slicing.
 * <li>Calls that can run user callbacks ({@code ucp_worker_progress}, creation and teardown) are
 *     ordinary downcalls; the short non-blocking communication calls are
 *     {@link java.lang.foreign.Linker.Option#critical(boolean) critical}, as this binding
 *     registers no callback that they could run.
 * </ul>
 */
final class Ucp {
    private static final FunctionDescriptor NBX_RMA = FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG,
            JAVA_LONG, ADDRESS, ADDRESS);

    /** {@code ucs_status_t ucp_config_read(const char *env_prefix, const char *filename, ucp_config_t **config_p)}. */
    static final MethodHandle CONFIG_READ = plain("ucp_config_read",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code ucs_status_t ucp_config_modify(ucp_config_t *config, const char *name, const char *value)}. */
    static final MethodHandle CONFIG_MODIFY = plain("ucp_config_modify",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code void ucp_config_release(ucp_config_t *config)}. */
    static final MethodHandle CONFIG_RELEASE = plain("ucp_config_release", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucs_status_t ucp_init_version(unsigned major, unsigned minor, const ucp_params_t *, const ucp_config_t *, ucp_context_h *)}. */
    static final MethodHandle INIT_VERSION = plain("ucp_init_version",
            FunctionDescriptor.of(JAVA_BYTE, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    /** {@code void ucp_cleanup(ucp_context_h context)}. */
    static final MethodHandle CLEANUP = plain("ucp_cleanup", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucs_status_t ucp_worker_create(ucp_context_h, const ucp_worker_params_t *, ucp_worker_h *)}. */
    static final MethodHandle WORKER_CREATE = plain("ucp_worker_create",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code void ucp_worker_destroy(ucp_worker_h worker)}. */
    static final MethodHandle WORKER_DESTROY = plain("ucp_worker_destroy", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucs_status_t ucp_worker_get_address(ucp_worker_h, ucp_address_t **, size_t *)}. */
    static final MethodHandle WORKER_GET_ADDRESS = plain("ucp_worker_get_address",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code void ucp_worker_release_address(ucp_worker_h, ucp_address_t *)}. */
    static final MethodHandle WORKER_RELEASE_ADDRESS = plain("ucp_worker_release_address",
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    /** {@code unsigned ucp_worker_progress(ucp_worker_h)}: may run callbacks, so never critical. */
    static final MethodHandle WORKER_PROGRESS = plain("ucp_worker_progress", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    /** {@code ucs_status_t ucp_worker_get_efd(ucp_worker_h worker, int *fd)}: needs {@code UCP_FEATURE_WAKEUP}. */
    static final MethodHandle WORKER_GET_EFD = plain("ucp_worker_get_efd",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    /**
     * {@code ucs_status_t ucp_worker_arm(ucp_worker_h worker)}: {@code UCS_OK} when the event fd will
     * be signalled by the next event, {@code UCS_ERR_BUSY} when events wait to be progressed first.
     */
    static final MethodHandle WORKER_ARM = plain("ucp_worker_arm", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    /** {@code ucs_status_t ucp_worker_signal(ucp_worker_h worker)}: wakes a waiter on the event fd; any thread. */
    static final MethodHandle WORKER_SIGNAL = plain("ucp_worker_signal", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    /** {@code ucs_status_ptr_t ucp_worker_flush_nbx(ucp_worker_h, const ucp_request_param_t *)}. */
    static final MethodHandle WORKER_FLUSH_NBX = critical("ucp_worker_flush_nbx",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    /**
     * {@code ucs_status_t ucp_worker_fence(ucp_worker_h)}: operations started on the worker after
     * it are performed at their targets after those started before (no waiting).
     */
    static final MethodHandle WORKER_FENCE = critical("ucp_worker_fence", FunctionDescriptor.of(JAVA_BYTE, ADDRESS));
    /** {@code ucs_status_t ucp_ep_create(ucp_worker_h, const ucp_ep_params_t *, ucp_ep_h *)}. */
    static final MethodHandle EP_CREATE = plain("ucp_ep_create", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS,
            ADDRESS));
    /** {@code ucs_status_ptr_t ucp_ep_close_nbx(ucp_ep_h, const ucp_request_param_t *)}. */
    static final MethodHandle EP_CLOSE_NBX = plain("ucp_ep_close_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS,
            ADDRESS));
    /** {@code ucs_status_ptr_t ucp_ep_flush_nbx(ucp_ep_h, const ucp_request_param_t *)}. */
    static final MethodHandle EP_FLUSH_NBX = critical("ucp_ep_flush_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS,
            ADDRESS));
    /** {@code ucs_status_t ucp_mem_map(ucp_context_h, const ucp_mem_map_params_t *, ucp_mem_h *)}. */
    static final MethodHandle MEM_MAP = plain("ucp_mem_map", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS,
            ADDRESS));
    /** {@code ucs_status_t ucp_mem_unmap(ucp_context_h, ucp_mem_h)}. */
    static final MethodHandle MEM_UNMAP = plain("ucp_mem_unmap", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    /** {@code ucs_status_t ucp_mem_query(const ucp_mem_h, ucp_mem_attr_t *)}. */
    static final MethodHandle MEM_QUERY = plain("ucp_mem_query", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    /** {@code ucs_status_t ucp_rkey_pack(ucp_context_h, ucp_mem_h, void **rkey_buffer_p, size_t *size_p)}. */
    static final MethodHandle RKEY_PACK = plain("ucp_rkey_pack", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS,
            ADDRESS, ADDRESS));
    /** {@code void ucp_rkey_buffer_release(void *rkey_buffer)}. */
    static final MethodHandle RKEY_BUFFER_RELEASE = plain("ucp_rkey_buffer_release",
            FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucs_status_t ucp_ep_rkey_unpack(ucp_ep_h, const void *rkey_buffer, ucp_rkey_h *)}. */
    static final MethodHandle EP_RKEY_UNPACK = plain("ucp_ep_rkey_unpack",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS));
    /** {@code void ucp_rkey_destroy(ucp_rkey_h)}. */
    static final MethodHandle RKEY_DESTROY = plain("ucp_rkey_destroy", FunctionDescriptor.ofVoid(ADDRESS));
    /** {@code ucs_status_ptr_t ucp_put_nbx(ucp_ep_h, const void *buffer, size_t count, uint64_t remote_addr, ucp_rkey_h, const ucp_request_param_t *)}. */
    static final MethodHandle PUT_NBX = critical("ucp_put_nbx", NBX_RMA);
    /** {@code ucs_status_ptr_t ucp_get_nbx(ucp_ep_h, void *buffer, size_t count, uint64_t remote_addr, ucp_rkey_h, const ucp_request_param_t *)}. */
    static final MethodHandle GET_NBX = critical("ucp_get_nbx", NBX_RMA);
    /** {@code ucs_status_ptr_t ucp_atomic_op_nbx(ucp_ep_h, ucp_atomic_op_t, const void *buffer, size_t count, uint64_t remote_addr, ucp_rkey_h, const ucp_request_param_t *)}. */
    static final MethodHandle ATOMIC_OP_NBX = critical("ucp_atomic_op_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS,
            JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS));
    /** {@code ucs_status_t ucp_request_check_status(void *request)}. */
    /**
     * {@code ucs_status_ptr_t ucp_am_send_nbx(ucp_ep_h ep, unsigned id, const void *header, size_t header_length,
     * const void *buffer, size_t count, const ucp_request_param_t *param)}; header and buffer as addresses.
     */
    static final MethodHandle AM_SEND_NBX = plain("ucp_am_send_nbx", FunctionDescriptor.of(JAVA_LONG, ADDRESS,
            JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS));
    /**
     * {@code ucs_status_t ucp_worker_set_am_recv_handler(ucp_worker_h worker, const ucp_am_handler_param_t *param)}.
     */
    static final MethodHandle WORKER_SET_AM_RECV_HANDLER = plain("ucp_worker_set_am_recv_handler",
            FunctionDescriptor.of(JAVA_BYTE, ADDRESS, ADDRESS));
    static final MethodHandle REQUEST_CHECK_STATUS = critical("ucp_request_check_status",
            FunctionDescriptor.of(JAVA_BYTE, JAVA_LONG));
    /** {@code void ucp_request_free(void *request)}. */
    static final MethodHandle REQUEST_FREE = critical("ucp_request_free", FunctionDescriptor.ofVoid(JAVA_LONG));

    /**
     * libc {@code int poll(struct pollfd *fds, nfds_t nfds, int timeout)}: the wait on a worker's
     * event fd. A plain downcall (it blocks; the thread is then in native code, which a safepoint
     * does not wait for).
     */
    static final MethodHandle POLL = UcpLibrary.libc("poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG,
            JAVA_INT));

    private Ucp() {
    }

    private static MethodHandle plain(String name, FunctionDescriptor descriptor) {
        return UcpLibrary.downcall(name, descriptor, false);
    }

    private static MethodHandle critical(String name, FunctionDescriptor descriptor) {
        return UcpLibrary.downcall(name, descriptor, true);
    }
}
