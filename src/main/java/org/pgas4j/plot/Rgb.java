package org.pgas4j.plot;

/**
 * A colour, 0-255 per channel.
 *
 * @param red red
 * @param green green
 * @param blue blue
 */
public record Rgb(int red, int green, int blue) {
    /** Black. */
    public static final Rgb BLACK = new Rgb(0, 0, 0);
    /** White. */
    public static final Rgb WHITE = new Rgb(255, 255, 255);
    /** The grey of grid lines. */
    public static final Rgb GRID = new Rgb(225, 225, 225);
    /** The grey of secondary text. */
    public static final Rgb TEXT_GREY = new Rgb(90, 90, 90);
    /** Series colours, distinguishable in print and by most colour-blind readers. */
    private static final Rgb[] PALETTE = {new Rgb(0, 114, 178), new Rgb(213, 94, 0), new Rgb(0, 158, 115),
        new Rgb(204, 121, 167), new Rgb(230, 159, 0), new Rgb(86, 180, 233), new Rgb(120, 120, 120)};

    /**
     * @throws IllegalArgumentException when a channel is outside 0-255
     */
    public Rgb {
        if ((red | green | blue) < 0 || red > 255 || green > 255 || blue > 255) {
            throw new IllegalArgumentException("a channel is outside 0-255: " + red + "," + green + "," + blue);
        }
    }

    /** The {@code i}-th colour of the series palette (cycling). */
    public static Rgb series(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** {@code #rrggbb}. */
    public String hex() {
        return String.format("#%02x%02x%02x", red, green, blue);
    }
}
