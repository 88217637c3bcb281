package org.pgas4j.launcher.testpes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.PeLocation;

/**
 * A PE of a job placed on hosts that moves enough data to be seen on the wire: like
 * {@link HostsPe}, but each PE puts {@link #BYTES} bytes, a pattern of its rank, into its right
 * neighbour's segment {@link #ROUNDS} times (a ring of bulk puts), checks every byte its left
 * neighbour put, then allreduces the ranks and prints
 * {@code PE r of n node i of k local l of m host h: ring ok, allreduce s, pid p}, the line of
 * {@link HostsPe}, then {@code PE r neighbourhood [..]} ({@link Client#neighbourhood()}). With {@code hold} it then sleeps (to be killed by a test) instead of closing.
 * Needs a segment of at least {@link #BYTES} bytes.
 */
public final class BulkRingPe {
    /** The bytes of one put of the ring. */
    public static final int BYTES = 1 << 20;
    /** How many times the ring is run. */
    public static final int ROUNDS = 4;

    private BulkRingPe() {
    }

    /**
     * Runs one PE.
     *
     * @param args {@code hold} to sleep after the checks
     */
    public static void main(String[] args) throws InterruptedException {
        Client client = Client.init();
        Team world = client.world();
        Rma rma = client.rma();
        int me = world.rank();
        int n = world.size();
        int left = (me - 1 + n) % n;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(BYTES, 4096);
            MemorySegment got = arena.allocate(BYTES, 4096);
            for (int round = 0; round < ROUNDS; round++) {
                src.fill(pattern(me, round));
                rma.put(world, (me + 1) % n, 0, src, 0, BYTES);
                world.barrier();
                rma.get(world, me, 0, got, 0, BYTES);
                byte want = pattern(left, round);
                for (long i = 0; i < BYTES; i++) {
                    byte b = got.get(ValueLayout.JAVA_BYTE, i);
                    if (b != want) {
                        System.err.println("PE " + me + ": ring FAILED in round " + round + " at byte " + i
                                + ": expected " + want + ", found " + b);
                        System.exit(3);
                    }
                }
                world.barrier();
            }
        }
        long[] sum = new long[1];
        client.collectives().allreduce(world, sum, new long[] {me}, ReduceOp.SUM);
        PeLocation at = client.location();
        System.out.println("PE " + me + " of " + n + " node " + at.host() + " of " + at.hosts() + " local "
                + at.localRank() + " of " + at.localSize() + " host " + at.hostName() + ": ring ok, allreduce " + sum[0]
                + ", pid " + ProcessHandle.current().pid());
        System.out.println("PE " + me + " neighbourhood " + java.util.Arrays.toString(client.neighbourhood()));
        System.out.flush();
        if (args.length > 0 && args[0].equals("hold")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        client.close();
    }

    private static byte pattern(int rank, int round) {
        return (byte) (rank * 16 + round + 1);
    }
}
