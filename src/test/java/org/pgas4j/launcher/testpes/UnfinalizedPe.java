package org.pgas4j.launcher.testpes;

import org.pgas4j.bootstrap.SocketBootstrap;

/** Joins and barriers; PE 1 then exits 0 without closing while PE 0 sleeps, unfinalized. */
public final class UnfinalizedPe {
    private UnfinalizedPe() {
    }

    /** @param args unused */
    public static void main(String[] args) throws InterruptedException {
        SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv());
        b.barrier();
        if (b.rank() == 1) {
            System.exit(0);
        }
        Thread.sleep(60_000);
    }
}
