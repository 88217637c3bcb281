package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Locale;

/** Prints an {@link AtomicsReport} as the human-readable table of {@code bench atomics}. */
final class AtomicsTable {
    private AtomicsTable() {
    }

    /** Prints the figures, each with the native OpenSHMEM figure of the baselines, then the target. */
    static void print(AtomicsReport r, PrintStream out) {
        row(out, "figure", "pgas4j", "native (../shared/baselines)");
        row(out, AtomicsMetrics.FADD_LAT_US, RmaTable.fixed(r.faddLatUs()), "OpenSHMEM fetch-add (long) 0.038");
        row(out, AtomicsMetrics.FADD_MOPS, RmaTable.fixed(r.faddMops()), "");
        row(out, AtomicsMetrics.CAS_LAT_US, RmaTable.fixed(r.casLatUs()), "OpenSHMEM compare-swap 0.040");
        row(out, AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, RmaTable.fixed(r.rawPingPongUs()), "C cache-line ping-pong 0.031");
        out.println();
        out.printf(Locale.ROOT, "%-26s %12s %10s%n", "target", "value", "goal");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", t.name() + " (us)", RmaTable.fixed(t.value()),
                    t.condition(), t.verdict());
        }
    }

    private static void row(PrintStream out, String figure, String value, String baseline) {
        out.println(String.format(Locale.ROOT, "%-24s %12s  %s", figure, value, baseline).stripTrailing());
    }
}
