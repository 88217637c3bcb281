package org.pgas4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.ScenarioReports;
import org.pgas4j.transport.local.LocalJob;
import org.pgas4j.transport.ucx.UcpLibrary;

/**
 * The active-message fallback's pipeline ({@code pgas4j.rma.path=am}): every size of
 * {@link FallbackSizeScenarios} on {@code local} (threads) and {@code shm} (processes, with more
 * PEs than this machine's cores too), {@code ucx} over tcp on the loopback (skipped, with the
 * reason, without libucp), and an owner that dies in the middle of 4 MiB transfers,
 * which fails the job naming it.
 */
class FallbackPipelineTest {

    /** A job: its transport, its PEs and the fallback's largest piece ({@code pgas4j.am.fallback.chunk}; null: the default). */
    private record Config(String transport, int n, String chunk) {
        Config(String transport, int n) {
            this(transport, n, null);
        }

        String name() {
            return transport + "+am N=" + n + (chunk == null ? "" : " pieces of " + chunk + " bytes");
        }
    }

    private static final List<Config> CONFIGS = List.of(new Config("local", 2), new Config("shm", 2),
            new Config("shm", Math.max(3, Runtime.getRuntime().availableProcessors() + 1)), new Config("ucx", 2),
            // pieces of an odd size, many per transfer, none aligned with the sizes or offsets of the scenarios
            new Config("shm", 2, "1032"));
    private static final Map<String, String> TCP_ON_LOOPBACK = Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo");

    @TestFactory
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everySizeThroughTheFallback() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (Config c : CONFIGS) {
            jobs.add(DynamicContainer.dynamicContainer(c.name(),
                    Stream.of(c).flatMap(FallbackPipelineTest::cells)));
        }
        return jobs.stream();
    }

    private static Stream<DynamicNode> cells(Config c) {
        if (c.transport().equals("ucx") && UcpLibrary.unavailableReason() != null) {
            return Stream.of(DynamicTest.dynamicTest("skipped", () -> Assumptions.assumeTrue(false,
                    () -> "the ucx transport cannot run here: " + UcpLibrary.unavailableReason())));
        }
        Map<String, Map<Integer, String>> results = c.transport().equals("local") ? runLocal(c) : runLaunched(c);
        return ScenarioReports.tests(FallbackSizeScenarios.all().keySet(), c.n(), results);
    }

    private static Map<String, Map<Integer, String>> runLocal(Config c) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        System.setProperty("pgas4j.rma.path", "am");
        try {
            LocalJob.run(c.n(), Duration.ofMinutes(4), () -> {
                int rank = LocalJob.currentRank();
                ScenarioRunner.runAll(FallbackSizeScenarios.all(), (name, result) ->
                        ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            System.clearProperty("pgas4j.rma.path");
        }
        return results;
    }

    private static Map<String, Map<Integer, String>> runLaunched(Config c) {
        List<String> options = new ArrayList<>(List.of("--jvm-arg", "-Dpgas4j.rma.path=am"));
        if (c.chunk() != null) {
            options.addAll(List.of("--jvm-arg", "-Dpgas4j.am.fallback.chunk=" + c.chunk()));
        }
        LaunchedJob.Result r = LaunchedJob.run(c.n(), c.transport(), 300, options,
                c.transport().equals("ucx") ? TCP_ON_LOOPBACK : Map.of(), ConformancePe.class.getName(),
                "fallback-sizes");
        return ScenarioReports.of(r);
    }

    @Test
    @Timeout(120)
    void anOwnerDyingMidTransferFailsTheJobNamingIt() {
        LaunchedJob.Result r = LaunchedJob.run(2, "shm", 60, List.of("--jvm-arg", "-Dpgas4j.rma.path=am"),
                FallbackDyingOwnerPe.class.getName());
        assertEquals(3, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("PE 1"), r::toString);
        assertTrue(r.lines().stream().anyMatch(l -> l.equals("[1] EXITING")), r::toString);
        FailurePropagationTest.assertSurvivorsWereToldWhoFailedAndHow(r, 2);
    }
}
