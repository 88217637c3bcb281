package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.UnionLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Checks hand-written java.lang.foreign layouts and constants against a library's C headers with
 * the C compiler: it writes a C program that prints {@code sizeof} and {@code offsetof} of every
 * named field (nested ones too) of each struct, and the value of each constant, compiles it with
 * gcc, runs it and returns what differs. Used by the layout tests of the UCX binding and of the
 * device runtimes; also compiles the C mocks some tests load in place of a real library.
 */
public final class CHeaderCheck {
    private final Path dir;
    private final List<String> headers;
    private final List<String> flags;
    private final Map<String, String> expected = new TreeMap<>();
    private final StringBuilder body = new StringBuilder();
    private final StringBuilder declarations = new StringBuilder();

    /**
     * A check whose program includes {@code headers} and is compiled with {@code flags}.
     *
     * @param dir a scratch directory for the program and its binary
     */
    public CHeaderCheck(Path dir, List<String> headers, List<String> flags) {
        this.dir = dir;
        this.headers = headers;
        this.flags = flags;
    }

    /** Expects each struct, named with its C type name, to have the Java layout's size and field offsets. */
    public CHeaderCheck structs(List<StructLayout> structs) {
        for (StructLayout s : structs) {
            String type = s.name().orElseThrow();
            expected.put(type, "0 " + s.byteSize());
            body.append("    printf(\"%s\\t0 %zu\\n\", \"").append(type).append("\", sizeof(").append(type).append("));\n");
            fields(type, s, "", 0);
        }
        return this;
    }

    /** Adds C declarations after the headers (a helper function the expressions call). */
    public CHeaderCheck declare(String code) {
        declarations.append(code).append('\n');
        return this;
    }

    /** Expects each C expression (a constant's name) to have the Java value. */
    public CHeaderCheck constants(Map<String, Long> constants) {
        constants.forEach((name, value) -> {
            expected.put(name, Long.toString(value));
            body.append("    printf(\"%s\\t%lld\\n\", \"").append(name).append("\", (long long) (").append(name)
                    .append("));\n");
        });
        return this;
    }

    /** How many values are compared. */
    public int size() {
        return expected.size();
    }

    /** Compiles and runs the program; returns each value whose Java and C versions differ, as "key: Java ..., C ...". */
    public List<String> differences() throws IOException, InterruptedException {
        StringBuilder program = new StringBuilder("#include <stddef.h>\n#include <stdio.h>\n");
        for (String h : headers) {
            program.append("#include <").append(h).append(">\n");
        }
        program.append(declarations).append("\nint main(void) {\n").append(body).append("    return 0;\n}\n");
        Path source = dir.resolve("layouts.c");
        Path binary = dir.resolve("layouts");
        Files.writeString(source, program);
        List<String> gcc = new ArrayList<>(List.of("gcc", "-std=gnu99", "-Wall"));
        gcc.addAll(flags);
        gcc.addAll(List.of("-o", binary.toString(), source.toString()));
        Run compile = run(gcc);
        assertEquals(0, compile.status, "gcc failed on\n" + program + "\n" + compile.output);
        Run result = run(List.of(binary.toString()));
        assertEquals(0, result.status, result.output);
        Map<String, String> actual = new TreeMap<>();
        for (String line : result.output.split("\n")) {
            if (!line.isBlank()) {
                int tab = line.indexOf('\t'); // keys are C expressions and may hold spaces
                actual.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        Set<String> keys = new TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        return keys.stream().filter(k -> !Objects.equals(expected.get(k), actual.get(k)))
                .map(k -> k + ": Java " + expected.get(k) + ", C " + actual.get(k)).toList();
    }

    /**
     * Compiles C source {@code source} into the shared library {@code dir/fileName}.
     *
     * @param flags more gcc arguments ({@code -DNAME})
     * @return the library's path
     */
    public static Path sharedLibrary(Path dir, String source, String fileName, String... flags)
            throws IOException, InterruptedException {
        Path c = dir.resolve(fileName + ".c");
        Path lib = dir.resolve(fileName);
        Files.writeString(c, source);
        List<String> gcc = new ArrayList<>(List.of("gcc", "-std=gnu99", "-Wall", "-shared", "-fPIC"));
        gcc.addAll(List.of(flags));
        gcc.addAll(List.of("-o", lib.toString(), c.toString()));
        Run compile = run(gcc);
        assertEquals(0, compile.status, "gcc failed on " + fileName + ":\n" + compile.output);
        return lib;
    }

    /** Emits one line per named member (recursing into nested structs and unions). */
    private void fields(String type, GroupLayout group, String prefix, long base) {
        long offset = 0;
        for (MemoryLayout member : group.memberLayouts()) {
            long at = base + (group instanceof UnionLayout ? 0 : offset);
            offset += member.byteSize();
            if (member instanceof PaddingLayout) {
                continue;
            }
            String path = prefix + member.name().orElseThrow(() -> new AssertionError("unnamed member in " + type));
            expected.put(type + "." + path, at + " " + member.byteSize());
            body.append("    printf(\"%s\\t%zu %zu\\n\", \"").append(type).append('.').append(path).append("\", offsetof(")
                    .append(type).append(", ").append(path).append("), sizeof(((").append(type).append(" *) 0)->")
                    .append(path).append("));\n");
            if (member instanceof GroupLayout nested) {
                fields(type, nested, path + ".", at);
            }
        }
    }

    private record Run(int status, String output) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        return new Run(p.exitValue(), out);
    }
}
