package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints a {@link CollReport} as the human-readable tables of {@code bench coll}. */
final class CollTable {
    private static final String SCALING_ROW = "%-11s %4s %11s %10s %8s %10s %18s %9s%n";
    private static final String NONE = "-";

    private CollTable() {
    }

    /** Prints the latencies by N, their scaling with its footnote, then the target. */
    static void print(CollReport r, PrintStream out) {
        out.printf(Locale.ROOT, "%4s %12s %15s %11s%n", "N", "barrier(us)", "allreduce8(us)", "raw_pp(us)");
        for (int n : r.pes()) {
            out.printf(Locale.ROOT, "%4d %12s %15s %11s%n", n, RmaTable.fixed(r.barrierUs().get(n)),
                    RmaTable.fixed(r.allreduceUs().get(n)), RmaTable.fixed(r.rawPingPongUs().get(n)));
        }
        out.println();
        out.printf(Locale.ROOT, SCALING_ROW, "scaling", "N", "figure(us)", "ratio_N" + CollPlan.BASE_PES,
                "N/cores", "round(us)", "log2(N)xround(us)", "<=model?");
        scalingRows(out, "barrier", r.barrierScaling());
        scalingRows(out, "allreduce8", r.allreduceScaling());
        footnote(out, r);
        out.println();
        out.printf(Locale.ROOT, "%-34s %12s %10s%n", "target", "value", "goal");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-34s %12s %10s  %s%n", t.name() + " (us)", RmaTable.fixed(t.value()),
                    t.condition(), t.verdict());
        }
    }

    private static void scalingRows(PrintStream out, String what, List<CollScaling> rows) {
        for (CollScaling s : rows) {
            boolean base = s.n() == CollPlan.BASE_PES;
            out.printf(Locale.ROOT, SCALING_ROW, what, s.n(), RmaTable.fixed(s.figure()), RmaTable.fixed(s.ratio()),
                    s.oversubscribed() ? RmaTable.fixed(s.oversubscription()) : NONE, RmaTable.fixed(s.roundCost()),
                    RmaTable.fixed(s.log2Prediction()), base ? NONE : s.withinLog2() ? "yes" : "no");
        }
    }

    /** How the model is computed, then the computation itself at the largest N. */
    private static void footnote(PrintStream out, CollReport r) {
        int base = CollPlan.BASE_PES;
        out.printf(Locale.ROOT, "* log2(N) model: log2(N) rounds, each costing a hand-off between PEs: the figure at N=%d "
                + "(cross-core);%n", base);
        out.printf(Locale.ROOT, "  with N > cores (%d here) a round needs every PE to run once: N/cores same-core "
                + "hand-offs,%n", r.cores());
        out.printf(Locale.ROOT, "  raw_samecore_handoff_us = %s us (two plain JVMs on one core, yielding; this run);"
                + "%n  round = max(figure at N=%d, N/cores x handoff)%n", RmaTable.fixed(r.sameCoreHandoffUs()), base);
        footnoteLine(out, "barrier", r.barrierScaling().getLast(), r.cores());
        footnoteLine(out, "allreduce8", r.allreduceScaling().getLast(), r.cores());
    }

    private static void footnoteLine(PrintStream out, String what, CollScaling s, int cores) {
        out.printf(Locale.ROOT, "  %s at N=%d: %s us vs log2(%d) x %s us = %s us%n", what, s.n(),
                RmaTable.fixed(s.figure()), s.n(), RmaTable.fixed(s.roundCost()), RmaTable.fixed(s.log2Prediction()));
    }
}
