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
 * A subset of the GASPI conformance suite over the {@code ucx} transport: every scenario set at
 * N = 2 and 3, UCX restricted to tcp on the loopback device, where remote writes, notifications
 * and collectives travel through UCX instead of shared mappings. Skipped, with the reason, when
 * the ucx transport cannot run here.
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
        return jobs.stream();
    }
}
