package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dependency list, its probes, and its agreement with {@link SystemComponent}. */
class SystemDependenciesTest {
    @TempDir
    Path dir;

    @Test
    void everyComponentOfTheHelperIsInTheListAndEveryLineIsAComponent() {
        List<String> listed = SystemDependencies.all().stream().map(SystemDependencies.Dependency::name).toList();
        List<String> helper = Arrays.stream(SystemComponent.values()).map(SystemComponent::listName).toList();
        assertEquals(listed, helper, "system-dependencies.txt and SystemComponent list different components");
        for (SystemComponent c : SystemComponent.values()) {
            assertFalse(c.dependency().probes().isEmpty(), c.listName());
        }
    }

    @Test
    void everyTestOnlySkipsForComponentsOfTheList() {
        // A reason names the component's line: bin/test's summary groups the skips by it.
        SystemProbes nothing = new SystemProbes(List.of(), List.of(dir), "nobody");
        for (SystemComponent c : SystemComponent.values()) {
            // Files are looked for where the list says, so a header may well be there: then its reason is built alone.
            String why = c.missing(nothing).orElseGet(() -> c.reason(List.of("a probe failed")));
            assertTrue(why.contains("[" + c.listName() + "]"), why);
            SystemDependencies.Dependency d = c.dependency();
            assertTrue(why.contains(d.installable() ? "apt-get install " + d.debianPackage() : "no package provides it"), why);
        }
    }

    @Test
    void aLineIsParsedIntoItsColumnsAndProbes() {
        List<SystemDependencies.Dependency> deps = SystemDependencies.parse(List.of("# a comment", "",
                "tool | pkg-a | command:tool file:/etc/tool.conf | what needs it, in words"));
        assertEquals(1, deps.size());
        SystemDependencies.Dependency d = deps.getFirst();
        assertEquals("tool", d.name());
        assertEquals("pkg-a", d.debianPackage());
        assertEquals(List.of(new Probe(Probe.Kind.COMMAND, "tool"), new Probe(Probe.Kind.FILE, "/etc/tool.conf")), d.probes());
        assertEquals("what needs it, in words", d.purpose());
        assertTrue(d.installable());
        assertFalse(SystemDependencies.parse(List.of("r | - | user:root | root")).getFirst().installable());
    }

    @Test
    void malformedLinesAreRefusedNamingTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SystemDependencies.parse(List.of("# c", "tool | pkg | command:tool")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("4 non-empty columns"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SystemDependencies.parse(List.of("tool | pkg | socket:x | why")));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("unknown kind 'socket'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SystemDependencies.parse(List.of("a | p | command:a | w", "a | q | command:b | w")));
        assertTrue(e.getMessage().contains("'a' is listed twice"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Probe.parse("command:"));
        assertThrows(IllegalArgumentException.class, () -> SystemDependencies.named("no-such-component"));
    }

    @Test
    void aCommandProbeLooksForAnExecutableOnThePath() throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path tool = bin.resolve("tool");
        Files.writeString(tool, "#!/bin/sh\n");
        SystemProbes probes = new SystemProbes(List.of(dir, bin), List.of(), "u");
        assertEquals(Optional.of("the command tool is not on PATH"), probes.failure(Probe.parse("command:tool")));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(Optional.empty(), probes.failure(Probe.parse("command:tool")));
    }

    @Test
    void aFileProbeAndAUserProbe() throws Exception {
        Path f = dir.resolve("header.h");
        SystemProbes probes = new SystemProbes(List.of(), List.of(), "alice");
        assertEquals(Optional.of(f + " does not exist"), probes.failure(Probe.parse("file:" + f)));
        Files.writeString(f, "int x;");
        assertEquals(Optional.empty(), probes.failure(Probe.parse("file:" + f)));
        assertEquals(Optional.empty(), probes.failure(Probe.parse("user:alice")));
        assertEquals(Optional.of("the tests run as 'alice', not root"), probes.failure(Probe.parse("user:root")));
    }

    @Test
    void aLibraryProbeSearchesOnlyTheLibraryPathWhenOneIsSet() throws Exception {
        Path a = Files.createDirectory(dir.resolve("a"));
        Path b = Files.createDirectory(dir.resolve("b"));
        SystemProbes probes = new SystemProbes(List.of(), List.of(a, b), "u");
        assertEquals(Optional.of("the library libfake.so.1 is not in pgas4j.library.path (" + a + ":" + b + ")"),
                probes.failure(Probe.parse("library:libfake.so.1")));
        Files.writeString(b.resolve("libfake.so.1"), "");
        assertEquals(Optional.empty(), probes.failure(Probe.parse("library:libfake.so.1")));
        // libc is always found by the loader's own search, and never in an empty directory.
        assertEquals(Optional.empty(), new SystemProbes(List.of(), List.of(), "u").failure(Probe.parse("library:libc.so.6")));
        assertTrue(new SystemProbes(List.of(), List.of(a), "u").failure(Probe.parse("library:libc.so.6")).isPresent());
    }
}
