package org.pgas4j.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.EnumSet;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * A PE of the FILE persistence test. {@code write FILE}: PE 0 creates a FILE segment over FILE
 * and publishes it; every PE puts its pattern into its own slice of it; PE 0 flushes the file
 * and every PE exits. {@code read FILE}: PE 0 opens the same file as a FILE segment, every PE gets
 * its slice and checks it, and PE 0 also checks every slice locally. Prints {@code OK} per PE.
 */
public final class FilePersistencePe {
    /** Bytes of each PE's slice: more than a page, and odd, so slices straddle pages. */
    static final int SLICE = 5003;

    private FilePersistencePe() {
    }

    /** Arguments: {@code write|read} and the file. */
    public static void main(String[] args) {
        boolean write = args[0].equals("write");
        Path path = Path.of(args[1]);
        try (Client c = Client.init()) {
            int n = c.jobSize();
            Endpoint ep = c.createEndpoint(EnumSet.of(EndpointCapability.RMA), EnumSet.noneOf(AccelerationHint.class));
            MemoryKind file = null;
            Segment segment = null;
            if (c.jobRank() == 0) {
                file = c.createMemoryKind(new MemoryKindSpec.File(path, write ? MemoryKindSpec.FileMode.CREATE
                        : MemoryKindSpec.FileMode.OPEN));
                segment = c.createSegment(file, (long) SLICE * n);
                ep.bindSegment(segment);
                c.world().publishBoundSegments(ep);
            } else {
                c.world().publishBoundSegments();
            }
            Team pair = c.pair(c.primordialEndpoint(), ep.index());
            MemorySegment mine = pattern(c.jobRank());
            if (write) {
                c.rma().put(pair, 0, (long) SLICE * c.jobRank(), mine, 0, SLICE);
                c.world().barrier();
                if (c.jobRank() == 0) {
                    segment.flush(0, segment.size());
                }
            } else {
                MemorySegment got = Arena.ofAuto().allocate(SLICE);
                c.rma().get(pair, 0, (long) SLICE * c.jobRank(), got, 0, SLICE);
                check(got, mine, "PE " + c.jobRank() + " got its slice back");
                if (c.jobRank() == 0) {
                    for (int r = 0; r < n; r++) {
                        check(segment.memory().asSlice((long) SLICE * r, SLICE), pattern(r), "slice of PE " + r);
                    }
                }
            }
            c.world().barrier();
            if (segment != null) {
                segment.destroy();
                file.destroy();
            }
            System.out.println("OK");
        }
    }

    private static void check(MemorySegment actual, MemorySegment expected, String what) {
        long at = actual.mismatch(expected);
        if (at >= 0) {
            throw new AssertionError(what + ": differs at byte " + at);
        }
    }

    static MemorySegment pattern(int rank) {
        MemorySegment m = Arena.ofAuto().allocate(SLICE);
        for (int i = 0; i < SLICE; i++) {
            m.set(ValueLayout.JAVA_BYTE, i, (byte) (rank * 37 + i * 11 + 5));
        }
        return m;
    }
}
