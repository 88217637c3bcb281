package org.pgas4j.launcher.testpes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.mpi.Comm;
import org.pgas4j.mpi.Datatype;
import org.pgas4j.mpi.Mpi;

/**
 * A scripted MPI-facade job whose facade statistics are known exactly. Every process r of n
 * (n >= 2; left = r-1, right = r+1, mod n):
 * <ul>
 *   <li>3 PUTs of 4 ints (16 bytes) to right, then an ACCEPT of left's 3 (3 serviced from left, 48 bytes);</li>
 *   <li>2 GETs of 2 longs (16 bytes) from left, then an OFFER servicing right's 2 (32 bytes);</li>
 *   <li>2 messages of 5 ints (20 bytes) sent to right; a probe, then 2 receives from left;</li>
 *   <li>a barrier; one PUTC of a long (8 bytes) to right and an ACCEPTC (1 serviced from left);</li>
 * </ul>
 * So mpi_put 4 (56 B) and mpi_send 2 (40 B) to right, mpi_get 2 (32 B) to left, mpi_service 4
 * (56 B) against left and 2 (32 B) against right, mpi_recv 2 (40 B) against left, mpi_collective
 * 2 against itself; waits: mpi_wait 6 (ACCEPT, OFFER, probe, 2 recv, ACCEPTC), mpi_barrier 1 (the
 * barriers of {@code Mpi.init} and {@code close} are not counted as the facade's).
 */
public final class MpiStatsScriptPe {
    private MpiStatsScriptPe() {
    }

    public static void main(String[] args) {
        try (Mpi mpi = Mpi.init(); Arena arena = Arena.ofConfined()) {
            Comm w = mpi.world();
            int r = w.rank();
            int n = w.size();
            int right = (r + 1) % n;
            int left = (r + n - 1) % n;
            MemorySegment base = arena.allocate(1024);
            int[] four = {r, r, r, r};
            for (int i = 0; i < 3; i++) {
                w.put(four, 4, Datatype.INT, right, 16L * i, 4, Datatype.INT, 1);
            }
            w.accept(base, 1024, 1, 1, 3);
            long[] two = new long[2];
            long[] three = new long[2];
            w.get(two, 2, Datatype.LONG, left, 0, 2, Datatype.LONG, 2);
            w.get(three, 2, Datatype.LONG, left, 16, 2, Datatype.LONG, 2);
            w.offer(base, 1024, 1, 2, 2);
            int[] five = {1, 2, 3, 4, 5};
            w.send(five, 5, Datatype.INT, right, 3);
            w.send(five, 5, Datatype.INT, right, 3);
            w.probe(left, 3);
            int[] in = new int[5];
            w.recv(in, 5, Datatype.INT, left, 3);
            w.recv(in, 5, Datatype.INT, left, 3);
            w.barrier();
            w.putC(new long[] {r}, 1, Datatype.LONG, right, 512, 1, Datatype.LONG, 4);
            w.acceptC(base, 1024, 1, 4);
        }
        System.out.println("mpi scripted process done");
    }
}
