package org.pgas4j.launcher.testpes;

import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A PE for the AOT cache tests: a fetch-add to the next PE, a barrier, then prints
 * {@code aot PE <rank> of <size> counted <n>} (n is 1: one PE added to each).
 */
public final class AotPe {
    private AotPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        try (Shmem shmem = Shmem.init()) {
            SymmetricArray count = shmem.calloc(ShmemType.INT64, 1);
            shmem.barrierAll();
            shmem.ctxDefault().atomicFetchAdd(count, 0, 1, (shmem.myPe() + 1) % shmem.nPes());
            shmem.barrierAll();
            long n = shmem.ctxDefault().gLong(count, 0, shmem.myPe());
            System.out.println("aot PE " + shmem.myPe() + " of " + shmem.nPes() + " counted " + n);
        }
    }
}
