package org.pgas4j.launcher.testpes;

import org.pgas4j.bootstrap.SocketBootstrap;

/**
 * Joins, barriers, prints {@code joined PE <rank> pid <pid>}; then PE {@code args[0]} (every PE
 * when it is {@code all}) sleeps for ever while the others close and exit 0.
 */
public final class SleepPe {
    private SleepPe() {
    }

    /** @param args the sleeping rank, or {@code all} */
    public static void main(String[] args) throws InterruptedException {
        SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv());
        b.barrier();
        System.out.println("joined PE " + b.rank() + " pid " + ProcessHandle.current().pid());
        if (args[0].equals("all") || Integer.parseInt(args[0]) == b.rank()) {
            Thread.sleep(Long.MAX_VALUE);
        }
        b.close();
    }
}
