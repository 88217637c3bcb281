package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgas4j.launcher.testpes.HostsPe;

/** {@code pgas4j exec}: the PE command it builds, the options it refuses, and exec-command's output. */
class ExecCommandTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();

    @Test
    void theCommandIsRunsPeCommand() {
        List<String> cmd = ExecCommand.command(List.of("-Xmx64m", "-cp", CP, HostsPe.class.getName(), "hold"));
        assertEquals(PeCommand.javaExecutable(), cmd.getFirst());
        assertTrue(cmd.containsAll(PeCommand.BASE_JVM_OPTIONS), cmd::toString);
        assertTrue(cmd.contains("-Xmx64m"), cmd::toString);
        assertEquals(List.of(HostsPe.class.getName(), "hold"), cmd.subList(cmd.size() - 2, cmd.size()));
        assertTrue(cmd.get(cmd.indexOf("-cp") + 1).startsWith(CP), cmd::toString);
        assertTrue(cmd.stream().noneMatch(w -> w.startsWith("-Dpgas4j.transport")), "auto stays the PE's choice");
    }

    @Test
    void anExplicitTransportReachesThePe() {
        List<String> cmd = ExecCommand.command(List.of("--transport", "shm", "-cp", CP, HostsPe.class.getName()));
        assertTrue(cmd.contains("-Dpgas4j.transport=shm"), cmd::toString);
    }

    @Test
    void optionsThatNeedRunAreRefused() {
        String main = HostsPe.class.getName();
        assertTrue(assertThrows(UsageException.class, () -> ExecCommand.command(List.of("-np", "4", "-cp", CP, main)))
                .getMessage().contains("sets the job size"));
        assertTrue(assertThrows(UsageException.class, () -> ExecCommand.command(List.of("--slurm", "-cp", CP, main)))
                .getMessage().contains("--slurm"));
        assertTrue(assertThrows(UsageException.class,
                () -> ExecCommand.command(List.of("--transport", "local", "-cp", CP, main))).getMessage().contains("local"));
        assertTrue(assertThrows(UsageException.class,
                () -> ExecCommand.command(List.of("--timeout", "5", "-cp", CP, main))).getMessage().contains("--timeout"));
        assertTrue(assertThrows(UsageException.class,
                () -> ExecCommand.command(List.of("--bind-to", "core", "-cp", CP, main))).getMessage()
                .contains("srun --cpu-bind=cores"));
    }

    @Test
    void execCommandPrintsTheWordsEachEndedByNul() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertEquals(0, ExecCommand.print(List.of("-cp", CP, HostsPe.class.getName(), "a b"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith(HostsPe.class.getName() + "\0a b\0"), text);
        assertEquals(ExecCommand.command(List.of("-cp", CP, HostsPe.class.getName(), "a b")),
                List.of(text.substring(0, text.length() - 1).split("\0")));
    }
}
