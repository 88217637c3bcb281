package org.pgas4j.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A base-10 logarithmic axis from {@code min} to {@code max} (widened to whole powers of
 * {@code tickBase}) mapped onto pixels from {@code from} to {@code to}.
 */
final class LogAxis {
    private final int lowPower;
    private final int highPower;
    private final double logMin;
    private final double logMax;
    private final double from;
    private final double to;
    private final double tickBase;

    /**
     * @param min the least value shown, positive
     * @param max the greatest value shown, at least {@code min}
     * @param tickBase ticks fall on its powers: 10 for decades, 2 or 4 for byte sizes
     * @param from the pixel of the least value
     * @param to the pixel of the greatest value
     */
    LogAxis(double min, double max, double tickBase, double from, double to) {
        if (!(min > 0) || !(max >= min) || !(tickBase > 1)) {
            throw new IllegalArgumentException("a log axis needs 0 < min <= max and a tick base > 1: " + min + ", "
                    + max + ", " + tickBase);
        }
        double lb = Math.log10(tickBase);
        int lo = (int) Math.floor(Math.log10(min) / lb + 1e-9);
        int hi = (int) Math.ceil(Math.log10(max) / lb - 1e-9);
        if (hi <= lo) {
            hi = lo + 1;
        }
        this.lowPower = lo;
        this.highPower = hi;
        this.logMin = lo * lb;
        this.logMax = hi * lb;
        this.from = from;
        this.to = to;
        this.tickBase = tickBase;
    }

    /** The pixel of {@code value}. */
    double pixel(double value) {
        return from + (Math.log10(value) - logMin) / (logMax - logMin) * (to - from);
    }

    /** The values of the ticks: every power of the tick base in range, thinned to at most {@code most}. */
    List<Double> ticks(int most) {
        int steps = highPower - lowPower;
        int stride = Math.max(1, (int) Math.ceil((steps + 1) / (double) most));
        List<Double> ticks = new ArrayList<>();
        for (int k = lowPower; k <= highPower; k += stride) {
            ticks.add(Math.pow(tickBase, k));
        }
        return ticks;
    }

    /** Labels for byte counts: 8, 512, 4K, 1M, 2G. */
    static String bytes(double v) {
        String[] units = {"", "K", "M", "G", "T"};
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return number(v) + units[u];
    }

    /** Labels for plain values: 0.01, 1, 100, 1e+06. */
    static String number(double v) {
        if (v >= 1e5 || v < 1e-3) {
            return String.format(java.util.Locale.ROOT, "%.0e", v);
        }
        String s = String.format(java.util.Locale.ROOT, "%.3f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** The formatter for {@code bytes}-valued axes, else for plain numbers. */
    static DoubleFunction<String> labels(boolean bytes) {
        return bytes ? LogAxis::bytes : LogAxis::number;
    }
}
