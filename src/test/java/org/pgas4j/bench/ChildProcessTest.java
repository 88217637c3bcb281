package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How the bench collects what its child processes report, and how it treats one that fails. */
@Timeout(20)
class ChildProcessTest {
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    private static List<String> sh(String script) {
        return List.of("/bin/sh", "-c", script);
    }

    @Test
    void resultLinesAreCollectedAndOtherOutputIsForwarded() {
        Map<String, Double> r = ChildProcess.run("probe",
                sh("echo 'RESULT a/8 1.5'; echo hello; echo oops >&2; echo 'RESULT b 2'"), 10, err);
        assertEquals(Map.of("a/8", 1.5, "b", 2.0), r);
        String forwarded = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(forwarded.contains("[probe] hello") && forwarded.contains("[probe] oops"), forwarded);
    }

    @Test
    void aFailingChildIsABenchFailureNamingIt() {
        BenchFailure f = assertThrows(BenchFailure.class, () -> ChildProcess.run("probe", sh("exit 3"), 10, err));
        assertTrue(f.getMessage().contains("probe") && f.getMessage().contains("status 3"), f.getMessage());
    }

    @Test
    void aHungChildIsKilledAtItsTimeLimit() {
        long start = System.nanoTime();
        BenchFailure f = assertThrows(BenchFailure.class, () -> ChildProcess.run("sleeper", sh("sleep 60"), 1, err));
        assertTrue(f.getMessage().contains("did not finish within 1 s"), f.getMessage());
        assertTrue(System.nanoTime() - start < 10_000_000_000L);
    }

    @Test
    void malformedResultIsReported() {
        assertThrows(BenchFailure.class, () -> ChildProcess.run("probe", sh("echo 'RESULT a NaNish'"), 10, err));
    }
}
