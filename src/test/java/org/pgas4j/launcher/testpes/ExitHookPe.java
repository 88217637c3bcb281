package org.pgas4j.launcher.testpes;

import org.pgas4j.Client;

/**
 * A PE that, from a shutdown hook of its own, waits (up to 5 s) for its bootstrap's watchdog
 * thread to end and prints {@code PE N watchdog ended at exit: B}. A watchdog still blocked in its
 * socket read at the JVM's exit is in native code, which the JVM's last safepoint waits up to 300 ms
 * for; pgas4j's exit hook closes the connection so that it ends. With the argument {@code
 * unfinalized}, the PE exits with status 0 without closing its client.
 */
public final class ExitHookPe {
    private ExitHookPe() {
    }

    /** @param args {@code unfinalized} to exit without closing the client */
    public static void main(String[] args) {
        Client c = Client.init();
        int rank = c.jobRank();
        c.world().barrier();
        Thread watchdog = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("pgas4j-pe-" + rank + "-watchdog")).findFirst().orElseThrow();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                watchdog.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println("PE " + rank + " watchdog ended at exit: " + !watchdog.isAlive());
        }));
        if (args.length == 0 || !args[0].equals("unfinalized")) {
            c.close();
        }
    }
}
