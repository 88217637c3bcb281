/* pgas4j bench --native: the MPI-3 one-sided side, written for pgas4j. Build: mpicc -O2.
 * Usage: mpi_rma_probe rma SECONDS BARRIERS SIZE...   rank 0 against rank 1 on a window of
 *          MPI_Win_allocate under MPI_Win_lock_all: MPI_Put + MPI_Win_flush and MPI_Get +
 *          MPI_Win_flush latency by size, MPI_Fetch_and_op (sum) and MPI_Compare_and_swap + flush;
 *          every rank: MPI_Barrier, BARRIERS times.
 *        mpi_rma_probe atomics SECONDS BARRIERS       as rma, with only fetch-and-op and compare-and-swap.
 *        mpi_rma_probe coll SECONDS BARRIERS          every rank: MPI_Barrier and an 8-byte MPI_Allreduce.
 * Prints RESULT native_mpi_* lines (microseconds). */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include "probe_timing.h"

static MPI_Win win;
static char *src;
static long one = 1;
static long fetched;
static long expected;

static void put_flush(long size) {
    MPI_Put(src, (int) size, MPI_BYTE, 1, 0, (int) size, MPI_BYTE, win);
    MPI_Win_flush(1, win);
}
static void get_flush(long size) {
    MPI_Get(src, (int) size, MPI_BYTE, 1, 0, (int) size, MPI_BYTE, win);
    MPI_Win_flush(1, win);
}
static void fetch_add(long unused) {
    (void) unused;
    MPI_Fetch_and_op(&one, &fetched, MPI_LONG, 1, 0, MPI_SUM, win);
    MPI_Win_flush(1, win);
}
static void compare_swap(long unused) {
    (void) unused;
    long desired = expected + 1;
    MPI_Compare_and_swap(&desired, &expected, &fetched, MPI_LONG, 1, 0, win);
    MPI_Win_flush(1, win);
    expected = fetched == expected ? desired : fetched;
}

static double barriers(long n) {
    for (long i = 0; i < n / 10 + 1; i++) MPI_Barrier(MPI_COMM_WORLD);
    double start = probe_now();
    for (long i = 0; i < n; i++) MPI_Barrier(MPI_COMM_WORLD);
    return (probe_now() - start) / n;
}

static double allreduces(long n, int me) {
    long in = me, out = 0;
    double start = 0;
    for (long i = -(n / 10 + 1); i < n; i++) {
        if (i == 0) start = probe_now();
        MPI_Allreduce(&in, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    return (probe_now() - start) / n;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int me, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 4) {
        if (me == 0) fprintf(stderr, "usage: mpi_rma_probe rma|coll SECONDS BARRIERS [SIZE...]\n");
        MPI_Finalize();
        return 2;
    }
    double seconds = atof(argv[2]);
    long n = atol(argv[3]);
    if (strcmp(argv[1], "coll") == 0) {
        double b = barriers(n);
        double r = allreduces(n, me);
        if (me == 0) {
            probe_result("native_mpi_barrier_us", -1, b * 1e6);
            probe_result("native_mpi_allreduce_us", -1, r * 1e6);
        }
        MPI_Finalize();
        return 0;
    }
    long largest = 8;
    for (int i = 4; i < argc; i++) if (atol(argv[i]) > largest) largest = atol(argv[i]);
    void *base;
    MPI_Win_allocate((MPI_Aint) largest, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    memset(base, 0, (size_t) largest);
    src = malloc((size_t) largest);
    memset(src, 0x5a, (size_t) largest);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    if (me == 0 && size > 1) {
        for (int i = 4; i < argc && strcmp(argv[1], "atomics") != 0; i++) {
            long s = atol(argv[i]);
            probe_result("native_mpi_put_lat_us", s, probe_time(put_flush, s, seconds) * 1e6);
        }
        for (int i = 4; i < argc && strcmp(argv[1], "atomics") != 0; i++) {
            long s = atol(argv[i]);
            probe_result("native_mpi_get_lat_us", s, probe_time(get_flush, s, seconds) * 1e6);
        }
        probe_result("native_mpi_fadd_lat_us", -1, probe_time(fetch_add, 0, seconds) * 1e6);
        expected = 0;
        probe_result("native_mpi_cswap_lat_us", -1, probe_time(compare_swap, 0, seconds) * 1e6);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    double b = barriers(n);
    if (me == 0) probe_result("native_mpi_barrier_us", -1, b * 1e6);
    MPI_Win_free(&win);
    free(src);
    MPI_Finalize();
    return 0;
}
