package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.pgas4j.conformance.Check.equal;
import static org.pgas4j.conformance.Check.fails;
import static org.pgas4j.conformance.Check.mentions;
import static org.pgas4j.conformance.Check.that;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.AccelerationHint;
import org.pgas4j.AmCategory;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.EndpointLocation;
import org.pgas4j.ResourceException;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Seed 000 sections 3 and 5.4 as a program observes them: endpoint creation and its numbered
 * rules, locations and translation, binding, publishing to non-primordial endpoints so that RMA,
 * atomics and Long active messages reach them, the remote bound-segment query, and team pairs.
 * Every PE creates its endpoints in the same order, so (index rule) every PE knows the others'
 * indices without communicating.
 */
final class EndpointScenarios {
    private static final Set<EndpointCapability> RMA_AM_AD =
            EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM, EndpointCapability.AD);
    private static final Set<AccelerationHint> NO_HINTS = EnumSet.noneOf(AccelerationHint.class);
    private static final int LONG_HANDLER = 200;

    private EndpointScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("epCreate_rule7_indicesNonZeroMonotonicUnique_rule6_noBoundSegment_rule4_owner", EndpointScenarios::indices);
        s.put("epCreate_rule10_visSupportedOnCreatedEndpoints", EndpointScenarios::visSupported);
        s.put("epCreate_rule11_noCapability_isBadArg", EndpointScenarios::noCapability);
        s.put("epCreate_rule13_accelerationHintsAreNonFatalAndReported", EndpointScenarios::hints);
        s.put("translate_s3_6_rankToLocation_rule4_rankOutOfRange_isBadArg", EndpointScenarios::translate);
        s.put("bind_s3_6_rule2_alreadyBound_rule3_noSegment_rule6_oneSegmentSeveralEndpoints", EndpointScenarios::bind);
        s.put("publish_nonPrimordial_rmaAtomicsAndLongAmReachIt", EndpointScenarios::reachNonPrimordial);
        s.put("queryBoundSegment_remote", EndpointScenarios::queryBound);
        s.put("queryBoundSegment_localView_directStoresReachTheOwner", EndpointScenarios::localView);
        s.put("pair_s5_4_rule4_equality_rule5_pointToPointOnly_rule6_amLimits", EndpointScenarios::pairs);
        s.put("segDestroy_s4_3_rule2_primordialSegment_isRefused", EndpointScenarios::primordialSegment);
        s.put("epCreate_rule3_outOfEndpoints_isResource", EndpointScenarios::exhaust);
        return s;
    }

    static void indices(Client c) {
        Endpoint a = c.createEndpoint(RMA_AM_AD, NO_HINTS);
        Endpoint b = c.createEndpoint(EnumSet.of(EndpointCapability.RMA), NO_HINTS);
        Endpoint d = c.createEndpoint(EndpointCapability.supportedOnCreatedEndpoints(), NO_HINTS);
        equal(1, a.index(), () -> "first created endpoint");
        equal(2, b.index(), () -> "second");
        equal(3, d.index(), () -> "third");
        that(!a.isPrimordial() && c.primordialEndpoint().isPrimordial(), () -> "primordial is index 0 only");
        equal(0, c.primordialEndpoint().index(), () -> "primordial index");
        that(a.location().equals(new EndpointLocation(c.jobRank(), 1)), () -> "location " + a.location());
        that(a.boundSegment().isEmpty(), () -> "rule 6: a new endpoint has no bound segment");
        that(a.capabilities().equals(RMA_AM_AD), () -> "capabilities " + a.capabilities());
        that(a.client() == c, () -> "rule 4: owned by the client that created it");
        that(c.endpoint(2).orElseThrow() == b, () -> "lookup by index");
        that(c.endpoint(40).isEmpty(), () -> "no endpoint 40 yet");
        c.world().barrier();
    }

    static void visSupported(Client c) {
        // VIS is supported (issue 14): every capability of the family can be requested
        Endpoint all = c.createEndpoint(EndpointCapability.all(), NO_HINTS);
        equal(4, all.index(), () -> "rule 7: the next index");
        that(all.capabilities().equals(EndpointCapability.all()), () -> "capabilities " + all.capabilities());
        that(c.primordialEndpoint().capabilities().contains(EndpointCapability.VIS), () -> "primordial has VIS");
        c.world().barrier();
    }

    static void noCapability(Client c) {
        fails(BadArgumentException.class, () -> c.createEndpoint(EnumSet.noneOf(EndpointCapability.class), NO_HINTS));
        fails(BadArgumentException.class, () -> c.createEndpoint(null, NO_HINTS));
        fails(BadArgumentException.class, () -> c.createEndpoint(RMA_AM_AD, null));
        c.world().barrier();
    }

    static void hints(Client c) {
        Endpoint e = c.createEndpoint(EnumSet.of(EndpointCapability.AD), AccelerationHint.all());
        equal(5, e.index(), () -> "index");
        that(e.hints().equals(AccelerationHint.all()), () -> "hints reported unmodified: " + e.hints());
        c.world().barrier();
    }

    static void translate(Client c) {
        Team w = c.world();
        for (int r = 0; r < w.size(); r++) {
            that(w.location(r).equals(new EndpointLocation(r, 0)), () -> "world member = primordial endpoint");
        }
        fails(BadArgumentException.class, () -> w.location(w.size()));
        fails(BadArgumentException.class, () -> w.location(-1));
        Team p = c.pair(c.primordialEndpoint(), 3);
        that(p.location(0).equals(new EndpointLocation(0, 3)), () -> "pair location " + p.location(0));
        c.world().barrier();
    }

    static void bind(Client c) {
        Endpoint e6 = c.createEndpoint(RMA_AM_AD, NO_HINTS);
        Endpoint e7 = c.createEndpoint(RMA_AM_AD, NO_HINTS);
        equal(6, e6.index(), () -> "index");
        Segment s = c.createSegment(64 * 1024);
        fails(BadArgumentException.class, () -> e6.bindSegment(null));
        e6.bindSegment(s);
        e7.bindSegment(s); // rule 6
        BadArgumentException again = fails(BadArgumentException.class, () -> e6.bindSegment(c.createSegment(4096)));
        mentions(again.getMessage(), "already");
        fails(BadArgumentException.class, () -> c.world().publishBoundSegments((Endpoint) null));
        c.world().publishBoundSegments(e6, e7);
        int right = (c.jobRank() + 1) % c.jobSize();
        c.rma().putLong(c.pair(e6, 6), right, 0, 600 + c.jobRank());
        c.rma().putLong(c.pair(e6, 7), right, 8, 700 + c.jobRank());
        c.world().barrier();
        int left = (c.jobRank() + c.jobSize() - 1) % c.jobSize();
        equal(600 + left, s.memory().get(JAVA_LONG, 0), () -> "through endpoint 6");
        equal(700 + left, s.memory().get(JAVA_LONG, 8), () -> "through endpoint 7: the same segment");
        c.world().barrier();
    }

    static void reachNonPrimordial(Client c) {
        Endpoint ep = c.createEndpoint(RMA_AM_AD, NO_HINTS);
        equal(8, ep.index(), () -> "index");
        Segment seg = c.createSegment(1 << 20);
        ep.bindSegment(seg);
        AtomicInteger arrived = new AtomicInteger();
        c.am().register(LONG_HANDLER, AmCategory.LONG, t -> {
            if (t.endpoint() == 8) {
                arrived.incrementAndGet();
            }
        });
        c.world().publishBoundSegments(ep);
        Team pair = c.pair(ep, 8);
        int n = c.jobSize();
        int right = (c.jobRank() + 1) % n;
        c.rma().putLong(pair, right, 16, 1000 + c.jobRank());
        c.atomics().fetchAddLong(pair, 0, 24, 1);
        MemorySegment payload = MemorySegment.ofArray(new long[] {5000 + c.jobRank()});
        c.am().requestLong(pair, right, LONG_HANDLER, payload, 0, 8, 32);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (arrived.get() < 1 && System.nanoTime() < deadline) {
            c.poll();
            Thread.onSpinWait();
        }
        equal(1, arrived.get(), () -> "the Long AM's handler ran on endpoint 8");
        c.world().barrier();
        int left = (c.jobRank() + n - 1) % n;
        MemorySegment m = seg.memory();
        equal(1000 + left, m.get(JAVA_LONG, 16), () -> "put into endpoint 8's segment");
        equal(5000 + left, m.get(JAVA_LONG, 32), () -> "Long AM payload in endpoint 8's segment");
        if (c.jobRank() == 0) {
            equal(n, m.get(JAVA_LONG, 24), () -> "fetch-adds of every PE on endpoint 8 of PE 0");
        }
        equal(0, c.primordialEndpoint().boundSegment().map(s -> s.memory().get(JAVA_LONG, 16)).orElse(0L),
                () -> "the primordial segment was not touched");
        c.world().barrier();
    }

    static void queryBound(Client c) {
        Team pair = c.pair(c.primordialEndpoint(), 8);
        for (int pe = 0; pe < c.jobSize(); pe++) {
            int j = pe;
            Team.BoundSegment b = pair.boundSegmentOf(j).orElseThrow();
            equal(1 << 20, b.size(), () -> "size of endpoint 8's segment");
            that(b.where().equals(new EndpointLocation(j, 8)), () -> "where " + b.where());
            that(c.world().boundSegmentOf(j).isPresent(), () -> "the primordial segment of PE " + j);
        }
        that(c.pair(c.primordialEndpoint(), 1).boundSegmentOf(0).isEmpty(), () -> "endpoint 1 published nothing");
        that(c.pair(c.primordialEndpoint(), 60).boundSegmentOf(0).isEmpty(), () -> "endpoint 60 does not exist");
        c.world().barrier();
    }

    /**
     * {@code Team.localView}: present exactly for the PEs of this PE's neighbourhood (every PE on
     * shm and local, itself alone on ucx), as large as the published segment, and a store through
     * it is what the owner then reads; a bad rank or an unpublished endpoint is refused.
     */
    static void localView(Client c) {
        int n = c.jobSize();
        int me = c.jobRank();
        java.util.Set<Integer> near = new java.util.HashSet<>();
        for (int j : c.neighbourhood()) {
            near.add(j);
        }
        Team w = c.world();
        for (int j = 0; j < n; j++) {
            int pe = j;
            java.util.Optional<MemorySegment> v = w.localView(j);
            that(near.contains(j) == v.isPresent(), () -> "a view of PE " + pe + "'s segment on " + c.transportName()
                    + " (neighbourhood " + near + "): " + v.isPresent());
            v.ifPresent(m -> equal(w.boundSegmentOf(pe).orElseThrow().size(), m.byteSize(), () -> "view size"));
        }
        that(w.localView(me).isPresent(), () -> "a PE always views its own segment");
        long at = 4096;
        int right = (me + 1) % n;
        long value = 1000L + me;
        java.util.Optional<MemorySegment> rv = w.localView(right);
        if (rv.isPresent()) {
            rv.get().set(JAVA_LONG, at, value); // a plain store, made visible by the barrier's fences
        } else {
            c.rma().putLong(w, right, at, value);
        }
        w.barrier();
        MemorySegment own = c.primordialEndpoint().boundSegment().orElseThrow().memory();
        int left = (me + n - 1) % n;
        equal(1000L + left, own.get(JAVA_LONG, at), () -> "what PE " + left + " stored through its view");
        mentions(fails(BadArgumentException.class, () -> w.localView(-1)).getMessage(), "-1");
        fails(BadArgumentException.class, () -> w.localView(n));
        fails(BadArgumentException.class, () -> c.pair(c.primordialEndpoint(), 1).localView(me));
        w.barrier();
    }

    static void pairs(Client c) {
        Endpoint p0 = c.primordialEndpoint();
        Team a = c.pair(p0, 8);
        Team b = c.pair(p0, 8);
        that(a.equals(b) && a.hashCode() == b.hashCode(), () -> "pairs of the same endpoints are equal");
        that(!a.equals(c.pair(p0, 6)), () -> "another remote index");
        that(!a.equals(c.world()) && !c.world().equals(a), () -> "a pair is not the world");
        that(a.isPair() && !c.world().isPair(), () -> "isPair");
        mentions(fails(BadArgumentException.class, a::barrier).getMessage(), "pair");
        fails(BadArgumentException.class, () -> c.collectives().barrierNB(a));
        fails(BadArgumentException.class, () -> c.collectives().allreduceLong(a, 1, org.pgas4j.ReduceOp.SUM));
        fails(BadArgumentException.class, () -> a.splitStrided(0, 1, 1));
        fails(BadArgumentException.class, a::destroy);
        fails(BadArgumentException.class, () -> c.pair(p0, -1));
        fails(BadArgumentException.class, () -> c.pair(null, 1));
        equal(c.jobSize(), a.size(), () -> "a pair is ranked by jobrank");
        for (int j = 0; j < c.jobSize(); j++) { // rule 6: AM payload queries accept a pair
            int pe = j;
            that(c.am().maxRequestMedium(a, pe) > 0 && c.am().maxRequestLong(a, pe) > 0,
                    () -> "AM payload limits through a pair to PE " + pe);
        }
        c.world().barrier();
    }

    static void primordialSegment(Client c) {
        Segment primordial = c.primordialEndpoint().boundSegment().orElseThrow();
        that(primordial.isPrimordial(), () -> "the segment attached at init is primordial");
        mentions(fails(BadArgumentException.class, primordial::destroy).getMessage(), "primordial");
        that(!primordial.isDestroyed(), () -> "still alive");
        c.rma().putLong(c.world(), (c.jobRank() + 1) % c.jobSize(), 0, 1); // and still reachable
        c.world().barrier();
    }

    static void exhaust(Client c) {
        int made = 0;
        try {
            while (true) {
                c.createEndpoint(RMA_AM_AD, NO_HINTS);
                made++;
                if (made > 10_000) {
                    throw new AssertionError("no endpoint limit");
                }
            }
        } catch (ResourceException e) {
            mentions(e.getMessage(), "pgas4j.endpoints.max");
        }
        int created = made;
        that(created > 0, () -> "some endpoints were left before the limit");
        fails(ResourceException.class, () -> c.createEndpoint(RMA_AM_AD, NO_HINTS));
        c.world().barrier();
    }
}
