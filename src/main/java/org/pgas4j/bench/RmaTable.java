package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.Locale;

/** Prints a {@link RmaReport} as the human-readable table of {@code bench rma}. */
final class RmaTable {
    private RmaTable() {
    }

    /** Prints the per-size table, the ping-pong line and the targets. */
    static void print(RmaReport r, PrintStream out) {
        out.printf(Locale.ROOT, "%10s %13s %13s %14s %14s %12s%n", "size(B)", "put_lat(us)", "get_lat(us)",
                "put_bw(MB/s)", "memcpy(MB/s)", "put/memcpy");
        for (long s : r.sizes()) {
            out.printf(Locale.ROOT, "%10d %13s %13s %14s %14s %12s%n", s, fixed(r.putLatUs().get(s)),
                    fixed(r.getLatUs().get(s)), fixed(r.putBwMBps().get(s)), fixed(r.memcpyBwMBps().get(s)),
                    fixed(r.putBwRatio(s)));
        }
        out.println();
        out.printf(Locale.ROOT, "ping-pong one-way: raw JVM %s us, pgas4j putLong %s us, ratio %s%n",
                fixed(r.rawPingPongUs()), fixed(r.pingPongUs()), fixed(r.pingPongRatio()));
        out.println();
        out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", "target", "value", "goal", "");
        for (Target t : r.targets()) {
            out.printf(Locale.ROOT, "%-26s %12s %10s  %s%n", t.name(), fixed(t.value()), t.condition(), t.verdict());
        }
    }

    /** A figure with four significant digits (more for large values), no exponent. */
    static String fixed(double v) {
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
