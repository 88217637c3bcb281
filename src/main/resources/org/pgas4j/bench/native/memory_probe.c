/* pgas4j bench --native: the machine's own limits, written for pgas4j. Build: gcc -O2.
 * Usage: memory_probe SECONDS SIZE...
 * memcpy bandwidth by size in one process (hot buffers), and the one-way latency of a cache-line
 * ping-pong between two processes on a MAP_SHARED anonymous page (the parent on one core, the child
 * on another when the machine has two). Prints RESULT native_memcpy_bw_MBps/SIZE and
 * native_pingpong_oneway_us lines. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "probe_timing.h"

#if defined(__x86_64__) || defined(__i386__)
#define SPIN_HINT() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define SPIN_HINT() __asm__ __volatile__("yield")
#else
#define SPIN_HINT() do { } while (0)
#endif

static char *from;
static char *to;

static void copy(long size) {
    memcpy(to, from, (size_t) size);
    __asm__ __volatile__("" : : "r"(to) : "memory"); /* the copy is not optimised away */
}

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu % (int) sysconf(_SC_NPROCESSORS_ONLN), &set);
    sched_setaffinity(0, sizeof set, &set);
}

/* Each side waits for the counter to reach its turn, then hands it on: rounds round trips. */
static double pingpong(double seconds) {
    volatile uint64_t *line = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (line == MAP_FAILED) return -1;
    long rounds = 1000;
    double elapsed = 0;
    for (;;) {
        *line = 0;
        pid_t child = fork();
        if (child == 0) {
            pin(1);
            for (uint64_t i = 1; i < 2 * (uint64_t) rounds; i += 2) {
                while (__atomic_load_n(line, __ATOMIC_ACQUIRE) != i) SPIN_HINT();
                __atomic_store_n(line, i + 1, __ATOMIC_SEQ_CST);
            }
            _exit(0);
        }
        pin(0);
        double start = probe_now();
        for (uint64_t i = 0; i < 2 * (uint64_t) rounds; i += 2) {
            __atomic_store_n(line, i + 1, __ATOMIC_SEQ_CST);
            while (__atomic_load_n(line, __ATOMIC_ACQUIRE) != i + 2) SPIN_HINT();
        }
        elapsed = probe_now() - start;
        waitpid(child, NULL, 0);
        if (elapsed >= seconds || rounds > (1L << 26)) break;
        rounds *= 4;
    }
    munmap((void *) line, 4096);
    return elapsed / rounds / 2;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: memory_probe SECONDS SIZE...\n");
        return 2;
    }
    double seconds = atof(argv[1]);
    long largest = 8;
    for (int i = 2; i < argc; i++) if (atol(argv[i]) > largest) largest = atol(argv[i]);
    from = aligned_alloc(4096, (size_t) ((largest + 4095) / 4096 * 4096));
    to = aligned_alloc(4096, (size_t) ((largest + 4095) / 4096 * 4096));
    memset(from, 0x5a, (size_t) largest);
    memset(to, 0, (size_t) largest);
    for (int i = 2; i < argc; i++) {
        long size = atol(argv[i]);
        double per = probe_time(copy, size, seconds);
        probe_result("native_memcpy_bw_MBps", size, size / per / 1e6);
    }
    probe_result("native_pingpong_oneway_us", -1, pingpong(seconds) * 1e6);
    free(from);
    free(to);
    return 0;
}
