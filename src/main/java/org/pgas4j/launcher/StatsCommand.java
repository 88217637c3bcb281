package org.pgas4j.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgas4j.internal.stats.StatsReport;
import org.pgas4j.plot.Heatmap;
import org.pgas4j.plot.PlotFile;

/**
 * {@code pgas4j stats FILE.json [--kind KIND] [--plot FILE.svg|png]}: prints a statistics report's
 * PE x PE bytes and operations matrices as tables and, with {@code --plot}, draws the bytes matrix
 * as a heatmap. Without {@code --kind} the matrices are the point-to-point kinds' sum, followed by
 * a line naming the other kinds the report has (the facades' own views); with it, that one kind's.
 * Bad input (a missing or malformed report, a wrong option) is a {@link UsageException}: one line
 * and status 2.
 */
final class StatsCommand {
    private StatsCommand() {
    }

    static int run(List<String> args, PrintStream out) {
        Path report = null;
        Path plot = null;
        String kind = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--kind") || a.startsWith("--kind=")) {
                kind = a.startsWith("--kind=") ? a.substring(7) : i + 1 < args.size() ? args.get(++i) : null;
                if (kind == null || kind.isEmpty()) {
                    throw new UsageException("--kind needs a kind of the report, such as put or mpi_put");
                }
            } else if (a.equals("--plot") || a.startsWith("--plot=")) {
                String v = a.startsWith("--plot=") ? a.substring(7) : i + 1 < args.size() ? args.get(++i) : null;
                if (v == null || v.isEmpty()) {
                    throw new UsageException("--plot needs a file name ending in .svg or .png");
                }
                plot = Path.of(v);
                try {
                    PlotFile.check(plot);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--plot " + e.getMessage());
                }
            } else if (a.startsWith("-")) {
                throw new UsageException("unknown option '" + a + "' for stats; use stats FILE.json [--kind KIND] [--plot FILE.svg|png]");
            } else if (report != null) {
                throw new UsageException("stats takes one report file, got '" + report + "' and '" + a + "'");
            } else {
                report = Path.of(a);
            }
        }
        if (report == null) {
            throw new UsageException("missing the report: stats FILE.json [--plot FILE.svg|png] (bin/pgas4j run --stats writes one)");
        }
        if (!Files.isRegularFile(report)) {
            throw new UsageException("stats: " + report + " is not a file");
        }
        StatsReport.Matrices m;
        try {
            m = StatsReport.read(report);
        } catch (IOException e) {
            throw new UsageException("stats: cannot read " + report + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException("stats: " + report + ": " + e.getMessage());
        }
        int n = m.bytes().length;
        long[][] bytes = m.bytes();
        long[][] ops = m.ops();
        String what = "";
        if (kind != null) {
            if (!m.kindOps().containsKey(kind)) {
                throw new UsageException("stats: " + report + " has no operations of kind '" + kind + "'; it has "
                        + String.join(", ", m.kindOps().keySet()));
            }
            bytes = m.kindBytes().getOrDefault(kind, new long[n][n]);
            ops = m.kindOps().get(kind);
            what = kind + " ";
        }
        out.println("job " + m.jobId() + ", " + n + " PEs" + (m.missing().isEmpty() ? ""
                : "; counters missing from PEs " + m.missing()));
        for (String line : StatsReport.table(what + "bytes, from PE (rows) to PE (columns):", bytes)) {
            out.println(line);
        }
        out.println();
        for (String line : StatsReport.table(what + "operations, from PE (rows) to PE (columns):", ops)) {
            out.println(line);
        }
        if (kind == null) {
            List<String> others = m.kindOps().keySet().stream().filter(k -> !StatsReport.isPointToPoint(k)).toList();
            if (!others.isEmpty()) {
                out.println();
                out.println("also counted (--kind KIND prints one): " + String.join(", ", others));
            }
        }
        if (plot != null) {
            Heatmap h = new Heatmap(what + "bytes from PE to PE, job " + m.jobId(), "from PE", "to PE", bytes,
                    StatsReport::bytesText);
            PlotFile.write(plot, h);
            out.println("wrote " + plot + " (" + h.legendTop() + ")");
        }
        return 0;
    }
}
