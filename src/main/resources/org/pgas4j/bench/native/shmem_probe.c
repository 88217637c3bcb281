/* pgas4j bench --native: the OpenSHMEM side, written for pgas4j. Build: oshcc -O2.
 * Usage: shmem_probe rma SECONDS BARRIERS SIZE...   PE 0 against PE 1: putmem + quiet and getmem
 *          latency by size, 8-byte putmem_nbi rate (windows of 64 + quiet), fetch-add and
 *          compare-swap latency; every PE: barrier_all, BARRIERS times.
 *        shmem_probe atomics SECONDS BARRIERS       as rma, with only fetch-add and compare-swap.
 *        shmem_probe coll SECONDS BARRIERS          every PE: barrier_all and an 8-byte sum to all.
 *        shmem_probe startup                       init, one barrier_all, finalize.
 * Prints RESULT native_shmem_* lines (microseconds, M messages/s). */
#include <shmem.h>
#include <stdlib.h>
#include <string.h>
#include "probe_timing.h"

#define WINDOW 64
static char *dst;
static char *src;
static long *word;
static long swap_value;

static void put_quiet(long size) { shmem_putmem(dst, src, (size_t) size, 1); shmem_quiet(); }
static void get(long size) { shmem_getmem(src, dst, (size_t) size, 1); }
static void put_window(long size) {
    for (int i = 0; i < WINDOW; i++) shmem_putmem_nbi(dst, src, (size_t) size, 1);
    shmem_quiet();
}
static void fetch_add(long unused) { (void) unused; shmem_long_atomic_fetch_add(word, 1, 1); }
static void compare_swap(long unused) {
    (void) unused;
    swap_value = shmem_long_atomic_compare_swap(word, swap_value, swap_value + 1, 1) + 1;
}

static double barriers(long n) {
    for (long i = 0; i < n / 10 + 1; i++) shmem_barrier_all();
    double start = probe_now();
    for (long i = 0; i < n; i++) shmem_barrier_all();
    return (probe_now() - start) / n;
}

static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long reduce_in;
static long reduce_out;

static double allreduces(long n) {
    double start = 0;
    for (long i = -(n / 10 + 1); i < n; i++) {
        if (i == 0) start = probe_now();
        shmem_long_sum_to_all(&reduce_out, &reduce_in, 1, 0, 0, shmem_n_pes(), pwrk, psync);
    }
    return (probe_now() - start) / n;
}

int main(int argc, char **argv) {
    shmem_init();
    int me = shmem_my_pe();
    if (argc < 2) {
        if (me == 0) fprintf(stderr, "usage: shmem_probe rma|coll|startup ...\n");
        shmem_finalize();
        return 2;
    }
    if (strcmp(argv[1], "startup") == 0) {
        shmem_barrier_all();
        shmem_finalize();
        return 0;
    }
    double seconds = atof(argv[2]);
    long n = atol(argv[3]);
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    if (strcmp(argv[1], "coll") == 0) {
        shmem_barrier_all();
        double b = barriers(n);
        reduce_in = me;
        double r = allreduces(n);
        if (me == 0) {
            probe_result("native_shmem_barrier_us", -1, b * 1e6);
            probe_result("native_shmem_allreduce_us", -1, r * 1e6);
        }
        shmem_finalize();
        return 0;
    }
    long largest = 8;
    for (int i = 4; i < argc; i++) if (atol(argv[i]) > largest) largest = atol(argv[i]);
    dst = shmem_malloc((size_t) largest);
    word = shmem_calloc(1, sizeof(long));
    src = malloc((size_t) largest);
    memset(src, 0x5a, (size_t) largest);
    shmem_barrier_all();
    int transfers = strcmp(argv[1], "atomics") != 0;
    if (me == 0 && shmem_n_pes() > 1 && transfers) {
        for (int i = 4; i < argc; i++) {
            long size = atol(argv[i]);
            probe_result("native_shmem_put_lat_us", size, probe_time(put_quiet, size, seconds) * 1e6);
        }
        for (int i = 4; i < argc; i++) {
            long size = atol(argv[i]);
            probe_result("native_shmem_get_lat_us", size, probe_time(get, size, seconds) * 1e6);
        }
        probe_result("native_shmem_put_mr_mps", -1, WINDOW / probe_time(put_window, 8, seconds) / 1e6);
    }
    if (me == 0 && shmem_n_pes() > 1) {
        probe_result("native_shmem_fadd_lat_us", -1, probe_time(fetch_add, 0, seconds) * 1e6);
        swap_value = shmem_long_atomic_fetch(word, 1);
        probe_result("native_shmem_cswap_lat_us", -1, probe_time(compare_swap, 0, seconds) * 1e6);
    }
    shmem_barrier_all();
    double b = barriers(n);
    if (me == 0) probe_result("native_shmem_barrier_us", -1, b * 1e6);
    shmem_barrier_all();
    shmem_free(dst);
    shmem_free(word);
    free(src);
    shmem_finalize();
    return 0;
}
