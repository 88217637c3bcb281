package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgas4j.bootstrap.LaunchEnvironment;

/**
 * The {@code env VAR=VALUE ... java ...} command a remote spawner runs: every variable the PE
 * needs is on it explicitly, nothing is assumed from the remote environment, and the secret is
 * not on it ({@link LaunchEnvironment#SECRET_ON_STDIN} tells the PE to read it from its input).
 */
final class RemoteCommand {
    private RemoteCommand() {
    }

    /**
     * {@code env [-i] VAR=VALUE... java ...}.
     *
     * @param launch the PE
     * @param clearEnvironment whether {@code env -i} starts the PE with only the forwarded variables
     */
    static List<String> envCommand(PeLaunch launch, boolean clearEnvironment) {
        List<String> cmd = new ArrayList<>();
        cmd.add("env");
        if (clearEnvironment) {
            cmd.add("-i");
        }
        for (Map.Entry<String, String> e : launch.environment().entrySet()) {
            if (!e.getKey().equals(LaunchEnvironment.SECRET)) {
                cmd.add(e.getKey() + "=" + e.getValue());
            }
        }
        cmd.add(LaunchEnvironment.SECRET_ON_STDIN + "=1");
        cmd.addAll(launch.command());
        return cmd;
    }
}
