package org.pgas4j.conformance;

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
import org.pgas4j.testing.SystemComponent;

/**
 * The conformance scenario sets over the {@code hybrid} transport: real processes started through
 * the launcher on two "hosts" that are both this one ({@code --hosts localhost:A,127.0.0.1:B}, two
 * host names, so two nodes to the launcher), shared memory among the PEs of each, UCX on tcp over
 * the loopback device between them. Every scenario therefore runs with peers of both kinds: mapped
 * control regions, segments and message rings for some, UCX keys, gets and active messages for the
 * others; collectives and teams span both; same-host atomics are processor instructions and
 * cross-host ones UCX's, on the same words. N = 3 (1 + 2) for every set, N = 5 (2 + 3, more PEs
 * than cores) for the sets that mix the two paths most. The use-after-destroy scenarios see the
 * owner's mapped directory on its host and its directory-change notices from other hosts. Skipped,
 * with the reason, when libucp is not installed.
 */
class HybridConformanceTest {
    private static final List<String> SETS = List.of("rma", "am", "atomics", "coll", "coll-central", "endpoints",
            "teams", "kinds-matrix", "kinds", "client-segments", "am-client-segments", "runtime-segments",
            "atomics-segments");
    private static final List<String> WIDE_SETS = List.of("rma", "atomics", "coll", "am");
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioSetOverHybrid() {
        SystemComponent.UCX.assume();
        List<DynamicNode> jobs = new ArrayList<>();
        for (String set : SETS) {
            jobs.add(job(3, "localhost:1,127.0.0.1:2", set));
        }
        for (String set : WIDE_SETS) {
            jobs.add(job(5, "localhost:2,127.0.0.1:3", set));
        }
        return jobs.stream();
    }

    private static DynamicNode job(int n, String hosts, String set) {
        return DynamicContainer.dynamicContainer("hybrid " + hosts + " N=" + n + " " + set,
                Stream.of(set).flatMap(s -> scenarioTests(n, hosts, s)));
    }

    private static Stream<DynamicNode> scenarioTests(int n, String hosts, String set) {
        List<String> extra = new ArrayList<>(List.of("--hosts", hosts, "--jvm-arg",
                "-Dpgas4j.segment.size=" + (set.endsWith("-segments") ? "0" : "4m")));
        if (set.equals("coll-central")) {
            extra.addAll(List.of("--jvm-arg", "-Dpgas4j.barrier=central"));
        }
        LaunchedJob.Result r = LaunchedJob.run(n, "hybrid", 240, extra, TCP_ON_LOOPBACK, ConformancePe.class.getName(), set);
        Map<String, Map<Integer, String>> results = ScenarioReports.of(r);
        return ScenarioReports.tests(ScenarioSets.byName(set).keySet(), n, results);
    }
}
