package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * PE 0's liveness listener as a PMIx job's PEs reach it: the addresses PE 0 publishes, and a PE
 * trying them in order until one answers (a host name that resolves to an address nobody else
 * reaches must not stop it).
 */
@Timeout(30)
class PeerWatchTest {
    private static final byte[] KEY = new byte[16];

    @Test
    void theAddressesAreThisHostsOwnAndLoopbackOnlyWhenThereIsNoOther() throws Exception {
        String published = PeerWatch.hostAddresses();
        assertFalse(published.isEmpty());
        List<String> addresses = List.of(published.split(","));
        assertEquals(addresses.size(), addresses.stream().distinct().count(), published);
        for (String a : addresses) {
            InetAddress address = InetAddress.getByName(a);
            if (address.isLoopbackAddress()) {
                assertEquals(List.of(a), addresses, "loopback only alone: " + published);
            } else {
                assertTrue(java.net.NetworkInterface.getByInetAddress(address) != null, a + " is an address of this host");
            }
        }
    }

    @Test
    void aPeTriesPeZerosAddressesInOrderUntilOneAnswers() throws Exception {
        CompletableFuture<Integer> lost = new CompletableFuture<>();
        try (PeerWatch zero = PeerWatch.listen(2, KEY, lost::complete)) {
            int closedPort;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closedPort = s.getLocalPort(); // nobody listens there once closed: refused at once
            }
            String loopback = InetAddress.getLoopbackAddress().getHostAddress();
            // connect returns once PE 0 has welcomed this PE: through the second address
            try (PeerWatch one = PeerWatch.connect(1, 2, KEY, List.of(new InetSocketAddress(loopback, closedPort),
                    new InetSocketAddress(loopback, zero.port())), r -> { })) {
                assertFalse(lost.isDone());
            }
            Thread.sleep(200);
            assertFalse(lost.isDone(), "PE 1 finalized: not a lost PE");
        }
    }

    @Test
    void noAnsweringAddressIsAnErrorNamingEveryAddressTried() throws Exception {
        int port;
        int other;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket t = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
            other = t.getLocalPort();
        }
        String loopback = InetAddress.getLoopbackAddress().getHostAddress();
        IOException e = assertThrows(IOException.class, () -> PeerWatch.connect(1, 2, KEY,
                List.of(new InetSocketAddress(loopback, port), new InetSocketAddress(loopback, other)), r -> { }));
        assertTrue(e.getMessage().startsWith("no address of PE 0 accepted a connection ("), e.getMessage());
        assertTrue(e.getMessage().contains(":" + port + ": ") && e.getMessage().contains(":" + other + ": "),
                e.getMessage());
    }
}
