package org.pgas4j.plot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/** Writes a chart to a file whose name ends in {@code .svg} or {@code .png}. */
public final class PlotFile {
    /** The size of a chart file, in pixels. */
    public static final int WIDTH = 900;
    /** The size of a chart file, in pixels. */
    public static final int HEIGHT = 560;

    private PlotFile() {
    }

    /**
     * Checks a file name before any work is done: its extension, and that it is not a directory.
     *
     * @throws IllegalArgumentException naming the file and what is wrong
     */
    public static void check(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".svg") && !name.endsWith(".png")) {
            throw new IllegalArgumentException(file + " must end in .svg or .png");
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + " is a directory; give a file name");
        }
    }

    /**
     * Draws {@code chart} into {@code file} at {@link #WIDTH} x {@link #HEIGHT}, as SVG or PNG by the
     * file's extension, creating its directory.
     *
     * @throws IllegalArgumentException for a name {@link #check} refuses
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, Chart chart) {
        check(file);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg")) {
                SvgCanvas svg = new SvgCanvas(WIDTH, HEIGHT);
                chart.draw(svg, WIDTH, HEIGHT);
                Files.writeString(file, svg.document(), StandardCharsets.UTF_8);
            } else {
                ImageCanvas image = new ImageCanvas(WIDTH, HEIGHT);
                chart.draw(image, WIDTH, HEIGHT);
                if (!ImageIO.write(image.image(), "png", file.toFile())) {
                    throw new IOException("this JDK has no PNG writer");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plot " + file + ": " + e.getMessage(), e);
        }
    }
}
