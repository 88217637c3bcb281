package org.pgas4j.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * An AOT cache of the test class path that {@link LaunchedJob#run} gives its jobs ({@code --aot}),
 * recorded once per test JVM by the first job that needs it: a 2-PE job of the RMA conformance
 * scenarios run with {@code --aot-train}. A test job's PEs live a few seconds, and loading and
 * linking classes and profiling the first calls took a third to a half of them (the RMA scenarios
 * at 8 PEs on 2 cores 4.2-4.5 s without a cache, 2.4-2.5 s with one). Users' jobs get the
 * runtime's own cache from {@code bin/pgas4j} the same way, so this is their configuration too.
 * <p>
 * A job that chooses its own AOT options keeps them; {@code -Dpgas4j.test.aot=false} leaves the
 * cache out of every job. When the recording fails, jobs run without a cache and the reason is
 * printed once.
 */
final class TestAotCache {
    /** Set to {@code false}, test jobs run without the cache. */
    static final String PROPERTY = "pgas4j.test.aot";
    private static final String TRAINING_PE = "org.pgas4j.conformance.ConformancePe";
    private static final long TRAINING_TIMEOUT_SECONDS = 180;

    private static List<String> options;

    private TestAotCache() {
    }

    /**
     * The launcher options that give a job the cache, recording it first if this is the first job;
     * none when the job chose its own AOT options, when the cache is switched off or could not be
     * recorded.
     *
     * @param jobOptions the launcher options the job already has
     */
    static synchronized List<String> optionsFor(List<String> jobOptions) {
        if ("false".equals(System.getProperty(PROPERTY)) || choosesItsOwn(jobOptions)) {
            return List.of();
        }
        if (options == null) {
            options = record();
        }
        return options;
    }

    private static boolean choosesItsOwn(List<String> jobOptions) {
        return jobOptions.stream().anyMatch(o -> o.startsWith("--aot") || o.equals("--no-aot")
                || o.startsWith("-Dpgas4j.aot=") || o.startsWith("-XX:AOT") || o.startsWith("-Xshare"));
    }

    private static List<String> record() {
        Path cache;
        try {
            Path dir = Files.createTempDirectory("pgas4j-test-aot");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
            cache = dir.resolve("tests.aot");
        } catch (IOException e) {
            return withoutCache(e);
        }
        LaunchedJob.Result r = LaunchedJob.run(2, "shm", TRAINING_TIMEOUT_SECONDS,
                List.of("--aot-train", cache.toString(), "--jvm-arg", "-Dpgas4j.segment.size=4m"), TRAINING_PE, "rma");
        if (r.exitCode() != 0 || !Files.isRegularFile(cache)) {
            return withoutCache(r);
        }
        return List.of("--aot", cache.toString());
    }

    private static List<String> withoutCache(Object why) {
        System.err.println("TestAotCache: no AOT cache for test jobs, they run without one: " + why);
        return List.of();
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a cache left in the temporary directory only takes space
        }
    }
}
