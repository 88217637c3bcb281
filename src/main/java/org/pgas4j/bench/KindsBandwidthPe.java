package org.pgas4j.bench;

import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * A PE of {@code bench kinds}: both PEs create a published segment of every destination kind
 * (HOST, client HOST, FILE, DEVICE_SIM) and an unpublished source segment of every source kind
 * (HOST, FILE, DEVICE_SIM); PE 0 then measures 1 MiB blocking put and get bandwidth to and from
 * PE 1 for every pair, in alternating rounds after a warm-up, and prints the medians in MB/s as
 * {@code put:SRC->DST} and {@code get:SRC->DST} (SRC: where the data comes from, DST: where it
 * goes; for a get the remote segment is SRC).
 *
 * <p>Argument: the plan, {@code full} or {@code quick}.
 */
public final class KindsBandwidthPe {
    static final String[] SOURCES = {"HOST", "FILE", "DEVICE_SIM"};
    static final String[] TARGETS = {"HOST", "HOST_CLIENT", "FILE", "DEVICE_SIM"};
    private static final long BYTES = 1 << 20;
    private static final int ROUNDS = 5;
    /**
     * The warm-up round's transfers per pair, in timed rounds' transfers: the fallback's handler
     * and ring code runs about eight times per 1 MiB transfer and must be C2's code before the
     * timed rounds, as it is in a program that moves more than a few hundred megabytes through it
     * (PEs compile after ten times the JDK's counts): with a warm-up of one round's 100 transfers,
     * pairs moved 0.18-0.34 of host-to-host; with 1,000 timed ones, 0.39-0.56.
     */
    private static final int WARM_UP_FACTOR = 10;

    private KindsBandwidthPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) throws Exception {
        boolean quick = args.length == 1 && args[0].equals(RmaPlan.QUICK);
        int iterations = quick ? 10 : 300;
        Path dir = Files.createTempDirectory("pgas4j-bench-kinds");
        try (Client client = Client.init(); Arena arena = Arena.ofShared()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            MemoryKind file = client.createMemoryKind(new MemoryKindSpec.File(dir.resolve("target"),
                    MemoryKindSpec.FileMode.CREATE));
            MemoryKind fileSource = client.createMemoryKind(new MemoryKindSpec.File(dir.resolve("source"),
                    MemoryKindSpec.FileMode.CREATE));
            MemoryKind sim = client.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
            Map<String, Team> targets = new LinkedHashMap<>();
            targets.put("HOST", client.world());
            targets.put("HOST_CLIENT", publish(client, client.createSegment(MemoryKind.HOST, arena.allocate(BYTES, 64))));
            targets.put("FILE", publish(client, client.createSegment(file, BYTES)));
            targets.put("DEVICE_SIM", publish(client, client.createSegment(sim, BYTES)));
            Map<String, Segment> sources = new LinkedHashMap<>();
            sources.put("HOST", client.createSegment(MemoryKind.HOST, BYTES));
            sources.put("FILE", client.createSegment(fileSource, BYTES));
            sources.put("DEVICE_SIM", client.createSegment(sim, BYTES));
            if (client.jobRank() == 0) {
                measure(client.rma(), sources, targets, iterations);
            }
            client.world().barrier();
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    private static Team publish(Client client, Segment segment) {
        Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(segment);
        client.world().publishBoundSegments(ep);
        return client.pair(client.primordialEndpoint(), ep.index());
    }

    private static void measure(Rma rma, Map<String, Segment> sources, Map<String, Team> targets, int iterations) {
        int pairs = sources.size() * targets.size();
        double[][] put = new double[pairs][ROUNDS];
        double[][] get = new double[pairs][ROUNDS];
        for (int round = -1; round < ROUNDS; round++) { // round -1 warms up, WARM_UP_FACTOR times as long
            int p = 0;
            for (Segment src : sources.values()) {
                for (Team dst : targets.values()) {
                    int n = round < 0 ? iterations * WARM_UP_FACTOR : iterations;
                    double putNs = time(n, () -> rma.put(dst, 1, 0, src, 0, BYTES));
                    double getNs = time(n, () -> rma.get(dst, 1, 0, src, 0, BYTES));
                    if (round >= 0) {
                        put[p][round] = BYTES * 1e3 / putNs;
                        get[p][round] = BYTES * 1e3 / getNs;
                    }
                    p++;
                }
            }
        }
        int p = 0;
        for (String src : sources.keySet()) {
            for (String dst : targets.keySet()) {
                ResultLine.print("put:" + src + "->" + dst, Median.of(put[p]));
                ResultLine.print("get:" + dst + "->" + src, Median.of(get[p]));
                p++;
            }
        }
    }

    private static double time(int iterations, Runnable op) {
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            op.run();
        }
        return (double) (System.nanoTime() - start) / iterations;
    }
}
