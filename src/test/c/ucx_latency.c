/*
 * C baseline for UcxLatency: the same two workers in one process, the same operations
 * (8-byte put + endpoint flush, 8-byte get, 64-bit fetch-add), the same waiting (progress the
 * origin, then the target). Build and run:
 *   gcc -O2 -o /tmp/ucx_latency src/test/c/ucx_latency.c -lucp -lucs
 *   /tmp/ucx_latency default 2000000 1000000 3     (or: tcp 50000 20000 3)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucp/api/ucp.h>

static ucp_worker_h origin, target;

static void die(const char *call, ucs_status_t s) {
    fprintf(stderr, "%s failed: %s\n", call, ucs_status_string(s));
    exit(1);
}

static void await(void *req, const char *call) {
    if (req == NULL) {
        return;
    }
    if (UCS_PTR_IS_ERR(req)) {
        die(call, UCS_PTR_STATUS(req));
    }
    ucs_status_t s;
    while ((s = ucp_request_check_status(req)) == UCS_INPROGRESS) {
        ucp_worker_progress(origin);
        ucp_worker_progress(target);
    }
    ucp_request_free(req);
    if (s != UCS_OK) {
        die(call, s);
    }
}

static ucp_context_h context(int tcp) {
    ucp_config_t *config;
    ucp_context_h ctx;
    ucs_status_t s = ucp_config_read(NULL, NULL, &config);
    if (s != UCS_OK) die("ucp_config_read", s);
    ucp_config_modify(config, "NET_DEVICES", "lo");
    if (tcp) ucp_config_modify(config, "TLS", "tcp");
    ucp_params_t params = {.field_mask = UCP_PARAM_FIELD_FEATURES,
                           .features = UCP_FEATURE_RMA | UCP_FEATURE_AMO32 | UCP_FEATURE_AMO64};
    s = ucp_init(&params, config, &ctx);
    if (s != UCS_OK) die("ucp_init", s);
    ucp_config_release(config);
    return ctx;
}

static ucp_worker_h worker(ucp_context_h ctx) {
    ucp_worker_params_t params = {.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
                                  .thread_mode = UCS_THREAD_MODE_SINGLE};
    ucp_worker_h w;
    ucs_status_t s = ucp_worker_create(ctx, &params, &w);
    if (s != UCS_OK) die("ucp_worker_create", s);
    return w;
}

static ucp_ep_h connect_to(ucp_worker_h from, ucp_worker_h to) {
    ucp_address_t *address;
    size_t length;
    ucs_status_t s = ucp_worker_get_address(to, &address, &length);
    if (s != UCS_OK) die("ucp_worker_get_address", s);
    ucp_ep_params_t params = {.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS, .address = address};
    ucp_ep_h ep;
    s = ucp_ep_create(from, &params, &ep);
    if (s != UCS_OK) die("ucp_ep_create", s);
    ucp_worker_release_address(to, address);
    return ep;
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    int tcp = argc > 1 && strcmp(argv[1], "tcp") == 0;
    long warm = argc > 2 ? atol(argv[2]) : 2000000;
    long n = argc > 3 ? atol(argv[3]) : 1000000;
    int rounds = argc > 4 ? atoi(argv[4]) : 3;
    ucp_context_h octx = context(tcp), tctx = context(tcp);
    origin = worker(octx);
    target = worker(tctx);
    ucp_ep_h ep = connect_to(origin, target);
    ucp_ep_h back = connect_to(target, origin);

    ucp_mem_map_params_t mp = {.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH
                                             | UCP_MEM_MAP_PARAM_FIELD_FLAGS,
                               .address = NULL, .length = 4096, .flags = UCP_MEM_MAP_ALLOCATE};
    ucp_mem_h memh;
    ucs_status_t s = ucp_mem_map(tctx, &mp, &memh);
    if (s != UCS_OK) die("ucp_mem_map", s);
    ucp_mem_attr_t attr = {.field_mask = UCP_MEM_ATTR_FIELD_ADDRESS};
    ucp_mem_query(memh, &attr);
    uint64_t base = (uint64_t) (uintptr_t) attr.address;
    void *packed;
    size_t packed_size;
    s = ucp_rkey_pack(tctx, memh, &packed, &packed_size);
    if (s != UCS_OK) die("ucp_rkey_pack", s);
    ucp_rkey_h rkey;
    s = ucp_ep_rkey_unpack(ep, packed, &rkey);
    if (s != UCS_OK) die("ucp_ep_rkey_unpack", s);
    ucp_rkey_buffer_release(packed);

    uint64_t local[8] __attribute__((aligned(64))) = {0};
    uint64_t operand = 1, result = 0;
    ucp_request_param_t none = {.op_attr_mask = 0};
    ucp_request_param_t amo = {.op_attr_mask = UCP_OP_ATTR_FIELD_DATATYPE | UCP_OP_ATTR_FIELD_REPLY_BUFFER,
                               .datatype = ucp_dt_make_contig(8), .reply_buffer = &result};
    const char *name = tcp ? "C tcp/lo" : "C default";
    for (int r = -1; r < rounds; r++) {
        long iterations = r < 0 ? warm : n;
        double t0 = now_us();
        for (long i = 0; i < iterations; i++) {
            local[0] = i;
            void *req = ucp_put_nbx(ep, local, 8, base, rkey, &none);
            if (UCS_PTR_IS_ERR(req)) die("ucp_put_nbx", UCS_PTR_STATUS(req));
            if (req != NULL) ucp_request_free(req);
            await(ucp_ep_flush_nbx(ep, &none), "ucp_ep_flush_nbx");
        }
        double t1 = now_us();
        for (long i = 0; i < iterations; i++) {
            await(ucp_get_nbx(ep, &local[1], 8, base + 64, rkey, &none), "ucp_get_nbx");
        }
        double t2 = now_us();
        for (long i = 0; i < iterations; i++) {
            await(ucp_atomic_op_nbx(ep, UCP_ATOMIC_OP_ADD, &operand, 1, base + 128, rkey, &amo), "ucp_atomic_op_nbx");
        }
        double t3 = now_us();
        if (r >= 0) {
            printf("%s round %d: put+flush %.3f us, get %.3f us, fetch-add %.3f us\n", name, r, (t1 - t0) / n,
                   (t2 - t1) / n, (t3 - t2) / n);
        }
    }
    ucp_rkey_destroy(rkey);
    void *a = ucp_ep_close_nbx(ep, &none);
    void *b = ucp_ep_close_nbx(back, &none);
    while ((a != NULL && !UCS_PTR_IS_ERR(a) && ucp_request_check_status(a) == UCS_INPROGRESS)
           || (b != NULL && !UCS_PTR_IS_ERR(b) && ucp_request_check_status(b) == UCS_INPROGRESS)) {
        ucp_worker_progress(origin);
        ucp_worker_progress(target);
    }
    if (a != NULL && !UCS_PTR_IS_ERR(a)) ucp_request_free(a);
    if (b != NULL && !UCS_PTR_IS_ERR(b)) ucp_request_free(b);
    ucp_mem_unmap(tctx, memh);
    ucp_worker_destroy(origin);
    ucp_worker_destroy(target);
    ucp_cleanup(octx);
    ucp_cleanup(tctx);
    return 0;
}
