package org.pgas4j.gaspi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.ScenarioReports;
import org.pgas4j.transport.ucx.UcpLibrary;

/**
 * The GASPI conformance suite over the {@code ucx} transport: every scenario set at N = 2 and 3,
 * UCX restricted to tcp on the loopback device, where remote writes, notifications and
 * collectives travel through UCX instead of shared mappings; and once over the {@code hybrid}
 * transport on two loopback "hosts" (N = 3: 1 + 2). Skipped, with the reason, when the ucx
 * transport cannot run here.
 */
class GaspiUcxTest {
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");

    @TestFactory
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioSetOverUcx() {
        String missing = UcpLibrary.unavailableReason();
        Assumptions.assumeTrue(missing == null, () -> "the ucx transport cannot run here: " + missing);
        List<DynamicNode> jobs = new ArrayList<>();
        for (String set : GaspiConformanceTest.SETS) {
            for (int n : new int[] {2, 3}) {
                LaunchedJob.Result r = LaunchedJob.run(n, "ucx", 240, GaspiConformanceTest.jvmOptions(), TCP_ON_LOOPBACK,
                        GaspiConformancePe.class.getName(), set);
                jobs.add(DynamicContainer.dynamicContainer("ucx tcp/lo N=" + n + " " + set,
                        ScenarioReports.tests(GaspiConformanceTest.set(set).keySet(), n, ScenarioReports.of(r))));
            }
        }
        // A hybrid job on two loopback "hosts" (1 + 2 ranks): shm within a host, UCX between them.
        for (String set : GaspiConformanceTest.SETS) {
            List<String> options = new ArrayList<>(List.of("--hosts", "localhost:1,127.0.0.1:2"));
            options.addAll(GaspiConformanceTest.jvmOptions());
            LaunchedJob.Result r = LaunchedJob.run(3, "hybrid", 240, options, TCP_ON_LOOPBACK,
                    GaspiConformancePe.class.getName(), set);
            jobs.add(DynamicContainer.dynamicContainer("hybrid localhost:1,127.0.0.1:2 N=3 " + set,
                    ScenarioReports.tests(GaspiConformanceTest.set(set).keySet(), 3, ScenarioReports.of(r))));
        }
        return jobs.stream();
    }
}
