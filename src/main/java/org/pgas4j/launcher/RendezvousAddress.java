package org.pgas4j.launcher;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.List;

/**
 * Chooses the address the rendezvous server listens on: {@code --rendezvous-address} when given
 * (it must be an address of this host), loopback when every PE runs on this host, else the address
 * of the interface that routes to the first remote host (asked of the kernel by connecting a UDP
 * socket, which sends nothing).
 */
final class RendezvousAddress {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int DISCARD_PORT = 9;

    private RendezvousAddress() {
    }

    /**
     * @param option the {@code --rendezvous-address} value, or null
     * @param remoteHosts the hosts whose PEs are not children of this launcher, in order
     * @throws UsageException when the option is not an address of this host, or no address can be
     *         told for a remote host
     */
    static InetAddress choose(String option, List<String> remoteHosts) {
        if (option != null) {
            return ofThisHost(option);
        }
        if (remoteHosts.isEmpty()) {
            return LOOPBACK;
        }
        String host = remoteHosts.getFirst();
        InetAddress target;
        try {
            target = InetAddress.getByName(host);
        } catch (IOException e) {
            throw new UsageException("cannot resolve host " + host + " to choose the address its PEs reach the launcher on;"
                    + " give --rendezvous-address ADDRESS");
        }
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(target, DISCARD_PORT));
            InetAddress local = probe.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new IOException("no route");
            }
            return local;
        } catch (IOException e) {
            throw new UsageException("no route from this host to " + host + " (" + target.getHostAddress()
                    + "); give --rendezvous-address ADDRESS");
        }
    }

    private static InetAddress ofThisHost(String text) {
        InetAddress a;
        try {
            a = InetAddress.getByName(text);
        } catch (IOException e) {
            throw new UsageException("--rendezvous-address " + text + " cannot be resolved");
        }
        try {
            if (!a.isLoopbackAddress() && NetworkInterface.getByInetAddress(a) == null) {
                throw new UsageException("--rendezvous-address " + text + " is not an address of this host");
            }
        } catch (java.net.SocketException e) {
            throw new UsageException("--rendezvous-address " + text + ": cannot list this host's interfaces: "
                    + e.getMessage());
        }
        return a;
    }
}
