package org.pgas4j.plot;

/**
 * What a chart draws on, in pixels from the top-left corner. Implemented once for SVG text and
 * once for a Java2D image, so that a chart is laid out once for both.
 */
public interface Canvas {
    /** How a text is placed relative to its anchor point's x. */
    enum Align {
        /** The text starts at x. */
        START,
        /** The text is centred on x. */
        MIDDLE,
        /** The text ends at x. */
        END
    }

    /** A straight line; {@code dashed} draws it in dashes. */
    void line(double x1, double y1, double x2, double y2, Rgb color, double width, boolean dashed);

    /** Connected segments through the points {@code (xs[i], ys[i])}. */
    void polyline(double[] xs, double[] ys, Rgb color, double width, boolean dashed);

    /** A rectangle, filled with {@code fill} (null: not filled) and outlined with {@code stroke} (null: none). */
    void rect(double x, double y, double w, double h, Rgb fill, Rgb stroke);

    /** A filled circle. */
    void dot(double x, double y, double radius, Rgb fill);

    /** Text whose baseline is at {@code y}; {@code vertical} turns it 90 degrees anticlockwise about its anchor. */
    void text(double x, double y, String text, double size, Align align, Rgb color, boolean vertical);

    /** The width of {@code text} at {@code size}, as this canvas would draw it (an estimate for SVG). */
    double textWidth(String text, double size);
}
