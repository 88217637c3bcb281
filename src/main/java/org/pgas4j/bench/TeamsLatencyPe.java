package org.pgas4j.bench;

import java.util.List;
import org.pgas4j.Client;
import org.pgas4j.EndpointLocation;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;

/**
 * A PE of {@code bench teams}: PE 0 measures the 8-byte blocking put latency to PE 1's primordial
 * segment named three ways: through the world team, through a team made by {@link Team#create}
 * with the two members in reverse order (so the rank is translated), and through a team pair
 * ({@link Client#pair}). The three loops alternate, {@code ROUNDS} times each, after a warm-up;
 * PE 0 prints the median of each as {@code put_lat_world_us}, {@code put_lat_team_us} and
 * {@code put_lat_pair_us}.
 *
 * <p>Argument: the plan, {@code full} or {@code quick}. Run with 2 PEs by {@link TeamsBenchmark}.
 */
public final class TeamsLatencyPe {
    static final String WORLD = "put_lat_world_us";
    static final String TEAM = "put_lat_team_us";
    static final String PAIR = "put_lat_pair_us";
    private static final int ROUNDS = 7;

    private TeamsLatencyPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        int n = quick ? 20_000 : 2_000_000;
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            long scratch = world.createScratchSize(2, false) * 4;
            long offset = 1 << 20;
            Team created = world.create(List.of(new EndpointLocation(1, 0), new EndpointLocation(0, 0)), true,
                    TeamScratch.symmetric(offset, scratch)).getFirst();
            Team pair = client.pair(client.primordialEndpoint(), 0);
            if (world.rank() == 0) {
                Rma rma = client.rma();
                double[][] samples = new double[3][ROUNDS];
                loop(rma, world, 1, n);
                loop(rma, created, 0, n);
                loop(rma, pair, 1, n);
                for (int r = 0; r < ROUNDS; r++) {
                    samples[0][r] = loop(rma, world, 1, n);
                    samples[1][r] = loop(rma, created, 0, n); // PE 1 is rank 0 of the created team
                    samples[2][r] = loop(rma, pair, 1, n);    // a pair is ranked by jobrank
                }
                ResultLine.print(WORLD, RmaMetrics.micros(Median.of(samples[0])));
                ResultLine.print(TEAM, RmaMetrics.micros(Median.of(samples[1])));
                ResultLine.print(PAIR, RmaMetrics.micros(Median.of(samples[2])));
            }
            world.barrier();
            created.destroy();
        }
    }

    /** {@code n} blocking 8-byte puts to (team, rank); returns nanoseconds per put. */
    private static double loop(Rma rma, Team team, int rank, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            rma.putLong(team, rank, 0, i);
        }
        return (double) (System.nanoTime() - start) / n;
    }
}
