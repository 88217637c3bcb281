package org.pgas4j.plot;

import java.util.Arrays;

/**
 * One line of a chart: points in order of x, drawn in a colour, solid or dashed.
 *
 * @param name the legend's text
 * @param x the x values, positive on a log axis
 * @param y the y values, positive on a log axis
 * @param color the line's colour
 * @param dashed whether the line is dashed (a baseline, say)
 */
public record Series(String name, double[] x, double[] y, Rgb color, boolean dashed) {
    /**
     * @throws IllegalArgumentException when the arrays differ in length or are empty, or a value is
     *     not a positive number
     */
    public Series {
        if (x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("series '" + name + "' needs as many y as x values, at least one: "
                    + x.length + " x, " + y.length + " y");
        }
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] > 0) || !(y[i] > 0) || Double.isInfinite(x[i]) || Double.isInfinite(y[i])) {
                throw new IllegalArgumentException("series '" + name + "' point " + i + " (" + x[i] + ", " + y[i]
                        + ") is not positive and finite: a log-log chart cannot show it");
            }
        }
        x = x.clone();
        y = y.clone();
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    @Override
    public double[] y() {
        return y.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Series s && s.name.equals(name) && Arrays.equals(s.x, x) && Arrays.equals(s.y, y)
                && s.color.equals(color) && s.dashed == dashed;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(y);
    }
}
