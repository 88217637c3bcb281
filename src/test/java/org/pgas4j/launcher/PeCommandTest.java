package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The PE and local-job command lines for programs on the class path and for modules. */
@Timeout(10)
class PeCommandTest {
    private static final ProgramCheck.Program CLASS_PATH_PROGRAM =
            ProgramCheck.Program.onClassPath("org.example.Main", List.of("app.jar", "/self"));
    private static final ProgramCheck.Program MODULE =
            new ProgramCheck.Program("demo.app.Main", List.of(), "demo.app", List.of("/mods", "/self"));

    @Test
    void aJobThatGivesEveryPeACoreOfOneHostCompilesInTheForeground() {
        assertEquals(List.of(PeCommand.FOREGROUND_COMPILATION), PeCommand.sharingOptions(2, 1, 2));
        assertEquals(List.of(PeCommand.FOREGROUND_COMPILATION), PeCommand.sharingOptions(1, 1, 64));
        assertEquals(List.of(), PeCommand.sharingOptions(3, 1, 2), "more PEs than cores");
        assertEquals(List.of(), PeCommand.sharingOptions(16, 1, 2));
        assertEquals(List.of(), PeCommand.sharingOptions(2, 2, 8), "across hosts, whose cores are not known here");
        // After pgas4j's own options, before the user's, who may turn it back: -XX:+BackgroundCompilation.
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-XX:+BackgroundCompilation", "-cp", "app.jar",
                "org.example.Main"));
        List<String> cmd = PeCommand.forPe(CLASS_PATH_PROGRAM, o, PeCommand.sharingOptions(2, 1, 2));
        int base = 2 + PeCommand.BASE_JVM_OPTIONS.size();
        assertEquals(PeCommand.FOREGROUND_COMPILATION, cmd.get(base), cmd::toString);
        assertTrue(cmd.indexOf("-XX:+BackgroundCompilation") > base, cmd::toString);
        assertEquals(cmd.size() - 1, PeCommand.forPe(CLASS_PATH_PROGRAM, o).size(), "none without the sharing options");
    }

    @Test
    void aClassPathProgramRunsWithTheUnnamedModuleAllowedNativeAccess() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-Dx=y", "-ea", "-cp", "app.jar", "org.example.Main", "a"));
        List<String> cmd = PeCommand.forPe(CLASS_PATH_PROGRAM, o);
        assertEquals(PeCommand.NATIVE_ACCESS_UNNAMED, cmd.get(1));
        assertEquals(PeCommand.BASE_JVM_OPTIONS, cmd.subList(2, 2 + PeCommand.BASE_JVM_OPTIONS.size()));
        assertEquals(List.of("-Dx=y", "-ea", "-cp", "app.jar:/self", "org.example.Main", "a"),
                cmd.subList(cmd.size() - 6, cmd.size()));
        assertFalse(cmd.contains("--module-path"), cmd::toString);
    }

    @Test
    void aModuleRunsWithPgas4jOnTheModulePathAndNativeAccessForIt() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-Xmx64m", "-p", "/mods", "-m", "demo.app", "a", "b"));
        List<String> cmd = PeCommand.forPe(MODULE, o);
        assertEquals(PeCommand.NATIVE_ACCESS_MODULE, cmd.get(1));
        assertFalse(cmd.contains(PeCommand.NATIVE_ACCESS_UNNAMED), cmd::toString);
        assertFalse(cmd.contains("-cp"), cmd::toString);
        assertEquals(List.of("-Xmx64m", "--module-path", "/mods:/self", "--add-modules", "org.pgas4j",
                "-m", "demo.app/demo.app.Main", "a", "b"), cmd.subList(cmd.size() - 9, cmd.size()));
    }

    @Test
    void aModuleKeepsTheUsersClassPath() {
        ProgramCheck.Program withCp = new ProgramCheck.Program("demo.app.Main", List.of("extra.jar"), "demo.app",
                List.of("/mods", "/self"));
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-cp", "extra.jar", "-p", "/mods", "-m", "demo.app"));
        List<String> cmd = PeCommand.forPe(withCp, o);
        int cp = cmd.indexOf("-cp");
        assertEquals("extra.jar", cmd.get(cp + 1));
        assertEquals("--module-path", cmd.get(cp + 2));
    }

    @Test
    void aLocalJobOfAModuleRunsLocalJobMainFromPgas4jsModule() {
        RunOptions o = RunOptions.parse(List.of("-np", "3", "--tag-output", "-p", "/mods", "-m", "demo.app", "x"));
        List<String> cmd = PeCommand.forLocalJob(MODULE, o);
        assertEquals(PeCommand.NATIVE_ACCESS_MODULE, cmd.get(1));
        assertEquals(List.of("--module-path", "/mods:/self", "--add-modules", "demo.app", "--add-exports",
                "demo.app/demo.app=org.pgas4j", "-m", "org.pgas4j/" + PeCommand.LOCAL_JOB_MAIN, "--tag-output", "3",
                "demo.app.Main", "x"), cmd.subList(cmd.size() - 12, cmd.size()));
    }

    @Test
    void theLaunchersSettingsComeFirstUnlessTheCommandLineDefinesThem() {
        String both = "pgas4j.test.pecommand.both";
        String launcherOnly = "pgas4j.test.pecommand.launcher";
        System.setProperty(both, "launcher");
        System.setProperty(launcherOnly, "launcher");
        try {
            RunOptions o = RunOptions.parse(List.of("-np", "2", "-D" + both + "=job", "org.example.Main"));
            List<String> cmd = PeCommand.forPe(CLASS_PATH_PROGRAM, o);
            assertEquals(1, Collections.frequency(cmd, "-D" + both + "=job"), cmd::toString);
            assertFalse(cmd.contains("-D" + both + "=launcher"), cmd::toString);
            assertTrue(cmd.indexOf("-D" + launcherOnly + "=launcher") < cmd.indexOf("-D" + both + "=job"),
                    cmd::toString);
        } finally {
            System.clearProperty(both);
            System.clearProperty(launcherOnly);
        }
    }
}
