package org.pgas4j.bench;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.pgas4j.plot.Chart;
import org.pgas4j.plot.LineChart;
import org.pgas4j.plot.PlotFile;
import org.pgas4j.plot.Rgb;
import org.pgas4j.plot.Series;

/** The {@code --plot} of the benchmarks: figures by message size as a log-log chart file. */
final class BenchPlot {
    private BenchPlot() {
    }

    /**
     * One line of a chart, from figures by size.
     *
     * @param name the legend's text
     * @param bySize the figures, by message size in bytes (or by job size, for {@link #byPes})
     * @param nativeBaseline whether it is a native program's (drawn dashed)
     */
    record Line(String name, SortedMap<Long, Double> bySize, boolean nativeBaseline) {
    }

    /** A chart of {@code lines} against message size; lines without a point are left out. */
    static Chart bySize(String title, String subtitle, String yLabel, List<Line> lines) {
        return chart(title, subtitle, "message size (bytes)", LineChart.XScale.BYTES, yLabel, lines);
    }

    /** A chart of {@code lines} (keyed by job size) against the number of PEs. */
    static Chart byPes(String title, String subtitle, String yLabel, List<Line> lines) {
        return chart(title, subtitle, "PEs", LineChart.XScale.POWERS_OF_TWO, yLabel, lines);
    }

    private static Chart chart(String title, String subtitle, String xLabel, LineChart.XScale scale, String yLabel,
                               List<Line> lines) {
        List<Series> series = new ArrayList<>();
        for (Line l : lines) {
            if (l.bySize().isEmpty()) {
                continue;
            }
            double[] x = new double[l.bySize().size()];
            double[] y = new double[x.length];
            int i = 0;
            for (Map.Entry<Long, Double> e : l.bySize().entrySet()) {
                x[i] = e.getKey();
                y[i++] = e.getValue();
            }
            series.add(new Series(l.name(), x, y, Rgb.series(series.size()), l.nativeBaseline()));
        }
        return new LineChart(title, subtitle, xLabel, yLabel, scale, series);
    }

    /** The subtitle of a run's charts: host, transport, PEs, cores and the time. */
    static String subtitle(String transport) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "this host";
        }
        return host + " (" + Runtime.getRuntime().availableProcessors() + " cores) | transport " + transport + ", "
                + JvmCommands.PES + " PEs | " + OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * Writes the chart and says where.
     *
     * @throws BenchFailure when the file cannot be written
     */
    static void write(Path file, Chart chart, PrintStream out) {
        try {
            PlotFile.write(file, chart);
        } catch (UncheckedIOException e) {
            throw new BenchFailure(e.getMessage(), e);
        }
        out.println("plot written to " + file);
        out.flush();
    }
}
