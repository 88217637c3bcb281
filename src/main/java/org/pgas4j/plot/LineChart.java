package org.pgas4j.plot;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A log-log line chart: a title and a subtitle, one or more series, labelled axes with ticks on
 * powers (of 2 for byte counts on x, of 10 otherwise) and a legend in the top-left corner.
 *
 * @param title the first line above the plot
 * @param subtitle the second line (machine, transport, date)
 * @param xLabel the x axis' label
 * @param yLabel the y axis' label
 * @param xScale how the x axis is ticked and labelled
 * @param series the lines, at least one
 */
public record LineChart(String title, String subtitle, String xLabel, String yLabel, XScale xScale,
                        List<Series> series) implements Chart {
    /** The kinds of x axis. */
    public enum XScale {
        /** Byte counts: ticks on powers of 4, labelled 4K, 1M. */
        BYTES,
        /** Counts such as PEs: ticks on powers of 2. */
        POWERS_OF_TWO,
        /** Plain values: ticks on powers of 10. */
        DECADES
    }

    private static final double LEFT = 78;
    private static final double RIGHT = 24;
    private static final double TOP = 62;
    private static final double BOTTOM = 56;

    /**
     * @throws IllegalArgumentException without a series
     */
    public LineChart {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart '" + title + "' has no series");
        }
        series = List.copyOf(series);
    }

    @Override
    public void draw(Canvas c, int width, int height) {
        double x0 = LEFT;
        double x1 = width - RIGHT;
        double y0 = height - BOTTOM;
        double y1 = TOP;
        LogAxis xAxis = new LogAxis(min(true), max(true), switch (xScale) {
            case BYTES -> 4;
            case POWERS_OF_TWO -> 2;
            case DECADES -> 10;
        }, x0, x1);
        LogAxis yAxis = new LogAxis(min(false), max(false), 10, y0, y1);
        c.text(width / 2.0, 24, title, 16, Canvas.Align.MIDDLE, Rgb.BLACK, false);
        c.text(width / 2.0, 44, subtitle, 11, Canvas.Align.MIDDLE, Rgb.TEXT_GREY, false);
        DoubleFunction<String> xText = LogAxis.labels(xScale == XScale.BYTES);
        for (double t : xAxis.ticks(12)) {
            double px = xAxis.pixel(t);
            c.line(px, y0, px, y1, Rgb.GRID, 1, false);
            c.line(px, y0, px, y0 + 5, Rgb.BLACK, 1, false);
            c.text(px, y0 + 18, xText.apply(t), 11, Canvas.Align.MIDDLE, Rgb.BLACK, false);
        }
        for (double t : yAxis.ticks(10)) {
            double py = yAxis.pixel(t);
            c.line(x0, py, x1, py, Rgb.GRID, 1, false);
            c.line(x0 - 5, py, x0, py, Rgb.BLACK, 1, false);
            c.text(x0 - 8, py + 4, LogAxis.number(t), 11, Canvas.Align.END, Rgb.BLACK, false);
        }
        c.rect(x0, y1, x1 - x0, y0 - y1, null, Rgb.BLACK);
        c.text((x0 + x1) / 2, height - 16, xLabel, 12, Canvas.Align.MIDDLE, Rgb.BLACK, false);
        c.text(20, (y0 + y1) / 2, yLabel, 12, Canvas.Align.MIDDLE, Rgb.BLACK, true);
        for (Series s : series) {
            double[] xs = s.x();
            double[] ys = s.y();
            double[] px = new double[xs.length];
            double[] py = new double[ys.length];
            for (int i = 0; i < xs.length; i++) {
                px[i] = xAxis.pixel(xs[i]);
                py[i] = yAxis.pixel(ys[i]);
                c.dot(px[i], py[i], 2.5, s.color());
            }
            c.polyline(px, py, s.color(), 2, s.dashed());
        }
        legend(c, x0 + 10, y1 + 10);
    }

    private void legend(Canvas c, double x, double y) {
        double widest = 0;
        for (Series s : series) {
            widest = Math.max(widest, c.textWidth(s.name(), 11));
        }
        double rowHeight = 16;
        c.rect(x, y, widest + 46, series.size() * rowHeight + 8, Rgb.WHITE, Rgb.GRID);
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double row = y + 4 + rowHeight * i + rowHeight / 2;
            c.line(x + 6, row, x + 30, row, s.color(), 2, s.dashed());
            c.text(x + 36, row + 4, s.name(), 11, Canvas.Align.START, Rgb.BLACK, false);
        }
    }

    private double min(boolean x) {
        double m = Double.MAX_VALUE;
        for (Series s : series) {
            for (double v : x ? s.x() : s.y()) {
                m = Math.min(m, v);
            }
        }
        return m;
    }

    private double max(boolean x) {
        double m = 0;
        for (Series s : series) {
            for (double v : x ? s.x() : s.y()) {
                m = Math.max(m, v);
            }
        }
        return m;
    }
}
