package org.pgas4j.launcher;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * Chooses the spawner of each host: {@code auto} (the default) starts PEs of this host as child
 * processes and the others over ssh; {@code local}, {@code ssh} and {@code netns} force one
 * spawner for every host. The choice comes from the hidden {@code --spawner} option, else from the
 * {@code pgas4j.launcher.spawner} property.
 */
final class Spawners {
    /** The property that selects the spawner. */
    static final String PROPERTY = "pgas4j.launcher.spawner";

    private final String choice;
    private final Spawner local = new LocalSpawner();
    private Spawner ssh;
    private Spawner netns;

    /**
     * @param option the {@code --spawner} value, or null
     * @throws UsageException for an unknown spawner
     */
    Spawners(String option) {
        String c = option != null ? option : System.getProperty(PROPERTY, "auto");
        if (!c.equals("auto") && !c.equals("local") && !c.equals("ssh") && !c.equals("netns")) {
            throw new UsageException("unknown spawner '" + c + "' (" + PROPERTY + "); use auto, local, ssh or netns");
        }
        this.choice = c;
        if (c.equals("netns")) {
            netns = new NetnsSpawner(); // parses its mapping now, before anything is started
        }
    }

    /** The spawner that starts the PEs of {@code host}. */
    Spawner forHost(String host) {
        return switch (choice) {
            case "local" -> local;
            case "ssh" -> ssh();
            case "netns" -> netns;
            default -> isThisHost(host) ? local : ssh();
        };
    }

    private Spawner ssh() {
        if (ssh == null) {
            ssh = new SshSpawner();
        }
        return ssh;
    }

    /** Whether {@code host} names this machine: localhost, its host name, or one of its addresses. */
    static boolean isThisHost(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            if (host.equalsIgnoreCase(self.getHostName()) || host.equalsIgnoreCase(self.getCanonicalHostName())) {
                return true;
            }
        } catch (UnknownHostException e) {
            // No name for this host: compare addresses only.
        }
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null) {
                    return true;
                }
            }
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
        return false;
    }
}
