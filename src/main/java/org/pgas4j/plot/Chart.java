package org.pgas4j.plot;

/** Something that draws itself on a canvas of a given size. */
public interface Chart {
    /** Draws the whole chart on {@code canvas}, which is {@code width} x {@code height} pixels. */
    void draw(Canvas canvas, int width, int height);
}
