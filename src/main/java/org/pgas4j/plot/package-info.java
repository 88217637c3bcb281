/**
 * Charts as SVG or PNG files, with nothing but the JDK: line charts on log-log axes for the
 * benchmarks ({@code bench ... --plot FILE}). A chart draws itself on a {@link
 * org.pgas4j.plot.Canvas}; {@link org.pgas4j.plot.SvgCanvas} writes SVG text and {@link
 * org.pgas4j.plot.ImageCanvas} paints a PNG with Java2D, so both files show the same picture. No
 * charting library is used: the runtime's jar has no dependencies and {@code bin/pgas4j} runs that
 * one jar, and the few shapes needed here (axes, ticks, polylines, a legend) do not justify one.
 */
package org.pgas4j.plot;
