package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Locale;

/** Prints an {@link AmReport} as the human-readable table of {@code bench am}. */
final class AmTable {
    private AmTable() {
    }

    /** Prints the round trips, the raw ping-pong they compare with, then the target. */
    static void print(AmReport r, PrintStream out) {
        out.printf(Locale.ROOT, "%-30s %12s%n", "figure", "value (us)");
        out.printf(Locale.ROOT, "%-30s %12s%n", AmMetrics.AM_SHORT_RTT_US, RmaTable.fixed(r.shortRttUs()));
        r.mediumRttUs().forEach((size, v) -> out.printf(Locale.ROOT, "%-30s %12s%n",
                AmMetrics.AM_MEDIUM_RTT_US + "[" + size + "]", RmaTable.fixed(v)));
        out.printf(Locale.ROOT, "%-30s %12s%n", AmMetrics.RAW_PINGPONG_ONEWAY_US, RmaTable.fixed(r.rawPingPongUs()));
        out.println();
        out.printf(Locale.ROOT, "%-30s %12s %10s%n", "target", "value", "goal");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-30s %12s %10s  %s%n", t.name() + " (us)", RmaTable.fixed(t.value()),
                    t.condition(), t.verdict());
        }
    }
}
