package org.pgas4j.launcher;

import java.util.Map;
import org.pgas4j.bootstrap.LaunchEnvironment;

/**
 * Starts a PE as a child process of the launcher on this host, with the job's variables (and the
 * secret) in its environment and everything else inherited from the launcher.
 */
final class LocalSpawner implements Spawner {
    @Override
    public String name() {
        return "local";
    }

    @Override
    public boolean spawnsThePeItself() {
        return true;
    }

    @Override
    public boolean secretOnStdin() {
        return false;
    }

    @Override
    public ProcessBuilder builder(PeLaunch launch) {
        ProcessBuilder pb = new ProcessBuilder(launch.command());
        Map<String, String> environment = pb.environment();
        environment.keySet().removeIf(LaunchEnvironment.ALL::contains);
        environment.putAll(launch.environment());
        environment.put(LaunchEnvironment.SECRET, launch.secret());
        return pb;
    }
}
