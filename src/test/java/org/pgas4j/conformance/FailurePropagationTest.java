package org.pgas4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.testing.LaunchedJob;

/**
 * A PE that dies or hangs while the others wait in a barrier over {@code shm}: the job fails
 * within seconds, naming the PE, and leaves no shared file behind.
 */
@Timeout(120)
class FailurePropagationTest {

    /** The shared files left by the job whose PEs printed {@code JOB <id>}. */
    private static List<Path> filesOf(LaunchedJob.Result r) throws IOException {
        String id = r.lines().stream().filter(l -> l.matches("^\\[\\d+] JOB \\w+$")).findFirst()
                .map(l -> l.substring(l.lastIndexOf(' ') + 1)).orElseThrow(() -> new AssertionError("no job id: " + r));
        try (Stream<Path> files = Files.list(Path.of("/dev/shm"))) {
            return files.filter(p -> p.getFileName().toString().startsWith("pgas4j-" + id + "-")).toList();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void aPeExitingWhileOthersWaitInABarrierFailsTheJobNamingIt(int n) throws IOException {
        long start = System.nanoTime();
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 60, List.of("--jvm-arg", "-Dpgas4j.segment.size=1m"),
                FailingPe.class.getName(), "1", "exit");
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(3, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("PE 1"), r::toString);
        assertSurvivorsWereToldWhoFailedAndHow(r, n);
        // JVM start-up of n PEs dominates; the failure itself is handled in a few seconds.
        assertTrue(took.toSeconds() < 30, "took " + took);
        assertEquals(List.of(), filesOf(r), "shared files left behind");
    }

    /**
     * Every survivor that saw its barrier fail (the launcher may stop a slow one first) was told,
     * in its own exception, which PE failed, where, and how it ended.
     */
    static void assertSurvivorsWereToldWhoFailedAndHow(LaunchedJob.Result r, int n) {
        assertSurvivorsWereToldWhoFailedAndHow(r, n, false);
    }

    /**
     * As {@link #assertSurvivorsWereToldWhoFailedAndHow(LaunchedJob.Result, int)}; with
     * {@code connections}, a survivor may also learn it from its own lost connection to PE 1 (over
     * UCX, the peer's reset can arrive before the launcher's word).
     */
    static void assertSurvivorsWereToldWhoFailedAndHow(LaunchedJob.Result r, int n, boolean connections) {
        List<String> aborted = r.lines().stream().filter(l -> l.matches("^\\[\\d+] ABORTED .*")).toList();
        assertTrue(!aborted.isEmpty() || n == 1, "no survivor reported its aborted wait\n" + r);
        for (String line : aborted) {
            boolean launcher = line.matches("^\\[(\\d+)] ABORTED PE \\1: the job is failing \\(the launcher aborted the job: "
                    + "PE 1 \\(pid \\d+.*\\) exited with status 3\\) while waiting in .*");
            boolean lost = connections && line.matches("^\\[(\\d+)] ABORTED PE \\1: the job is failing \\(the UCX connection "
                    + "to PE 1 is lost: .*\\)");
            assertTrue(launcher || lost, line + "\n" + r);
        }
    }

    @Test
    void aHungPeIsStoppedByTheTimeoutAndNamed() {
        LaunchedJob.Result r = LaunchedJob.run(2, "shm", 4, List.of("--jvm-arg", "-Dpgas4j.segment.size=1m"),
                FailingPe.class.getName(), "1", "hang");
        assertEquals(124, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("1"), r::toString);
    }
}
