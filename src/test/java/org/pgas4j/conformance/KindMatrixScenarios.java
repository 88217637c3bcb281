package org.pgas4j.conformance;

import static org.pgas4j.conformance.Check.that;

import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Rma;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.conformance.KindFixture.Place;

/**
 * The kind x kind RMA matrix (issue "Memory kinds", item 6): for every source place (a local
 * segment of HOST, client HOST, FILE or DEVICE_SIM memory) and destination place (a published
 * segment of those, plus client-allocated DEVICE_SIM), every PE puts 1 byte, an odd 4099 bytes and
 * 1 MiB into its right neighbour's destination at an odd offset, the owner checks the bytes, and
 * every PE gets them back into a zeroed source and checks them. The three sizes use the three
 * completion forms (blocking, event, implicit) for puts, and rotated ones for gets. Which path a
 * cell takes (direct mapping, copy functions, IPC, staging, the AM fallback) depends on the
 * transport and on {@code pgas4j.rma.path}, which the test varies.
 */
final class KindMatrixScenarios {
    private static final long[] SIZES = {1, 4099, 1 << 20};
    private static final long OFFSET = 4093;

    private KindMatrixScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("setup_segmentsOfEveryKindBoundAndPublished", c -> KindFixture.create(c));
        for (Place src : KindFixture.SOURCES) {
            for (Place dst : Place.values()) {
                s.put("cell_" + src + "_to_" + dst, c -> cell(c, src, dst));
            }
        }
        s.put("teardown_everyKindDestroyed", c -> KindFixture.of(c).destroy());
        return s;
    }

    private static void cell(Client c, Place src, Place dst) {
        KindFixture f = KindFixture.of(c);
        Team team = f.teams.get(dst);
        Segment source = f.sources.get(src);
        Segment target = f.targets.get(dst);
        Rma rma = c.rma();
        int n = c.jobSize();
        int me = c.jobRank();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        int salt = src.ordinal() * 16 + dst.ordinal();
        for (int form = 0; form < SIZES.length; form++) {
            long size = SIZES[form];
            KindFixture.fill(source, size, seed(me, salt, size));
            switch (form) {
                case 0 -> rma.put(team, right, OFFSET, source, 0, size);
                case 1 -> waitFor(rma.putNB(team, right, OFFSET, source, 0, size));
                default -> {
                    rma.putNBI(team, right, OFFSET, source, 0, size);
                    rma.waitNbi();
                }
            }
            c.world().barrier();
            long at = KindFixture.mismatch(target, OFFSET, size, seed(left, salt, size));
            that(at < 0, () -> "PE " + me + ": the " + size + "-byte put of PE " + left + " from " + src + " into my "
                    + dst + " differs at byte " + at);
            c.world().barrier();
            source.copyFrom(0, java.lang.foreign.Arena.ofAuto().allocate(size), 0, size); // zeroes
            switch (form) {
                case 0 -> waitFor(rma.getNB(team, right, OFFSET, source, 0, size));
                case 1 -> {
                    rma.getNBI(team, right, OFFSET, source, 0, size);
                    rma.waitNbi();
                }
                default -> rma.get(team, right, OFFSET, source, 0, size);
            }
            long back = KindFixture.mismatch(source, 0, size, seed(me, salt, size));
            that(back < 0, () -> "PE " + me + ": the " + size + "-byte get from " + dst + " of PE " + right + " into my "
                    + src + " differs at byte " + back);
            c.world().barrier();
        }
    }

    private static int seed(int rank, int salt, long size) {
        return rank * 1009 + salt * 17 + (int) size;
    }

    private static void waitFor(Event e) {
        e.waitFor();
    }
}
