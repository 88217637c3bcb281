package org.pgas4j.conformance;

import java.util.ArrayList;
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
 * The conformance suite: every scenario set on every transport at N = 1, 2, 3 and 8 PEs (8 is
 * more PEs than this machine's cores). {@code shm} jobs are real processes started through the
 * launcher; {@code local} jobs are threads of this JVM. Each scenario of each job is one test.
 */
class TransportConformanceTest {
    private static final int[] SIZES = {1, 2, 3, 8};
    private static final int[] EVERY_SIZE_TO_8 = {1, 2, 3, 4, 5, 6, 7, 8};
    private static final int[] ODD_AND_EVEN = {1, 2, 3, 5, 8};

    /**
     * Job sizes per set: 1, 2, 3 and 8 (more PEs than cores); the collectives, whose algorithms
     * branch on powers of two, at every size up to 8 in threads and at odd and even sizes in processes.
     */
    private static int[] sizesFor(String transport, String set) {
        if (set.equals("coll")) {
            return transport.equals("local") ? EVERY_SIZE_TO_8 : ODD_AND_EVEN;
        }
        if (set.equals("coll-dissemination")) {
            return new int[] {3, 8}; // more PEs than cores, where the default is the central barrier
        }
        if (set.equals("coll-central")) {
            return new int[] {2}; // as many PEs as cores, where the default is the dissemination barrier
        }
        return SIZES;
    }

    /** Which configuration each scenario set runs with. */
    private static String segmentSizeFor(String set) {
        return set.equals("rma") || set.startsWith("coll") || set.equals("atomics") || set.equals("am")
                || set.equals("endpoints") || set.equals("teams") || set.equals("kinds") || set.equals("vis") ? "4m" : "0";
    }

    /** The barrier algorithm each set runs with (pgas4j.barrier): the coll variants force one. */
    private static String barrierFor(String set) {
        return set.startsWith("coll-") ? set.substring("coll-".length()) : "auto";
    }

    @TestFactory
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnEveryTransportAndSize() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (String transport : List.of("local", "shm")) {
            for (String set : List.of("rma", "coll", "coll-dissemination", "coll-central", "atomics",
                        "atomics-segments", "runtime-segments", "client-segments", "am", "am-client-segments",
                        "endpoints", "teams", "kinds", "vis")) {
                for (int n : sizesFor(transport, set)) {
                    jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n + " " + set,
                            Stream.of(set).flatMap(s -> scenarioTests(transport, n, s))));
                }
            }
        }
        for (int n : new int[] {2, 3}) {
            String set = "am-client-segments-through-owner";
            jobs.add(DynamicContainer.dynamicContainer("shm N=" + n + " " + set,
                    Stream.of(set).flatMap(s -> scenarioTests("shm", n, s))));
        }
        return jobs.stream();
    }

    private static Stream<DynamicNode> scenarioTests(String transport, int n, String set) {
        Map<String, Map<Integer, String>> results = transport.equals("local") ? runLocal(n, set) : runShm(n, set);
        return ScenarioReports.tests(ScenarioSets.byName(set).keySet(), n, results);
    }

    private static Map<String, Map<Integer, String>> runLocal(int n, String set) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        String previous = System.getProperty("pgas4j.segment.size");
        System.setProperty("pgas4j.segment.size", segmentSizeFor(set));
        System.setProperty("pgas4j.barrier", barrierFor(set));
        try {
            LocalJob.run(n, java.time.Duration.ofMinutes(3), () -> {
                int rank = LocalJob.currentRank();
                ScenarioRunner.runAll(ScenarioSets.byName(set), (name, result) ->
                        ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            System.clearProperty("pgas4j.barrier");
            if (previous == null) {
                System.clearProperty("pgas4j.segment.size");
            } else {
                System.setProperty("pgas4j.segment.size", previous);
            }
        }
        return results;
    }

    private static Map<String, Map<Integer, String>> runShm(int n, String set) {
        List<String> options = new ArrayList<>(List.of("--jvm-arg", "-Dpgas4j.segment.size=" + segmentSizeFor(set),
                "--jvm-arg", "-Dpgas4j.barrier=" + barrierFor(set)));
        if (set.endsWith("-through-owner")) {
            // Every access to client memory goes to its owner: LONG payloads travel in the messages.
            options.addAll(List.of("--jvm-arg", "-Dpgas4j.rma.path=am"));
        }
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 180, options, ConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }
}
