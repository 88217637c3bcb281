package org.pgas4j.launcher.testpes;

import java.util.Arrays;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * Joins the job, passes a barrier and prints what its JVM was given: the properties {@code foo}
 * and {@code flag}, whether assertions are on, the heap limit, its pid and transport, and its
 * arguments, as {@code PE r of n: foo=.. flag=.. ea=.. max=.. pid=.. transport=.. args=[..]}.
 */
public final class JvmSettingsPe {
    private JvmSettingsPe() {
    }

    /** @param args printed back */
    public static void main(String[] args) {
        boolean assertions = false;
        assert assertions = true;
        try (Client client = Client.init()) {
            Team world = client.world();
            world.barrier();
            System.out.println("PE " + world.rank() + " of " + world.size() + ": foo=" + System.getProperty("foo")
                    + " flag=" + System.getProperty("flag") + " ea=" + assertions
                    + " max=" + Runtime.getRuntime().maxMemory() + " pid=" + ProcessHandle.current().pid()
                    + " transport=" + client.transportName() + " args=" + Arrays.toString(args));
        }
    }
}
