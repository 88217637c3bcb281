package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.launcher.testpes.CompilationModePe;
import org.pgas4j.testing.LaunchedJob;

/**
 * The launcher starts the PEs of a job that has a core per PE on this host compiling in the
 * foreground, and those of a job with more PEs than cores with the JDK's background compilation;
 * a user's own {@code -XX:+BackgroundCompilation} wins.
 */
@Timeout(120)
class ForegroundCompilationTest {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Test
    void aPePerCoreCompilesInTheForeground() {
        assertEveryPe(Math.min(2, CORES), List.of(), "false");
    }

    @Test
    void moreStartedPesThanCoresCompileInTheBackground() {
        assertEveryPe(CORES + 1, List.of(), "true");
    }

    @Test
    void theUsersOwnOptionWins() {
        assertEveryPe(1, List.of("--jvm-arg", "-XX:+BackgroundCompilation"), "true");
    }

    private static void assertEveryPe(int np, List<String> options, String expected) {
        LaunchedJob.Result r = LaunchedJob.run(np, "shm", 100, options, CompilationModePe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        List<String> lines = r.lines().stream().filter(l -> l.contains("BackgroundCompilation=")).toList();
        assertEquals(Collections.nCopies(np, "BackgroundCompilation=" + expected),
                lines.stream().map(l -> l.substring(l.indexOf("BackgroundCompilation="))).toList(), r::toString);
    }
}
