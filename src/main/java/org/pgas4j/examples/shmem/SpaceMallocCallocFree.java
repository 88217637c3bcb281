package org.pgas4j.examples.shmem;

import java.lang.foreign.ValueLayout;
import org.pgas4j.shmem.DeviceType;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SpaceConfig;
import org.pgas4j.shmem.SpaceCreation;
import org.pgas4j.shmem.SymmetricArray;

/**
 * Seed 001's second example, in Java: a 128 MiB CPU space, a space_malloc and a space_calloc of
 * 16 ints, a team sync, both freed, then the team and the space destroyed. Each PE also checks
 * that calloc zeroed its block and that a put through the space reached its neighbour.
 *
 * <pre>bin/pgas4j run -np 4 --jvm-arg -Dpgas4j.shmem.symmetric.size=256m org.pgas4j.examples.shmem.SpaceMallocCallocFree</pre>
 */
public final class SpaceMallocCallocFree {
    private SpaceMallocCallocFree() {
    }

    /** Runs the example on this PE. */
    public static void main(String[] args) {
        try (Shmem shmem = Shmem.init()) {
            long size = Math.min(128L << 20, shmem.defaultSpace().sizePerPe() / 2);
            SpaceCreation created = shmem.spaceCreate(SpaceConfig.of(DeviceType.CPU, size));
            if (!created.succeeded() || !created.team().isValid()) {
                throw new IllegalStateException("space creation failed: " + created.reason());
            }
            int nelems = 16;
            SymmetricArray a = shmem.spaceMalloc(created.space(), ShmemType.INT, nelems);
            SymmetricArray b = shmem.spaceCalloc(created.space(), ShmemType.INT, nelems);
            for (int i = 0; i < nelems; i++) {
                if (shmem.local(b).getAtIndex(ValueLayout.JAVA_INT, i) != 0) {
                    throw new IllegalStateException("calloc left element " + i + " non-zero");
                }
            }
            created.team().sync();
            int right = (shmem.myPe() + 1) % shmem.nPes();
            shmem.ctxDefault().pInt(a, 0, 7000 + shmem.myPe(), right);
            shmem.barrierAll();
            int left = (shmem.myPe() + shmem.nPes() - 1) % shmem.nPes();
            int got = shmem.local(a).getAtIndex(ValueLayout.JAVA_INT, 0);
            if (got != 7000 + left) {
                throw new IllegalStateException("expected " + (7000 + left) + " from PE " + left + ", got " + got);
            }
            shmem.spaceFree(created.space(), a);
            shmem.spaceFree(created.space(), b);
            created.team().destroy();
            int status = shmem.spaceDestroy(created.space());
            System.out.println("PE " + shmem.myPe() + ": space of " + size + " bytes per PE: malloc, calloc (zeroed), "
                    + "a put from PE " + left + ", free, destroy (status " + status + "): verified");
        }
    }
}
