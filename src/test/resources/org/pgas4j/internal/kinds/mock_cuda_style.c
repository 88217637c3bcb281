/*
 * A MOCK of a runtime with CUDA's API shape, for tests only: as HIP 5.2 (libamdhip64) by default, or
 * as the CUDA 13 runtime (libcudart) when compiled with -DMOCK_CUDA. Two devices whose "device
 * memory" is shared host memory, tagged with the device current at Malloc. It implements
 * exactly the functions pgas4j calls, checks the arguments the real runtime defines (Memcpy's
 * direction against where the pointers live, IpcOpenMemHandle's flags: 0 in HIP 5, 1 in CUDA, the
 * IPC handle passed by value), reports the release's memory-type number and, as CUDA, device 1
 * without unified addressing; IPC handles open in other processes only (mock_allocations.c). Not HIP, not CUDA: it proves pgas4j's java.lang.foreign calls and
 * their arguments, not a GPU.
 */
/* Prepended: mock_allocations.c. */

#ifdef MOCK_CUDA
#define API(name) cuda##name
#define NAME(name) "cuda" #name
#define RUNTIME_VERSION 13000
#define MEMORY_TYPE_DEVICE 2   /* cudaMemoryTypeDevice */
#define IPC_FLAGS 1            /* cudaIpcMemLazyEnablePeerAccess */
#define UNIFIED_ADDRESSING(device) ((device) == 0)
#else
#define API(name) hip##name
#define NAME(name) "hip" #name
#define RUNTIME_VERSION 50221153
#define MEMORY_TYPE_DEVICE 1   /* hipMemoryTypeDevice in HIP 5 */
#define IPC_FLAGS 0            /* hipIpcMemLazyEnablePeerAccess in HIP 5 */
#define UNIFIED_ADDRESSING(device) 1
#endif
#define ATTRIBUTE_UNIFIED_ADDRESSING 41

typedef int error_t;
#define SUCCESS 0
#define ERROR_INVALID_VALUE 1
#define ERROR_INVALID_DEVICE 101
#define ERROR_DEVICE_UNINITIALIZED 201
#define DEVICES 2

typedef struct { char reserved[64]; } ipc_handle;
typedef struct { int type; int device; void *devicePointer; void *hostPointer; long reserved[8]; } pointer_attributes;

static __thread int current;

const char *API(GetErrorName)(error_t e) {
    switch (e) {
        case SUCCESS: return NAME(Success);
        case ERROR_INVALID_VALUE: return NAME(ErrorInvalidValue);
        case ERROR_INVALID_DEVICE: return NAME(ErrorInvalidDevice);
        case ERROR_DEVICE_UNINITIALIZED: return NAME(ErrorDeviceUninitialized);
        default: return NAME(ErrorUnknown);
    }
}
error_t API(RuntimeGetVersion)(int *v) { *v = RUNTIME_VERSION; return SUCCESS; }
error_t API(GetDeviceCount)(int *n) { *n = DEVICES; return SUCCESS; }
error_t API(DeviceGetAttribute)(int *value, int attribute, int device) {
    if (device < 0 || device >= DEVICES) return ERROR_INVALID_DEVICE;
    *value = attribute == ATTRIBUTE_UNIFIED_ADDRESSING ? UNIFIED_ADDRESSING(device) : 1;
    return SUCCESS;
}
error_t API(SetDevice)(int device) {
    if (device < 0 || device >= DEVICES) return ERROR_INVALID_DEVICE;
    current = device;
    return SUCCESS;
}
error_t API(Malloc)(void **out, size_t size) {
    *out = track(size, current);
    return *out ? SUCCESS : ERROR_INVALID_VALUE;
}
error_t API(Free)(void *p) { return untrack(p) ? SUCCESS : ERROR_INVALID_VALUE; }
/* As the real runtimes, Memcpy into device memory may return before the bytes landed: a thread's
 * copy into device memory is pending until it synchronizes the default stream, and a copy issued
 * while one is pending is counted (pgas4j must synchronize after each, or other processes could
 * read the old bytes). */
static __thread int pending_copy;
static int unsynchronized_copies, stream_syncs;
int mock_unsynchronized_copies(void) { int n; LOCKED(n = unsynchronized_copies); return n; }
int mock_stream_syncs(void) { int n; LOCKED(n = stream_syncs); return n; }
error_t API(StreamSynchronize)(void *stream) {
    if (stream) return ERROR_INVALID_VALUE; /* pgas4j waits for the legacy default stream */
    pending_copy = 0;
    LOCKED(stream_syncs++);
    return SUCCESS;
}
error_t API(Memcpy)(void *dst, const void *src, size_t size, int kind) {
    int d = allocation_of(dst) >= 0, s = allocation_of(src) >= 0;
    int ok = (kind == 1 && d && !s) || (kind == 2 && !d && s) || (kind == 3 && d && s);
    if (!ok) return ERROR_INVALID_VALUE; /* the direction does not say where the pointers live */
    if (pending_copy) LOCKED(unsynchronized_copies++);
    memmove(dst, src, size);
    pending_copy = kind != 2;
    return SUCCESS;
}
error_t API(PointerGetAttributes)(pointer_attributes *a, const void *p) {
    int i = allocation_of(p);
    if (i < 0) return ERROR_INVALID_VALUE;
    memset(a, 0, sizeof *a); /* all of it, as CUDA 13 does: pgas4j must give it room */
    a->type = MEMORY_TYPE_DEVICE;
    a->device = allocations[i].device;
    a->devicePointer = (void *) p;
    return SUCCESS;
}
error_t API(IpcGetMemHandle)(ipc_handle *h, void *p) {
    memset(h, 0, sizeof *h);
    memcpy(h->reserved, "mockipc", 7);
    return export_allocation(p, h->reserved) ? SUCCESS : ERROR_INVALID_VALUE;
}
error_t API(IpcOpenMemHandle)(void **out, ipc_handle h, unsigned flags) {
    if (memcmp(h.reserved, "mockipc", 7) != 0 || flags != IPC_FLAGS) return ERROR_INVALID_VALUE;
    if (is_mine(h.reserved)) return ERROR_DEVICE_UNINITIALIZED; /* as the real one: "invalid device context" */
    *out = open_exported(h.reserved);
    if (!*out) return ERROR_INVALID_VALUE;
    LOCKED(ipc_opens++);
    return SUCCESS;
}
error_t API(IpcCloseMemHandle)(void *p) { return untrack_as(p, 1) ? SUCCESS : ERROR_INVALID_VALUE; }
