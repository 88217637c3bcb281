package org.pgas4j.shmem;

import java.time.Duration;
import java.util.Map;
import java.util.function.BiConsumer;
import org.pgas4j.testing.ScenarioReports;
import org.pgas4j.transport.local.LocalJob;

/**
 * Runs a set of shmem scenarios as an in-JVM job of {@code n} PEs with some system properties set
 * for its duration, and collects every PE's results as {@link ScenarioReports} reads them; a job
 * that fails as a whole is one result naming why.
 */
final class LocalScenarioJob {
    /** One PE's run of its scenarios, reporting each (name, result). */
    interface PeRun {
        void run(BiConsumer<String, String> report) throws Exception;
    }

    private LocalScenarioJob() {
    }

    static Map<String, Map<Integer, String>> run(int n, Map<String, String> properties, PeRun pe) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        properties.forEach(System::setProperty);
        try {
            LocalJob.run(n, Duration.ofMinutes(3), () -> {
                int rank = LocalJob.currentRank();
                pe.run((name, result) -> ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
        return results;
    }
}
