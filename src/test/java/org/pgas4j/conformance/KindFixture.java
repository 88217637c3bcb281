package org.pgas4j.conformance;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * One PE's segments of every kind for the kind x kind matrix: a published destination segment of
 * each {@link Place} (each bound to an endpoint of its own, addressed through a team pair), and an
 * unpublished source segment of each source place. Kept per client, so that the scenarios of a
 * job share it; created by the set's first scenario and destroyed by its last.
 */
final class KindFixture {
    /** Bytes of every matrix segment: the largest transfer (1 MiB) at an odd offset fits. */
    static final long BYTES = (1 << 20) + 8192;

    /** Where a segment's memory is: a kind, and whether the runtime or the client allocated it. */
    enum Place {
        HOST, HOST_CLIENT, FILE, DEVICE_SIM, DEVICE_SIM_CLIENT;

        boolean device() {
            return this == DEVICE_SIM || this == DEVICE_SIM_CLIENT;
        }
    }

    /** The places a transfer can start from (sources) in the matrix. */
    static final Place[] SOURCES = {Place.HOST, Place.HOST_CLIENT, Place.FILE, Place.DEVICE_SIM};

    private static final Map<Client, KindFixture> BY_CLIENT = new ConcurrentHashMap<>();

    final Client client;
    final Path directory;
    final MemoryKind file;
    final MemoryKind fileSources;
    final MemoryKind sim;
    final DeviceBuffer simBuffer;
    final Arena arena = Arena.ofShared();
    final Map<Place, Segment> targets = new EnumMap<>(Place.class);
    final Map<Place, Team> teams = new EnumMap<>(Place.class);
    final Map<Place, Segment> sources = new EnumMap<>(Place.class);

    private KindFixture(Client client) throws Exception {
        this.client = client;
        this.directory = Files.createTempDirectory("pgas4j-kinds-" + client.jobRank() + "-");
        this.file = client.createMemoryKind(new MemoryKindSpec.File(directory.resolve("target.dat"),
                MemoryKindSpec.FileMode.CREATE));
        this.fileSources = client.createMemoryKind(new MemoryKindSpec.File(directory.resolve("source.dat"),
                MemoryKindSpec.FileMode.CREATE));
        this.sim = client.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        this.simBuffer = sim.allocate(BYTES + 512);
        Endpoint primordial = client.primordialEndpoint();
        targets.put(Place.HOST, primordial.boundSegment().orElseThrow());
        teams.put(Place.HOST, client.world());
        bind(Place.HOST_CLIENT, client.createSegment(MemoryKind.HOST, arena.allocate(BYTES, 64)));
        bind(Place.FILE, client.createSegment(file, BYTES));
        bind(Place.DEVICE_SIM, client.createSegment(sim, BYTES));
        bind(Place.DEVICE_SIM_CLIENT, client.createSegment(sim, simBuffer.address() + 256, BYTES));
        sources.put(Place.HOST, client.createSegment(MemoryKind.HOST, BYTES));
        sources.put(Place.HOST_CLIENT, client.createSegment(MemoryKind.HOST, arena.allocate(BYTES, 64)));
        sources.put(Place.FILE, client.createSegment(fileSources, BYTES));
        sources.put(Place.DEVICE_SIM, client.createSegment(sim, BYTES));
    }

    private void bind(Place place, Segment segment) {
        Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(segment);
        client.world().publishBoundSegments(ep);
        targets.put(place, segment);
        teams.put(place, client.pair(client.primordialEndpoint(), ep.index()));
    }

    static KindFixture create(Client client) throws Exception {
        KindFixture f = new KindFixture(client);
        BY_CLIENT.put(client, f);
        return f;
    }

    static KindFixture of(Client client) {
        KindFixture f = BY_CLIENT.get(client);
        if (f == null) {
            throw new AssertionError("the kind fixture was not set up (run the set from its first scenario)");
        }
        return f;
    }

    /** Destroys every segment, buffer and kind, and removes the files. */
    void destroy() throws Exception {
        BY_CLIENT.remove(client);
        client.world().barrier(); // nobody still accesses a segment
        for (Segment s : sources.values()) {
            s.destroy();
        }
        for (Map.Entry<Place, Segment> e : targets.entrySet()) {
            if (e.getKey() != Place.HOST) {
                e.getValue().destroy();
            }
        }
        simBuffer.free();
        sim.destroy();
        file.destroy();
        fileSources.destroy();
        arena.close();
        try (var files = Files.list(directory)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(directory);
    }

    /** Fills {@code [0, size)} of a segment of any kind with the pattern of {@code seed}. */
    static void fill(Segment s, long size, int seed) {
        MemorySegment host = pattern(size, seed);
        s.copyFrom(0, host, 0, size);
    }

    static MemorySegment pattern(long size, int seed) {
        byte[] p = new byte[Math.toIntExact(size)]; // built in an array: see Patterns
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) (seed * 31 + i * 7 + (i >>> 8));
        }
        MemorySegment host = Arena.ofAuto().allocate(size);
        MemorySegment.copy(p, 0, host, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, p.length);
        return host;
    }

    /** The first index where {@code [offset, offset + size)} of {@code s} differs from the pattern of {@code seed}, or -1. */
    static long mismatch(Segment s, long offset, long size, int seed) {
        MemorySegment actual = Arena.ofAuto().allocate(size);
        s.copyTo(offset, actual, 0, size);
        return actual.mismatch(pattern(size, seed));
    }
}
