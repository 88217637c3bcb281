package org.pgas4j.bench;

import org.pgas4j.Client;

/**
 * A PE of {@code bench startup}: initialises, passes one world barrier and exits, the least a
 * job can do; the bench times the whole job from the launcher's start to its exit.
 */
public final class StartupPe {
    private StartupPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        try (Client client = Client.init()) {
            client.world().barrier();
        }
    }
}
