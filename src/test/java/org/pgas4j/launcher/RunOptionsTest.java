package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Parsing of {@code pgas4j run} options, and the words for exit statuses. */
@Timeout(10)
class RunOptionsTest {

    @Test
    void parsesEveryOptionAndLeavesTheProgramsArgumentsAlone() {
        RunOptions o = RunOptions.parse(List.of("-np", "4", "--transport=local", "--tag-output", "--timeout", "1.5",
                "--jvm-arg", "-Xmx64m", "--jvm-arg=-Dx=y", "-cp", "a.jar:b", "org.example.Main", "-np", "9", "--x"));
        assertEquals(4, o.np());
        assertEquals("local", o.transport());
        assertTrue(o.tagOutput());
        assertEquals(1500, o.timeoutMillis());
        assertEquals(List.of("-Xmx64m", "-Dx=y"), o.jvmArgs());
        assertEquals(List.of("a.jar", "b"), o.classPath());
        assertEquals("org.example.Main", o.mainClass());
        assertEquals(List.of("-np", "9", "--x"), o.programArgs());
        assertNull(o.jar());
    }

    @Test
    void aJarTakesTheRestAsItsArguments() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-jar", "app.jar", "--tag-output"));
        assertEquals("app.jar", o.jar());
        assertNull(o.mainClass());
        assertFalse(o.tagOutput());
        assertEquals(List.of("--tag-output"), o.programArgs());
    }

    @Test
    void aDoubleDashIntroducesAMainClassThatLooksLikeAnOption() {
        assertEquals("-Weird", RunOptions.parse(List.of("-np", "1", "--", "-Weird")).mainClass());
    }

    @Test
    void badCommandLinesAreRejectedWithAReason() {
        assertMessage(List.of("-np"), "option -np needs a value");
        assertMessage(List.of("-np", "1025", "M"), "-np 1025 is outside [1, 1024]");
        assertMessage(List.of("-np", "-3", "M"), "-np -3 is outside");
        assertMessage(List.of("-np", "2", "--tag-output=yes", "M"), "option --tag-output takes no value");
        assertMessage(List.of("-np", "2", "--timeout", "-1", "M"), "--timeout -1 must be more than 0");
        assertMessage(List.of("-np", "2", "-cp", "x", "-jar", "a.jar"), "-cp cannot be combined with -jar");
    }

    @Test
    void statusesOfSignalledProcessesNameTheSignal() {
        assertEquals("was killed by signal 9 (SIGKILL)", ExitStatus.describe(137));
        assertEquals("was killed by signal 15 (SIGTERM)", ExitStatus.describe(143));
        assertEquals("was killed by signal 6 (SIGABRT)", ExitStatus.describe(134));
        assertEquals("exited with status 3", ExitStatus.describe(3));
        assertEquals("exited with status 128", ExitStatus.describe(128));
    }

    private static void assertMessage(List<String> args, String expected) {
        UsageException e = assertThrows(UsageException.class, () -> RunOptions.parse(args));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
