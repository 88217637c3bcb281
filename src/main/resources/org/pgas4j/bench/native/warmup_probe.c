/* pgas4j bench warmup --native: the OpenSHMEM side of WarmupPe, written for pgas4j. Build: oshcc -O2.
 * Usage: warmup_probe lockstep|stream STEPS PASSES
 *   lockstep: every PE, every step: count = 0; barrier_all; slot = fetch-add(count on the next PE);
 *             p(updates[slot] on the next PE); barrier_all; fold what arrived.
 *   stream:   PE 0, every step: long p, long g and fetch-add to PE 1; PE 1 waits in barrier_all.
 * PE 0 prints RESULT native_<loop>_first1k_us, _first65k_us (pass 1), _pass2_us, _steady_us (the
 * last pass), microseconds per step. Exits 1 when a loop computed a wrong result. */
#include <shmem.h>
#include <stdlib.h>
#include <string.h>
#include "probe_timing.h"

#define FIRST 1000
#define STREAM_WORDS 1024
static long count;
static long updates[STREAM_WORDS];

static int lockstep_pass(int steps, int pass, double *first) {
    int me = shmem_my_pe(), peer = (me + 1) % shmem_n_pes();
    long sum = 0;
    for (int i = 0; i < steps; i++) {
        count = 0;
        shmem_barrier_all();
        long slot = shmem_long_atomic_fetch_add(&count, 1, peer);
        shmem_long_p(&updates[slot], i + 1, peer);
        shmem_barrier_all();
        long arrived = shmem_long_atomic_fetch(&count, me);
        for (long s = 0; s < arrived; s++) sum += updates[s];
        if (i + 1 == FIRST && pass == 0) *first = probe_now();
    }
    return sum == (long) steps * (steps + 1) / 2;
}

static int stream_pass(int steps, int pass, double *first) {
    long seen = 0;
    for (int i = 0; i < steps; i++) {
        int word = i & (STREAM_WORDS - 1);
        shmem_long_p(&updates[word], i, 1);
        seen += shmem_long_g(&updates[word], 1);
        shmem_long_atomic_fetch_add(&count, 1, 1);
        if (i + 1 == FIRST && pass == 0) *first = probe_now();
    }
    return seen == (long) steps * (steps - 1) / 2;
}

int main(int argc, char **argv) {
    shmem_init();
    int me = shmem_my_pe();
    if (argc < 4 || (strcmp(argv[1], "lockstep") != 0 && strcmp(argv[1], "stream") != 0) || shmem_n_pes() != 2) {
        if (me == 0) fprintf(stderr, "usage: warmup_probe lockstep|stream STEPS PASSES (2 PEs)\n");
        shmem_finalize();
        return 2;
    }
    int lockstep = strcmp(argv[1], "lockstep") == 0;
    int steps = atoi(argv[2]), passes = atoi(argv[3]), ok = 1;
    double marks[passes + 1], first = 0;
    count = 0;
    shmem_barrier_all();
    for (int p = 0; p < passes; p++) {
        marks[p] = probe_now();
        if (lockstep) ok &= lockstep_pass(steps, p, &first);
        else if (me == 0) ok &= stream_pass(steps, p, &first);
    }
    marks[passes] = probe_now();
    shmem_barrier_all();
    if (!lockstep && me == 1 && count != (long) steps * passes) ok = 0;
    if (!ok) fprintf(stderr, "warmup_probe %s: PE %d computed a wrong result\n", argv[1], me);
    if (me == 0 && ok) {
        char key[64];
        const char *loop = lockstep ? "lockstep" : "stream";
        snprintf(key, sizeof key, "native_%s_first1k_us", loop);
        probe_result(key, -1, (first - marks[0]) * 1e6 / FIRST);
        snprintf(key, sizeof key, "native_%s_first65k_us", loop);
        probe_result(key, -1, (marks[1] - marks[0]) * 1e6 / steps);
        if (passes > 2) {
            snprintf(key, sizeof key, "native_%s_pass2_us", loop);
            probe_result(key, -1, (marks[2] - marks[1]) * 1e6 / steps);
        }
        snprintf(key, sizeof key, "native_%s_steady_us", loop);
        probe_result(key, -1, (marks[passes] - marks[passes - 1]) * 1e6 / steps);
    }
    shmem_finalize();
    return ok ? 0 : 1;
}
