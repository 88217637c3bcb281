package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.launcher.testpes.JfrPe;
import org.pgas4j.launcher.testpes.ShmemWaitPe;
import org.pgas4j.launcher.testpes.StatsScriptPe;

/**
 * {@code pgas4j run --jfr=DIR}: real jobs (shm with 2 and 3 PEs, local with 3) run {@link JfrPe},
 * and their recordings, read with {@link RecordingFile}, hold pgas4j's events with the expected
 * fields: barriers, collectives, a long wait, a slow AM handler, segments, endpoints, and for a
 * job whose last PE exits with status 3, the other PEs' JobAbort events naming it; and the periodic
 * Counters event of a job with statistics on (none without).
 */
class JfrRecordingTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    private static final Pattern FILE = Pattern.compile("pgas4j-([0-9a-f]{16})-(pe(\\d+)|local)\\.jfr");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "shm, -np {0}")
    @ValueSource(ints = {2, 3})
    @Timeout(90)
    void everyPeRecordsItsOwnFileWithPgas4jsEvents(int np) throws Exception {
        Path out = dir.resolve("jfr out"); // missing: the launcher creates it; a space in the name is fine
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", Integer.toString(np), "--jfr=" + out,
                "-cp", CP, JfrPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        assertFalse(r.out().contains("jfr,startup"), r::toString);
        Map<Integer, Path> files = files(out, np);
        for (int pe = 0; pe < np; pe++) {
            checkPe(read(files.get(pe)), pe, np);
        }
    }

    @Test
    @Timeout(90)
    void aRecordingStartedAfterInitStillHasPgas4jsEvents() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "-cp", CP,
                org.pgas4j.launcher.testpes.JfrLateRecordingPe.class.getName(), dir.toString());
        assertEquals(0, r.status(), r::toString);
        for (int pe = 0; pe < 2; pe++) {
            // not initialized by pgas4j itself: its events wait for a recording to register them
            assertTrue(r.outLines().contains("PE " + pe + " recorder initialized before init: false"), r::toString);
            assertTrue(r.outLines().contains("PE " + pe + " barriers recorded: 3"), r::toString);
        }
    }

    @Test
    @Timeout(90)
    void theLocalTransportRecordsOneFileWithEveryPesEvents() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "--transport", "local",
                "--jfr=" + dir, "-cp", CP, JfrPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        Map<Integer, Path> files = files(dir, 1);
        List<RecordedEvent> all = read(files.get(-1));
        for (int pe = 0; pe < 3; pe++) {
            int rank = pe;
            checkPe(all.stream().filter(e -> !e.hasField("pe") || e.getInt("pe") == rank).toList(), pe, 3);
        }
    }

    @Test
    @Timeout(90)
    void aFailedPeIsNamedInTheOthersJobAbortEvents() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "3", "--jfr=" + dir, "-cp", CP,
                JfrPe.class.getName(), "fail");
        assertEquals(3, r.status(), r::toString);
        Map<Integer, Path> files = files(dir, 3);
        for (int pe = 0; pe < 2; pe++) {
            List<RecordedEvent> events = read(files.get(pe));
            List<RecordedEvent> aborts = of(events, "org.pgas4j.JobAbort");
            assertFalse(aborts.isEmpty(), "PE " + pe + " recorded no JobAbort");
            for (RecordedEvent a : aborts) {
                assertEquals(2, a.getInt("failedPe"), a::toString);
                assertTrue(a.getString("message").contains("PE 2"), a::toString);
            }
            int rank = pe;
            assertTrue(aborts.stream().anyMatch(a -> a.getString("action").equals("exception")
                    && a.getInt("pe") == rank), aborts::toString);
            assertFalse(of(events, "org.pgas4j.Barrier").isEmpty()); // what came before is in the file too
        }
        List<RecordedEvent> failed = read(files.get(2));
        assertTrue(of(failed, "org.pgas4j.JobAbort").isEmpty(), failed::toString);
        assertFalse(of(failed, "org.pgas4j.Collective").isEmpty());
    }

    @Test
    @Timeout(90)
    void aLongShmemWaitUntilIsRecorded() throws Exception {
        LauncherProcess.Result r = LauncherProcess.run(dir, "run", "-np", "2", "--jfr=" + dir, "-cp", CP,
                ShmemWaitPe.class.getName());
        assertEquals(0, r.status(), r::toString);
        Map<Integer, Path> files = files(dir, 2);
        List<RecordedEvent> waits = of(read(files.get(0)), "org.pgas4j.shmem.WaitUntil");
        assertEquals(1, count(waits, e -> e.getString("kind").equals("shmem.waitUntil") && e.getInt("pe") == 0
                && e.getDuration().compareTo(Duration.ofMillis(30)) >= 0), waits::toString);
        assertTrue(of(read(files.get(1)), "org.pgas4j.shmem.WaitUntil").isEmpty());
    }

    @ParameterizedTest(name = "statistics on: {0}")
    @ValueSource(booleans = {true, false})
    @Timeout(90)
    void theCountersEventSamplesEveryPesTotalsWhileStatisticsAreOn(boolean stats) throws Exception {
        Path jfr = dir.resolve("counters.jfr");
        List<String> args = new ArrayList<>(List.of("run", "-np", "3", "--transport", "local"));
        if (stats) {
            args.add("--stats=" + dir.resolve("counters.json"));
        }
        args.addAll(List.of("-XX:StartFlightRecording=filename=" + jfr + ",dumponexit=true,"
                + "+org.pgas4j.Counters#period=50ms", "-Xlog:jfr+startup=off", "-cp", CP,
                StatsScriptPe.class.getName(), "linger"));
        LauncherProcess.Result r = LauncherProcess.run(dir, args.toArray(String[]::new));
        assertEquals(0, r.status(), r::toString);
        List<RecordedEvent> counters = of(read(jfr), "org.pgas4j.Counters");
        if (!stats) {
            assertTrue(counters.isEmpty(), counters::toString);
            return;
        }
        for (int pe = 0; pe < 3; pe++) {
            int rank = pe;
            // StatsScriptPe's totals while it lingers (before its close's barrier): see StatisticsTest.
            assertTrue(counters.stream().anyMatch(e -> e.getInt("pe") == rank && e.getLong("puts") == 6
                    && e.getLong("putBytes") == 140 && e.getLong("gets") == 3 && e.getLong("getBytes") == 12
                    && e.getLong("atomics") == 4 && e.getLong("atomicBytes") == 32 && e.getLong("amRequests") == 3
                    && e.getLong("amRequestBytes") == 16 && e.getLong("amReplies") == 2
                    && e.getLong("amReplyBytes") == 0 && e.getLong("collectives") == 4
                    && e.getLong("facadeOperations") == 0 && e.getLong("waits") >= 4
                    && e.getDuration("waitTime").toNanos() > 0), "PE " + pe + ": " + counters);
        }
    }

    /** The events PE {@code pe} of a job of {@code np} running JfrPe must have recorded. */
    private static void checkPe(List<RecordedEvent> events, int pe, int np) {
        String who = "PE " + pe + " of " + np;
        List<RecordedEvent> barriers = of(events, "org.pgas4j.Barrier");
        assertTrue(barriers.stream().filter(e -> e.getString("kind").equals("barrier")).count() >= 3,
                who + ": " + barriers);
        assertEquals(1, barriers.stream().filter(e -> e.getString("kind").equals("barrierNB")).count(),
                who + ": " + barriers);
        for (RecordedEvent b : barriers) {
            assertEquals(pe, b.getInt("pe"), b::toString);
            if (b.getString("kind").equals("barrier")) { // the stack trace starts at the barrier, not in pgas4j's JFR code
                RecordedFrame top = b.getStackTrace().getFrames().getFirst();
                assertEquals("org.pgas4j.Team.barrier", top.getMethod().getType().getName() + "."
                        + top.getMethod().getName(), b::toString);
            }
            assertEquals("world", b.getString("team"));
            assertEquals(np, b.getInt("teamSize"));
            assertEquals(pe, b.getInt("teamRank"));
        }
        List<RecordedEvent> colls = of(events, "org.pgas4j.Collective");
        assertEquals(1, count(colls, e -> e.getString("kind").equals("allreduce") && e.getLong("bytes") == 8
                && e.getInt("teamSize") == np && e.getString("team").equals("world")), who + ": " + colls);
        assertEquals(1, count(colls, e -> e.getString("kind").equals("broadcast") && e.getLong("bytes") == 4096),
                who + ": " + colls);
        if (pe == 0) {
            List<RecordedEvent> waits = of(events, "org.pgas4j.Wait");
            assertTrue(waits.stream().anyMatch(e -> e.getString("kind").equals("Event.waitFor")
                    && e.getInt("pe") == 0 && e.getDuration().compareTo(Duration.ofMillis(100)) >= 0),
                    who + ": " + waits);
            for (RecordedEvent w : waits) {
                assertTrue(w.getDuration().compareTo(Duration.ofMillis(1)) >= 0, "under the 1 ms threshold: " + w);
            }
        }
        List<RecordedEvent> handlers = of(events, "org.pgas4j.AmHandler");
        if (pe == 1) {
            assertEquals(1, count(handlers, e -> e.getInt("handler") == JfrPe.SLOW_HANDLER
                    && e.getString("category").equals("MEDIUM") && e.getInt("sourcePe") == 0
                    && e.getLong("payloadBytes") == 100 && !e.getBoolean("reply")
                    && e.getDuration().compareTo(Duration.ofMillis(25)) >= 0), who + ": " + handlers);
        } else {
            assertTrue(handlers.isEmpty(), who + ": " + handlers);
        }
        List<RecordedEvent> segments = of(events, "org.pgas4j.Segment");
        RecordedEvent created = segments.stream().filter(e -> e.getString("action").equals("create")
                && e.getLong("size") == 1 << 20).findFirst()
                .orElseThrow(() -> new AssertionError(who + ": " + segments));
        assertEquals("HOST", created.getString("kind"));
        assertFalse(created.getBoolean("clientAllocated"));
        assertEquals(1, count(segments, e -> e.getString("action").equals("destroy")
                && e.getLong("segmentId") == created.getLong("segmentId") && e.getLong("size") == 1 << 20),
                who + ": " + segments);
        List<RecordedEvent> endpoints = of(events, "org.pgas4j.EndpointCreate");
        assertEquals(1, count(endpoints, e -> e.getInt("endpoint") == 0 && e.getInt("pe") == pe),
                who + ": " + endpoints);
    }

    /** The job's files in {@code dir}, by rank (-1 for a local job's file); checks there are {@code n}. */
    private static Map<Integer, Path> files(Path dir, int n) throws IOException {
        Map<Integer, Path> byRank = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Matcher m = FILE.matcher(p.getFileName().toString());
                if (m.matches()) {
                    byRank.put(m.group(3) == null ? -1 : Integer.parseInt(m.group(3)), p);
                }
            }
        }
        assertEquals(n, byRank.size(), "files in " + dir + ": " + byRank);
        return byRank;
    }

    private static List<RecordedEvent> read(Path file) throws IOException {
        List<RecordedEvent> events = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().startsWith("org.pgas4j.")) {
                assertTrue(e.getEventType().getCategoryNames().contains("pgas4j"), e::toString);
                events.add(e);
            }
        }
        return events;
    }

    private static List<RecordedEvent> of(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    private static long count(List<RecordedEvent> events, Predicate<RecordedEvent> p) {
        return events.stream().filter(p).count();
    }
}
