package org.pgas4j.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
    void jvmOptionsOfEveryFormGoToThePesInOrderAmongPgas4jsOptions() {
        List<String> jvm = List.of("-Dfoo=bar", "-Dflag", "-Dempty=", "-Da=b=c", "-Xmx64m", "-Xms16M", "-Xss2m",
                "-Xmn8m", "-Xint", "-Xlog:gc", "-Xshare:off", "-XX:+UseG1GC", "-XX:-UseCompressedOops",
                "-XX:MaxRAM=1g", "-ea", "-da", "-esa", "-dsa", "-ea:org.example...", "-da:org.example.Foo",
                "-enableassertions", "-disableassertions:...", "-enablesystemassertions", "-disablesystemassertions",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-reads", "a=b", "--add-modules=jdk.incubator.vector", "--enable-native-access", "m",
                "--enable-native-access=ALL-UNNAMED", "-verbose", "-verbose:gc", "-agentlib:jdwp=transport=dt_socket",
                "-agentpath:/opt/a.so", "-javaagent:agent.jar=x", "--enable-preview");
        List<String> args = new ArrayList<>(List.of("-Dfirst=1", "-np", "3", "--jvm-arg", "-Xss1m"));
        args.addAll(jvm);
        args.addAll(List.of("--tag-output", "-Dlast", "org.example.Main", "-Dprogram=arg", "-ea"));
        RunOptions o = RunOptions.parse(args);
        List<String> expected = new ArrayList<>(List.of("-Dfirst=1", "-Xss1m"));
        expected.addAll(jvm);
        expected.add("-Dlast");
        assertEquals(expected, o.jvmArgs());
        assertEquals(3, o.np());
        assertTrue(o.tagOutput());
        assertEquals("org.example.Main", o.mainClass());
        assertEquals(List.of("-Dprogram=arg", "-ea"), o.programArgs());
    }

    @Test
    void aDoubleDashEndsTheOptionsAfterJvmOptions() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-Dx=y", "-ea", "--", "-Main", "-Dx=z", "--"));
        assertEquals(List.of("-Dx=y", "-ea"), o.jvmArgs());
        assertEquals("-Main", o.mainClass());
        assertEquals(List.of("-Dx=z", "--"), o.programArgs());
        assertEquals("org.example.M", RunOptions.parse(List.of("-np", "2", "--", "org.example.M")).mainClass());
    }

    @Test
    void aModuleAndItsPathInEveryForm() {
        RunOptions o = RunOptions.parse(List.of("-np", "2", "-p", "mods:lib/a.jar", "-Xmx32m", "--module-path=more",
                "-m", "demo.app/demo.app.Main", "-np", "5", "-p"));
        assertEquals(List.of("mods", "lib/a.jar", "more"), o.modulePath());
        assertEquals("demo.app/demo.app.Main", o.module());
        assertEquals("demo.app", o.moduleName());
        assertEquals("demo.app.Main", o.moduleMainClass());
        assertNull(o.mainClass());
        assertNull(o.jar());
        assertEquals(List.of("-Xmx32m"), o.jvmArgs());
        assertEquals(List.of("-np", "5", "-p"), o.programArgs());

        RunOptions bare = RunOptions.parse(List.of("-np", "1", "--module-path", "mods", "--module=demo.app"));
        assertEquals("demo.app", bare.moduleName());
        assertNull(bare.moduleMainClass());
        assertEquals(List.of(), bare.programArgs());

        RunOptions withCp = RunOptions.parse(List.of("-np", "1", "-cp", "extra", "-p", "mods", "--module", "m/p.M"));
        assertEquals(List.of("extra"), withCp.classPath());
        assertEquals("m", withCp.moduleName());
        assertNull(RunOptions.parse(List.of("-np", "1", "M")).module());
    }

    @Test
    void badJvmOptionsAreRejectedWithAReason() {
        assertMessage(List.of("-np", "2", "-D", "M"), "'-D' names no property");
        assertMessage(List.of("-np", "2", "-D=x", "M"), "'-D=x' names no property");
        assertMessage(List.of("-np", "2", "-Xmxlots", "M"), "-Xmx needs a size such as -Xmx512m, not '-Xmxlots'");
        assertMessage(List.of("-np", "2", "-Xss", "M"), "-Xss needs a size");
        assertMessage(List.of("-np", "2", "-Xms1.5g", "M"), "-Xms needs a size");
        assertMessage(List.of("-np", "2", "-X", "M"), "'-X' alone is no JVM option");
        assertMessage(List.of("-np", "2", "-XX:", "M"), "'-XX:' is not -XX:+Name, -XX:-Name or -XX:Name=value");
        assertMessage(List.of("-np", "2", "-XX:UseG1GC", "M"), "'-XX:UseG1GC' is not -XX:+Name");
        assertMessage(List.of("-np", "2", "--add-opens"), "option --add-opens needs a value");
        assertMessage(List.of("-np", "2", "--add-exports=", "M"), "option --add-exports needs a value after '='");
        assertMessage(List.of("-np", "2", "-agentlib:", "M"), "'-agentlib:' needs a value after the colon");
        assertMessage(List.of("-np", "2", "-verbose:", "M"), "'-verbose:' needs a value after the colon");
        assertMessage(List.of("-np", "2", "-Dx=y", "-ea"), "missing the program");
    }

    @Test
    void badProgramOptionsAreRejectedWithAReason() {
        assertMessage(List.of("-np", "2", "-m"), "option -m needs a value");
        assertMessage(List.of("-np", "2", "-p", "mods", "--module"), "option --module needs a value");
        assertMessage(List.of("-np", "2", "-p"), "option -p needs a value");
        assertMessage(List.of("-np", "2", "--module-path"), "option --module-path needs a value");
        assertMessage(List.of("-np", "2", "-p", "mods", "Main"), "-p needs -m MODULE[/MAIN_CLASS]");
        assertMessage(List.of("-np", "2", "--module-path=mods", "-jar", "a.jar"), "--module-path needs -m MODULE");
        assertMessage(List.of("-np", "2", "-m", "demo.app"), "-m demo.app needs -p MODULE_PATH");
        assertMessage(List.of("-np", "2", "-p", "mods", "-m", "1demo"), "'1demo' is not a module name");
        assertMessage(List.of("-np", "2", "-p", "mods", "-m", "-Dx=y"), "'-Dx=y' is not a module name");
        assertMessage(List.of("-np", "2", "-p", "mods", "-m", "demo/"), "'' is not a class name");
        assertMessage(List.of("-np", "2", "-p", "mods", "--module=demo/a..B"), "'a..B' is not a class name");
        assertMessage(List.of("-np", "2", "--foo", "M"), "unknown option '--foo' for run");
        assertMessage(List.of("-np", "2", "-ea:", "M"), "unknown option '-ea:' for run");
        assertMessage(List.of("-np", "2", "--"), "missing the main class after '--'");
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
