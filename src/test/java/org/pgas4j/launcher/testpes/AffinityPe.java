package org.pgas4j.launcher.testpes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgas4j.Client;

/**
 * A PE that joins the job and prints {@code AFFINITY rank CPUS processors}: the CPUs its process may
 * run on ({@code Cpus_allowed_list}) and the processor count its JVM sees.
 */
public final class AffinityPe {
    private AffinityPe() {
    }

    /** No arguments. */
    public static void main(String[] args) throws IOException {
        try (Client client = Client.init()) {
            String cpus = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElse("? ?").split("\\s+")[1];
            System.out.println("AFFINITY " + client.jobRank() + " " + cpus + " "
                    + Runtime.getRuntime().availableProcessors());
            client.world().barrier();
        }
    }
}
