package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.launcher.Launcher;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.RuntimeJar;
import org.pgas4j.testing.SlurmCluster;
import org.pgas4j.testing.SystemComponent;

/**
 * {@code bench startup --quick --pmix} against a real one-node Slurm: the job under
 * {@code srun --mpi=pmix} as plain PE JVMs and through {@code bin/pgas4j exec}, next to the
 * launcher's, from a jar laid out as a checkout's ({@code target/pgas4j.jar} beside {@code bin/}).
 */
@Needs({SystemComponent.ROOT, SystemComponent.SLURM, SystemComponent.PMIX})
@Timeout(240)
class PmixStartupBenchTest {
    @TempDir
    Path dir;
    @TempDir
    Path clusterDir; // a temporary directory of its own: SlurmCluster opens it to the munge user

    @Test
    @SuppressWarnings("unchecked")
    void timesTheJobUnderSrunAsPlainJvmsAndThroughExec() throws Exception {
        Path checkout = dir.resolve("checkout");
        Path classes = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = RuntimeJar.pack(classes, Files.createDirectories(checkout.resolve("target")).resolve("pgas4j.jar"));
        Path repo = classes.getParent().getParent(); // target/classes of the checkout under test
        Files.createDirectories(checkout.resolve("bin"));
        Files.createSymbolicLink(checkout.resolve("bin/pgas4j"), repo.resolve("bin/pgas4j").toAbsolutePath());
        Path json = dir.resolve("startup.json");
        try (SlurmCluster cluster = SlurmCluster.start(clusterDir)) {
            Map<String, String> env = new HashMap<>(cluster.environment());
            env.put("PGAS4J_JAR", jar.toString());
            List<String> cmd = new ArrayList<>(List.of(LaunchedJob.java(), "--enable-native-access=ALL-UNNAMED",
                    "-cp", jar.toString(), Launcher.class.getName(), "bench", "startup", "--quick", "--pmix",
                    "--json", json.toString()));
            LaunchedJob.Result r = LaunchedJob.exec(cmd, 220, env);
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("via exec (s)"), r::toString);
            assertTrue(r.stdout().contains("empty JVMs (s)"), r::toString);
            Map<String, Object> doc = MiniJson.parseObject(Files.readString(json));
            for (String key : List.of("startup_s", "startup_pmix_s", "startup_pmix_vs_launcher", "startup_pmix_exec_s",
                    "startup_pmix_exec_vs_launcher", "startup_pmix_empty_jvm_s", "startup_pmix_empty_jvm_vs_launcher",
                    "startup_empty_jvm_s", "startup_pgas4j_part_s", "startup_pmix_pgas4j_part_s")) {
                Map<String, Object> byN = (Map<String, Object>) doc.get(key);
                assertEquals(Set.of("2", "8", "16"), byN.keySet(), key + ": " + doc);
                byN.forEach((n, v) -> assertTrue(((Number) v).doubleValue() > 0.05, key + " at " + n + ": " + v));
            }
        }
    }
}
