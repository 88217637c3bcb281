package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.pgas4j.conformance.Check.equal;
import static org.pgas4j.conformance.Check.fails;
import static org.pgas4j.conformance.Check.mentions;
import static org.pgas4j.conformance.Check.that;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.EndpointLocation;
import org.pgas4j.ReduceOp;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;

/**
 * Seed 000 sections 5.1 to 5.3 and 5.5 (and seed 004's scratch rules) as a program observes
 * them: dup and create over client scratch in each mode, collectives on the results, the
 * single-valued checks, destroy with the returned scratch, and the erroneous cases detected on
 * every member. The primordial segment (4 MiB in this set) holds the scratch regions.
 */
final class TeamScenarios {
    private static final long SCRATCH = 256 * 1024;

    private TeamScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("scratchSize_s5_5_singleValuedAndZeroWithoutTeam", TeamScenarios::sizes);
        s.put("dup_s5_2_symmetricLocalAndNoScratch_collectivesWork", TeamScenarios::dupModes);
        s.put("dup_s5_2_rule10_differingLength_failsOnEveryMember", TeamScenarios::dupDiffering);
        s.put("dup_s5_2_rule9_badRegions_areBadArg", TeamScenarios::dupBadRegions);
        s.put("destroy_s5_1_returnsClientScratch_rule3_world_rule4_useAfter", TeamScenarios::destroyRules);
        s.put("create_s5_3_relativeRanks_disjointTeamsInOneCall", TeamScenarios::createDisjoint);
        s.put("create_s5_3_rule9_overlappingLists_failOnEveryCaller", TeamScenarios::createOverlap);
        s.put("create_s5_3_severalEndpointsPerProcess_globalScratch", TeamScenarios::createMultiEndpoint);
        s.put("create_s5_3_rule20_scratchOnlyInPublishedHostSegment", TeamScenarios::hostRule);
        s.put("create_s5_3_rule5_duplicateMember_rule1_processNotInParent_areBadArg", TeamScenarios::createArgs);
        return s;
    }

    private static long allreduceSum(Client c, Team t, long v) {
        return c.collectives().allreduceLong(t, v, ReduceOp.SUM);
    }

    static void sizes(Client c) {
        Team w = c.world();
        long min = w.dupScratchSize(false);
        long rec = w.dupScratchSize(true);
        that(min > 0 && rec >= min, () -> "min " + min + " <= recommended " + rec);
        equal(min * c.jobSize(), c.collectives().allreduceLong(w, min, ReduceOp.SUM), () -> "single-valued");
        equal(0, w.createScratchSize(0, false), () -> "no team, no scratch");
        equal(w.createScratchSize(c.jobSize(), false), min, () -> "create of the same size needs what dup needs");
    }

    static void dupModes(Client c) {
        Team w = c.world();
        Team sym = w.dup(TeamScratch.symmetric(0, SCRATCH));
        equal((long) c.jobSize() * (c.jobSize() - 1) / 2, allreduceSum(c, sym, c.jobRank()), () -> "allreduce on dup");
        // LOCAL: every member a different offset
        Team local = w.dup(TeamScratch.local(SCRATCH, SCRATCH + 4096L * (c.jobRank() % 3)));
        equal(c.jobSize(), allreduceSum(c, local, 1), () -> "allreduce on a LOCAL-scratch dup");
        long[] v = {c.jobRank() * 10L};
        c.collectives().broadcast(local, c.jobSize() - 1, v, 1);
        equal((c.jobSize() - 1) * 10L, v[0], () -> "broadcast on a LOCAL-scratch dup");
        Team none = w.dup(TeamScratch.none());
        that(none.hasNoScratch(), () -> "NO_SCRATCH");
        mentions(fails(BadArgumentException.class, none::barrier).getMessage(), "NO_SCRATCH");
        fails(BadArgumentException.class, () -> allreduceSum(c, none, 1));
        c.rma().putLong(none, (c.jobRank() + 1) % c.jobSize(), 3 * SCRATCH, 7); // point-to-point still works
        that(none.destroy(false).isEmpty(), () -> "NO_SCRATCH returns no scratch");
        local.destroy();
        sym.destroy();
    }

    static void dupDiffering(Client c) {
        if (c.jobSize() == 1) {
            return;
        }
        BadArgumentException e = fails(BadArgumentException.class,
                () -> c.world().dup(TeamScratch.symmetric(0, SCRATCH + 64L * (c.jobRank() % 2))));
        mentions(e.getMessage(), "single-valued");
        Team again = c.world().dup(TeamScratch.symmetric(0, SCRATCH)); // nothing leaked: the region is free
        again.destroy();
    }

    static void dupBadRegions(Client c) {
        Team w = c.world();
        mentions(fails(BadArgumentException.class, () -> w.dup(TeamScratch.global(SCRATCH, 0))).getMessage(), "GLOBAL");
        mentions(fails(BadArgumentException.class, () -> w.dup(TeamScratch.symmetric(0, 16))).getMessage(), "minimum");
        mentions(fails(BadArgumentException.class, () -> w.dup(TeamScratch.symmetric(4 * 1024 * 1024 - 100, SCRATCH)))
                .getMessage(), "outside");
        fails(BadArgumentException.class, () -> w.dup(null));
        Team first = w.dup(TeamScratch.symmetric(0, SCRATCH));
        mentions(fails(BadArgumentException.class, () -> w.dup(TeamScratch.symmetric(SCRATCH / 2, SCRATCH)))
                .getMessage(), "overlap");
        first.destroy();
    }

    static void destroyRules(Client c) {
        Team w = c.world();
        Team t = w.dup(TeamScratch.symmetric(SCRATCH, SCRATCH));
        allreduceSum(c, t, 1);
        Optional<TeamScratch.Region> r = t.destroy(false);
        that(r.isPresent() && r.get().offset() == SCRATCH && r.get().length() == SCRATCH
                && r.get().where().equals(new EndpointLocation(c.jobRank(), 0)), () -> "returned scratch " + r);
        fails(IllegalStateException.class, t::barrier);
        fails(IllegalStateException.class, () -> t.destroy(false));
        fails(BadArgumentException.class, w::destroy);
        Team q = w.dup(TeamScratch.symmetric(SCRATCH, SCRATCH)); // the region is free again
        allreduceSum(c, q, 1);
        w.barrier(); // quiesce everywhere, then destroy without synchronising
        that(q.destroy(true).isPresent(), () -> "globally quiesced destroy");
        that(c.primordialEndpoint().boundSegment().isPresent(), () -> "rule 5: the endpoint outlives the team");
        w.barrier();
    }

    static void createDisjoint(Client c) {
        Team w = c.world();
        List<EndpointLocation> mine = new ArrayList<>();
        int parity = c.jobRank() % 2;
        for (int r = parity; r < c.jobSize(); r += 2) {
            mine.add(new EndpointLocation(r, 0)); // parent ranks, endpoint 0
        }
        List<Team> got = w.create(mine, false, TeamScratch.symmetric(0, SCRATCH));
        equal(1, got.size(), () -> "one local member");
        Team t = got.getFirst();
        equal(mine.size(), t.size(), () -> "team size");
        equal(c.jobRank() / 2, t.rank(), () -> "rank order as listed");
        long sum = 0;
        for (EndpointLocation l : mine) {
            sum += l.jobRank();
        }
        equal(sum, allreduceSum(c, t, c.jobRank()), () -> "allreduce within the parity team");
        that(t.location(0).equals(new EndpointLocation(parity, 0)), () -> "location of rank 0");
        t.destroy();
        that(w.create(List.of(), false, TeamScratch.none()).isEmpty(), () -> "an empty list creates nothing");
    }

    static void createOverlap(Client c) {
        if (c.jobSize() < 3) {
            return;
        }
        List<EndpointLocation> mine = c.jobRank() == 0
                ? List.of(new EndpointLocation(0, 0), new EndpointLocation(1, 0))
                : c.jobRank() == 1 ? List.of(new EndpointLocation(0, 0), new EndpointLocation(1, 0))
                : List.of(new EndpointLocation(1, 0), new EndpointLocation(c.jobRank(), 0));
        BadArgumentException e = fails(BadArgumentException.class,
                () -> c.world().create(mine, true, TeamScratch.symmetric(0, SCRATCH)));
        mentions(e.getMessage(), "overlap");
    }

    static void createMultiEndpoint(Client c) {
        int t = 3;
        List<Endpoint> eps = new ArrayList<>();
        for (int k = 0; k < t; k++) {
            Endpoint ep = c.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.COLL),
                    EnumSet.noneOf(AccelerationHint.class));
            Segment seg = c.createSegment(2 * SCRATCH);
            ep.bindSegment(seg);
            eps.add(ep);
        }
        c.world().publishBoundSegments(eps.toArray(new Endpoint[0]));
        List<EndpointLocation> members = new ArrayList<>();
        long[] offsets = new long[c.jobSize() * t];
        for (int j = 0; j < c.jobSize(); j++) {
            for (int k = 0; k < t; k++) {
                members.add(new EndpointLocation(j, eps.get(k).index()));
                offsets[j * t + k] = (k % 2) * 4096L; // GLOBAL: every member's offset, varied
            }
        }
        long len = c.world().createScratchSize(members.size(), false) * 4;
        List<Team> handles = c.world().create(members, true, TeamScratch.global(len, offsets));
        equal(t, handles.size(), () -> "one handle per local member");
        long[] results = new long[t];
        Thread[] threads = new Thread[t];
        Throwable[] failure = new Throwable[1];
        for (int k = 0; k < t; k++) {
            int id = k;
            threads[k] = Thread.ofPlatform().start(() -> {
                try {
                    Team h = handles.get(id);
                    results[id] = c.collectives().allreduceLong(h, h.rank(), ReduceOp.SUM);
                    h.barrier();
                    h.destroy();
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
        }
        for (Thread th : threads) {
            try {
                th.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        that(failure[0] == null, () -> "threads: " + failure[0]);
        long n = (long) c.jobSize() * t;
        for (int k = 0; k < t; k++) {
            int id = k;
            equal(n * (n - 1) / 2, results[k], () -> "allreduce of handle " + id);
            equal(c.jobRank() * t + k, handles.get(k).rank(), () -> "rank of local member " + id);
        }
        c.world().barrier();
    }

    static void createArgs(Client c) {
        Team w = c.world();
        List<EndpointLocation> twice = List.of(new EndpointLocation(0, 0), new EndpointLocation(0, 0));
        mentions(fails(BadArgumentException.class, () -> w.create(twice, true, TeamScratch.none())).getMessage(),
                "twice");
        if (c.jobSize() > 1) {
            Team alone = w.split(c.jobRank(), 0); // a parent with this PE only
            int other = (c.jobRank() + 1) % c.jobSize();
            List<EndpointLocation> outside = List.of(new EndpointLocation(c.jobRank(), 0), new EndpointLocation(other, 0));
            mentions(fails(BadArgumentException.class, () -> alone.create(outside, true, TeamScratch.none()))
                    .getMessage(), "no member in parent");
            alone.destroy();
        }
        w.barrier();
    }

    static void hostRule(Client c) {
        Endpoint unpublished = c.createEndpoint(EnumSet.of(EndpointCapability.COLL),
                EnumSet.noneOf(AccelerationHint.class));
        unpublished.bindSegment(c.createSegment(SCRATCH));
        List<EndpointLocation> members = new ArrayList<>();
        for (int j = 0; j < c.jobSize(); j++) {
            members.add(new EndpointLocation(j, unpublished.index()));
        }
        BadArgumentException e = fails(BadArgumentException.class,
                () -> c.world().create(members, true, TeamScratch.symmetric(0, SCRATCH / 2)));
        mentions(e.getMessage(), "PE " + c.jobRank());
        List<Team> none = c.world().create(members, true, TeamScratch.none()); // NO_SCRATCH needs no segment
        equal(1, none.size(), () -> "NO_SCRATCH team created");
        that(none.getFirst().hasNoScratch(), () -> "no scratch");
        none.getFirst().destroy();
        c.world().barrier();
    }
}
