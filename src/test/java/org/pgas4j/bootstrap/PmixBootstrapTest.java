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
