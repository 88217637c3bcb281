package org.pgas4j.launcher.testpes;

import org.pgas4j.shmem.Cmp;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A long shmem wait_until for the JFR tests: PE 0 waits until its flag is 1, which PE 1 sets with
 * an atomic after sleeping 300 ms.
 */
public final class ShmemWaitPe {
    private ShmemWaitPe() {
    }

    /** @param args unused */
    public static void main(String[] args) throws InterruptedException {
        try (Shmem s = Shmem.init()) {
            SymmetricArray flag = s.calloc(ShmemType.LONG, 1);
            s.barrierAll();
            if (s.myPe() == 1) {
                Thread.sleep(300);
                s.ctxDefault().atomicSet(flag, 0, 1, 0);
            } else if (s.myPe() == 0) {
                s.waitUntil(flag, 0, Cmp.EQ, 1);
            }
            s.barrierAll();
            System.out.println("shmem-wait-pe " + s.myPe() + " done");
        }
    }
}
