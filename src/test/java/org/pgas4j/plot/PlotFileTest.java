package org.pgas4j.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Charts written as SVG and PNG files: valid, of the expected size, showing every series. */
class PlotFileTest {
    private static final double[] SIZES = {8, 64, 512, 4096, 32768, 262144, 1 << 20};

    @TempDir
    Path dir;

    private static LineChart chart() {
        double[] ours = {0.1, 0.11, 0.2, 0.5, 2, 14, 40};
        double[] theirs = {0.2, 0.21, 0.3, 0.6, 2.1, 13, 38};
        return new LineChart("put + quiet latency", "host | shm, 2 PEs | 2026-11-25", "message size (bytes)",
                "latency (us)", LineChart.XScale.BYTES, List.of(new Series("pgas4j <facade>", SIZES, ours, Rgb.series(0), false),
                        new Series("native OSHMEM", SIZES, theirs, Rgb.series(1), true)));
    }

    @Test
    void anSvgIsValidXmlWithOneLinePerSeriesAndTheLegend() throws Exception {
        Path file = dir.resolve("sub/put.svg");
        PlotFile.write(file, chart());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals("900", doc.getDocumentElement().getAttribute("width"));
        assertEquals("560", doc.getDocumentElement().getAttribute("height"));
        NodeList lines = doc.getElementsByTagName("polyline");
        assertEquals(2, lines.getLength());
        assertEquals(SIZES.length, lines.item(0).getAttributes().getNamedItem("points").getNodeValue().split(" ").length);
        List<String> texts = new ArrayList<>();
        NodeList t = doc.getElementsByTagName("text");
        for (int i = 0; i < t.getLength(); i++) {
            texts.add(t.item(i).getTextContent());
        }
        assertTrue(texts.containsAll(List.of("put + quiet latency", "host | shm, 2 PEs | 2026-11-25", "pgas4j <facade>",
                "native OSHMEM", "latency (us)", "message size (bytes)", "16", "4K", "1M", "0.1", "100")), texts::toString);
        assertEquals("6 4", lines.item(1).getAttributes().getNamedItem("stroke-dasharray").getNodeValue());
    }

    @Test
    void aPngHasTheSizeAndIsNotBlank() throws Exception {
        Path file = dir.resolve("put.PNG");
        PlotFile.write(file, chart());
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(PlotFile.WIDTH, image.getWidth());
        assertEquals(PlotFile.HEIGHT, image.getHeight());
        int coloured = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                int r = rgb >> 16;
                int b = rgb & 0xff;
                if (b > r + 80) {
                    coloured++; // the first series' blue
                }
            }
        }
        assertTrue(coloured > 100, "the blue series is hardly drawn: " + coloured + " pixels");
    }

    @Test
    void aFileNameThatIsNeitherSvgNorPngOrADirectoryIsRefused() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlotFile.write(dir.resolve("put.jpg"), chart()));
        assertEquals(dir.resolve("put.jpg") + " must end in .svg or .png", e.getMessage());
        Path d = Files.createDirectory(dir.resolve("x.svg"));
        e = assertThrows(IllegalArgumentException.class, () -> PlotFile.check(d));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
    }

    @Test
    void aSeriesThatALogChartCannotShowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Series("s", new double[] {1, 2}, new double[] {1}, Rgb.BLACK, false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Series("s", new double[] {1, 2}, new double[] {1, 0}, Rgb.BLACK, false));
        assertTrue(e.getMessage().contains("point 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Series("s", new double[] {1}, new double[] {Double.NaN},
                Rgb.BLACK, false));
        assertThrows(IllegalArgumentException.class, () -> new LineChart("t", "s", "x", "y", LineChart.XScale.DECADES, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Rgb(256, 0, 0));
    }

    @Test
    void logAxesTickOnPowersAndLabelBytesAndNumbers() {
        LogAxis bytes = new LogAxis(8, 1 << 20, 4, 0, 100);
        assertEquals(List.of(4.0, 16.0, 64.0, 256.0, 1024.0, 4096.0, 16384.0, 65536.0, 262144.0, 1048576.0),
                bytes.ticks(12));
        assertEquals(5, bytes.ticks(5).size());
        assertEquals(0, bytes.pixel(4), 1e-9);
        assertEquals(100, bytes.pixel(1 << 20), 1e-9);
        assertEquals("4K", LogAxis.bytes(4096));
        assertEquals("1M", LogAxis.bytes(1 << 20));
        assertEquals("0.01", LogAxis.number(0.01));
        assertEquals("100", LogAxis.number(100));
        assertEquals("1e+06", LogAxis.number(1e6));
        LogAxis flat = new LogAxis(3, 3, 10, 0, 50);
        assertEquals(List.of(1.0, 10.0), flat.ticks(10));
        assertThrows(IllegalArgumentException.class, () -> new LogAxis(0, 1, 10, 0, 1));
    }

    @Test
    void svgTextIsEscaped() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot;", SvgCanvas.escape("a <b> & \"c\""));
    }
}
