package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For tests: a "host" is a Linux network namespace on this machine, and a PE is started in it with
 * {@code ip netns exec NS env -i VAR=... java ...}: like {@link SshSpawner}, with only the
 * forwarded variables (env -i) and the secret on standard input, but without ssh. Selected with
 * {@code -Dpgas4j.launcher.spawner=netns}; {@code -Dpgas4j.launcher.netns=host=ns,host=ns} maps
 * host names to namespaces (by default a host's namespace has its name). Needs root.
 */
final class NetnsSpawner implements Spawner {
    /** The property mapping host names to namespace names. */
    static final String MAP_PROPERTY = "pgas4j.launcher.netns";

    private final Map<String, String> namespaces;

    /** With the mapping of {@link #MAP_PROPERTY}. */
    NetnsSpawner() {
        this(System.getProperty(MAP_PROPERTY, ""));
    }

    /** @param mapping {@code host=namespace,host=namespace}, or empty */
    NetnsSpawner(String mapping) {
        this.namespaces = parse(mapping);
    }

    @Override
    public String name() {
        return "netns";
    }

    @Override
    public boolean spawnsThePeItself() {
        return false;
    }

    @Override
    public boolean secretOnStdin() {
        return true;
    }

    @Override
    public ProcessBuilder builder(PeLaunch launch) {
        return new ProcessBuilder(command(launch));
    }

    /** The namespace of {@code host}. */
    String namespace(String host) {
        return namespaces.getOrDefault(host, host);
    }

    /** The command line for {@code launch}. */
    List<String> command(PeLaunch launch) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace(launch.host())));
        cmd.addAll(RemoteCommand.envCommand(launch, true));
        return cmd;
    }

    private static Map<String, String> parse(String mapping) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String entry : mapping.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq <= 0 || eq == entry.length() - 1) {
                throw new UsageException(MAP_PROPERTY + " entry '" + entry + "' is not host=namespace");
            }
            m.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return m;
    }
}
