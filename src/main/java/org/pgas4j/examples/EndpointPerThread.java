package org.pgas4j.examples;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.EndpointLocation;
import org.pgas4j.ReduceOp;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;

/**
 * The endpoint-per-thread pattern of seed 000 section 5.3: every PE starts T threads; each thread
 * has its own endpoint with its own segment; one team of all P x T endpoints is created and every
 * thread runs an allreduce on it through its own handle; then each thread puts into the segment of
 * the same-numbered thread of the next PE through a team pair, without any team. Every thread
 * checks what it got and the PE prints one verified line.
 *
 * <pre>bin/pgas4j run -np 2 org.pgas4j.examples.EndpointPerThread 4</pre>
 */
public final class EndpointPerThread {
    private static final long SCRATCH_OFFSET = 4096;

    private EndpointPerThread() {
    }

    /** Runs the example; the argument is T, the threads per PE (default 4). */
    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        try (Client client = Client.init()) {
            int p = client.jobSize();
            Team world = client.world();
            long scratch = world.createScratchSize(p * threads, true);
            List<Endpoint> eps = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.COLL),
                        EnumSet.noneOf(AccelerationHint.class));
                Segment seg = client.createSegment(SCRATCH_OFFSET + scratch);
                ep.bindSegment(seg);
                eps.add(ep);
            }
            world.publishBoundSegments(eps.toArray(new Endpoint[0]));
            // Indices are 1..T on every PE (assigned in creation order), so every PE names every member.
            List<EndpointLocation> members = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                for (int t = 0; t < threads; t++) {
                    members.add(new EndpointLocation(j, t + 1));
                }
            }
            List<Team> mine = world.create(members, true, TeamScratch.symmetric(SCRATCH_OFFSET, scratch));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> workers = new ArrayList<>();
            long[] sums = new long[threads];
            for (int t = 0; t < threads; t++) {
                int id = t;
                workers.add(Thread.ofPlatform().name("pe" + client.jobRank() + "-t" + t).start(() -> {
                    try {
                        Team team = mine.get(id);
                        sums[id] = client.collectives().allreduceLong(team, team.rank(), ReduceOp.SUM);
                        Endpoint ep = eps.get(id);
                        Team pair = client.pair(ep, ep.index());
                        client.rma().putLong(pair, (client.jobRank() + 1) % p, 0, client.jobRank() * 100L + id);
                        team.barrier();
                        long got = ep.boundSegment().orElseThrow().memory().get(ValueLayout.JAVA_LONG, 0);
                        long expect = ((client.jobRank() + p - 1) % p) * 100L + id;
                        if (got != expect) {
                            throw new IllegalStateException("thread " + id + " got " + got + ", expected " + expect);
                        }
                        team.destroy();
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            for (Thread w : workers) {
                w.join();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a thread failed", failure.get());
            }
            long n = (long) p * threads;
            for (long s : sums) {
                if (s != n * (n - 1) / 2) {
                    throw new IllegalStateException("allreduce gave " + s + ", expected " + n * (n - 1) / 2);
                }
            }
            System.out.println("PE " + client.jobRank() + ": " + threads + " threads with an endpoint each; team of "
                    + n + " endpoints, allreduce " + sums[0] + "; pair puts from PE " + ((client.jobRank() + p - 1) % p)
                    + " arrived: verified");
            world.barrier();
        }
    }
}
