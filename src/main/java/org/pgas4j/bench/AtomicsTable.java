package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Locale;

/** Prints an {@link AtomicsReport} as the human-readable table of {@code bench atomics}. */
final class AtomicsTable {
    private AtomicsTable() {
    }

    /** Prints the figures, then the targets; native figures measured in the run follow it (--native). */
    static void print(AtomicsReport r, PrintStream out) {
        row(out, "figure", "pgas4j");
        row(out, AtomicsMetrics.FADD_LAT_US, RmaTable.fixed(r.faddLatUs()));
        row(out, AtomicsMetrics.FADD_MOPS, RmaTable.fixed(r.faddMops()));
        row(out, AtomicsMetrics.CAS_LAT_US, RmaTable.fixed(r.casLatUs()));
        row(out, AtomicsMetrics.RAW_PINGPONG_ONEWAY_US, RmaTable.fixed(r.rawPingPongUs()));
        out.println();
        out.printf(Locale.ROOT, "%-26s %12s %10s%n", "target", "value", "goal");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", t.name() + " (us)", RmaTable.fixed(t.value()),
                    t.condition(), t.verdict());
        }
    }

    private static void row(PrintStream out, String figure, String value) {
        out.println(String.format(Locale.ROOT, "%-24s %12s", figure, value));
    }
}
