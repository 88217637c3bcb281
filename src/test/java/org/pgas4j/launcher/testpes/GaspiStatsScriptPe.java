package org.pgas4j.launcher.testpes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.gaspi.Gaspi;
import org.pgas4j.gaspi.GaspiDatatype;
import org.pgas4j.gaspi.GaspiOperation;
import org.pgas4j.gaspi.GaspiReturn;
import org.pgas4j.gaspi.MemoryDescription;

/**
 * A scripted GASPI job whose facade statistics are known exactly. Every rank r of n (n >= 2;
 * left = r-1, right = r+1, mod n), on segment 0 of 4 KiB:
 * <ul>
 *   <li>3 writes of 64 bytes, a writeNotify of 100 bytes (notification 0) and a writeList of 8 +
 *       24 bytes to right: gaspi_write 5, 324 bytes; gaspi_notify 1;</li>
 *   <li>2 reads of 16 bytes from left: gaspi_read 2, 32 bytes;</li>
 *   <li>2 atomicFetchAdd and 1 atomicCompareSwap on rank 0: gaspi_atomic 3, 24 bytes;</li>
 *   <li>a notify (notification 1) to right: gaspi_notify 2 in all, 8 bytes;</li>
 *   <li>a wait on queue 0, 2 notifyWaitsome (notifications 0 and 1, from left);</li>
 *   <li>a passiveSend of 40 bytes to right and a passiveReceive (from left);</li>
 *   <li>a barrier and an allreduce: gaspi_collective 2 against itself.</li>
 * </ul>
 * Waits: gaspi_wait 1, gaspi_notify_waitsome 2, gaspi_passive_receive 1, gaspi_barrier 1,
 * gaspi_collective 1 (the barriers of segmentUse and close are not the application's).
 */
public final class GaspiStatsScriptPe {
    private GaspiStatsScriptPe() {
    }

    public static void main(String[] args) {
        try (Gaspi g = Gaspi.init(Gaspi.BLOCK); Arena arena = Arena.ofShared()) {
            int r = g.rank();
            int n = g.ranks();
            int right = (r + 1) % n;
            int left = (r + n - 1) % n;
            MemorySegment buf = arena.allocate(4096, 4096);
            check(g.segmentUse(0, MemoryDescription.HOST, buf, 4096, Gaspi.GROUP_ALL, Gaspi.BLOCK));
            for (int i = 0; i < 3; i++) {
                check(g.write(0, 64L * i, right, 0, 1024 + 64L * i, 64, 0, Gaspi.BLOCK));
            }
            check(g.writeNotify(0, 0, right, 0, 1536, 100, 0, r + 1, 0, Gaspi.BLOCK));
            check(g.writeList(2, new int[] {0, 0}, new long[] {0, 8}, right, new int[] {0, 0}, new long[] {1700, 1708},
                    new long[] {8, 24}, 0, Gaspi.BLOCK));
            check(g.read(0, 2048, left, 0, 0, 16, 0, Gaspi.BLOCK));
            check(g.read(0, 2064, left, 0, 16, 16, 0, Gaspi.BLOCK));
            long[] old = new long[1];
            check(g.atomicFetchAdd(0, 3072, 0, 1, old, Gaspi.BLOCK));
            check(g.atomicFetchAdd(0, 3072, 0, 1, old, Gaspi.BLOCK));
            check(g.atomicCompareSwap(0, 3080, 0, 0, 1, old, Gaspi.BLOCK));
            check(g.notify(0, right, 1, 7, 0, Gaspi.BLOCK));
            check(g.wait(0, Gaspi.BLOCK));
            int[] first = new int[1];
            check(g.notifyWaitsome(0, 0, 1, first, Gaspi.BLOCK));
            g.notifyReset(0, 0);
            check(g.notifyWaitsome(0, 1, 1, first, Gaspi.BLOCK));
            g.notifyReset(0, 1);
            check(g.passiveSend(0, 0, right, 40, Gaspi.BLOCK));
            check(g.passiveReceive(0, 3584, new int[1], 40, Gaspi.BLOCK));
            check(g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK));
            MemorySegment one = arena.allocate(8);
            check(g.allreduce(one, arena.allocate(8), 1, GaspiOperation.SUM, GaspiDatatype.LONG, Gaspi.GROUP_ALL,
                    Gaspi.BLOCK));
            g.segmentDelete(0);
        }
        System.out.println("gaspi scripted rank done");
    }

    private static void check(GaspiReturn r) {
        if (r != GaspiReturn.SUCCESS) {
            throw new IllegalStateException("returned " + r);
        }
    }
}
