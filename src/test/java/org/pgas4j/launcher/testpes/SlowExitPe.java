package org.pgas4j.launcher.testpes;

import org.pgas4j.Client;

/**
 * Initialises and barriers; then PE {@code args[0]} exits with status {@code args[1]} through a
 * shutdown hook that holds its JVM for {@code args[2]} milliseconds after pgas4j's own exit hook
 * has closed its connection to the launcher (as a JVM writing an AOT cache at exit does), while
 * the others wait in a second barrier that can never complete.
 */
public final class SlowExitPe {
    private SlowExitPe() {
    }

    /** @param args the exiting rank, its exit status and how long its exit takes, in milliseconds */
    public static void main(String[] args) {
        int exiting = Integer.parseInt(args[0]);
        int status = Integer.parseInt(args[1]);
        long exitMillis = Long.parseLong(args[2]);
        Client c = Client.init();
        c.world().barrier();
        if (c.jobRank() == exiting) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Thread.sleep(exitMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            System.exit(status);
        }
        c.world().barrier();
        System.out.println("PE " + c.jobRank() + " passed a barrier it should not have");
    }
}
