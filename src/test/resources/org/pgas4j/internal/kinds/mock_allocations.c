/*
 * The part the MOCK device libraries share (the test prepends it to each): a table of the "device
 * memory" allocations, each tagged with a device number, behind one lock because the PEs of a test
 * may be threads of one JVM. The memory is a shared mapping of a memfd (filled with garbage that
 * pgas4j must zero), so another process can map it from its IPC handle, as a real peer maps device
 * memory: the handle carries the owner's pid and descriptor, opened there through /proc.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX 64
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCKED(x) do { pthread_mutex_lock(&lock); x; pthread_mutex_unlock(&lock); } while (0)
/* opened: another process's allocation mapped here from its IPC handle (fd is then -1). */
static struct { char *base; size_t size; int device; int fd; int opened; } allocations[MAX];

/* The allocation holding p, or -1. */
static int allocation_of(const void *p) {
    int at = -1;
    LOCKED(for (int i = 0; i < MAX; i++)
        if (allocations[i].base && (const char *) p >= allocations[i].base
                && (const char *) p < allocations[i].base + allocations[i].size) at = i);
    return at;
}

/* Enters a mapping into the table; 0 when the table is full (the caller unmaps). */
static int enter(char *p, size_t size, int device, int fd, int opened) {
    int done = 0;
    LOCKED(for (int i = 0; i < MAX && !done; i++)
        if (!allocations[i].base) {
            allocations[i].base = p; allocations[i].size = size; allocations[i].device = device;
            allocations[i].fd = fd; allocations[i].opened = opened; done = 1;
        });
    return done;
}

/* A new allocation of size bytes on device, or NULL when it cannot be made. */
static void *track(size_t size, int device) {
    size_t length = size ? size : 1;
    int fd = memfd_create("mock-device-memory", MFD_CLOEXEC);
    if (fd < 0) return 0;
    char *p = ftruncate(fd, (off_t) length) == 0
            ? mmap(0, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    if (p == MAP_FAILED) { close(fd); return 0; }
    memset(p, 0x5a, length);
    if (!enter(p, length, device, fd, 0)) { munmap(p, length); close(fd); return 0; }
    return p;
}

/* Removes the entry that starts at p if it is an allocation (opened == 0) or an opened mapping (1); 0 when there is none. */
static int untrack_as(void *p, int opened) {
    int i = allocation_of(p);
    if (i < 0 || allocations[i].base != p || allocations[i].opened != opened) return 0;
    size_t size; int fd;
    LOCKED(size = allocations[i].size; fd = allocations[i].fd; allocations[i].base = 0);
    munmap(p, size);
    if (fd >= 0) close(fd);
    return 1;
}

/* Frees the allocation that starts at p; 0 when there is none. */
static int untrack(void *p) { return untrack_as(p, 0); }

/* What an IPC handle of the allocation at p carries after its 8-byte tag; 0 when p starts none. */
struct exported { void *base; int32_t pid; int32_t fd; uint64_t size; int32_t device; };
static int export_allocation(void *p, char *handle) {
    int i = allocation_of(p);
    if (i < 0 || allocations[i].base != p || allocations[i].opened) return 0;
    struct exported e = { p, (int32_t) getpid(), allocations[i].fd, allocations[i].size, allocations[i].device };
    memcpy(handle + 8, &e, sizeof e);
    return 1;
}

/* Maps the allocation an IPC handle describes from its owner process; NULL when that fails. */
static void *open_exported(const char *handle) {
    struct exported e;
    memcpy(&e, handle + 8, sizeof e);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", (int) e.pid, (int) e.fd);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return 0;
    char *p = mmap(0, e.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return 0;
    if (!enter(p, e.size, e.device, -1, 1)) { munmap(p, e.size); return 0; }
    return p;
}

/* IPC handles carry the exporting process's id: like the real runtimes, the mocks refuse to open a
 * handle in the process that exported it. */
static int is_mine(const char *handle) {
    struct exported e;
    memcpy(&e, handle + 8, sizeof e);
    return e.pid == getpid();
}

/* How many IPC handles were opened: the peers' path was taken. */
static int ipc_opens;
int mock_ipc_opens(void) { int n; LOCKED(n = ipc_opens); return n; }

/* What the test reads back: allocations not freed, and peers' allocations still mapped here. */
int mock_live_allocations(void) {
    int n = 0;
    LOCKED(for (int i = 0; i < MAX; i++) n += allocations[i].base != 0 && !allocations[i].opened);
    return n;
}
int mock_open_mappings(void) {
    int n = 0;
    LOCKED(for (int i = 0; i < MAX; i++) n += allocations[i].base != 0 && allocations[i].opened);
    return n;
}
