package org.pgas4j.launcher.testpes;

import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A scripted OpenSHMEM-facade job whose facade statistics are known exactly. Every PE r of n
 * (right = r+1, left = r-1, mod n):
 * <ul>
 *   <li>3 {@code pLong} and one {@code put} of 4 longs to right: shmem_put 4 (3 x 8 + 32 = 56 B);</li>
 *   <li>2 {@code gLong} and one {@code get} of 2 longs from left: shmem_get 3 (2 x 8 + 16 = 32 B);</li>
 *   <li>a long {@code atomicFetchAdd} and an int {@code atomicAdd} to right: shmem_amo 2 (8 + 4 = 12 B);</li>
 *   <li>2 {@code barrierAll} and a broadcast of 4 longs: shmem_collective 3 against itself (32 B,
 *       its contribution to the broadcast).</li>
 * </ul>
 */
public final class ShmemStatsScriptPe {
    private ShmemStatsScriptPe() {
    }

    public static void main(String[] args) {
        try (Shmem shmem = Shmem.init()) {
            int r = shmem.myPe();
            int n = shmem.nPes();
            int right = (r + 1) % n;
            int left = (r + n - 1) % n;
            SymmetricArray longs = shmem.malloc(ShmemType.LONG, 16);
            SymmetricArray ints = shmem.malloc(ShmemType.INT, 8);
            SymmetricArray source = shmem.malloc(ShmemType.LONG, 4);
            SymmetricArray dest = shmem.malloc(ShmemType.LONG, 4);
            var ctx = shmem.ctxDefault();
            for (int i = 0; i < 3; i++) {
                ctx.pLong(longs, i, r, right);
            }
            ctx.put(longs, 4, new long[] {1, 2, 3, 4}, 0, 4, right);
            shmem.barrierAll();
            long sum = ctx.gLong(longs, 0, left) + ctx.gLong(longs, 1, left);
            long[] two = new long[2];
            ctx.get(two, 0, longs, 4, 2, left);
            ctx.atomicFetchAdd(longs, 8, 1, right);
            ctx.atomicAdd(ints, 0, 1, right);
            shmem.barrierAll();
            shmem.collectives().broadcast(shmem.teamWorld(), dest, source, 4, 0);
            if (sum != 2L * ((r + 2 * n - 2) % n) || two[0] != 1 || two[1] != 2) { // left holds what its left stored
                throw new AssertionError("PE " + r + " read " + sum + ", " + two[0] + ", " + two[1]);
            }
        }
        System.out.println("shmem scripted PE done");
    }
}
