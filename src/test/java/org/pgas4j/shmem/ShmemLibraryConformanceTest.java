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

/**
 * Issue 24's routines ({@link LibraryScenarios}: locks, ptr, thread levels, library query, hints)
 * on {@code local} and {@code shm} at N = 1, 2, 3 and 5 (5 is more PEs than this machine's cores,
 * and with four threads per PE in the MULTIPLE scenario, many more threads), and once over
 * {@code ucx} (N = 3, tcp on loopback) where libucp is installed. Each scenario of each job is one test.
 */
class ShmemLibraryConformanceTest {
    private static final int[] SIZES = {1, 2, 3, 5};
    private static final List<String> OPTIONS = List.of("--jvm-arg", "-Dpgas4j.shmem.symmetric.size=4m");

    @TestFactory
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioOnEveryTransportAndSize() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (String transport : List.of("local", "shm")) {
            for (int n : SIZES) {
                Map<String, Map<Integer, String>> results = transport.equals("local") ? runLocal(n)
                        : ScenarioReports.of(LaunchedJob.run(n, "shm", 180, OPTIONS, ShmemLibraryPe.class.getName()));
                jobs.add(DynamicContainer.dynamicContainer(transport + " N=" + n,
                        ScenarioReports.tests(LibraryScenarios.all().keySet(), n, results)));
            }
        }
        if (org.pgas4j.transport.ucx.UcpLibrary.unavailableReason() == null) {
            LaunchedJob.Result r = LaunchedJob.run(3, "ucx", 180, OPTIONS, Map.of("UCX_TLS", "tcp",
                    "UCX_NET_DEVICES", "lo"), ShmemLibraryPe.class.getName());
            jobs.add(DynamicContainer.dynamicContainer("ucx N=3",
                    ScenarioReports.tests(LibraryScenarios.all().keySet(), 3, ScenarioReports.of(r))));
        }
        return jobs.stream();
    }

    private static Map<String, Map<Integer, String>> runLocal(int n) {
        return LocalScenarioJob.run(n, Map.of("pgas4j.shmem.symmetric.size", "4m"), ShmemLibraryPe::runAll);
    }
}
