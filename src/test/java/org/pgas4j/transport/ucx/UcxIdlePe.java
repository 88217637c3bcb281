package org.pgas4j.transport.ucx;

import java.lang.management.ManagementFactory;
import org.pgas4j.Client;

/**
 * A PE that initialises, meets its peers in a barrier, then does nothing for a while and prints
 * the CPU time its process used meanwhile ({@code IDLE_CPU_MS ms over S s}): what an idle PE
 * costs, mostly its progress thread. Argument: the idle seconds (default 2).
 */
public final class UcxIdlePe {
    private UcxIdlePe() {
    }

    /**
     * Runs one PE.
     *
     * @param args the idle seconds
     */
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (Client client = Client.init()) {
            client.world().barrier();
            Thread.sleep(500); // the start-up's compilation and the barrier's traffic settle
            long before = os.getProcessCpuTime();
            Thread.sleep(seconds * 1_000L);
            long used = os.getProcessCpuTime() - before;
            System.out.println("IDLE_CPU_MS " + used / 1_000_000 + " ms over " + seconds + " s");
            client.world().barrier();
        }
    }
}
