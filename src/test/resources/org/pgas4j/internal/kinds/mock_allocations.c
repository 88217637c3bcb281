/*
 * The part the MOCK device libraries share (the test prepends it to each): a table of the "device
 * memory" allocations (host memory from malloc, filled with garbage that pgas4j must zero), each
 * tagged with a device number, behind one lock because the PEs of a test are threads of one JVM.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX 64
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCKED(x) do { pthread_mutex_lock(&lock); x; pthread_mutex_unlock(&lock); } while (0)
static struct { char *base; size_t size; int device; } allocations[MAX];

/* The allocation holding p, or -1. */
static int allocation_of(const void *p) {
    int at = -1;
    LOCKED(for (int i = 0; i < MAX; i++)
        if (allocations[i].base && (const char *) p >= allocations[i].base
                && (const char *) p < allocations[i].base + allocations[i].size) at = i);
    return at;
}

/* A new allocation of size bytes on device, or NULL when the table is full. */
static void *track(size_t size, int device) {
    char *p = malloc(size ? size : 1);
    memset(p, 0x5a, size);
    int done = 0;
    LOCKED(for (int i = 0; i < MAX && !done; i++)
        if (!allocations[i].base) {
            allocations[i].base = p; allocations[i].size = size; allocations[i].device = device; done = 1;
        });
    if (!done) { free(p); return 0; }
    return p;
}

/* Frees the allocation that starts at p; 0 when there is none. */
static int untrack(void *p) {
    int i = allocation_of(p);
    if (i < 0 || allocations[i].base != p) return 0;
    LOCKED(allocations[i].base = 0);
    free(p);
    return 1;
}

/* IPC handles carry the exporting process's id: like the real runtimes, the mocks refuse to open a
 * handle in the process that exported it. */
static void exported_by_me(char *where) { pid_t me = getpid(); memcpy(where, &me, sizeof me); }
static int is_mine(const char *where) { pid_t who; memcpy(&who, where, sizeof who); return who == getpid(); }

/* How many IPC handles were opened: the peers' path was taken. */
static int ipc_opens;
int mock_ipc_opens(void) { int n; LOCKED(n = ipc_opens); return n; }

/* What the test reads back: allocations not freed. */
int mock_live_allocations(void) {
    int n = 0;
    LOCKED(for (int i = 0; i < MAX; i++) n += allocations[i].base != 0);
    return n;
}
