package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PMIx bootstrap's pure parts: detection and placement; the rest runs under Slurm and mpirun. */
class PmixBootstrapTest {
    @Test
    void aPmixLauncherIsDetectedByItsVariables() {
        assertTrue(PmixBootstrap.detected(Map.of("PMIX_RANK", "0", "PMIX_NAMESPACE", "slurm.pmix.4.0")));
        assertTrue(PmixBootstrap.detected(Map.of("PMIX_SERVER_URI41", "pmix-server.123;tcp4://127.0.0.1:4000")));
        assertFalse(PmixBootstrap.detected(Map.of("PMIX_RANK", "0")));
        assertFalse(PmixBootstrap.detected(Map.of("SLURM_PROCID", "0", "HOME", "/root")));
    }

    @Test
    void theStartUpTrainingNeedsNoPmixServerAndLeavesNoWatchRunning() throws InterruptedException {
        PmixBootstrap.trainStartUp();
        PmixBootstrap.trainStartUp(); // again: the upcall stub is made once, the watch opened and closed anew
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (watchThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, watchThreads(), "a peer watch thread outlived the training");
    }

    private static long watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().endsWith("-peer-watch")).count();
    }

    @Test
    void nodesAreNumberedByTheirLowestRankAndLocalRanksCountedWithinThem() {
        long[] ids = {7, 7, 3, 3, 7};
        String[] hosts = {"a", "a", "b", "b", "a"};
        assertEquals(new NodeLocation(0, 2, 0, 3, "a"), PmixBootstrap.place(ids, hosts, 0));
        assertEquals(new NodeLocation(1, 2, 1, 2, "b"), PmixBootstrap.place(ids, hosts, 3));
        assertEquals(new NodeLocation(0, 2, 2, 3, "a"), PmixBootstrap.place(ids, hosts, 4));
        long[] none = {-1, -1, -1};
        assertEquals(new NodeLocation(1, 2, 0, 1, "y"), PmixBootstrap.place(none, new String[] {"x", "y", "x"}, 1));
    }
}
