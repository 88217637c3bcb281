package org.pgas4j.conformance;

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
import org.pgas4j.transport.local.LocalJob;

/**
 * The memory-kind RMA matrix on every transport: each (source kind, destination kind) cell of
 * {@link KindMatrixScenarios} is one test per transport configuration. {@code local}: threads of
 * this JVM; {@code shm}: processes, where FILE segments are mapped by peers, DEVICE_SIM segments
 * opened by IPC handle and client host memory reached by cross-memory attach; {@code shm+am}: the
 * same processes with {@code pgas4j.rma.path=am}, so that every access to memory other than
 * runtime host segments goes through the owner on active messages. Job sizes include one PE
 * (every access is local) and more PEs than cores.
 */
class KindMatrixTest {

    private record Config(String name, String transport, int n, String rmaPath) {
    }

    private static final List<Config> CONFIGS = List.of(
            new Config("local", "local", 2, "auto"),
            new Config("local+am", "local", 3, "am"),
            new Config("shm", "shm", 1, "auto"),
            new Config("shm", "shm", 3, "auto"),
            new Config("shm+am", "shm", 2, "am"),
            new Config("shm+am", "shm", 4, "am"));

    @TestFactory
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    Stream<DynamicNode> everyKindPairOnEveryTransport() {
        List<DynamicNode> jobs = new ArrayList<>();
        for (Config c : CONFIGS) {
            jobs.add(DynamicContainer.dynamicContainer(c.name() + " N=" + c.n(), Stream.of(c).flatMap(
                    KindMatrixTest::cells)));
        }
        return jobs.stream();
    }

    private static Stream<DynamicNode> cells(Config c) {
        Map<String, Map<Integer, String>> results = c.transport().equals("local") ? runLocal(c) : runShm(c);
        return ScenarioReports.tests(KindMatrixScenarios.all().keySet(), c.n(), results);
    }

    private static Map<String, Map<Integer, String>> runLocal(Config c) {
        Map<String, Map<Integer, String>> results = ScenarioReports.empty();
        System.setProperty("pgas4j.segment.size", "4m");
        System.setProperty("pgas4j.rma.path", c.rmaPath());
        try {
            LocalJob.run(c.n(), java.time.Duration.ofMinutes(3), () -> {
                int rank = LocalJob.currentRank();
                ScenarioRunner.runAll(KindMatrixScenarios.all(), (name, result) ->
                        ScenarioReports.add(results, name, rank, result));
            });
        } catch (LocalJob.LocalJobException e) {
            results.put("", Map.of(-1, "the job failed: " + e.getMessage()));
        } finally {
            System.clearProperty("pgas4j.segment.size");
            System.clearProperty("pgas4j.rma.path");
        }
        return results;
    }

    private static Map<String, Map<Integer, String>> runShm(Config c) {
        LaunchedJob.Result r = LaunchedJob.run(c.n(), "shm", 240,
                List.of("--jvm-arg", "-Dpgas4j.segment.size=4m", "--jvm-arg", "-Dpgas4j.rma.path=" + c.rmaPath()),
                ConformancePe.class.getName(), "kinds-matrix");
        return ScenarioReports.of(r);
    }
}
