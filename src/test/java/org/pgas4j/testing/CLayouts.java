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
 * Hand-written struct layouts and constants of a java.lang.foreign binding checked against the C
 * compiler: a C program prints {@code sizeof} and {@code offsetof} of every named field (nested
 * ones too) and the value of every constant; gcc compiles it against the library's headers, and
 * the test compares. Used by the UCX and PMIx layout tests.
 */
public final class CLayouts {
    private CLayouts() {
    }

    /**
     * The fields of {@code structs} (each named with its C type name) whose Java "offset size"
     * differs from C's, as "field: Java ..., C ..."; also asserts that at least {@code minFields}
     * were compared.
     *
     * @param dir a scratch directory
     * @param includes the {@code #include} lines
     * @param gccOptions extra gcc options, such as {@code -I} directories
     */
    public static List<String> structDifferences(Path dir, List<StructLayout> structs, String includes,
                                                 List<String> gccOptions, int minFields)
            throws IOException, InterruptedException {
        Map<String, String> expected = new TreeMap<>();
        StringBuilder c = new StringBuilder();
        for (StructLayout s : structs) {
            String type = s.name().orElseThrow();
            expected.put(type, "0 " + s.byteSize());
            c.append("    printf(\"%s 0 %zu\\n\", \"").append(type).append("\", sizeof(").append(type).append("));\n");
            fields(type, s, "", 0, expected, c);
        }
        assertTrue(expected.size() >= minFields, "every field was compared: " + expected.size());
        return differences(expected, compileAndRun(dir, includes, gccOptions, c.toString()));
    }

    /** The constants (a C expression without spaces to its Java value) whose value differs from the headers'. */
    public static List<String> constantDifferences(Path dir, Map<String, Long> constants, String includes,
                                                   List<String> gccOptions) throws IOException, InterruptedException {
        Map<String, String> expected = new TreeMap<>();
        StringBuilder c = new StringBuilder();
        constants.forEach((name, value) -> {
            expected.put(name, Long.toString(value));
            c.append("    printf(\"%s %lld\\n\", \"").append(name).append("\", (long long) (").append(name).append("));\n");
        });
        return differences(expected, compileAndRun(dir, includes, gccOptions, c.toString()));
    }

    /** Each key whose values differ, as "key: Java ..., C ...". */
    private static List<String> differences(Map<String, String> java, Map<String, String> c) {
        Set<String> keys = new TreeSet<>(java.keySet());
        keys.addAll(c.keySet());
        return keys.stream().filter(k -> !Objects.equals(java.get(k), c.get(k)))
                .map(k -> k + ": Java " + java.get(k) + ", C " + c.get(k)).toList();
    }

    /** Emits one line per named member (recursing into nested structs and unions). */
    private static void fields(String type, GroupLayout group, String prefix, long base, Map<String, String> expected,
            StringBuilder c) {
        long offset = 0;
        for (MemoryLayout member : group.memberLayouts()) {
            long at = base + (group instanceof UnionLayout ? 0 : offset);
            offset += member.byteSize();
            if (member instanceof PaddingLayout) {
                continue;
            }
            String path = prefix + member.name().orElseThrow(() -> new AssertionError("unnamed member in " + type));
            expected.put(type + "." + path, at + " " + member.byteSize());
            c.append("    printf(\"%s %zu %zu\\n\", \"").append(type).append('.').append(path).append("\", offsetof(")
                    .append(type).append(", ").append(path).append("), sizeof(((").append(type).append(" *) 0)->")
                    .append(path).append("));\n");
            if (member instanceof GroupLayout nested) {
                fields(type, nested, path + ".", at, expected, c);
            }
        }
    }

    private static Map<String, String> compileAndRun(Path dir, String includes, List<String> gccOptions, String body)
            throws IOException, InterruptedException {
        String program = "#include <stddef.h>\n#include <stdio.h>\n" + includes + "\n\nint main(void) {\n" + body
                + "    return 0;\n}\n";
        Path source = Files.createTempFile(dir, "layouts", ".c");
        Path binary = dir.resolve(source.getFileName().toString().replace(".c", ""));
        Files.writeString(source, program);
        List<String> gcc = new ArrayList<>(List.of("gcc", "-std=gnu99", "-Wall"));
        gcc.addAll(gccOptions);
        gcc.addAll(List.of("-o", binary.toString(), source.toString()));
        Run compile = run(gcc);
        assertEquals(0, compile.status, "gcc failed on\n" + program + "\n" + compile.output);
        Run result = run(List.of(binary.toString()));
        assertEquals(0, result.status, result.output);
        Map<String, String> values = new TreeMap<>();
        for (String line : result.output.split("\n")) {
            if (!line.isBlank()) {
                int space = line.indexOf(' ');
                values.put(line.substring(0, space), line.substring(space + 1));
            }
        }
        return values;
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
