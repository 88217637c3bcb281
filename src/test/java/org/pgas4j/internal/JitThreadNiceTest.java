package org.pgas4j.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.testing.LaunchedJob;

/**
 * {@code pgas4j.jit.nice}: launched PEs (more of them than cores too) find their JIT compiler
 * threads at the nice value asked for, as the kernel reports it; by default the threads are left at
 * 0; a value outside 0-19 fails the job naming the variable.
 */
@Timeout(120)
class JitThreadNiceTest {

    private static List<String> niceLines(LaunchedJob.Result r, int n) {
        List<String> lines = r.lines().stream().filter(l -> l.contains(": compiler threads ")).toList();
        assertEquals(n, lines.size(), r::toString);
        return lines;
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 3})
    void everyCompilerThreadOfEveryPeGetsTheNiceValue(int n) {
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 60, List.of(), Map.of("PGAS4J_JIT_NICE", "7"),
                JitNicePe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        for (String line : niceLines(r, n)) {
            String values = line.substring(line.indexOf(": compiler threads ") + 19);
            assertTrue(values.matches("\\[7(, 7)*\\]"), "every compiler thread at nice 7: " + line);
        }
    }

    @Test
    void byDefaultTheCompilerThreadsAreLeftAlone() {
        LaunchedJob.Result r = LaunchedJob.run(2, "shm", 60, List.of(), JitNicePe.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        for (String line : niceLines(r, 2)) {
            assertTrue(line.matches(".*: compiler threads \\[0(, 0)*\\]"), line);
        }
    }

    @Test
    void aValueOutsideZeroToNineteenFailsTheJobNamingTheVariable() {
        LaunchedJob.Result r = LaunchedJob.run(2, "shm", 60, List.of(), Map.of("PGAS4J_JIT_NICE", "20"),
                JitNicePe.class.getName());
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.toString().contains("PGAS4J_JIT_NICE has invalid value '20': 20 is outside [0, 19]"),
                r::toString);
    }
}
