package org.pgas4j.examples.shmem;

import org.pgas4j.shmem.DeviceType;
import org.pgas4j.shmem.MemorySpace;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemContext;
import org.pgas4j.shmem.ShmemTeam;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SpaceConfig;
import org.pgas4j.shmem.SpaceCreation;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A memory space on simulated device memory that only half the PEs can see. Run with the host's
 * simulated device visible to the lower half of the job:
 *
 * <pre>bin/pgas4j run -np 4 --jvm-arg -Dpgas4j.devsim.devices=1 --jvm-arg -Dpgas4j.devsim.visible=0=lower-half org.pgas4j.examples.shmem.DeviceSpaceOnHalfThePes</pre>
 *
 * <p>space_create is collective over the world: PEs 0 and 1 get a DEVICE_SIM space and its
 * two-PE team, PEs 2 and 3 get SHMEM_SPACE_INVALID and SHMEM_TEAM_INVALID (and space_malloc on
 * the invalid handle returns null). The members pass their numbers around a ring in device
 * memory (puts land in device memory through the kind's copy functions) and count with atomics
 * that the owner performs, then free and destroy.
 */
public final class DeviceSpaceOnHalfThePes {
    private DeviceSpaceOnHalfThePes() {
    }

    /** Runs the example on this PE. */
    public static void main(String[] args) {
        try (Shmem shmem = Shmem.init()) {
            SpaceCreation created = shmem.spaceCreate(SpaceConfig.of(DeviceType.DEVICE_SIM, 1 << 20));
            if (!created.succeeded()) {
                throw new IllegalStateException("space creation failed on every PE: " + created.reason());
            }
            int me = shmem.myPe();
            if (!created.isMember()) {
                if (created.team() != ShmemTeam.INVALID || shmem.spaceMalloc(created.space(), ShmemType.LONG, 8) != null) {
                    throw new IllegalStateException("a non-member must hold invalid handles");
                }
                System.out.println("PE " + me + ": no simulated device visible here: SHMEM_SPACE_INVALID and "
                        + "SHMEM_TEAM_INVALID, space_malloc returns null: verified");
            } else {
                ring(shmem, created.space(), created.team());
                created.team().destroy();
            }
            int status = shmem.spaceDestroy(created.space()); // 0, and nothing to do, for the invalid handle
            if (status != 0) {
                throw new IllegalStateException("space_destroy returned " + status);
            }
            shmem.barrierAll();
        }
    }

    private static void ring(Shmem shmem, MemorySpace space, ShmemTeam team) {
        SymmetricArray slot = shmem.spaceCalloc(space, ShmemType.LONG, 2);
        int n = team.nPes();
        int rank = team.myPe();
        int right = (rank + 1) % n;
        ShmemContext ctx = team.createContext(0);
        ctx.put(slot, 0, new long[] {100 + shmem.myPe()}, 0, 1, right);
        ctx.atomicAdd(slot, 1, 1, 0);
        ctx.quiet();
        team.sync();
        long[] got = new long[2];
        ctx.get(got, 0, slot, 0, 2, rank);
        int left = (rank + n - 1) % n;
        int leftPe = team.translatePe(left, shmem.teamWorld());
        if (got[0] != 100 + leftPe) {
            throw new IllegalStateException("expected " + (100 + leftPe) + " from PE " + leftPe + ", got " + got[0]);
        }
        long[] count = new long[1];
        ctx.get(count, 0, slot, 1, 1, 0);
        if (count[0] != n) {
            throw new IllegalStateException("expected " + n + " atomic increments at space PE 0, got " + count[0]);
        }
        team.sync();
        ctx.destroy();
        shmem.spaceFree(space, slot);
        System.out.println("PE " + shmem.myPe() + ": DEVICE_SIM space on " + n + " of " + shmem.nPes() + " PEs (space PE "
                + rank + "): ring value " + got[0] + " from PE " + leftPe + ", " + count[0]
                + " owner-performed increments: verified");
    }
}
