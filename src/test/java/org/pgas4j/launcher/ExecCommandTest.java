package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

    /**
     * Only the transport a command names is asked whether it can run here: with UCX unusable
     * ({@code pgas4j.library.path} pointing where there is none), exec-command of the default
     * transport succeeds without loading UCX's bindings, and {@code --transport ucx} is refused with
     * UCX's reason.
     */
    @Test
    void onlyTheNamedTransportIsCheckedAndAnUnusableOneIsRefusedWithItsReason(@TempDir Path dir) throws Exception {
        List<String> noUcx = List.of("-Dpgas4j.library.path=" + dir, "-Xlog:class+load=info:file=" + dir.resolve("classes"));
        LauncherProcess.Result auto = LauncherProcess.start(dir, noUcx, "exec-command", "-cp", CP, HostsPe.class.getName())
                .await();
        assertEquals(0, auto.status(), auto::toString);
        assertTrue(auto.out().contains(HostsPe.class.getName()), auto::toString);
        String loaded = Files.readString(dir.resolve("classes"));
        assertTrue(loaded.contains(ExecCommand.class.getName()), "the class log works");
        assertFalse(loaded.contains("org.pgas4j.transport.ucx.UcpLibrary"), "UCX's bindings loaded for the default transport");
        LauncherProcess.Result ucx = LauncherProcess.start(dir, noUcx, "exec-command", "--transport", "ucx", "-cp", CP,
                HostsPe.class.getName()).await();
        assertEquals(UsageException.EXIT_STATUS, ucx.status(), ucx::toString);
        assertTrue(ucx.err().contains("transport ucx cannot run on this host"), ucx::toString);
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
