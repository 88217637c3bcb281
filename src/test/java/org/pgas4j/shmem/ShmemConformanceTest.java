package org.pgas4j.shmem;

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

/**
 * The OpenSHMEM conformance suite, modelled on the public OpenSHMEM test suites and written from
 * the specification: every scenario set on both transports at N = 1, 2, 3, 4 and 8 PEs (4 and 8
 * are more PEs than this machine's cores). {@code shm} jobs are real processes started through the
 * launcher; {@code local} jobs are threads of this JVM. Each set also runs once over the
 * {@code hybrid} transport on two loopback "hosts" (N = 3: 1 + 2, UCX on tcp between them), where
 * {@code SHMEM_TEAM_SHARED} is a host's PEs (where libucp is installed). Each scenario of each job
 * is one test.
 */
class ShmemConformanceTest {
    private static final int[] SIZES = {1, 2, 3, 4, 8};

    static Map<String, ShmemScenario> set(String name) {
        return switch (name) {
            case "rma" -> RmaScenarios.all();
            case "coll" -> CollectiveScenarios.all();
            case "spaces" -> SpaceScenarios.all();
            case "checked" -> CheckedScenarios.all();
            default -> throw new IllegalArgumentException("no scenario set " + name);
        };
    }

    @TestFactory
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnEveryTransportAndSize() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (String transport : List.of("local", "shm")) {
            for (String set : List.of("rma", "coll", "spaces", "checked")) {
                for (int n : SIZES) {
                    jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n + " " + set,
                            scenarioTests(transport, n, set)));
                }
            }
        }
        if (org.pgas4j.transport.ucx.UcpLibrary.unavailableReason() == null) {
            // A hybrid job on two loopback "hosts": SHMEM_TEAM_SHARED is each host's PEs.
            for (String set : List.of("rma", "coll", "spaces", "checked")) {
                jobs.add(DynamicContainer.dynamicContainer("hybrid localhost:1,127.0.0.1:2 N=3 " + set,
                        ScenarioReports.tests(set(set).keySet(), 3, runHybrid(set))));
            }
        }
        return jobs.stream();
    }

    private static Map<String, Map<Integer, String>> runHybrid(String set) {
        List<String> options = new ArrayList<>(List.of("--hosts", "localhost:1,127.0.0.1:2"));
        properties(set).forEach((k, v) -> {
            options.add("--jvm-arg");
            options.add("-D" + k + "=" + v);
        });
        LaunchedJob.Result r = LaunchedJob.run(3, "hybrid", 180, options, Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo"),
                ShmemConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }

    private static Map<String, String> properties(String set) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("pgas4j.shmem.symmetric.size", "4m");
        p.put("pgas4j.checked", Boolean.toString(set.equals("checked")));
        return p;
    }

    private static Stream<DynamicNode> scenarioTests(String transport, int n, String set) {
        Map<String, Map<Integer, String>> results = transport.equals("local") ? runLocal(n, set) : runShm(n, set);
        return ScenarioReports.tests(set(set).keySet(), n, results);
    }

    private static Map<String, Map<Integer, String>> runLocal(int n, String set) {
        return LocalScenarioJob.run(n, properties(set), report -> ShmemConformancePe.runAll(set(set), report));
    }

    private static Map<String, Map<Integer, String>> runShm(int n, String set) {
        List<String> options = new ArrayList<>();
        properties(set).forEach((k, v) -> {
            options.add("--jvm-arg");
            options.add("-D" + k + "=" + v);
        });
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 180, options, ShmemConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }
}
