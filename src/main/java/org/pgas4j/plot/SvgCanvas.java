package org.pgas4j.plot;

import java.util.Locale;

/** A {@link Canvas} that writes SVG 1.1 text. */
public final class SvgCanvas implements Canvas {
    /** The average advance of the sans-serif glyphs, in em: text widths are estimated with it. */
    private static final double EM_ADVANCE = 0.55;
    private final StringBuilder svg = new StringBuilder();
    private final int width;
    private final int height;

    /**
     * A blank canvas of {@code width} x {@code height} pixels with a white background.
     *
     * @throws IllegalArgumentException when a dimension is not positive
     */
    public SvgCanvas(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("canvas size must be positive: " + width + " x " + height);
        }
        this.width = width;
        this.height = height;
        rect(0, 0, width, height, Rgb.WHITE, null);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb color, double width, boolean dashed) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"%s/>%n",
                x1, y1, x2, y2, stroke(color, width, dashed)));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Rgb color, double width, boolean dashed) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            points.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
        }
        svg.append("<polyline fill=\"none\" points=\"").append(points).append('"')
                .append(stroke(color, width, dashed)).append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, Rgb fill, Rgb stroke) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s/>%n",
                x, y, w, h, fill == null ? "none" : fill.hex(), stroke == null ? "" : stroke(stroke, 1, false)));
    }

    @Override
    public void dot(double x, double y, double radius, Rgb fill) {
        svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>%n",
                x, y, radius, fill.hex()));
    }

    @Override
    public void text(double x, double y, String text, double size, Align align, Rgb color, boolean vertical) {
        String anchor = switch (align) {
            case START -> "start";
            case MIDDLE -> "middle";
            case END -> "end";
        };
        String rotate = vertical ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : "";
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%.1f\" text-anchor=\"%s\" fill=\"%s\"%s>",
                x, y, size, anchor, color.hex(), rotate)).append(escape(text)).append("</text>\n");
    }

    @Override
    public double textWidth(String text, double size) {
        return text.length() * size * EM_ADVANCE;
    }

    /** The finished document. */
    public String document() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\">%n", width, height, width, height)
                + svg + "</svg>\n";
    }

    private static String stroke(Rgb color, double width, boolean dashed) {
        return String.format(Locale.ROOT, " stroke=\"%s\" stroke-width=\"%.1f\"%s", color.hex(), width,
                dashed ? " stroke-dasharray=\"6 4\"" : "");
    }

    /** Escapes the characters XML gives a meaning to. */
    static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
