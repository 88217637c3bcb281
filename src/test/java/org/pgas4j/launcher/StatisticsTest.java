package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.internal.stats.Json;
import org.pgas4j.internal.stats.StatsReport;
import org.pgas4j.launcher.testpes.GaspiStatsScriptPe;
import org.pgas4j.launcher.testpes.MpiStatsScriptPe;
import org.pgas4j.launcher.testpes.ShmemStatsScriptPe;
import org.pgas4j.launcher.testpes.StatsScriptPe;
import org.pgas4j.plot.PlotFile;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;
import org.w3c.dom.Document;

/**
 * {@code run --stats} and {@code stats}: exact counts of a scripted job (of the core, and of the MPI
 * and GASPI facades' own kinds), a killed PE, the matrix and its picture.
 */
class StatisticsTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    private static final int N = 3;
    /** The summary's totals line of {@link StatsScriptPe} on 3 PEs (barriers: 2 scripted, init's publication, close). */
    private static final String TOTALS = "total: 54 point-to-point operations, 600 B; put 18 (420 B), get 9 (36 B),"
            + " atomic 12 (96 B), am_request_short 6, am_request_medium 3 (48 B), am_reply_short 6, coll_barrier 12,"
            + " coll_allreduce 3";

    @TempDir
    Path dir;

    /** The matrices {@link StatsScriptPe} must produce: [bytes, ops][from][to]. */
    static long[][][] expected() {
        long[][] bytes = new long[N][N];
        long[][] ops = new long[N][N];
        for (int r = 0; r < N; r++) {
            int right = (r + 1) % N;
            bytes[r][right] += 5 * 8 + 100 + 16; // puts, then the MEDIUM request's payload
            ops[r][right] += 6 + 2 + 1;          // puts, SHORT requests, MEDIUM request
            bytes[r][(r + 2) % N] += 12;
            ops[r][(r + 2) % N] += 3;            // getInt
            bytes[r][0] += 32;
            ops[r][0] += 4;                      // fetchAddLong on PE 0
            ops[r][(r + N - 1) % N] += 2;        // the SHORT replies to the left neighbour's requests
        }
        return new long[][][] {bytes, ops};
    }

    private LauncherProcess.Result runScript(String transport, Path report, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", "-np", Integer.toString(N), "--transport", transport,
                "--stats=" + report, "--timeout", "60", "-cp", CP, StatsScriptPe.class.getName()));
        args.addAll(List.of(extra));
        return LauncherProcess.start(dir, List.of(), args.toArray(String[]::new)).await(90);
    }

    private void checkScripted(String transport) throws Exception {
        Path report = dir.resolve("stats-" + transport + ".json");
        LauncherProcess.Result r = runScript(transport, report);
        assertEquals(0, r.status(), r::toString);
        assertTrue(Files.isRegularFile(report), r::toString);
        StatsReport.Matrices m = StatsReport.read(report);
        long[][][] want = expected();
        for (int f = 0; f < N; f++) {
            assertArrayEquals(want[0][f], m.bytes()[f], "bytes from PE " + f + " on " + transport);
            assertArrayEquals(want[1][f], m.ops()[f], "operations from PE " + f + " on " + transport);
        }
        assertEquals(List.of(), m.missing());
        assertTrue(r.err().contains(TOTALS), () -> "no '" + TOTALS + "' in " + r);
        assertTrue(r.err().contains("busiest pairs: "), r::toString);
        assertTrue(r.err().lines().anyMatch(l -> l.matches(".*time waiting: PE 0 \\d+%, PE 1 \\d+%, PE 2 \\d+%")),
                r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shm", "local"})
    void scriptedJobIsCountedExactly(String transport) throws Exception {
        checkScripted(transport);
    }

    @Test
    @Needs(SystemComponent.UCX)
    void scriptedJobIsCountedExactlyOverUcx() throws Exception {
        checkScripted("ucx");
    }

    /** Adds {@code ops} operations and {@code bytes} bytes from {@code from} to {@code to} of {@code kind}: [ops, bytes][from][to]. */
    private static void add(Map<String, long[][][]> m, int np, String kind, int from, int to, long ops, long bytes) {
        long[][][] k = m.computeIfAbsent(kind, x -> new long[2][np][np]);
        k[0][from][to] += ops;
        k[1][from][to] += bytes;
    }

    /** What {@link MpiStatsScriptPe} on {@code np} processes must count, by kind: [ops, bytes][from][to]. */
    static Map<String, long[][][]> expectedMpi(int np) {
        Map<String, long[][][]> m = new LinkedHashMap<>();
        for (int r = 0; r < np; r++) {
            int right = (r + 1) % np;
            int left = (r + np - 1) % np;
            add(m, np, "mpi_put", r, right, 4, 3 * 16 + 8);
            add(m, np, "mpi_get", r, left, 2, 2 * 16);
            add(m, np, "mpi_send", r, right, 2, 2 * 20);
            add(m, np, "mpi_service", r, left, 4, 3 * 16 + 8);
            add(m, np, "mpi_service", r, right, 2, 2 * 16);
            add(m, np, "mpi_recv", r, left, 2, 2 * 20);
            add(m, np, "mpi_collective", r, r, 2, 0);
        }
        return m;
    }

    /** What {@link ShmemStatsScriptPe} on {@code np} PEs must count, by kind: [ops, bytes][from][to]. */
    static Map<String, long[][][]> expectedShmem(int np) {
        Map<String, long[][][]> m = new LinkedHashMap<>();
        for (int r = 0; r < np; r++) {
            int right = (r + 1) % np;
            int left = (r + np - 1) % np;
            add(m, np, "shmem_put", r, right, 4, 3 * 8 + 32);
            add(m, np, "shmem_get", r, left, 3, 2 * 8 + 16);
            add(m, np, "shmem_amo", r, right, 2, 8 + 4);
            add(m, np, "shmem_collective", r, r, 3, 32);
        }
        return m;
    }

    /** What {@link GaspiStatsScriptPe} on {@code np} ranks must count, by kind: [ops, bytes][from][to]. */
    static Map<String, long[][][]> expectedGaspi(int np) {
        Map<String, long[][][]> m = new LinkedHashMap<>();
        for (int r = 0; r < np; r++) {
            int right = (r + 1) % np;
            int left = (r + np - 1) % np;
            add(m, np, "gaspi_write", r, right, 5, 3 * 64 + 100 + 8 + 24);
            add(m, np, "gaspi_read", r, left, 2, 2 * 16);
            add(m, np, "gaspi_notify", r, right, 2, 2 * 4);
            add(m, np, "gaspi_atomic", r, 0, 3, 3 * 8);
            add(m, np, "gaspi_passive", r, right, 1, 40);
            add(m, np, "gaspi_collective", r, r, 2, 0);
        }
        return m;
    }

    /**
     * Runs {@code pe} on {@code np} PEs with statistics and checks its facade's ({@code prefix})
     * kinds against {@code want} exactly, and every PE's waits of that facade against {@code waits}.
     */
    private Path checkFacade(Class<?> pe, String transport, int np, String prefix, Map<String, long[][][]> want,
                             Map<String, Long> waits) throws Exception {
        Path report = dir.resolve(prefix + transport + np + ".json");
        LauncherProcess.Result r = LauncherProcess.start(dir, List.of(), "run", "-np", Integer.toString(np),
                "--transport", transport, "--stats=" + report, "--timeout", "60", "-cp", CP, pe.getName()).await(90);
        assertEquals(0, r.status(), r::toString);
        StatsReport.Matrices m = StatsReport.read(report);
        String where = " of " + pe.getSimpleName() + " on " + transport + " with " + np + " PEs";
        Set<String> counted = new TreeSet<>(m.kindOps().keySet().stream().filter(k -> k.startsWith(prefix)).toList());
        assertEquals(new TreeSet<>(want.keySet()), counted, "kinds counted" + where);
        for (Map.Entry<String, long[][][]> e : want.entrySet()) {
            for (int f = 0; f < np; f++) {
                assertArrayEquals(e.getValue()[0][f], m.kindOps().get(e.getKey())[f],
                        e.getKey() + " operations from PE " + f + where);
                assertArrayEquals(e.getValue()[1][f], m.kindBytes().get(e.getKey())[f],
                        e.getKey() + " bytes from PE " + f + where);
            }
        }
        List<?> perPe = (List<?>) ((Map<?, ?>) Json.parse(Files.readString(report))).get("per_pe");
        for (int f = 0; f < np; f++) {
            Map<?, ?> w = (Map<?, ?>) ((Map<?, ?>) perPe.get(f)).get("waits");
            for (Map.Entry<String, Long> e : waits.entrySet()) {
                assertEquals(e.getValue(), ((Map<?, ?>) w.get(e.getKey())).get("count"),
                        e.getKey() + " waits of PE " + f + where);
            }
        }
        assertTrue(r.err().contains(want.keySet().iterator().next() + " "), () -> "the summary names no facade kind: " + r);
        return report;
    }

    @ParameterizedTest(name = "{0}, -np {1}")
    @CsvSource({"local, 2", "local, 3", "shm, 3"})
    void theMpiFacadesOperationsAreCountedExactly(String transport, int np) throws Exception {
        checkFacade(MpiStatsScriptPe.class, transport, np, "mpi_", expectedMpi(np),
                Map.of("mpi_wait", 6L, "mpi_barrier", 1L));
    }

    @ParameterizedTest(name = "{0}, -np {1}")
    @CsvSource({"local, 2", "local, 3", "shm, 3"})
    void theShmemFacadesOperationsAreCountedExactly(String transport, int np) throws Exception {
        checkFacade(ShmemStatsScriptPe.class, transport, np, "shmem_", expectedShmem(np), Map.of());
    }

    @ParameterizedTest(name = "{0}, -np {1}")
    @CsvSource({"local, 2", "local, 3", "shm, 3"})
    void theGaspiFacadesOperationsAreCountedExactly(String transport, int np) throws Exception {
        checkFacade(GaspiStatsScriptPe.class, transport, np, "gaspi_", expectedGaspi(np),
                Map.of("gaspi_wait", 1L, "gaspi_notify_waitsome", 2L, "gaspi_passive_receive", 1L, "gaspi_barrier", 1L,
                        "gaspi_collective", 1L));
    }

    @Test
    void statsPrintsOneKindsMatricesWithKind() throws Exception {
        Path report = checkFacade(MpiStatsScriptPe.class, "local", 3, "mpi_", expectedMpi(3),
                Map.of("mpi_wait", 6L));
        LauncherProcess.Result all = LauncherProcess.run(dir, "stats", report.toString());
        assertEquals(0, all.status(), all::toString);
        assertTrue(all.out().lines().anyMatch(l -> l.startsWith("also counted (--kind KIND prints one): ")
                && l.contains("mpi_put") && l.contains("mpi_collective") && !l.contains(" put,")), all::toString);
        LauncherProcess.Result one = LauncherProcess.run(dir, "stats", report.toString(), "--kind", "mpi_service");
        assertEquals(0, one.status(), one::toString);
        assertTrue(one.out().contains("mpi_service bytes, from PE (rows) to PE (columns):"), one::toString);
        long[][] ops = expectedMpi(3).get("mpi_service")[0];
        String row1 = String.format("%8d %4d %4d %4d", 1, ops[1][0], ops[1][1], ops[1][2]);
        assertTrue(one.out().contains(row1), () -> "no '" + row1 + "' in " + one);
        LauncherProcess.Result none = LauncherProcess.run(dir, "stats", report.toString(), "--kind", "gaspi_write");
        assertEquals(2, none.status(), none::toString);
        assertTrue(none.err().contains("no operations of kind 'gaspi_write'"), none::toString);
    }

    @Test
    void theReportOfAJobWithAKilledPeNamesIt() throws Exception {
        Path report = dir.resolve("killed.json");
        LauncherProcess.Result r = runScript("shm", report, "kill");
        assertEquals(3, r.status(), r::toString);
        StatsReport.Matrices m = StatsReport.read(report);
        assertEquals(List.of(1), m.missing(), r::toString);
        assertTrue(r.err().contains("counters missing from PEs [1]"), r::toString);
        assertTrue(Files.readString(report).contains("\"missing\": true"));
    }

    @Test
    void statsPrintsTheMatricesAndDrawsTheHeatmap() throws Exception {
        Path report = dir.resolve("plot.json");
        assertEquals(0, runScript("shm", report).status());
        Path svg = dir.resolve("m.svg");
        Path png = dir.resolve("m.png");
        LauncherProcess.Result r = LauncherProcess.run(dir, "stats", report.toString(), "--plot", svg.toString());
        assertEquals(0, r.status(), r::toString);
        assertTrue(r.out().contains("bytes, from PE (rows) to PE (columns):"), r::toString);
        assertTrue(r.out().contains("operations, from PE (rows) to PE (columns):"), r::toString);
        // Row 2 of the bytes table: 32+12 to PE 0... as expected() says.
        long[][] bytes = expected()[0];
        String row2 = String.format("%8d %4d %4d %4d", 2, bytes[2][0], bytes[2][1], bytes[2][2]);
        assertTrue(r.out().contains(row2), () -> "no '" + row2 + "' in " + r);
        long max = 0;
        for (long[] row : bytes) {
            for (long v : row) {
                max = Math.max(max, v);
            }
        }
        String top = "max " + max + " B";
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertEquals(Integer.toString(PlotFile.WIDTH), doc.getDocumentElement().getAttribute("width"));
        assertTrue(doc.getDocumentElement().getTextContent().contains(top), "the legend does not name " + top);
        LauncherProcess.Result p = LauncherProcess.run(dir, "stats", report.toString(), "--plot", png.toString());
        assertEquals(0, p.status(), p::toString);
        assertTrue(p.out().contains("(" + top + ")"), p::toString);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(PlotFile.WIDTH, image.getWidth());
        assertEquals(PlotFile.HEIGHT, image.getHeight());
    }

    @Test
    void badInputIsOneLineAndStatusTwo() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"pes\": 2}");
        for (String[] args : List.of(new String[] {"stats"}, new String[] {"stats", dir.resolve("none.json").toString()},
                new String[] {"stats", bad.toString()}, new String[] {"stats", bad.toString(), "--plot", "x.gif"})) {
            LauncherProcess.Result r = LauncherProcess.run(dir, args);
            assertEquals(2, r.status(), r::toString);
            assertEquals(1, r.err().lines().count(), r::toString);
            assertTrue(r.err().startsWith("pgas4j: "), r::toString);
        }
    }
}
