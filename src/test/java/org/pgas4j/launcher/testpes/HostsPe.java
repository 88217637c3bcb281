package org.pgas4j.launcher.testpes;

import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.PeLocation;

/**
 * A PE of a job placed on hosts: initialises a client, puts its rank into its right neighbour's
 * segment (a ring), checks what its left neighbour put, allreduces the ranks and prints
 * {@code PE r of n node i of k local l of m host h: ring ok, allreduce s, pid p}. With
 * {@code hold} it then sleeps (to be killed by a test) instead of closing.
 */
public final class HostsPe {
    private HostsPe() {
    }

    /** @param args {@code hold} to sleep after the checks */
    public static void main(String[] args) throws InterruptedException {
        Client client = Client.init();
        Team world = client.world();
        Rma rma = client.rma();
        int me = world.rank();
        int n = world.size();
        rma.putLong(world, (me + 1) % n, 0, 100L + me);
        world.barrier();
        long got = rma.getLong(world, me, 0);
        int left = (me - 1 + n) % n;
        if (got != 100L + left) {
            System.err.println("PE " + me + ": ring FAILED: expected " + (100 + left) + ", found " + got);
            System.exit(3);
        }
        long[] sum = new long[1];
        client.collectives().allreduce(world, sum, new long[] {me}, ReduceOp.SUM);
        PeLocation at = client.location();
        System.out.println("PE " + me + " of " + n + " node " + at.host() + " of " + at.hosts() + " local "
                + at.localRank() + " of " + at.localSize() + " host " + at.hostName() + ": ring ok, allreduce " + sum[0]
                + ", pid " + ProcessHandle.current().pid());
        System.out.flush();
        if (args.length > 0 && args[0].equals("hold")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        client.close();
    }
}
