package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.examples.shmem.DeviceSpaceOnHalfThePes;
import org.pgas4j.examples.shmem.SpaceMallocCallocFree;
import org.pgas4j.examples.shmem.SpaceTeam2d;
import org.pgas4j.junit.PgasTest;
import org.pgas4j.junit.Rank;
import org.pgas4j.testing.LaunchedJob;

/**
 * Seed 001's two example programs run through the launcher on both transports, and the
 * undefined-behaviour row "participation by non-members": a PE handing its space or object to
 * another PE's OpenSHMEM (only possible among threads, so run as a {@code @PgasTest} on the local
 * transport, the objects handed over through static fields).
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

    /** PE 0's space and object, handed to PE 1: static, so shared by the PE threads of a local job. */
    private static final AtomicReference<MemorySpace> PE0_SPACE = new AtomicReference<>();
    private static final AtomicReference<SymmetricArray> PE0_OBJECT = new AtomicReference<>();

    @PgasTest(pes = 2, properties = "pgas4j.shmem.symmetric.size=1m")
    void ub4_aSpaceOrObjectOfAnotherPeIsRefused(Shmem s, @Rank int rank) {
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 4096));
        SymmetricArray a = s.spaceMalloc(c.space(), ShmemType.INT, 4);
        if (rank == 0) {
            PE0_SPACE.set(c.space());
            PE0_OBJECT.set(a);
        }
        s.barrierAll();
        if (rank == 1) {
            IllegalStateException e1 = assertThrows(IllegalStateException.class,
                    () -> s.spaceMalloc(PE0_SPACE.get(), ShmemType.INT, 1));
            IllegalStateException e2 = assertThrows(IllegalStateException.class,
                    () -> s.ctxDefault().pInt(PE0_OBJECT.get(), 0, 1, 0));
            assertTrue(e1.getMessage().contains("belongs to PE 0"), e1.getMessage());
            assertTrue(e2.getMessage().contains("belongs to another PE's OpenSHMEM (PE 0)"), e2.getMessage());
        }
        s.barrierAll();
        s.spaceFree(c.space(), a);
        c.team().destroy();
        s.spaceDestroy(c.space());
    }
}
