package org.pgas4j.mpi;

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
 * The MPI facade's scenario sets over the {@code ucx} transport, at N = 2 and 3: real processes
 * started through the launcher with UCX restricted to tcp on the loopback device, as the core's
 * {@code UcxConformanceTest} runs them. There, requests and answers are UCX active messages and
 * rendezvous data moves by UCX RMA (no direct mapping), and active messages may be reordered, which
 * the per-origin sequence numbers absorb. Skipped, with the reason, when libucp is not installed.
 */
class MpiUcxTest {
    private static final int[] SIZES = {2, 3};
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");

    @TestFactory
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> semanticsAndErrorsOverUcx() {
        String missing = UcpLibrary.unavailableReason();
        Assumptions.assumeTrue(missing == null, () -> "the ucx transport cannot run here: " + missing);
        List<DynamicNode> jobs = new ArrayList<>();
        for (String set : List.of("semantics", "errors")) {
            for (int n : SIZES) {
                jobs.add(DynamicContainer.dynamicContainer("ucx tcp/lo N=" + n + " " + set,
                        Stream.of(set).flatMap(s -> {
                            List<String> options = new ArrayList<>();
                            MpiConformanceTest.properties(s).forEach((k, v) -> {
                                options.add("--jvm-arg");
                                options.add("-D" + k + "=" + v);
                            });
                            LaunchedJob.Result r = LaunchedJob.run(n, "ucx", 180, options, TCP_ON_LOOPBACK,
                                    MpiConformancePe.class.getName(), s);
                            return ScenarioReports.tests(MpiConformanceTest.names(s), n, ScenarioReports.of(r));
                        })));
            }
        }
        return jobs.stream();
    }
}
