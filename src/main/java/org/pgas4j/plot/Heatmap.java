package org.pgas4j.plot;

import java.util.function.LongFunction;

/**
 * A square matrix drawn as coloured cells, row {@code i} from the top and column {@code j} from
 * the left (for a communication matrix: from PE {@code i} to PE {@code j}), with a colour legend
 * on the right whose top names the maximum and whose bottom is 0. Small matrices also print each
 * cell's value.
 */
public final class Heatmap implements Chart {
    private static final Rgb LOW = new Rgb(247, 251, 255);
    private static final Rgb HIGH = new Rgb(8, 48, 107);
    private static final int LEGEND_STEPS = 50;

    private final String title;
    private final String rowLabel;
    private final String columnLabel;
    private final long[][] values;
    private final LongFunction<String> format;

    /**
     * @param title the line above the matrix
     * @param rowLabel what the rows are ({@code "from PE"})
     * @param columnLabel what the columns are ({@code "to PE"})
     * @param values the matrix, square, non-negative
     * @param format how a value is written in cells and the legend
     * @throws IllegalArgumentException when the matrix is empty or not square
     */
    public Heatmap(String title, String rowLabel, String columnLabel, long[][] values, LongFunction<String> format) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("a heatmap needs at least one row");
        }
        for (long[] row : values) {
            if (row.length != n) {
                throw new IllegalArgumentException("a heatmap's matrix must be square");
            }
        }
        this.title = title;
        this.rowLabel = rowLabel;
        this.columnLabel = columnLabel;
        this.values = values;
        this.format = format;
    }

    /** The largest value of the matrix. */
    public long max() {
        long m = 0;
        for (long[] row : values) {
            for (long v : row) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /** The text at the top of the legend: {@code max <value>}. */
    public String legendTop() {
        return "max " + format.apply(max());
    }

    /** The colour of {@code v} on a scale whose top is {@code max}. */
    static Rgb colour(long v, long max) {
        double f = max <= 0 ? 0 : Math.min(1.0, (double) v / max);
        return new Rgb(mix(LOW.red(), HIGH.red(), f), mix(LOW.green(), HIGH.green(), f), mix(LOW.blue(), HIGH.blue(), f));
    }

    private static int mix(int a, int b, double f) {
        return (int) Math.round(a + (b - a) * f);
    }

    @Override
    public void draw(Canvas c, int width, int height) {
        int n = values.length;
        long max = max();
        c.rect(0, 0, width, height, Rgb.WHITE, null);
        c.text(width / 2.0, 28, title, 16, Canvas.Align.MIDDLE, Rgb.BLACK, false);
        double top = 70;
        double left = 80;
        double legendWidth = 150;
        double side = Math.min(width - left - legendWidth - 20, height - top - 40);
        double cell = side / n;
        int labelEvery = Math.max(1, (int) Math.ceil(n / 32.0));
        double font = Math.max(7, Math.min(12, cell * 0.4));
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Rgb fill = colour(values[i][j], max);
                c.rect(left + j * cell, top + i * cell, cell, cell, fill, n <= 32 ? Rgb.GRID : null);
                if (n <= 12 && values[i][j] != 0) {
                    double f = max <= 0 ? 0 : (double) values[i][j] / max;
                    c.text(left + (j + 0.5) * cell, top + (i + 0.5) * cell + font / 3, format.apply(values[i][j]), font,
                            Canvas.Align.MIDDLE, f > 0.5 ? Rgb.WHITE : Rgb.BLACK, false);
                }
            }
        }
        c.rect(left, top, side, side, null, Rgb.TEXT_GREY);
        for (int k = 0; k < n; k += labelEvery) {
            c.text(left + (k + 0.5) * cell, top - 6, Integer.toString(k), 11, Canvas.Align.MIDDLE, Rgb.TEXT_GREY, false);
            c.text(left - 6, top + (k + 0.5) * cell + 4, Integer.toString(k), 11, Canvas.Align.END, Rgb.TEXT_GREY, false);
        }
        c.text(left + side / 2, top - 24, columnLabel, 12, Canvas.Align.MIDDLE, Rgb.BLACK, false);
        c.text(left - 40, top + side / 2, rowLabel, 12, Canvas.Align.MIDDLE, Rgb.BLACK, true);
        // The legend: a bar from 0 (bottom) to the maximum (top).
        double lx = left + side + 40;
        double barWidth = 24;
        double step = side / LEGEND_STEPS;
        for (int s = 0; s < LEGEND_STEPS; s++) {
            long v = Math.round((double) max * (LEGEND_STEPS - s - 0.5) / LEGEND_STEPS);
            c.rect(lx, top + s * step, barWidth, step + 0.5, colour(v, max), null);
        }
        c.rect(lx, top, barWidth, side, null, Rgb.TEXT_GREY);
        c.text(lx + barWidth + 6, top + 10, legendTop(), 12, Canvas.Align.START, Rgb.BLACK, false);
        c.text(lx + barWidth + 6, top + side / 2 + 4, format.apply(max / 2), 11, Canvas.Align.START, Rgb.TEXT_GREY, false);
        c.text(lx + barWidth + 6, top + side, "0", 12, Canvas.Align.START, Rgb.BLACK, false);
    }
}
