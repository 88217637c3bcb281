/* pgas4j bench --native: the OpenSHMEM side, written for pgas4j. Build: oshcc -O2.
 * Usage: shmem_probe rma SECONDS BARRIERS SIZE...   PE 0 against PE 1: putmem + quiet and getmem
 *          latency by size, 8-byte putmem_nbi rate (windows of 64 + quiet), fetch-add and
 *          compare-swap latency; every PE: barrier_all, BARRIERS times.
 *        shmem_probe atomics SECONDS BARRIERS       as rma, with only fetch-add and compare-swap.
 *        shmem_probe xor SECONDS BARRIERS           PE 0: shmem_long_atomic_xor to pseudo-random words of
 *          a 1 MiB table on PE 1, batches of 1024 + quiet (the rate, updates/s), PE 1 meanwhile in
 *          shmem_long_wait_until for the count PE 0 puts at the end; then PE 1 checks the table.
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

#define XOR_BATCH 1024
#define XOR_WORDS (1L << 17)
static long *table;
static unsigned long xor_state = 1;
static long xor_updates;

/* The generator and the word it picks, as AtomicsXorRatePe's (xorshift64). */
static unsigned long xor_next(unsigned long s) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static void xor_batch(long unused) {
    (void) unused;
    for (int i = 0; i < XOR_BATCH; i++) {
        xor_state = xor_next(xor_state);
        shmem_long_atomic_xor(&table[(xor_state >> 11) & (XOR_WORDS - 1)], (long) xor_state, 1);
    }
    shmem_quiet();
    xor_updates += XOR_BATCH;
}

/* PE 1: the table holds exactly the xors of the first `n` states. */
static int xor_check(long n) {
    long *expected = calloc(XOR_WORDS, sizeof(long));
    unsigned long s = 1;
    for (long i = 0; i < n; i++) { s = xor_next(s); expected[(s >> 11) & (XOR_WORDS - 1)] ^= (long) s; }
    int bad = memcmp(expected, table, XOR_WORDS * sizeof(long)) != 0;
    free(expected);
    return bad;
}

static int xor_rate(double seconds) {
    int me = shmem_my_pe();
    table = shmem_calloc(XOR_WORDS + 1, sizeof(long));
    shmem_barrier_all();
    if (me == 0 && shmem_n_pes() > 1) {
        double rate = XOR_BATCH / probe_time(xor_batch, 0, seconds);
        probe_result("native_shmem_xor_rate_per_s", -1, rate);
        shmem_long_p(&table[XOR_WORDS], xor_updates, 1);
        shmem_quiet();
    } else if (me == 1) {
        /* Waiting in a routine that progresses UCX: over tcp the target performs the atomics. */
        shmem_long_wait_until(&table[XOR_WORDS], SHMEM_CMP_NE, 0);
    }
    shmem_barrier_all();
    int bad = me == 1 && xor_check(table[XOR_WORDS]);
    if (bad) fprintf(stderr, "shmem_probe xor: PE 1's table is wrong after %ld updates\n", table[XOR_WORDS]);
    shmem_barrier_all();
    shmem_free(table);
    return bad;
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
        if (me == 0) fprintf(stderr, "usage: shmem_probe rma|atomics|xor|coll|startup ...\n");
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
    if (strcmp(argv[1], "xor") == 0) {
        int bad = xor_rate(seconds);
        shmem_finalize();
        return bad;
    }
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
