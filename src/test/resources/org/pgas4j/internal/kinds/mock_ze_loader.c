/*
 * A MOCK of the oneAPI Level Zero loader, for tests only: one driver with one device whose "device
 * memory" is host memory from malloc. It implements exactly the functions pgas4j's ZE kind calls,
 * checks the descriptors pgas4j passes (stype, mode, ordinal), and counts live allocations,
 * contexts and command lists so that a test can see that everything was released. Not Level Zero:
 * it proves pgas4j's java.lang.foreign calls and their arguments, not a driver.
 */
/* Prepended: mock_allocations.c. */

typedef int32_t ze_result_t;
#define OK 0
#define ERROR_UNINITIALIZED 0x78000001
#define ERROR_INVALID_ARGUMENT 0x78000004
#define ERROR_INVALID_NULL_HANDLE 0x78000005
#define ERROR_INVALID_ENUMERATION 0x7800000c

typedef struct { int32_t stype; const void *pNext; uint32_t flags; } context_desc;
typedef struct { int32_t stype; const void *pNext; uint32_t flags; uint32_t ordinal; } mem_alloc_desc;
typedef struct { int32_t stype; const void *pNext; uint32_t ordinal, index, flags; int32_t mode, priority; } queue_desc;
typedef struct { int32_t stype; void *pNext; int32_t type; uint64_t id; uint64_t pageSize; } alloc_props;
typedef struct { char data[64]; } ipc_handle;
typedef struct { char name[64]; uint32_t spec; int32_t major, minor, patch; } component_version;

static int driver_object, device_object;
static int initialized;
static void *contexts[MAX], *lists[MAX];

static int add(void **table, void *p) {
    int done = 0;
    LOCKED(for (int i = 0; i < MAX && !done; i++) if (!table[i]) { table[i] = p; done = 1; });
    return done;
}
static int drop(void **table, void *p) {
    int done = 0;
    LOCKED(for (int i = 0; i < MAX && !done; i++) if (p && table[i] == p) { table[i] = 0; done = 1; });
    return done;
}
static int has(void **table, void *p) {
    int found = 0;
    LOCKED(for (int i = 0; i < MAX; i++) found |= p && table[i] == p);
    return found;
}
static int count(void **table) {
    int n = 0;
    LOCKED(for (int i = 0; i < MAX; i++) n += table[i] != 0);
    return n;
}
/* What the test reads back. */
int mock_live_contexts(void) { return count(contexts); }
int mock_live_command_lists(void) { return count(lists); }

ze_result_t zelLoaderGetVersions(size_t *n, component_version *v) {
    if (v && *n >= 1) { memset(v, 0, sizeof *v); strcpy(v->name, "loader"); v->major = 9; v->minor = 8; v->patch = 7; }
    *n = 1;
    return OK;
}
ze_result_t zeInit(uint32_t flags) { initialized = 1; return flags == 0 ? OK : ERROR_INVALID_ENUMERATION; }
ze_result_t zeDriverGet(uint32_t *n, void **drivers) {
    if (!initialized) return ERROR_UNINITIALIZED;
    if (drivers && *n >= 1) drivers[0] = &driver_object;
    *n = 1;
    return OK;
}
ze_result_t zeDeviceGet(void *driver, uint32_t *n, void **devices) {
    if (driver != &driver_object) return ERROR_INVALID_NULL_HANDLE;
    if (devices && *n >= 1) devices[0] = &device_object;
    *n = 1;
    return OK;
}
ze_result_t zeDeviceGetMemoryProperties(void *device, uint32_t *n, void *props) {
    if (device != &device_object) return ERROR_INVALID_NULL_HANDLE;
    *n = 1;
    return OK;
}
ze_result_t zeContextCreate(void *driver, const context_desc *desc, void **out) {
    if (driver != &driver_object) return ERROR_INVALID_NULL_HANDLE;
    if (desc->stype != 0xd) return ERROR_INVALID_ARGUMENT;
    void *c = malloc(16);
    if (!add(contexts, c)) { free(c); return ERROR_INVALID_ARGUMENT; }
    *out = c;
    return OK;
}
ze_result_t zeContextGetStatus(void *context) { return has(contexts, context) ? OK : ERROR_INVALID_NULL_HANDLE; }
ze_result_t zeContextDestroy(void *context) {
    if (!drop(contexts, context)) return ERROR_INVALID_NULL_HANDLE;
    free(context);
    return OK;
}
ze_result_t zeCommandListCreateImmediate(void *context, void *device, const queue_desc *desc, void **out) {
    if (!has(contexts, context) || device != &device_object) return ERROR_INVALID_NULL_HANDLE;
    if (desc->stype != 0xe || desc->mode != 1) return ERROR_INVALID_ARGUMENT; /* synchronous, or copies race */
    void *l = malloc(16);
    if (!add(lists, l)) { free(l); return ERROR_INVALID_ARGUMENT; }
    *out = l;
    return OK;
}
ze_result_t zeCommandListDestroy(void *list) {
    if (!drop(lists, list)) return ERROR_INVALID_NULL_HANDLE;
    free(list);
    return OK;
}
ze_result_t zeCommandListAppendMemoryCopy(void *list, void *dst, const void *src, size_t size, void *event,
        uint32_t waits, void **wait_events) {
    if (!has(lists, list)) return ERROR_INVALID_NULL_HANDLE;
    if (event || waits || wait_events) return ERROR_INVALID_ARGUMENT;
    memmove(dst, src, size);
    return OK;
}
ze_result_t zeMemAllocDevice(void *context, const mem_alloc_desc *desc, size_t size, size_t alignment, void *device,
        void **out) {
    if (!has(contexts, context) || device != &device_object) return ERROR_INVALID_NULL_HANDLE;
    if (desc->stype != 0x15 || desc->ordinal != 0) return ERROR_INVALID_ARGUMENT;
    *out = track(size, 0);
    return *out ? OK : ERROR_INVALID_ARGUMENT;
}
ze_result_t zeMemFree(void *context, void *p) {
    return has(contexts, context) && untrack(p) ? OK : ERROR_INVALID_ARGUMENT;
}
ze_result_t zeMemGetAllocProperties(void *context, const void *p, alloc_props *props, void **device) {
    if (!has(contexts, context)) return ERROR_INVALID_NULL_HANDLE;
    if (props->stype != 0x17) return ERROR_INVALID_ARGUMENT;
    int mine = allocation_of(p) >= 0;
    props->type = mine ? 2 : 0;
    if (device) *device = mine ? &device_object : 0;
    return OK;
}
ze_result_t zeMemGetIpcHandle(void *context, const void *p, ipc_handle *h) {
    if (!has(contexts, context)) return ERROR_INVALID_ARGUMENT;
    memset(h, 0, sizeof *h);
    memcpy(h->data, "mockze", 6);
    return export_allocation((void *) p, h->data) ? OK : ERROR_INVALID_ARGUMENT;
}
ze_result_t zeMemOpenIpcHandle(void *context, void *device, ipc_handle h, uint32_t flags, void **out) {
    if (!has(contexts, context) || device != &device_object) return ERROR_INVALID_NULL_HANDLE;
    if (memcmp(h.data, "mockze", 6) != 0 || flags != 0) return ERROR_INVALID_ARGUMENT; /* the handle came by value */
    if (is_mine(h.data)) return ERROR_INVALID_ARGUMENT; /* a handle of this process: the real loaders refuse it */
    *out = open_exported(h.data);
    if (!*out) return ERROR_INVALID_ARGUMENT;
    LOCKED(ipc_opens++);
    return OK;
}
ze_result_t zeMemCloseIpcHandle(void *context, const void *p) {
    return has(contexts, context) && untrack_as((void *) p, 1) ? OK : ERROR_INVALID_ARGUMENT;
}
