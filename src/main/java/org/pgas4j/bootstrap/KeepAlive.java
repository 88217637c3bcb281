package org.pgas4j.bootstrap;

import java.io.IOException;
import java.net.Socket;
import jdk.net.ExtendedSocketOptions;

/**
 * TCP keep-alive on a rendezvous connection (both ends), probing after {@link #IDLE_SECONDS} of silence every
 * {@link #INTERVAL_SECONDS}, {@link #PROBES} times: a host that vanishes without closing its
 * connections (power loss, a cut link) is noticed in about {@link #DETECTION_SECONDS} seconds
 * instead of the system's two hours.
 */
public final class KeepAlive {
    /** Seconds of silence before the first probe. */
    public static final int IDLE_SECONDS = 5;
    /** Seconds between probes. */
    public static final int INTERVAL_SECONDS = 2;
    /** Unanswered probes before the connection is declared dead. */
    public static final int PROBES = 3;
    /** About how long a dead peer goes unnoticed. */
    public static final int DETECTION_SECONDS = IDLE_SECONDS + INTERVAL_SECONDS * PROBES;

    private KeepAlive() {
    }

    /**
     * Turns keep-alive on for {@code s}, with the short timings where the platform supports them.
     *
     * @throws IOException when the socket refuses the options
     */
    public static void enable(Socket s) throws IOException {
        s.setKeepAlive(true);
        if (s.supportedOptions().contains(ExtendedSocketOptions.TCP_KEEPIDLE)) {
            s.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, IDLE_SECONDS);
            s.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, INTERVAL_SECONDS);
            s.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, PROBES);
        }
    }
}
