package org.pgas4j.launcher.testpes;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.pgas4j.Client;

/** A PE that joins the job and prints {@code BackgroundCompilation=true|false}, its JVM's setting. */
public final class CompilationModePe {
    private CompilationModePe() {
    }

    /** No arguments. */
    public static void main(String[] args) {
        try (Client client = Client.init()) {
            String value = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("BackgroundCompilation").getValue();
            System.out.println("BackgroundCompilation=" + value);
            client.world().barrier();
        }
    }
}
