package org.pgas4j.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The suite's list of optional system components, {@code src/test/resources/system-dependencies.txt},
 * as {@code bin/test} reads it: one {@link Dependency} per line.
 */
public final class SystemDependencies {
    /** The list's name on the test class path. */
    public static final String RESOURCE = "/system-dependencies.txt";
    /** The package column's value for a component that no package provides. */
    public static final String NO_PACKAGE = "-";

    private static final List<Dependency> ALL = parse(read());

    private SystemDependencies() {
    }

    /**
     * One line of the list.
     *
     * @param name the component's name, as {@link SystemComponent#listName()} spells it
     * @param debianPackage the Debian package that provides it, or {@link #NO_PACKAGE}
     * @param probes what must hold for it to be present, all of them
     * @param purpose what needs it, in a few words
     */
    public record Dependency(String name, String debianPackage, List<Probe> probes, String purpose) {
        /** Whether a package can provide it (root, for one, cannot be installed). */
        public boolean installable() {
            return !NO_PACKAGE.equals(debianPackage);
        }
    }

    /** Every line of the list, in its order. */
    public static List<Dependency> all() {
        return ALL;
    }

    /**
     * The line for {@code name}.
     *
     * @throws IllegalArgumentException when the list has no such line
     */
    public static Dependency named(String name) {
        return ALL.stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(RESOURCE + " has no component '" + name + "'"));
    }

    /**
     * Parses the list's text.
     *
     * @throws IllegalArgumentException naming the line when one is malformed or a name repeats
     */
    static List<Dependency> parse(List<String> lines) {
        List<Dependency> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.split("\\|", -1);
            if (cols.length != 4 || Arrays.stream(cols).anyMatch(String::isBlank)) {
                throw new IllegalArgumentException(RESOURCE + " line " + (i + 1)
                        + ": needs 4 non-empty columns separated by '|': " + line);
            }
            String name = cols[0].strip();
            if (out.stream().anyMatch(d -> d.name().equals(name))) {
                throw new IllegalArgumentException(RESOURCE + " line " + (i + 1) + ": '" + name + "' is listed twice");
            }
            List<Probe> probes = new ArrayList<>();
            for (String p : cols[2].strip().split("\\s+")) {
                try {
                    probes.add(Probe.parse(p));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(RESOURCE + " line " + (i + 1) + ": " + e.getMessage(), e);
                }
            }
            out.add(new Dependency(name, cols[1].strip(), List.copyOf(probes), cols[3].strip()));
        }
        return List.copyOf(out);
    }

    private static List<String> read() {
        try (InputStream in = SystemDependencies.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the test class path");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
