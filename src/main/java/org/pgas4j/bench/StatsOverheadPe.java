package org.pgas4j.bench;

import org.pgas4j.Atomics;
import org.pgas4j.Client;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of the statistics overhead test: PE 0 times blocking 8-byte {@code putLong}s to PE 1 and
 * blocking {@code fetchAddLong}s on PE 1 (best of several batches, after a warm-up), while PE 1
 * waits in a barrier, and prints {@code stats_put8_ns} and {@code stats_fadd8_ns}. Run by
 * {@link RmaBenchmark} with statistics off and on, alternately.
 *
 * <p>Arguments: {@code ITERATIONS}.
 */
public final class StatsOverheadPe {
    static final String PUT8_NS = "stats_put8_ns";
    static final String FADD8_NS = "stats_fadd8_ns";
    private static final int BATCHES = 7;

    private StatsOverheadPe() {
    }

    /** @param args the operations per batch */
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            if (world.rank() == 0) {
                Rma rma = client.rma();
                Atomics atomics = client.atomics();
                double put = Double.MAX_VALUE;
                double fadd = Double.MAX_VALUE;
                for (int b = 0; b < BATCHES + 2; b++) { // the first two batches warm up
                    long t0 = System.nanoTime();
                    for (int i = 0; i < n; i++) {
                        rma.putLong(world, 1, 64, i);
                    }
                    long t1 = System.nanoTime();
                    for (int i = 0; i < n; i++) {
                        atomics.fetchAddLong(world, 1, 128, 1);
                    }
                    long t2 = System.nanoTime();
                    if (b >= 2) {
                        put = Math.min(put, (double) (t1 - t0) / n);
                        fadd = Math.min(fadd, (double) (t2 - t1) / n);
                    }
                }
                ResultLine.print(PUT8_NS, put);
                ResultLine.print(FADD8_NS, fadd);
            }
            world.barrier();
        }
    }
}
