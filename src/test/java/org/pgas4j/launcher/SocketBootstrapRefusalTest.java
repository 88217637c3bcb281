package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.bootstrap.BootstrapException;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.RendezvousProtocol;
import org.pgas4j.bootstrap.SocketBootstrap;

/**
 * The ways a PE is kept out of a job before it joins, in process: none of them gets as far as
 * starting the watchdog (which would halt this JVM when the test's server goes away).
 */
@Timeout(20)
class SocketBootstrapRefusalTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef";
    private static final String WRONG = "f123456789abcdef0123456789abcdef";

    @Test
    void aPeWithTheWrongSecretIsRefusedAndNeverReachesTheJob() throws Exception {
        LinkedBlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (RendezvousServer server = new RendezvousServer(RendezvousProtocol.secretKey(SECRET), 4, events::add,
                new LineSink(err))) {
            server.start();
            Map<String, String> env = environment(server.address(), WRONG);
            BootstrapException e = assertThrows(BootstrapException.class, () -> SocketBootstrap.fromEnvironment(env));
            assertTrue(e.getMessage().contains("refused to let this PE join the job: authentication failed: wrong job secret"),
                    e.getMessage());
            assertEquals(null, events.poll(200, TimeUnit.MILLISECONDS), "the impostor reached the job");
            assertTrue(err.toString().startsWith("pgas4j: refused a rendezvous connection claiming to be PE 1 (pid "),
                    err.toString());
        }
    }

    @Test
    void aRendezvousOutsideThisHostIsNotContacted() {
        BootstrapException e = assertThrows(BootstrapException.class,
                () -> SocketBootstrap.fromEnvironment(environment("192.0.2.1:4000", SECRET)));
        assertTrue(e.getMessage().contains("is not a loopback address"), e.getMessage());
    }

    @Test
    void aMissingOrMalformedVariableIsNamed() {
        Map<String, String> env = environment("127.0.0.1:4000", SECRET);
        env.remove(LaunchEnvironment.RANK);
        BootstrapException e = assertThrows(BootstrapException.class, () -> SocketBootstrap.fromEnvironment(env));
        assertTrue(e.getMessage().contains(LaunchEnvironment.RANK + " is not set"), e.getMessage());

        Map<String, String> badRank = environment("127.0.0.1:4000", SECRET);
        badRank.put(LaunchEnvironment.RANK, "2");
        e = assertThrows(BootstrapException.class, () -> SocketBootstrap.fromEnvironment(badRank));
        assertTrue(e.getMessage().contains(LaunchEnvironment.RANK + "=2 is outside [0, 1]"), e.getMessage());

        Map<String, String> badSecret = environment("127.0.0.1:4000", "short");
        e = assertThrows(BootstrapException.class, () -> SocketBootstrap.fromEnvironment(badSecret));
        assertTrue(e.getMessage().contains(LaunchEnvironment.SECRET + " is malformed"), e.getMessage());
    }

    @Test
    void aLauncherThatIsGoneIsReportedAsSuch() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Map<String, String> env = environment("127.0.0.1:" + port, SECRET);
        BootstrapException e = assertThrows(BootstrapException.class, () -> SocketBootstrap.fromEnvironment(env));
        assertTrue(e.getMessage().contains("cannot join the job through the launcher's rendezvous at 127.0.0.1:" + port),
                e.getMessage());
    }

    private static Map<String, String> environment(String rendezvous, String secret) {
        Map<String, String> env = new HashMap<>();
        env.put(LaunchEnvironment.RANK, "1");
        env.put(LaunchEnvironment.SIZE, "2");
        env.put(LaunchEnvironment.JOB_ID, "00112233aabbccdd");
        env.put(LaunchEnvironment.SECRET, secret);
        env.put(LaunchEnvironment.RENDEZVOUS, rendezvous);
        return env;
    }
}
