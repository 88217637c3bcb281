package org.pgas4j.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * pgas4j's figures next to a native program's from the same run: a table of both with their ratio,
 * and the JSON keys {@code native_*} and {@code *_vs_native_*}. A ratio below 1 always means that
 * pgas4j is faster: times are pgas4j / native, rates and bandwidths native / pgas4j.
 */
final class NativeComparison {
    /**
     * One compared figure.
     *
     * @param label what the table calls it
     * @param ours pgas4j's result key (a per-size metric when {@code sizes} is given)
     * @param theirs the native program's result key (likewise)
     * @param ratioKey the JSON key of the ratio
     * @param rate whether higher is better (a rate or bandwidth)
     */
    record Pair(String label, String ours, String theirs, String ratioKey, boolean rate) {
        double ratio(double ourValue, double theirValue) {
            return rate ? theirValue / ourValue : ourValue / theirValue;
        }
    }

    private final String nativeLabel;
    private final Map<String, Double> results;
    private final List<Pair> single = new ArrayList<>();
    private final List<Pair> perSize = new ArrayList<>();
    private final long[] sizes;
    private String sizeUnit = " B";

    /**
     * @param nativeLabel how the table names the native column ("native MPI RMA")
     * @param results the run's medians: pgas4j's and the native program's result lines
     * @param sizes the message sizes of the per-size pairs
     */
    NativeComparison(String nativeLabel, Map<String, Double> results, long[] sizes) {
        this.nativeLabel = nativeLabel;
        this.results = results;
        this.sizes = sizes.clone();
    }

    /** The per-size figures are per job size: rows read "N PEs" instead of "N B". */
    NativeComparison perJobSize() {
        sizeUnit = " PEs";
        return this;
    }

    /** Adds a figure measured once. */
    NativeComparison single(Pair p) {
        single.add(p);
        return this;
    }

    /** Adds a figure measured at every size. */
    NativeComparison bySize(Pair p) {
        perSize.add(p);
        return this;
    }

    /** The figures at every size of {@code metric} that the run has (native ones, usually), for a plot. */
    SortedMap<Long, Double> figuresBySize(String metric) {
        SortedMap<Long, Double> m = new TreeMap<>();
        for (long s : sizes) {
            Double v = results.get(ResultLine.key(metric, s));
            if (v != null && v > 0) {
                m.put(s, v);
            }
        }
        return m;
    }

    /** Prints the table: figure, pgas4j, native, ratio. */
    void print(PrintStream out) {
        out.printf(Locale.ROOT, "%-30s %12s %14s %9s%n", "vs " + nativeLabel, "pgas4j", "native", "ratio");
        for (Pair p : perSize) {
            for (long s : sizes) {
                row(out, p.label() + " " + s + sizeUnit, p, ResultLine.key(p.ours(), s), ResultLine.key(p.theirs(), s));
            }
        }
        for (Pair p : single) {
            row(out, p.label(), p, p.ours(), p.theirs());
        }
        out.println("(ratio < 1: pgas4j faster; times pgas4j/native, rates native/pgas4j)");
    }

    private void row(PrintStream out, String label, Pair p, String ourKey, String theirKey) {
        double ours = value(ourKey);
        double theirs = value(theirKey);
        out.printf(Locale.ROOT, "%-30s %12s %14s %9s%n", label, RmaTable.fixed(ours), RmaTable.fixed(theirs),
                RmaTable.fixed(p.ratio(ours, theirs)));
    }

    /** Adds the native figures and the ratios to {@code doc}. */
    void addTo(Map<String, Object> doc) {
        for (Pair p : perSize) {
            Map<String, Double> figures = new LinkedHashMap<>();
            Map<String, Double> ratios = new LinkedHashMap<>();
            for (long s : sizes) {
                double theirs = value(ResultLine.key(p.theirs(), s));
                figures.put(Long.toString(s), theirs);
                ratios.put(Long.toString(s), p.ratio(value(ResultLine.key(p.ours(), s)), theirs));
            }
            doc.putIfAbsent(p.theirs(), figures);
            doc.put(p.ratioKey(), ratios);
        }
        for (Pair p : single) {
            double theirs = value(p.theirs());
            doc.putIfAbsent(p.theirs(), theirs);
            doc.put(p.ratioKey(), p.ratio(value(p.ours()), theirs));
        }
    }

    private double value(String key) {
        return ResultLine.positive(results, key, key.startsWith("native") ? nativeLabel : "pgas4j job");
    }
}
