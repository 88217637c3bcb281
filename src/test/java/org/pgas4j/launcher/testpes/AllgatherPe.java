package org.pgas4j.launcher.testpes;

import java.nio.ByteBuffer;
import org.pgas4j.bootstrap.SocketBootstrap;

/**
 * Joins, allgathers every rank, checks the result, barriers, prints one line to stdout and one to
 * stderr, closes and exits 0 (or 1 when the allgather is wrong).
 */
public final class AllgatherPe {
    private AllgatherPe() {
    }

    /** @param args unused */
    public static void main(String[] args) {
        try (SocketBootstrap b = SocketBootstrap.fromEnvironment(System.getenv())) {
            byte[][] all = b.allgather(ByteBuffer.allocate(4).putInt(b.rank() * 10).array());
            for (int r = 0; r < b.size(); r++) {
                int v = ByteBuffer.wrap(all[r]).getInt();
                if (v != r * 10) {
                    System.err.println("allgather wrong at " + r + ": " + v);
                    System.exit(1);
                }
            }
            b.barrier();
            byte[][] again = b.allgather(new byte[b.rank()]);
            for (int r = 0; r < b.size(); r++) {
                if (again[r].length != r) {
                    System.err.println("second allgather wrong at " + r);
                    System.exit(1);
                }
            }
            System.out.println("out: PE " + b.rank() + " of " + b.size() + " allgather ok");
            System.err.println("err: PE " + b.rank() + " stderr line");
        }
    }
}
