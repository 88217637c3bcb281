package org.pgas4j.conformance;

import java.util.EnumSet;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.JobAbortedException;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * A PE program for the fallback's failure test (run with {@code pgas4j.rma.path=am}): PE 1
 * publishes a DEVICE_SIM segment, serves PE 0's 4 MiB puts and gets into it through the
 * active-message fallback for a while, then exits with status 3 in the middle of them; PE 0
 * prints {@code ABORTED} with the message of the exception that ends its transfer.
 */
public final class FallbackDyingOwnerPe {
    private static final long BYTES = 4L << 20;
    private static final long SERVE_NANOS = 300_000_000;

    private FallbackDyingOwnerPe() {
    }

    /** Runs one PE. */
    public static void main(String[] args) {
        Client c = Client.init();
        System.out.println("JOB " + c.jobId());
        Segment target = c.createSegment(c.createMemoryKind(new MemoryKindSpec.DeviceSim(0)), BYTES);
        Endpoint ep = c.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(target);
        c.world().publishBoundSegments(ep);
        Team pair = c.pair(c.primordialEndpoint(), ep.index());
        Segment source = c.createSegment(c.createMemoryKind(new MemoryKindSpec.DeviceSim(0)), BYTES);
        c.world().barrier();
        if (c.jobRank() == 1) {
            long end = System.nanoTime() + SERVE_NANOS;
            while (System.nanoTime() < end) {
                c.poll();
            }
            System.out.println("EXITING");
            System.out.flush();
            Runtime.getRuntime().halt(3); // no shutdown hooks: as abrupt as a crash mid-transfer
        }
        try {
            for (int i = 0; ; i++) {
                if ((i & 1) == 0) {
                    c.rma().put(pair, 1, 0, source, 0, BYTES);
                } else {
                    c.rma().get(pair, 1, 0, source, 0, BYTES);
                }
            }
        } catch (JobAbortedException e) {
            System.out.println("ABORTED " + e.getMessage());
            System.out.flush();
            throw e;
        }
    }
}
