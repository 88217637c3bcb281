package org.pgas4j.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.TestInfo;
import org.pgas4j.Client;
import org.pgas4j.Team;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * {@code @PgasTest} classes over {@link PgasTest.Transport#SHM} that {@link PgasTestExtensionTest}
 * runs through the test kit: each PE is a process started by the launcher.
 */
final class ShmFixtures {
    private ShmFixtures() {
    }

    /** A ring of puts through OpenSHMEM, every parameter injected, a property set. */
    @FixturesOnlyInTestKit
    static class Ring {
        @PgasTest(pes = {1, 5}, transport = PgasTest.Transport.SHM, properties = "pgas4j.shmem.symmetric.size=4m")
        void ring(Shmem shmem, Client client, Team world, @Rank int rank, @PeCount int n) {
            assertEquals(Integer.toString(rank), System.getenv("PGAS4J_RANK"), "a process started by the launcher");
            assertEquals("4m", System.getProperty("pgas4j.shmem.symmetric.size"));
            assertSame(client, shmem.client());
            assertSame(client.world(), world);
            assertEquals(rank, shmem.myPe());
            assertEquals(n, world.size());
            SymmetricArray a = shmem.calloc(ShmemType.LONG, 1);
            shmem.ctxDefault().pLong(a, 0, 100 + rank, (rank + 1) % n);
            shmem.barrierAll();
            assertEquals(100 + (rank + n - 1) % n, shmem.ctxDefault().gLong(a, 0, rank));
        }
    }

    /** An exception whose field cannot be serialised: it comes back as a stand-in. */
    static final class NotSerialisable extends RuntimeException {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("serial")
        private final Object lock = new Object();

        NotSerialisable(String message) {
            super(message);
        }

        Object lock() {
            return lock;
        }
    }

    /** After a barrier, PE 1 fails an assertion and PE 2 throws what cannot be serialised. */
    @FixturesOnlyInTestKit
    static class TwoPesFail {
        @PgasTest(pes = 3, transport = PgasTest.Transport.SHM)
        void pes1And2Fail(Team world, @Rank int rank) {
            world.barrier();
            if (rank == 1) {
                assertEquals(3, 5);
            }
            if (rank == 2) {
                throw new NotSerialisable("PE 2's lock");
            }
            world.barrier();
        }
    }

    /** PE 1 sleeps; PE 0 waits for it in a barrier. */
    @FixturesOnlyInTestKit
    static class PeSleeps {
        @PgasTest(pes = 2, transport = PgasTest.Transport.SHM, timeoutSeconds = 10)
        void pe1Sleeps(Team world, @Rank int rank) throws InterruptedException {
            if (rank == 1) {
                Thread.sleep(600_000);
            }
            world.barrier();
        }
    }

    /** JUnit's own parameters cannot reach a PE process. */
    @FixturesOnlyInTestKit
    static class JUnitParameter {
        @PgasTest(pes = 2, transport = PgasTest.Transport.SHM)
        void withTestInfo(TestInfo info, @Rank int rank) {
        }
    }
}
