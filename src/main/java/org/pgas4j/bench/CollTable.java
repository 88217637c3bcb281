package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints a {@link CollReport} as the human-readable tables of {@code bench coll}. */
final class CollTable {
    private static final String SCALING_ROW = "%-11s %4s %11s %10s %15s %8s %21s %8s%n";
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
                "log2(N)xN" + CollPlan.BASE_PES + "(us)", "N/cores", "figure/(N/cores)(us)", "<=log2?");
        scalingRows(out, "barrier", r.barrierScaling());
        scalingRows(out, "allreduce8", r.allreduceScaling());
        footnote(out, r);
        out.println();
        out.printf(Locale.ROOT, "%-26s %12s %10s%n", "target", "value", "goal");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-26s %12s %10s  %s  (native OpenSHMEM barrier_all: 0.371 us)%n",
                    t.name() + " (us)", RmaTable.fixed(t.value()), t.condition(), t.verdict());
        }
    }

    private static void scalingRows(PrintStream out, String what, List<CollScaling> rows) {
        for (CollScaling s : rows) {
            boolean base = s.n() == CollPlan.BASE_PES;
            out.printf(Locale.ROOT, SCALING_ROW, what, s.n(), RmaTable.fixed(s.figure()), RmaTable.fixed(s.ratio()),
                    RmaTable.fixed(s.log2Prediction()),
                    s.oversubscribed() ? RmaTable.fixed(s.oversubscription()) : NONE,
                    s.oversubscribed() ? RmaTable.fixed(s.perOversubscription()) : NONE,
                    base ? NONE : s.withinLog2() ? "yes" : "no");
        }
    }

    /** How the scaling columns are computed, then the computation itself at the largest N. */
    private static void footnote(PrintStream out, CollReport r) {
        int base = CollPlan.BASE_PES;
        int cores = r.cores();
        out.printf(Locale.ROOT, "* ratio_N%d = figure / figure at N=%d; log2(N)xN%d = log2(N) x figure at N=%d;%n",
                base, base, base, base);
        out.printf(Locale.ROOT, "  for N > cores (%d here): N/cores = N / %d and figure/(N/cores) = figure / (N / %d);%n",
                cores, cores, cores);
        out.printf(Locale.ROOT, "  <=log2? = figure/(N/cores) <= log2(N)xN%d (the figure itself when N <= cores)%n", base);
        footnoteLine(out, "barrier", r.barrierScaling().getLast(), cores);
        footnoteLine(out, "allreduce8", r.allreduceScaling().getLast(), cores);
    }

    private static void footnoteLine(PrintStream out, String what, CollScaling s, int cores) {
        String measured = s.oversubscribed()
                ? String.format(Locale.ROOT, "%s us / (%d / %d) = %s us", RmaTable.fixed(s.figure()), s.n(), cores,
                        RmaTable.fixed(s.perOversubscription()))
                : RmaTable.fixed(s.figure()) + " us (N <= cores)";
        out.printf(Locale.ROOT, "  %s at N=%d: %s vs log2(%d) x %s us = %s us%n", what, s.n(), measured, s.n(),
                RmaTable.fixed(s.base()), RmaTable.fixed(s.log2Prediction()));
    }
}
