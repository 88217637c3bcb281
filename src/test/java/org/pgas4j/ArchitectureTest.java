package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The layers of DESIGN.md, checked on the sources: dependencies point down only. Each package
 * may import only the pgas4j packages listed for it.
 */
@Timeout(30)
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java");
    /** Sources expanded at build time: their templates obey the same layers. */
    private static final Path TEMPLATES = Path.of("src/main/templates");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(org\\.pgas4j(?:\\.[a-z]+)*)\\.[A-Z]",
            Pattern.MULTILINE);
    private static final String API = "org.pgas4j";
    // The exceptions and the settings table of the API package are shared vocabulary, usable everywhere.
    private static final Pattern SHARED_API_TYPES = Pattern.compile(
            "^import org\\.pgas4j\\.(BadArgumentException|ResourceException|JobAbortedException|Settings|Setting"
                    + "|DataType|ReduceOp);",
            Pattern.MULTILINE);

    /** Package -> the pgas4j packages it may depend on (besides itself). */
    private static final Map<String, List<String>> ALLOWED = Map.ofEntries(
            // JFR events: a leaf (names and numbers in, events out), usable by every layer that records.
            Map.entry("org.pgas4j.internal.jfr", List.of()),
            Map.entry("org.pgas4j.bootstrap", List.of("org.pgas4j.internal.jfr")),
            Map.entry("org.pgas4j.spi", List.of("org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.transport.shm", List.of("org.pgas4j.spi", "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.transport.local", List.of("org.pgas4j.spi", "org.pgas4j.bootstrap",
                    "org.pgas4j.internal.stats")),
            Map.entry("org.pgas4j.transport.ucx", List.of("org.pgas4j.spi", "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.transport.hybrid", List.of("org.pgas4j.spi", "org.pgas4j.bootstrap",
                    "org.pgas4j.transport.shm", "org.pgas4j.transport.ucx")),
            Map.entry("org.pgas4j.internal", List.of("org.pgas4j.spi", "org.pgas4j.bootstrap")),
            // Statistics counters and the report: a leaf that every layer may count into.
            Map.entry("org.pgas4j.internal.stats", List.of()),
            Map.entry("org.pgas4j.internal.coll", List.of("org.pgas4j.internal", "org.pgas4j.spi",
                    "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.internal.kinds", List.of("org.pgas4j.internal", "org.pgas4j.spi",
                    "org.pgas4j.bootstrap")),
            // The core's machinery: it implements the API, so it may name the API's types.
            Map.entry("org.pgas4j.internal.access", List.of(API, "org.pgas4j.internal", "org.pgas4j.internal.am",
                    "org.pgas4j.internal.coll", "org.pgas4j.internal.kinds", "org.pgas4j.internal.memory",
                    "org.pgas4j.internal.teams", "org.pgas4j.spi")),
            Map.entry("org.pgas4j.internal.am", List.of(API, "org.pgas4j.internal", "org.pgas4j.internal.access",
                    "org.pgas4j.internal.memory", "org.pgas4j.internal.kinds", "org.pgas4j.spi",
                    "org.pgas4j.bootstrap", "org.pgas4j.internal.stats",
                    "org.pgas4j.internal.jfr")),
            Map.entry("org.pgas4j.internal.memory", List.of(API, "org.pgas4j.internal", "org.pgas4j.internal.access",
                    "org.pgas4j.internal.am", "org.pgas4j.internal.kinds", "org.pgas4j.spi", "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.internal.teams", List.of(API, "org.pgas4j.internal", "org.pgas4j.internal.access",
                    "org.pgas4j.internal.coll", "org.pgas4j.internal.memory", "org.pgas4j.spi",
                    "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j", List.of("org.pgas4j.internal", "org.pgas4j.internal.access",
                    "org.pgas4j.internal.am", "org.pgas4j.internal.coll", "org.pgas4j.internal.kinds",
                    "org.pgas4j.internal.memory", "org.pgas4j.internal.teams", "org.pgas4j.spi",
                    "org.pgas4j.bootstrap", "org.pgas4j.internal.stats",
                    "org.pgas4j.internal.jfr")),
            // Facades reach the transports only through the public API; they count their own view into
            // the statistics counters (internal.stats, a leaf).
            Map.entry("org.pgas4j.shmem", List.of(API, "org.pgas4j.internal.stats")),
            Map.entry("org.pgas4j.mpi", List.of(API, "org.pgas4j.internal.stats")),
            Map.entry("org.pgas4j.gaspi", List.of(API, "org.pgas4j.internal.stats")),
            Map.entry("org.pgas4j.examples", List.of(API)),
            Map.entry("org.pgas4j.examples.shmem", List.of(API, "org.pgas4j.shmem")),
            Map.entry("org.pgas4j.examples.mpi", List.of(API, "org.pgas4j.mpi")),
            Map.entry("org.pgas4j.examples.gaspi", List.of(API, "org.pgas4j.gaspi")),
            // Charts: the JDK only.
            Map.entry("org.pgas4j.plot", List.of()),
            Map.entry("org.pgas4j.bench", List.of(API, "org.pgas4j.launcher", "org.pgas4j.transport.shm",
                    "org.pgas4j.transport.ucx",
                    "org.pgas4j.shmem", "org.pgas4j.mpi", "org.pgas4j.gaspi", "org.pgas4j.plot",
                    "org.pgas4j.internal.stats")),
            // @PgasTest: on top, starting jobs as LocalJob (threads) and the launcher (processes) do.
            Map.entry("org.pgas4j.junit", List.of(API, "org.pgas4j.shmem", "org.pgas4j.transport.local",
                    "org.pgas4j.launcher", "org.pgas4j.bootstrap")),
            Map.entry("org.pgas4j.launcher", List.of(API, "org.pgas4j.spi", "org.pgas4j.bootstrap",
                    "org.pgas4j.transport.shm", "org.pgas4j.transport.local", "org.pgas4j.shmem",
                    "org.pgas4j.gaspi", "org.pgas4j.internal.stats", "org.pgas4j.plot")));

    @Test
    void everyPackageImportsOnlyTheLayersBelowIt() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path root : List.of(SOURCES, TEMPLATES)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(ArchitectureTest::isSource).toList()) {
                    String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
                    List<String> allowed = ALLOWED.get(pkg);
                    if (allowed == null) {
                        violations.add(pkg + " is not a known layer (add it to ArchitectureTest)");
                        continue;
                    }
                    String text = SHARED_API_TYPES.matcher(Files.readString(f)).replaceAll("");
                    Matcher m = IMPORT.matcher(text);
                    while (m.find()) {
                        String dep = m.group(1);
                        if (!dep.equals(pkg) && !allowed.contains(dep)) {
                            violations.add(f + " imports " + dep);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    private static boolean isSource(Path p) {
        String name = p.getFileName().toString();
        return (name.endsWith(".java") || name.endsWith(".java.template")) && !name.equals("module-info.java");
    }
}
