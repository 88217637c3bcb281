package org.pgas4j.mpi;

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
 * The MPI facade's conformance suite: one scenario per paragraph of seed 002's Operational
 * Semantics ({@link SemanticsScenarios}), the error paths ({@link ErrorScenarios}) and checked mode
 * ({@link CheckedScenarios}, with {@code pgas4j.checked=true}), and the semantics again with the
 * shared-memory fast path off ({@code pgas4j.mpi.mailbox=false}: every request an active
 * message), on the
 * {@code local} (threads of this JVM) and {@code shm} (processes through the launcher)
 * transports at N = 1, 2, 3 and 5 (5 is more processes than this machine's cores). Each scenario
 * of each job is one test.
 */
class MpiConformanceTest {
    static final String AFTER_CLOSE = ErrorScenarios.AFTER_CLOSE;
    private static final int[] SIZES = {1, 2, 3, 5};
    private static final Map<String, Map<String, MpiScenario>> SETS = Map.of(
            "semantics", SemanticsScenarios.all(), "errors", ErrorScenarios.all(), "checked", CheckedScenarios.all(),
            "semanticsWithoutMailbox", SemanticsScenarios.all());

    static Map<String, MpiScenario> set(String name) {
        Map<String, MpiScenario> s = SETS.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no scenario set " + name);
        }
        return s;
    }

    /** The scenario names a job of {@code set} reports. */
    static List<String> names(String set) {
        List<String> names = new ArrayList<>(set(set).keySet());
        if (set.equals("errors")) {
            names.add(AFTER_CLOSE);
        }
        return names;
    }

    /** The sizes to run: {@link #SIZES}, or those of {@code -Dmpi.sizes=2,3} when debugging. */
    private static int[] sizes() {
        String s = System.getProperty("mpi.sizes");
        return s == null ? SIZES : java.util.Arrays.stream(s.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    static Map<String, String> properties(String set) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("pgas4j.mpi.rma.size", "4m");
        p.put("pgas4j.checked", Boolean.toString(set.equals("checked")));
        // the shared-memory fast path off: every request and answer an active message
        p.put("pgas4j.mpi.mailbox", Boolean.toString(!set.equals("semanticsWithoutMailbox")));
        return p;
    }

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnLocalAndShm() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (String transport : System.getProperty("mpi.transports", "local,shm").split(",")) {
            for (String set : System.getProperty("mpi.sets", "semantics,errors,checked,semanticsWithoutMailbox").split(",")) {
                for (int n : sizes()) {
                    jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n + " " + set,
                            Stream.of(set).flatMap(s -> ScenarioReports.tests(names(s), n,
                                    transport.equals("local") ? runLocal(n, s) : runShm(n, s)))));
                }
            }
        }
        return jobs.stream();
    }

    static Map<String, Map<Integer, String>> runLocal(int n, String set) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        Map<String, String> props = properties(set);
        props.forEach(System::setProperty);
        try {
            LocalJob.run(n, Duration.ofMinutes(3), () -> {
                int rank = LocalJob.currentRank();
                MpiConformancePe.runAll(set(set), (name, result) -> ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
        return results;
    }

    static Map<String, Map<Integer, String>> runShm(int n, String set) {
        List<String> options = new ArrayList<>();
        properties(set).forEach((k, v) -> {
            options.add("--jvm-arg");
            options.add("-D" + k + "=" + v);
        });
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 180, options, MpiConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }
}
