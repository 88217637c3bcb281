package org.pgas4j.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** A {@link Canvas} that paints an RGB image with Java2D (headless: no display is needed). */
public final class ImageCanvas implements Canvas {
    private static final float[] DASH = {6f, 4f};
    private final BufferedImage image;
    private final Graphics2D g;

    /**
     * A white image of {@code width} x {@code height} pixels.
     *
     * @throws IllegalArgumentException when a dimension is not positive
     */
    public ImageCanvas(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("canvas size must be positive: " + width + " x " + height);
        }
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        rect(0, 0, width, height, Rgb.WHITE, null);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb color, double width, boolean dashed) {
        pen(color, width, dashed);
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Rgb color, double width, boolean dashed) {
        if (xs.length == 0) {
            return;
        }
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        pen(color, width, dashed);
        g.draw(path);
    }

    @Override
    public void rect(double x, double y, double w, double h, Rgb fill, Rgb stroke) {
        Rectangle2D.Double r = new Rectangle2D.Double(x, y, w, h);
        if (fill != null) {
            g.setColor(awt(fill));
            g.fill(r);
        }
        if (stroke != null) {
            pen(stroke, 1, false);
            g.draw(r);
        }
    }

    @Override
    public void dot(double x, double y, double radius, Rgb fill) {
        g.setColor(awt(fill));
        g.fill(new Ellipse2D.Double(x - radius, y - radius, 2 * radius, 2 * radius));
    }

    @Override
    public void text(double x, double y, String text, double size, Align align, Rgb color, boolean vertical) {
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont((float) size);
        g.setFont(font);
        g.setColor(awt(color));
        double w = g.getFontMetrics().stringWidth(text);
        double shift = switch (align) {
            case START -> 0;
            case MIDDLE -> -w / 2;
            case END -> -w;
        };
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        if (vertical) {
            g.rotate(-Math.PI / 2);
        }
        g.drawString(text, (float) shift, 0f);
        g.setTransform(saved);
    }

    @Override
    public double textWidth(String text, double size) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont((float) size));
        return g.getFontMetrics().stringWidth(text);
    }

    /** The painted image. */
    public BufferedImage image() {
        return image;
    }

    private void pen(Rgb color, double width, boolean dashed) {
        g.setColor(awt(color));
        g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, DASH, 0f)
                : new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    }

    private static Color awt(Rgb c) {
        return new Color(c.red(), c.green(), c.blue());
    }
}
