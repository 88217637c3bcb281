package org.pgas4j.launcher.testpes;

import org.pgas4j.bootstrap.SocketBootstrap;

/**
 * Joins and barriers; then PE {@code args[0]} exits with status {@code args[1]} while the others
 * wait in a second barrier that can never complete.
 */
public final class ExitStatusPe {
    private ExitStatusPe() {
    }

    /** @param args the failing rank and its exit status */
    public static void main(String[] args) {
        int failing = Integer.parseInt(args[0]);
        int status = Integer.parseInt(args[1]);
        SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv());
        b.barrier();
        if (b.rank() == failing) {
            System.exit(status);
        }
        b.barrier();
        System.out.println("PE " + b.rank() + " passed a barrier it should not have");
    }
}
