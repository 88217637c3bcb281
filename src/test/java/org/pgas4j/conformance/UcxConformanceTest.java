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
import org.pgas4j.transport.ucx.UcxTransportProvider;
import org.pgas4j.testing.SystemComponent;

/**
 * The conformance scenario sets over the {@code ucx} transport, runtime-segments and
 * atomics-segments included: their use-after-destroy scenarios (destroy, barrier, access) pass
 * because the owner announces every directory change into its peers' control regions before the
 * destroy returns, so an access ordered after it by the barrier re-reads the directory (see
 * {@code Client.announceDirectoryChange}): real processes started through the
 * launcher with {@code --transport ucx}, UCX restricted to tcp on the loopback device
 * ({@code UCX_TLS=tcp}, {@code UCX_NET_DEVICES=lo}, passed in the launcher's environment, which the
 * PEs inherit), at N = 1, 2 and 3. Atomics and active messages run over UCX's default transports
 * (shared memory on this host) too, whose atomics differ from tcp's, and the RMA set with every
 * remote key stored in the owner's key area, the path of keys too long for a descriptor. A PE that exits early fails the job, naming it. Skipped, with the
 * reason, when libucp is not installed.
 */
class UcxConformanceTest {
    private static final int[] SIZES = {1, 2, 3};
    private static final List<String> SETS = List.of("rma", "am", "atomics", "coll", "endpoints", "teams",
            "kinds-matrix", "kinds", "client-segments", "am-client-segments", "runtime-segments", "atomics-segments", "vis");
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");

    @TestFactory
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyScenarioSetOverUcx() {
        SystemComponent.UCX.assume();
        List<DynamicNode> jobs = new ArrayList<>();
        for (String set : SETS) {
            for (int n : SIZES) {
                jobs.add(DynamicContainer.dynamicContainer("ucx tcp/lo N=" + n + " " + set,
                        Stream.of(set).flatMap(s -> scenarioTests(n, s, TCP_ON_LOOPBACK,
                                List.of("--jvm-arg", "-Dpgas4j.segment.size=" + segmentSizeFor(s))))));
            }
        }
        for (String set : List.of("atomics", "am")) {
            jobs.add(DynamicContainer.dynamicContainer("ucx default transports N=3 " + set,
                    Stream.of(set).flatMap(s -> scenarioTests(3, s, Map.of("UCX_NET_DEVICES", "lo"),
                            List.of("--jvm-arg", "-Dpgas4j.segment.size=4m")))));
        }
        jobs.add(DynamicContainer.dynamicContainer("ucx default transports, keys in the key area N=2 rma",
                Stream.of("rma").flatMap(s -> scenarioTests(2, s, Map.of("UCX_NET_DEVICES", "lo"),
                        List.of("--jvm-arg", "-Dpgas4j.segment.size=4m",
                                "--jvm-arg", "-D" + UcxTransportProvider.STORE_ALL_KEYS + "=true")))));
        return jobs.stream();
    }

    /** The primordial segment each set expects, as in {@link TransportConformanceTest}: none for the segment sets. */
    private static String segmentSizeFor(String set) {
        return set.equals("client-segments") || set.equals("am-client-segments") || set.equals("runtime-segments")
                || set.equals("atomics-segments") ? "0" : "4m";
    }

    @org.junit.jupiter.api.Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aPeExitingWhileOthersWaitInABarrierFailsTheJobNamingIt() {
        SystemComponent.UCX.assume();
        LaunchedJob.Result r = LaunchedJob.run(3, "ucx", 60, List.of("--jvm-arg", "-Dpgas4j.segment.size=1m"),
                TCP_ON_LOOPBACK, FailingPe.class.getName(), "1", "exit");
        org.junit.jupiter.api.Assertions.assertEquals(3, r.exitCode(), r::toString);
        org.junit.jupiter.api.Assertions.assertTrue(r.stderr().contains("PE 1"), r::toString);
        FailurePropagationTest.assertSurvivorsWereToldWhoFailedAndHow(r, 3, true);
        org.junit.jupiter.api.Assertions.assertFalse(r.stdout().contains("UcxException"),
                () -> "a lost peer must surface as the job failing, not a raw UCX error: " + r);
    }

    private static Stream<DynamicNode> scenarioTests(int n, String set, Map<String, String> environment,
            List<String> extra) {
        LaunchedJob.Result r = LaunchedJob.run(n, "ucx", 180, extra, environment, ConformancePe.class.getName(), set);
        Map<String, Map<Integer, String>> results = ScenarioReports.of(r);
        return ScenarioReports.tests(ScenarioSets.byName(set).keySet(), n, results);
    }
}
