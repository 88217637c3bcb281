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
 * {@code pgas4j stats FILE.json [--plot FILE.svg|png]}: prints a statistics report's PE x PE bytes
 * and operations matrices as tables and, with {@code --plot}, draws the bytes matrix as a heatmap.
 * Bad input (a missing or malformed report, a wrong option) is a {@link UsageException}: one line
 * and status 2.
 */
final class StatsCommand {
    private StatsCommand() {
    }

    static int run(List<String> args, PrintStream out) {
        Path report = null;
        Path plot = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--plot") || a.startsWith("--plot=")) {
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
                throw new UsageException("unknown option '" + a + "' for stats; use stats FILE.json [--plot FILE.svg|png]");
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
        out.println("job " + m.jobId() + ", " + n + " PEs" + (m.missing().isEmpty() ? ""
                : "; counters missing from PEs " + m.missing()));
        for (String line : StatsReport.table("bytes, from PE (rows) to PE (columns):", m.bytes())) {
            out.println(line);
        }
        out.println();
        for (String line : StatsReport.table("operations, from PE (rows) to PE (columns):", m.ops())) {
            out.println(line);
        }
        if (plot != null) {
            Heatmap h = new Heatmap("bytes from PE to PE, job " + m.jobId(), "from PE", "to PE", m.bytes(),
                    StatsReport::bytesText);
            PlotFile.write(plot, h);
            out.println("wrote " + plot + " (" + h.legendTop() + ")");
        }
        return 0;
    }
}
