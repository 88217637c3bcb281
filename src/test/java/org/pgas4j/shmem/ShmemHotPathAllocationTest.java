package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.pgas4j.junit.PgasTest;
import org.pgas4j.testing.WarmAllocation;

/**
 * The facade's put, get, single-element, atomic and barrier calls allocate nothing once warm,
 * also when a context alternates between two spaces (its handle cache then moves between them):
 * measured with the JVM's per-thread allocation counter on each PE of a 2-PE in-JVM job.
 */
@Timeout(120)
class ShmemHotPathAllocationTest {
    private static final int WARM_UP = 100_000;
    private static final int MEASURED = 50_000;
    private static final int MEASURED_ROUNDS = 3;
    private static final int LARGE = 64 * 1024;
    private static final byte[] BYTES = new byte[LARGE];

    @PgasTest(pes = 2, properties = "pgas4j.shmem.symmetric.size=1m", timeoutSeconds = 100)
    void warmCallsAllocateNothing(Shmem s) {
        SpaceCreation created = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 4096));
        SymmetricArray a = s.calloc(ShmemType.LONG, 64);
        SymmetricArray b = s.spaceCalloc(created.space(), ShmemType.INT, 64);
        SymmetricArray large = s.calloc(ShmemType.INT8, LARGE + 64); // for 64 KiB array puts and gets
        ShmemContext c = s.ctxDefault();
        int right = (s.myPe() + 1) % s.nPes();
        long[] longs = new long[8];
        int[] ints = new int[8];
        run(s, c, a, b, large, right, longs, ints, WARM_UP);
        // The least of a few rounds: a round in which the JIT happened to deoptimize and recompile
        // (a class loaded by another test of this JVM) allocates a few kilobytes while interpreted;
        // an allocation per call allocates megabytes in every round.
        long bytes = WarmAllocation.leastOfWindows(MEASURED_ROUNDS, () -> run(s, c, a, b, large, right, longs, ints, MEASURED));
        s.barrierAll();
        s.free(a);
        s.free(large);
        s.spaceFree(created.space(), b);
        created.team().destroy();
        s.spaceDestroy(created.space());
        // A handful of bytes of noise is tolerated; one allocation per call would be megabytes.
        assertTrue(bytes < 16 * 1024, "allocated " + bytes + " bytes in the least of " + MEASURED_ROUNDS + " rounds");
    }

    private static void run(Shmem s, ShmemContext c, SymmetricArray a, SymmetricArray b, SymmetricArray large,
                            int right, long[] longs, int[] ints, int iterations) {
        for (int i = 0; i < iterations; i++) {
            c.put(a, 0, longs, 0, 8, right);
            c.putNbi(b, 8, ints, 0, 8, right);
            c.pLong(a, 16, i, right);
            c.gLong(a, 16, right);
            c.get(ints, 0, b, 0, 8, right);
            c.atomicFetchAdd(a, 32, 1, right);
            c.atomicAdd(b, 32, 1, right);
            if ((i & 1) == 0) { // often enough that the warm-up gets the copy compiled by C2
                c.put(large, 3, BYTES, 1, LARGE - 1, right);
                c.get(BYTES, 0, large, 64, LARGE, right);
            }
            if ((i & 1023) == 0) {
                c.quiet();
                s.barrierAll();
            }
        }
        c.quiet();
        s.barrierAll();
    }
}
