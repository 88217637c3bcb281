/* Timing shared by pgas4j's native bench probes (written for pgas4j, compiled at bench time). */
#ifndef PGAS4J_PROBE_TIMING_H
#define PGAS4J_PROBE_TIMING_H
#include <stdio.h>
#include <time.h>

static double probe_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Runs op(arg) for a quarter of `seconds` to warm up, then in doubling batches until `seconds`
 * have passed; returns the seconds per call. */
static double probe_time(void (*op)(long), long arg, double seconds) {
    double end = probe_now() + seconds / 4;
    while (probe_now() < end) {
        for (int i = 0; i < 16; i++) op(arg);
    }
    long batch = 1, count = 0;
    double start = probe_now(), elapsed;
    do {
        for (long i = 0; i < batch; i++) op(arg);
        count += batch;
        if (batch < (1L << 20)) batch *= 2;
        elapsed = probe_now() - start;
    } while (elapsed < seconds);
    return elapsed / count;
}

/* One figure, in the RESULT line format of org.pgas4j.bench.ResultLine. */
static void probe_result(const char *key, long size, double value) {
    if (size >= 0) printf("RESULT %s/%ld %.17g\n", key, size, value);
    else printf("RESULT %s %.17g\n", key, value);
    fflush(stdout);
}
#endif
