package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.testpes.JvmSettingsPe;

/** JVM options written after {@code run} as for {@code java}, seen from inside real PE JVMs. */
class RunJvmOptionsTest {
    private static final String CP = LauncherProcess.TEST_CLASSES.toString();
    private static final String PE = JvmSettingsPe.class.getName();
    private static final Pattern REPORT = Pattern.compile(
            "PE (\\d+) of (\\d+): foo=(\\S*) flag=(\\S*) ea=(\\w+) max=(\\d+) pid=(\\d+) transport=(\\w+) args=(.*)");

    @TempDir
    Path dir;

    /** One line of {@link JvmSettingsPe}. */
    private record Report(int rank, int size, String foo, String flag, boolean assertions, long maxMemory, long pid,
                          String transport, String args) {
    }

    @Test
    @Timeout(60)
    void aPropertyReachesEveryPeInTheOrderGivenAndAssertionsStayOff() throws Exception {
        List<Report> reports = run(3, "-Dflag", "--jvm-arg", "-Dfoo=old", "-Dfoo=bar", "-cp", CP, PE);
        for (Report r : reports) {
            assertEquals("bar", r.foo(), r::toString);
            assertEquals("", r.flag(), r::toString);
            assertEquals(false, r.assertions(), r::toString);
            assertEquals("shm", r.transport(), r::toString);
        }
    }

    @Test
    @Timeout(60)
    void eaEnablesAssertionsInEveryPe() throws Exception {
        for (Report r : run(2, "-ea", "-cp", CP, PE)) {
            assertTrue(r.assertions(), r::toString);
            assertEquals("null", r.foo(), r::toString);
        }
    }

    @Test
    @Timeout(60)
    void xmxBoundsEveryPesHeap() throws Exception {
        long limit = 96L << 20;
        assumeTrue(Runtime.getRuntime().maxMemory() > limit, "the default heap is already at most 96 MiB");
        for (Report r : run(2, "-Xms16m", "-Xmx96m", "-cp", CP, PE)) {
            assertTrue(r.maxMemory() <= limit && r.maxMemory() > limit / 2, r::toString);
        }
    }

    @Test
    @Timeout(60)
    void aDoubleDashEndsTheOptionsSoTheProgramGetsJavaLookingArguments() throws Exception {
        for (Report r : run(2, "-Dfoo=bar", "-cp", CP, "--", PE, "-Dfoo=baz", "-ea", "--")) {
            assertEquals("bar", r.foo(), r::toString);
            assertEquals(false, r.assertions(), r::toString);
            assertEquals("[-Dfoo=baz, -ea, --]", r.args(), r::toString);
        }
    }

    @Test
    @Timeout(60)
    void aPgas4jSettingAfterRunIsTheLaunchersToo() throws Exception {
        assumeTrue(Files.exists(LauncherProcess.MAIN_CLASSES.resolve(
                PeCommand.LOCAL_JOB_MAIN.replace('.', '/') + ".class")), "LocalJobMain is not built");
        List<Report> reports = run(2, "-Dpgas4j.transport=local", "-Dfoo=bar", "-cp", CP, PE);
        assertEquals(reports.get(0).pid(), reports.get(1).pid(), "the local transport runs one JVM");
        for (Report r : reports) {
            assertEquals("local", r.transport(), r::toString);
            assertEquals("bar", r.foo(), r::toString);
        }
    }

    /** Runs {@code -np np ARGS}, checks that it succeeded, and returns each PE's report, by rank. */
    private List<Report> run(int np, String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "run";
        all[1] = "-np";
        all[2] = Integer.toString(np);
        System.arraycopy(args, 0, all, 3, args.length);
        LauncherProcess.Result result = LauncherProcess.run(dir, all);
        assertEquals(0, result.status(), result::toString);
        assertEquals(np, result.outLines().size(), result::toString);
        Report[] reports = new Report[np];
        for (String line : result.outLines()) {
            Matcher m = REPORT.matcher(line);
            assertTrue(m.matches(), () -> "unexpected line '" + line + "' in\n" + result);
            Report r = new Report(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), m.group(4),
                    Boolean.parseBoolean(m.group(5)), Long.parseLong(m.group(6)), Long.parseLong(m.group(7)),
                    m.group(8), m.group(9));
            assertEquals(np, r.size(), result::toString);
            reports[r.rank()] = r;
        }
        return List.of(reports);
    }
}
