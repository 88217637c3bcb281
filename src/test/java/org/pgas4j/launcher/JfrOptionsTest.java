package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --jfr[=DIR]}: parsing, and the JVM options it adds to a PE's command. */
@Timeout(10)
class JfrOptionsTest {
    private static final ProgramCheck.Program PROGRAM = ProgramCheck.Program.onClassPath("org.example.Main",
            List.of("/app/classes"));

    @TempDir
    Path dir;

    @Test
    void withoutJfrNothingIsRecorded() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "M"));
        assertNull(o.jfrDir());
        List<String> cmd = PeCommand.forPe(PROGRAM, o);
        assertSame(cmd, PeCommand.withJfr(cmd, o, "0123456789abcdef", 0));
    }

    @Test
    void jfrAloneRecordsIntoTheCurrentDirectory() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "--jfr", "M", "--jfr"));
        assertEquals(Path.of("").toAbsolutePath().toString(), o.jfrDir());
        assertEquals("M", o.mainClass());
        assertEquals(List.of("--jfr"), o.programArgs()); // after the main class it is the program's
    }

    @Test
    void jfrWithADirectoryTakesItAbsoluteAndMayNameOneThatDoesNotExistYet() {
        Path missing = dir.resolve("a/b");
        assertEquals(missing.toString(), RunOptions.parse(List.of("-np", "2", "--jfr=" + missing, "M")).jfrDir());
        assertEquals(Path.of("rel/d").toAbsolutePath().toString(),
                RunOptions.parse(List.of("-np", "2", "--jfr=rel/./d", "M")).jfrDir());
    }

    @Test
    void aBadDirectoryIsRejectedBeforeAnythingStarts() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertMessage("--jfr=" + file, "is a file, not a directory");
        assertMessage("--jfr=", "--jfr= needs a directory");
        assertMessage("--jfr=" + dir.resolve("a,b"), "may not contain ','");
        assertMessage("--jfr=a\u0000b", "is not a path");
    }

    @Test
    void eachPeRecordsIntoItsOwnFileAfterPgas4jsJvmOptionsAndBeforeTheUsers() {
        RunOptions o = RunOptions.parse(List.of("-np", "3", "--jfr=" + dir, "-Xmx64m", "M"));
        List<String> cmd = PeCommand.withJfr(PeCommand.forPe(PROGRAM, o), o, "0123456789abcdef", 2);
        int at = cmd.indexOf(PeCommand.BASE_JVM_OPTIONS.getLast()) + 1;
        assertEquals("-XX:StartFlightRecording=name=pgas4j,filename=" + dir.resolve("pgas4j-0123456789abcdef-pe2.jfr")
                + ",dumponexit=true,settings=default,+org.pgas4j.Wait#threshold=1ms"
                + ",+org.pgas4j.shmem.WaitUntil#threshold=1ms,+org.pgas4j.AmHandler#threshold=1ms",
                cmd.get(at));
        assertEquals(PeCommand.JFR_QUIET, cmd.get(at + 1));
        assertTrue(cmd.indexOf("-Xmx64m") > at + 1, cmd::toString);
        List<String> local = PeCommand.withJfr(PeCommand.forLocalJob(PROGRAM, o), o, "0123456789abcdef", -1);
        assertTrue(local.contains("-XX:StartFlightRecording=name=pgas4j,filename="
                + dir.resolve("pgas4j-0123456789abcdef-local.jfr") + ",dumponexit=true,settings=default"
                + ",+org.pgas4j.Wait#threshold=1ms,+org.pgas4j.shmem.WaitUntil#threshold=1ms"
                + ",+org.pgas4j.AmHandler#threshold=1ms"), local::toString);
    }

    private static void assertMessage(String option, String expected) {
        UsageException e = assertThrows(UsageException.class,
                () -> RunOptions.parse(List.of("-np", "2", option, "M")));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
