package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * Runs tests that need UCX with pgas4j.library.path pointing at an empty directory, so that this
 * host seems to lack UCX however it is set up: they are skipped with the reason, none fails and
 * none starts a job.
 */
class UcxMadeInvisibleTest {
    private static final String MULTI_HOST = "org.pgas4j.launcher.MultiHostLauncherTest";
    private static final String SSH_AND_SLURM = "org.pgas4j.launcher.SshAndSlurmLauncherTest";

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void aLauncherJobOnTwoHostsIsSkippedNamingThePackageNotFailed() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("no-ucx"));
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(SystemComponent.LIBRARY_PATH_PARAMETER, empty.toString())
                .selectors(selectMethod(MULTI_HOST + "#placesPesInHostOrderAndEachLearnsItsNodeAndLocalRank"),
                        selectMethod(MULTI_HOST + "#killingEveryPeOfOneHostFailsTheJobNamingTheHost"))
                .execute();
        assertEquals(0, results.testEvents().started().count(), "a test that needs UCX started without it");
        assertEquals(0, results.testEvents().failed().count());
        List<String> reasons = results.testEvents().skipped().stream().map(UcxMadeInvisibleTest::reason).toList();
        assertEquals(2, reasons.size(), reasons::toString);
        for (String reason : reasons) {
            assertTrue(reason.startsWith("needs UCX's libraries"), reason);
            assertTrue(reason.contains("[ucx]: the library libucs.so.0 is not in pgas4j.library.path (" + empty + ")"), reason);
            assertTrue(reason.contains("install the package libucx0 (apt-get install libucx0"), reason);
        }
    }

    @Test
    @Timeout(60)
    void aClassThatNeedsUcxIsSkippedWholeWhileTheOtherTestsOfAMixedClassStillRun() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("no-ucx"));
        EngineExecutionResults ssh = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(SystemComponent.LIBRARY_PATH_PARAMETER, empty.toString())
                .selectors(selectClass(Class.forName(SSH_AND_SLURM))).execute();
        assertEquals(0, ssh.testEvents().started().count());
        List<Event> skippedClass = ssh.containerEvents().skipped().list();
        assertEquals(1, skippedClass.size(), skippedClass::toString);
        assertTrue(reason(skippedClass.getFirst()).contains("libucx0"), reason(skippedClass.getFirst()));

        EngineExecutionResults mixed = EngineTestKit.engine("junit-jupiter")
                .configurationParameter(SystemComponent.LIBRARY_PATH_PARAMETER, empty.toString())
                .selectors(selectMethod(MULTI_HOST + "#moreProcessesThanSlotsIsBadInput"),
                        selectMethod(MULTI_HOST + "#readsAHostFileWithComments"))
                .execute();
        assertEquals(1, mixed.testEvents().succeeded().count(), () -> events(mixed));
        assertEquals(1, mixed.testEvents().skipped().count(), () -> events(mixed));
        assertEquals(0, mixed.testEvents().failed().count(), () -> events(mixed));
    }

    private static String reason(Event e) {
        return e.getPayload(String.class).orElse("");
    }

    private static String events(EngineExecutionResults r) {
        StringBuilder b = new StringBuilder();
        r.allEvents().stream().filter(e -> e.getType() != EventType.DYNAMIC_TEST_REGISTERED).forEach(e -> b.append(e)
                .append(e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                        .map(t -> " " + t).orElse("")).append('\n'));
        return b.toString();
    }
}
