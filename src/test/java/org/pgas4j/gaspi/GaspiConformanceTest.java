package org.pgas4j.gaspi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.ScenarioReports;
import org.pgas4j.transport.local.LocalJob;

/**
 * The GASPI conformance suite, in the spirit of the public GPI-2 tests (written from the GASPI
 * specification and seed 003): every scenario set on the {@code local} (threads of this JVM) and
 * {@code shm} (processes through the launcher) transports at N = 1, 2, 3 and 5 ranks (5 is more
 * ranks than this machine's cores). Each scenario of each job is one test.
 */
class GaspiConformanceTest {
    private static final int[] SIZES = {1, 2, 3, 5};
    static final List<String> SETS = List.of("segments", "comm", "coll");

    static Map<String, GaspiScenario> set(String name) {
        return switch (name) {
            case "segments" -> SegmentScenarios.all();
            case "comm" -> CommScenarios.all();
            case "coll" -> CollectiveScenarios.all();
            default -> throw new IllegalArgumentException("no scenario set " + name);
        };
    }

    /** The settings every job runs with: more endpoints (a segment takes one for good) and small limits to reach. */
    static Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("pgas4j.endpoints.max", "1024");
        p.put("pgas4j.gaspi.segments.max", "12");
        p.put("pgas4j.gaspi.queue.size.max", "256");
        p.put("pgas4j.gaspi.notifications", "1024");
        return p;
    }

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnLocalAndShmAtEverySize() {
        List<DynamicNode> jobs = new ArrayList<>();
        // -Dgaspi.only=local:segments:2 narrows a run while working on one scenario set.
        String only = System.getProperty("gaspi.only", "");
        for (String transport : List.of("local", "shm")) {
            for (String set : SETS) {
                for (int n : SIZES) {
                    if (!only.isEmpty() && !only.equals(transport + ":" + set + ":" + n)) {
                        continue;
                    }
                    jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n + " " + set,
                            scenarioTests(transport, n, set)));
                }
            }
        }
        return jobs.stream();
    }

    private static Stream<DynamicNode> scenarioTests(String transport, int n, String set) {
        Map<String, Map<Integer, String>> results = transport.equals("local") ? runLocal(n, set) : runShm(n, set);
        return ScenarioReports.tests(set(set).keySet(), n, results);
    }

    static Map<String, Map<Integer, String>> runLocal(int n, String set) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        Map<String, String> props = properties();
        props.forEach(System::setProperty);
        try {
            LocalJob.run(n, Duration.ofMinutes(3), () -> {
                int rank = LocalJob.currentRank();
                GaspiConformancePe.runAll(set(set), (name, result) -> ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
        return results;
    }

    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        properties().forEach((k, v) -> {
            options.add("--jvm-arg");
            options.add("-D" + k + "=" + v);
        });
        return options;
    }

    private static Map<String, Map<Integer, String>> runShm(int n, String set) {
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 240, jvmOptions(), GaspiConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }
}
