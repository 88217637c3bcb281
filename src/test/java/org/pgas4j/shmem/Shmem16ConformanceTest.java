package org.pgas4j.shmem;

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
import org.pgas4j.transport.ucx.UcpLibrary;

/**
 * The OpenSHMEM 1.6 additions and the completed 1.5 routines ({@link Shmem16Scenarios}) on
 * {@code local} (threads of this JVM) and {@code shm} (processes through the launcher) at N = 1, 2,
 * 3 and 5, and the subset that crosses a transport over {@code ucx} (tcp on the loopback device)
 * at N = 2 and 3 where libucp is installed. Each scenario of each job is one test.
 */
class Shmem16ConformanceTest {
    private static final int[] SIZES = {1, 2, 3, 5};
    private static final int[] UCX_SIZES = {2, 3};
    private static final List<String> PROPERTIES = List.of("--jvm-arg", "-Dpgas4j.shmem.symmetric.size=4m");

    static Map<String, ShmemScenario> set(String name) {
        return switch (name) {
            case "all" -> Shmem16Scenarios.all();
            case "ucx" -> Shmem16Scenarios.ucxSubset();
            default -> throw new IllegalArgumentException("no scenario set " + name);
        };
    }

    @TestFactory
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnLocalShmAndUcx() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (String transport : List.of("local", "shm")) {
            for (int n : SIZES) {
                jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n,
                        ScenarioReports.tests(set("all").keySet(), n,
                                transport.equals("local") ? runLocal(n) : runLaunched(n, "shm", "all", Map.of()))));
            }
        }
        if (UcpLibrary.unavailableReason() == null) {
            for (int n : UCX_SIZES) {
                jobs.add(DynamicContainer.dynamicContainer("ucx tcp/lo N=" + n,
                        ScenarioReports.tests(set("ucx").keySet(), n, runLaunched(n, "ucx", "ucx",
                                Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo")))));
            }
        }
        return jobs.stream();
    }

    private static Map<String, Map<Integer, String>> runLocal(int n) {
        return LocalScenarioJob.run(n, Map.of("pgas4j.shmem.symmetric.size", "4m"),
                report -> ShmemConformancePe.runAll(set("all"), report));
    }

    private static Map<String, Map<Integer, String>> runLaunched(int n, String transport, String set,
                                                                 Map<String, String> env) {
        LaunchedJob.Result r = LaunchedJob.run(n, transport, 180, PROPERTIES, env,
                Shmem16ConformancePe.class.getName(), set);
        return ScenarioReports.of(r);
    }
}
