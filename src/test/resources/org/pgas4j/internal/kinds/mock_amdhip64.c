/*
 * A MOCK of the HIP runtime (libamdhip64) as HIP 5.2 behaves, for tests only: two devices whose
 * "device memory" is host memory from malloc, tagged with the device that was current at hipMalloc.
 * It implements exactly the functions pgas4j's HIP kind calls, checks the arguments HIP 5 defines
 * (hipMemcpy's direction against where the pointers live, hipIpcOpenMemHandle's flags of 0, the IPC
 * handle passed by value) and counts live allocations. Not HIP: it proves pgas4j's
 * java.lang.foreign calls and their arguments, not a GPU.
 */
/* Prepended: mock_allocations.c. */

typedef int hipError_t;
#define hipSuccess 0
#define hipErrorInvalidValue 1
#define hipErrorInvalidDevice 101
#define DEVICES 2

typedef struct { char reserved[64]; } hipIpcMemHandle_t;
typedef struct { int memoryType; int device; void *devicePointer; void *hostPointer; int isManaged;
                 unsigned allocationFlags; } hipPointerAttribute_t;

static __thread int current;

const char *hipGetErrorName(hipError_t e) {
    switch (e) {
        case hipSuccess: return "hipSuccess";
        case hipErrorInvalidValue: return "hipErrorInvalidValue";
        case hipErrorInvalidDevice: return "hipErrorInvalidDevice";
        default: return "hipErrorUnknown";
    }
}
hipError_t hipRuntimeGetVersion(int *v) { *v = 50221153; return hipSuccess; }
hipError_t hipGetDeviceCount(int *n) { *n = DEVICES; return hipSuccess; }
hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
    if (device < 0 || device >= DEVICES) return hipErrorInvalidDevice;
    *value = 1;
    return hipSuccess;
}
hipError_t hipSetDevice(int device) {
    if (device < 0 || device >= DEVICES) return hipErrorInvalidDevice;
    current = device;
    return hipSuccess;
}
hipError_t hipMalloc(void **out, size_t size) {
    *out = track(size, current);
    return *out ? hipSuccess : hipErrorInvalidValue;
}
hipError_t hipFree(void *p) { return untrack(p) ? hipSuccess : hipErrorInvalidValue; }
hipError_t hipMemcpy(void *dst, const void *src, size_t size, int kind) {
    int d = allocation_of(dst) >= 0, s = allocation_of(src) >= 0;
    int ok = (kind == 1 && d && !s) || (kind == 2 && !d && s) || (kind == 3 && d && s);
    if (!ok) return hipErrorInvalidValue; /* the direction does not say where the pointers live */
    memmove(dst, src, size);
    return hipSuccess;
}
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *a, const void *p) {
    int i = allocation_of(p);
    if (i < 0) return hipErrorInvalidValue;
    memset(a, 0, sizeof *a);
    a->memoryType = 1; /* hipMemoryTypeDevice in HIP 5 */
    a->device = allocations[i].device;
    a->devicePointer = (void *) p;
    return hipSuccess;
}
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *h, void *p) {
    int i = allocation_of(p);
    if (i < 0 || allocations[i].base != p) return hipErrorInvalidValue;
    memset(h, 0, sizeof *h);
    memcpy(h->reserved, "mockhip", 7);
    memcpy(h->reserved + 8, &p, sizeof p);
    return hipSuccess;
}
hipError_t hipIpcOpenMemHandle(void **out, hipIpcMemHandle_t h, unsigned flags) {
    if (memcmp(h.reserved, "mockhip", 7) != 0 || flags != 0) return hipErrorInvalidValue;
    memcpy(out, h.reserved + 8, sizeof *out);
    LOCKED(ipc_opens++);
    return allocation_of(*out) >= 0 ? hipSuccess : hipErrorInvalidValue;
}
hipError_t hipIpcCloseMemHandle(void *p) { return p ? hipSuccess : hipErrorInvalidValue; }
