package org.pgas4j.launcher.testpes;

import java.util.HashMap;
import java.util.Map;
import org.pgas4j.bootstrap.BootstrapException;
import org.pgas4j.bootstrap.LaunchEnvironment;
import org.pgas4j.bootstrap.SocketBootstrap;

/**
 * PE 0 first tries to join with a wrong secret and prints whether it was refused; then every PE
 * joins with the right one, allgathers and closes: the impostor must not have taken rank 0.
 */
public final class WrongSecretPe {
    private WrongSecretPe() {
    }

    /** @param args unused */
    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        if (env.get(LaunchEnvironment.RANK).equals("0")) {
            Map<String, String> forged = new HashMap<>(env);
            String secret = env.get(LaunchEnvironment.SECRET);
            forged.put(LaunchEnvironment.SECRET, (secret.charAt(0) == '0' ? "1" : "0") + secret.substring(1));
            try {
                SocketBootstrap.fromEnvironment(forged).close();
                System.out.println("IMPOSTOR JOINED");
            } catch (BootstrapException e) {
                System.out.println("impostor refused: " + e.getMessage());
            }
        }
        try (SocketBootstrap b = SocketBootstrap.fromEnvironment(env)) {
            b.allgather(new byte[] {(byte) b.rank()});
            System.out.println("PE " + b.rank() + " joined with the right secret");
        }
    }
}
