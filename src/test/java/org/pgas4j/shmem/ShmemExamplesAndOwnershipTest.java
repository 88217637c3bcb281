package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.examples.shmem.DeviceSpaceOnHalfThePes;
import org.pgas4j.examples.shmem.SpaceMallocCallocFree;
import org.pgas4j.examples.shmem.SpaceTeam2d;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.transport.local.LocalJob;

/**
 * Seed 001's two example programs run through the launcher on both transports, and the
 * undefined-behaviour row "participation by non-members": a PE handing its space or object to
 * another PE's OpenSHMEM (only possible among threads, so run on the local transport).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ShmemExamplesAndOwnershipTest {

    @ParameterizedTest(name = "{0} PEs over {1}")
    @CsvSource({"4, shm", "3, shm", "4, local", "6, local"})
    void seedExamplesRunAndVerify(int np, String transport) {
        for (Class<?> example : List.of(SpaceTeam2d.class, SpaceMallocCallocFree.class)) {
            LaunchedJob.Result r = LaunchedJob.run(np, transport, 120,
                    List.of("--jvm-arg", "-Dpgas4j.shmem.symmetric.size=8m"), example.getName());
            assertEquals(0, r.exitCode(), r::toString);
            assertEquals(np, r.lines().stream().filter(l -> l.endsWith("verified")).count(), r::toString);
        }
    }

    @ParameterizedTest(name = "{0} PEs over {1}")
    @CsvSource({"4, shm", "5, shm", "2, local", "6, local"})
    void aDeviceSimSpaceOnHalfThePesGivesTheOthersInvalidHandles(int np, String transport) {
        LaunchedJob.Result r = LaunchedJob.run(np, transport, 120, List.of("--jvm-arg", "-Dpgas4j.shmem.symmetric.size=8m",
                "--jvm-arg", "-Dpgas4j.devsim.devices=1", "--jvm-arg", "-Dpgas4j.devsim.visible=0=lower-half"),
                DeviceSpaceOnHalfThePes.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        int members = np / 2;
        assertEquals(members, r.lines().stream().filter(l -> l.contains("DEVICE_SIM space on " + members + " of " + np)
                && l.endsWith("verified")).count(), r::toString);
        assertEquals(np - members, r.lines().stream().filter(l -> l.contains("SHMEM_SPACE_INVALID")
                && l.endsWith("verified")).count(), r::toString);
    }

    @Test
    void ub4_aSpaceOrObjectOfAnotherPeIsRefused() {
        AtomicReference<MemorySpace> pe0Space = new AtomicReference<>();
        AtomicReference<SymmetricArray> pe0Object = new AtomicReference<>();
        AtomicReference<String> refusals = new AtomicReference<>("");
        System.setProperty("pgas4j.shmem.symmetric.size", "1m");
        try {
            LocalJob.run(2, Duration.ofMinutes(1), () -> {
                try (Shmem s = Shmem.init()) {
                    SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 4096));
                    SymmetricArray a = s.spaceMalloc(c.space(), ShmemType.INT, 4);
                    if (s.myPe() == 0) {
                        pe0Space.set(c.space());
                        pe0Object.set(a);
                    }
                    s.barrierAll();
                    if (s.myPe() == 1) {
                        IllegalStateException e1 = assertThrows(IllegalStateException.class,
                                () -> s.spaceMalloc(pe0Space.get(), ShmemType.INT, 1));
                        IllegalStateException e2 = assertThrows(IllegalStateException.class,
                                () -> s.ctxDefault().pInt(pe0Object.get(), 0, 1, 0));
                        refusals.set(e1.getMessage() + " / " + e2.getMessage());
                    }
                    s.barrierAll();
                    s.spaceFree(c.space(), a);
                    c.team().destroy();
                    s.spaceDestroy(c.space());
                }
            });
        } finally {
            System.clearProperty("pgas4j.shmem.symmetric.size");
        }
        assertTrue(refusals.get().contains("belongs to PE 0"), refusals.get());
    }
}
