package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.Client;
import org.pgas4j.Team;

/**
 * A PE of the AM round-trip test: PE 0 times Short round trips, then Medium round trips at each
 * size of the plan, each after untimed warm-up round trips; PE 1 serves them ({@link AmRoundTrips}).
 * PE 0 prints {@code am_short_rtt_us} and {@code am_medium_rtt_us/SIZE}, each the median of the
 * plan's repetitions.
 *
 * <p>Argument: the plan's name. Run with 2 PEs by {@link AmBenchmark}.
 */
public final class AmLatencyPe {
    private AmLatencyPe() {
    }

    /**
     * Runs one PE of the test.
     *
     * @param args the plan's name
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: AmLatencyPe PLAN");
        }
        AmPlan plan = AmPlan.named(args[0]);
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            AmRoundTrips trips = new AmRoundTrips(client);
            world.barrier();
            if (world.rank() == 0) {
                measure(plan, trips);
                trips.stop();
            } else {
                trips.serve();
            }
            world.barrier();
        }
    }

    private static void measure(AmPlan plan, AmRoundTrips trips) {
        trips.shortRoundTrips(plan.warmup());
        double[] reps = new double[plan.repetitions()];
        for (int r = 0; r < reps.length; r++) {
            reps[r] = (double) trips.shortRoundTrips(plan.iterations()) / plan.iterations();
        }
        ResultLine.print(AmMetrics.AM_SHORT_RTT_US, RmaMetrics.micros(Median.of(reps)));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment payload = arena.allocate(plan.maxMediumSize(), 64);
            payload.fill((byte) 0x5a);
            long[] sizes = plan.mediumSizes();
            double[] micros = new double[sizes.length];
            for (long size : sizes) {
                trips.mediumRoundTrips(payload, size, Math.max(1, plan.warmup() / 10 / sizes.length));
            }
            for (int i = 0; i < sizes.length; i++) {
                int n = plan.mediumIterations(sizes[i]);
                trips.mediumRoundTrips(payload, sizes[i], n);
                for (int r = 0; r < reps.length; r++) {
                    reps[r] = (double) trips.mediumRoundTrips(payload, sizes[i], n) / n;
                }
                micros[i] = RmaMetrics.micros(Median.of(reps));
            }
            ResultLine.printSizes(AmMetrics.AM_MEDIUM_RTT_US, sizes, micros);
        }
    }
}
