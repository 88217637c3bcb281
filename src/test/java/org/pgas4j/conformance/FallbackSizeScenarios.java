package org.pgas4j.conformance;

import static org.pgas4j.conformance.Check.that;

import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 * Sizes through the active-message fallback (run with {@code pgas4j.rma.path=am}): every PE puts
 * into its right neighbour's client host, FILE and DEVICE_SIM segments (which the fallback reaches
 * through the owner) from a host and a DEVICE_SIM source (whose copy function writes straight
 * into the messages), at an odd offset, 1 B, odd sizes, one byte either side of the fallback's
 * chunk (the largest Medium the ring carries), several chunks plus an odd tail, the ring's
 * capacity and 4 MiB; the owner checks the bytes, then every PE gets them back into a zeroed
 * source and checks them. The blocking, event and implicit forms rotate with the size.
 */
final class FallbackSizeScenarios {
    /** Bytes of every segment: the largest transfer at the odd offset fits. */
    static final long BYTES = (4L << 20) + 16384;
    private static final long OFFSET = 4093;
    private static final String[] TARGETS = {"HOST_CLIENT", "FILE", "DEVICE_SIM"};
    private static final String[] SOURCES = {"HOST", "DEVICE_SIM"};
    private static final Map<Client, Fixture> BY_CLIENT = new ConcurrentHashMap<>();

    private FallbackSizeScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("setup_targetsOfEveryKindPublished", c -> BY_CLIENT.put(c, new Fixture(c)));
        for (String src : SOURCES) {
            for (String dst : TARGETS) {
                s.put("sizes_" + src + "_to_" + dst, c -> sizes(c, src, dst));
            }
        }
        s.put("teardown_segmentsDestroyed", c -> BY_CLIENT.remove(c).destroy());
        return s;
    }

    /** The sizes around the fallback's chunk to {@code rank} of {@code team}, and the big ones. */
    private static long[] sizes(Client c, Team team, int rank) {
        long chunk = Math.min(c.am().maxRequestMedium(team, rank), c.am().maxReplyMedium(team, rank)) & -8;
        return new long[] {1, 7, 4099, chunk - 1, chunk, chunk + 1, 3 * chunk + 13, 1 << 20, (1 << 20) + 1,
            4L << 20};
    }

    private static void sizes(Client c, String src, String dst) {
        Fixture f = BY_CLIENT.get(c);
        Team team = f.teams.get(dst);
        Segment source = f.sources.get(src);
        Segment target = f.targets.get(dst);
        Rma rma = c.rma();
        int n = c.jobSize();
        int me = c.jobRank();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        long[] sizes = sizes(c, team, right);
        for (int k = 0; k < sizes.length; k++) {
            long size = sizes[k];
            int seed = seed(me, k, src, dst);
            KindFixture.fill(source, size, seed);
            switch (k % 3) {
                case 0 -> rma.put(team, right, OFFSET, source, 0, size);
                case 1 -> rma.putNB(team, right, OFFSET, source, 0, size).waitFor();
                default -> {
                    rma.putNBI(team, right, OFFSET, source, 0, size);
                    rma.waitNbi();
                }
            }
            c.world().barrier();
            long at = KindFixture.mismatch(target, OFFSET, size, seed(left, k, src, dst));
            that(at < 0, () -> "PE " + me + ": the " + size + "-byte put of PE " + left + " from " + src + " into my "
                    + dst + " differs at byte " + at);
            c.world().barrier();
            source.copyFrom(0, Arena.ofAuto().allocate(size), 0, size); // zeroes
            switch (k % 3) {
                case 0 -> rma.getNB(team, right, OFFSET, source, 0, size).waitFor();
                case 1 -> {
                    rma.getNBI(team, right, OFFSET, source, 0, size);
                    rma.waitNbi();
                }
                default -> rma.get(team, right, OFFSET, source, 0, size);
            }
            long back = KindFixture.mismatch(source, 0, size, seed);
            that(back < 0, () -> "PE " + me + ": the " + size + "-byte get from " + dst + " of PE " + right
                    + " into my " + src + " differs at byte " + back);
            c.world().barrier();
        }
    }

    private static int seed(int rank, int k, String src, String dst) {
        return rank * 1009 + k * 131 + src.length() * 17 + dst.length();
    }

    /** One PE's segments: a published target of each kind on an endpoint of its own, and the sources. */
    private static final class Fixture {
        final Client client;
        final Path directory;
        final MemoryKind file;
        final MemoryKind sim;
        final Arena arena = Arena.ofShared();
        final Map<String, Segment> targets = new LinkedHashMap<>();
        final Map<String, Team> teams = new LinkedHashMap<>();
        final Map<String, Segment> sources = new LinkedHashMap<>();

        Fixture(Client client) throws Exception {
            this.client = client;
            this.directory = Files.createTempDirectory("pgas4j-fallback-" + client.jobRank() + "-");
            this.file = client.createMemoryKind(new MemoryKindSpec.File(directory.resolve("target.dat"),
                    MemoryKindSpec.FileMode.CREATE));
            this.sim = client.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
            bind("HOST_CLIENT", client.createSegment(MemoryKind.HOST, arena.allocate(BYTES, 64)));
            bind("FILE", client.createSegment(file, BYTES));
            bind("DEVICE_SIM", client.createSegment(sim, BYTES));
            sources.put("HOST", client.createSegment(MemoryKind.HOST, BYTES));
            sources.put("DEVICE_SIM", client.createSegment(sim, BYTES));
        }

        private void bind(String name, Segment segment) {
            Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                    EnumSet.noneOf(AccelerationHint.class));
            ep.bindSegment(segment);
            client.world().publishBoundSegments(ep);
            targets.put(name, segment);
            teams.put(name, client.pair(client.primordialEndpoint(), ep.index()));
        }

        void destroy() throws Exception {
            client.world().barrier(); // nobody still accesses a segment
            for (Segment s : sources.values()) {
                s.destroy();
            }
            for (Segment s : targets.values()) {
                s.destroy();
            }
            sim.destroy();
            file.destroy();
            arena.close();
            try (var files = Files.list(directory)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(directory);
        }
    }
}
