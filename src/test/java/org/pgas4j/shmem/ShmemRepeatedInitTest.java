package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.testing.LaunchedJob;

/**
 * OpenSHMEM's repeated init/finalize pairs in PEs started by the launcher ({@code bin/pgas4j run}):
 * each PE process rejoins its job with the same PE number, and puts, atomics and barriers work in
 * every pair; a PE that dies between pairs fails the job naming it, with nothing left in /dev/shm;
 * a program whose PEs make different numbers of pairs gets a clear error instead of a hang; the
 * {@code --stats} report sums every pair.
 */
@Timeout(600)
class ShmemRepeatedInitTest {
    private static final Path SHM = Path.of("/dev/shm");

    @ParameterizedTest(name = "{0} N={1}: {2} init/finalize pairs")
    @CsvSource({"shm, 1, 2", "shm, 1, 3", "shm, 2, 2", "shm, 2, 3", "shm, 3, 2", "shm, 3, 3", "shm, 5, 2",
            "shm, 5, 3", "ucx, 2, 2", "ucx, 3, 3", "local, 3, 2"})
    void everyPairRejoinsWithTheSameRankAndWorks(String transport, int n, int pairs) throws IOException {
        if (transport.equals("ucx") && org.pgas4j.transport.ucx.UcpLibrary.unavailableReason() != null) {
            return;
        }
        LaunchedJob.Result r = run(n, transport, 180, Integer.toString(pairs));
        assertEquals(0, r.exitCode(), r::toString);
        for (int pe = 0; pe < n; pe++) {
            for (int pair = 1; pair <= pairs; pair++) {
                assertTrue(r.lines().contains("[" + pe + "] PAIR " + pair + " PE "
                        + pe + " OF " + n + " OK"), "PE " + pe + " pair " + pair + ": " + r);
            }
            assertTrue(r.stdout().contains("DONE PE " + pe), r::toString);
        }
        assertEquals(Set.of(), shmFiles(jobId(r)), "files the job left in /dev/shm");
    }

    @ParameterizedTest(name = "shm N={0}: PE {1} ends by {3} after pair {2}")
    @CsvSource({"2, 1, 1, halt", "3, 2, 1, kill", "5, 0, 2, halt", "3, 1, 2, kill"})
    void aPeThatDiesBetweenPairsFailsTheJobNamingIt(int n, int dying, int afterPair, String how) throws IOException {
        long t0 = System.nanoTime();
        LaunchedJob.Result r = run(n, "shm", 120, "3", "die", Integer.toString(dying), Integer.toString(afterPair), how);
        long endMillis = System.currentTimeMillis();
        double seconds = (System.nanoTime() - t0) / 1e9;
        int status = how.equals("kill") ? 137 : 3;
        assertEquals(status, r.exitCode(), r::toString);
        String named = how.equals("kill") ? "PE " + dying + " \\(pid \\d+\\) was killed by signal 9.*"
                : "PE " + dying + " \\(pid \\d+\\) exited with status 3.*";
        assertTrue(Pattern.compile("pgas4j: " + named).matcher(r.stderr()).find(), r::toString);
        assertFalse(r.stdout().contains("PAIR " + (afterPair + 1) + " PE " + dying + " "), r::toString);
        long diedAt = Long.parseLong(r.lines().stream().filter(l -> l.contains("DYING ")).findFirst()
                .orElseThrow(() -> new AssertionError("PE " + dying + " did not say when it ends: " + r))
                .replaceAll(".*DYING ", "").trim());
        assertTrue(endMillis - diedAt < 15_000, "the launcher ended " + (endMillis - diedAt) + " ms after the PE died");
        assertTrue(seconds < 60, "the job took " + seconds + " s to fail");
        assertEquals(Set.of(), shmFiles(jobId(r)), "files the job left in /dev/shm");
    }

    @ParameterizedTest(name = "shm N={0}: PE {2} makes {3} pairs, the others {1}")
    @CsvSource({"2, 2, 1, 1", "3, 2, 0, 3", "3, 3, 2, 2", "5, 2, 4, 3"})
    void pesThatMakeDifferentNumbersOfPairsGetAClearError(int n, int pairs, int odd, int oddPairs) throws IOException {
        long t0 = System.nanoTime();
        LaunchedJob.Result r = run(n, "shm", 120, Integer.toString(pairs), Integer.toString(odd), Integer.toString(oddPairs));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("init and finalize are collective: every PE must call them the same number"
                + " of times"), r::toString);
        int fewer = Math.min(pairs, oddPairs);
        assertTrue(r.stderr().contains(" exited after " + fewer + " init/finalize pair" + (fewer == 1 ? "" : "s")),
                r::toString);
        if (oddPairs < pairs) {
            assertTrue(r.stderr().contains("PE " + odd + " (pid "), r::toString);
        }
        assertTrue(seconds < 60, "the job took " + seconds + " s to fail");
        assertEquals(Set.of(), shmFiles(jobId(r)), "files the job left in /dev/shm");
    }

    @org.junit.jupiter.api.Test
    void inAnInJvmJobPesThatMakeDifferentNumbersOfPairsGetAClearError() {
        long t0 = System.nanoTime();
        org.pgas4j.transport.local.LocalJob.LocalJobException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.pgas4j.transport.local.LocalJob.LocalJobException.class, () ->
                        org.pgas4j.transport.local.LocalJob.run(3, java.time.Duration.ofSeconds(120), () -> {
                            int pairs = 2;
                            for (int pair = 1; pair <= pairs; pair++) {
                                try (Shmem shmem = Shmem.init()) {
                                    pairs = shmem.myPe() == 1 ? 1 : 2;
                                    shmem.barrierAll();
                                }
                            }
                        }));
        assertTrue(e.getMessage().contains("PE 1 has ended while PE ") && e.getMessage().contains(
                "init and finalize are collective: every PE must call them the same number of times"), e::toString);
        assertTrue((System.nanoTime() - t0) / 1e9 < 60, "the job failed promptly");
    }

    @org.junit.jupiter.api.Test
    void theStatisticsReportSumsEveryPairOfEveryPe(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        long[][][] one = counted(dir.resolve("one.json"), 1);
        long[][][] three = counted(dir.resolve("three.json"), 3);
        for (int m = 0; m < 2; m++) {
            for (int from = 0; from < 3; from++) {
                for (int to = 0; to < 3; to++) {
                    assertEquals(3 * one[m][from][to], three[m][from][to], (m == 0 ? "operations" : "bytes")
                            + " from PE " + from + " to PE " + to);
                }
            }
        }
        assertTrue(one[0][1][0] > 0, "PE 1 counted its puts to PE 0");
    }

    /** [ops, bytes][from][to] of a 3-PE job of {@code pairs} pairs with its report in {@code report}. */
    private static long[][][] counted(Path report, int pairs) throws IOException {
        LaunchedJob.Result r = LaunchedJob.run(3, "shm", 120, List.of("--stats=" + report), Map.of(),
                RepeatedInitPe.class.getName(), Integer.toString(pairs));
        assertEquals(0, r.exitCode(), r::toString);
        org.pgas4j.internal.stats.StatsReport.Matrices m = org.pgas4j.internal.stats.StatsReport.read(report);
        assertEquals(List.of(), m.missing(), r::toString);
        return new long[][][] {m.ops(), m.bytes()};
    }

    private static LaunchedJob.Result run(int n, String transport, int timeoutSeconds, String... args) {
        return LaunchedJob.run(n, transport, timeoutSeconds, List.of(),
                transport.equals("ucx") ? Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo") : Map.of(),
                RepeatedInitPe.class.getName(), args);
    }

    private static String jobId(LaunchedJob.Result r) {
        String job = r.lines().stream().filter(l -> l.contains("JOB ")).findFirst()
                .orElseThrow(() -> new AssertionError("no PE printed its job id: " + r)).replaceAll(".*JOB ", "").trim();
        assertTrue(job.length() >= 8, job);
        return job;
    }

    /** The files of job {@code jobId} in /dev/shm (other jobs may run beside this test). */
    private static Set<String> shmFiles(String jobId) throws IOException {
        try (Stream<Path> s = Files.list(SHM)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(jobId)).collect(Collectors.toSet());
        }
    }
}
