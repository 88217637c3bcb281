package org.pgas4j.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.testing.SystemDependencies;

/**
 * {@code bin/test --deps}: the script reads the same list as the tests, probes as they do, and says
 * per component what it would do; with --no-install it never offers to install.
 */
@Timeout(60)
class TestScriptTest {
    @TempDir
    Path dir;

    @Test
    void theScriptAndTheTestsAgreeOnWhatThisHostHas() throws Exception {
        Scripts.Outcome r = deps(Map.of(), "--no-install");
        assertEquals(0, r.status(), r.toString());
        for (SystemComponent c : SystemComponent.values()) {
            SystemDependencies.Dependency d = c.dependency();
            boolean present = c.missing().isEmpty();
            String line = present ? "bin/test: " + d.name() + ": present"
                    : d.installable() ? "bin/test: " + d.debianPackage() + " is missing (" + d.purpose()
                            + "); not installed (--no-install): its tests are skipped"
                    : "bin/test: " + d.name() + " is missing (" + d.purpose() + "); no package provides it: its tests are skipped";
            assertTrue(r.out().lines().anyMatch(line::equals), "expected '" + line + "' in\n" + r);
        }
        assertEquals(SystemComponent.values().length, r.out().lines().count(), r::toString);
    }

    @Test
    void aLibraryOutsideTheLibraryPathIsMissingAndWouldBeInstalledUnlessTold() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("no-libraries"));
        Map<String, String> env = Map.of("PGAS4J_LIBRARY_PATH", empty.toString());
        String ucx = "libucx0 is missing (" + SystemComponent.UCX.dependency().purpose() + ")";
        Scripts.Outcome told = deps(env, "--no-install");
        assertTrue(told.out().contains("bin/test: " + ucx + "; not installed (--no-install): its tests are skipped"), told::toString);
        assertTrue(!told.out().contains("would install"), told::toString);
        Scripts.Outcome free = deps(env);
        boolean mayInstall = "root".equals(System.getProperty("user.name"))
                && Files.isExecutable(Path.of("/usr/bin/apt-get"));
        if (mayInstall) {
            assertTrue(free.out().contains("bin/test: would install libucx0 (" + SystemComponent.UCX.dependency().purpose() + ")"),
                    free::toString);
        } else {
            assertTrue(free.out().contains("bin/test: " + ucx + "; not installed ("), free::toString);
        }
    }

    @Test
    void helpNamesTheOptions() throws Exception {
        Scripts.Outcome r = Scripts.run(Scripts.REPO, Map.of(), Scripts.REPO.resolve("bin/test").toString(), "--help");
        assertEquals(0, r.status(), r.toString());
        for (String option : List.of("--no-install", "--deps", "system-dependencies.txt")) {
            assertTrue(r.out().contains(option), r::toString);
        }
    }

    private static Scripts.Outcome deps(Map<String, String> env, String... more) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Scripts.REPO.resolve("bin/test").toString(), "--deps"));
        cmd.addAll(List.of(more));
        return Scripts.run(Scripts.REPO, env, cmd.toArray(String[]::new));
    }
}
