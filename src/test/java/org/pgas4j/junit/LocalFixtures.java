package org.pgas4j.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.pgas4j.Client;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.transport.local.LocalJob;

/**
 * {@code @PgasTest} classes over the local transport that {@link PgasTestExtensionTest} runs
 * through the test kit and checks: they pass, fail or hang on purpose, and record what they saw in
 * static fields (shared by the PE threads).
 */
final class LocalFixtures {
    private LocalFixtures() {
    }

    /** Every PE puts its rank into its right neighbour and reads its left neighbour's. */
    @FixturesOnlyInTestKit
    static class Ring {
        static final Set<Integer> RANKS = ConcurrentHashMap.newKeySet();

        @PgasTest(pes = 4)
        void ring(Client client, Team world, @Rank int rank, @PeCount int n) {
            client.rma().putLong(world, (rank + 1) % n, 0, 100 + rank);
            world.barrier();
            assertEquals(100 + (rank + n - 1) % n, client.rma().getLong(world, rank, 0));
            RANKS.add(rank);
        }
    }

    /** PE 2 of 4 fails an assertion after a barrier; the others then wait in a second one. */
    @FixturesOnlyInTestKit
    static class OnePeFails {
        @PgasTest(pes = 4)
        void pe2Fails(Team world, @Rank int rank) {
            world.barrier();
            if (rank == 2) {
                assertEquals(3, 5);
            }
            world.barrier();
        }
    }

    /** PEs 1 and 3 fail, each on its own: an assertion and an exception. */
    @FixturesOnlyInTestKit
    static class TwoPesFail {
        @PgasTest(pes = 4)
        void pes1And3Fail(@Rank int rank) {
            if (rank == 1) {
                assertEquals("one", "two", "PE 1's check");
            }
            if (rank == 3) {
                throw new IllegalStateException("PE 3 gives up");
            }
        }
    }

    /** PE 1 sleeps; the others wait for it in a barrier. */
    @FixturesOnlyInTestKit
    static class PeSleeps {
        @PgasTest(pes = 3, timeoutSeconds = 2)
        void pe1Sleeps(Team world, @Rank int rank) throws InterruptedException {
            if (rank == 1) {
                Thread.sleep(600_000);
            }
            world.barrier();
        }
    }

    /** PE 1 ignores both the job's failure and interrupts until released. */
    @FixturesOnlyInTestKit
    static class PeIgnoresInterrupts {
        static volatile boolean released;

        @PgasTest(pes = 2, timeoutSeconds = 1)
        void pe1Ignores(@Rank int rank) {
            while (rank == 1 && !released) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ignored) {
                    // on purpose
                }
            }
        }
    }

    /** Every kind of parameter, with JUnit's own TestInfo in the middle. */
    @FixturesOnlyInTestKit
    static class EveryParameter {
        static final List<String> SEEN = new CopyOnWriteArrayList<>();
        static final List<Client> CLIENTS = new CopyOnWriteArrayList<>();

        @PgasTest(pes = 3)
        void everything(Client client, Shmem shmem, TestInfo info, Team world, @Rank int rank, @PeCount Integer n) {
            assertSame(client, shmem.client(), "the Shmem's client is the Client parameter");
            assertSame(client.world(), world);
            assertEquals(rank, client.jobRank());
            assertEquals(rank, shmem.myPe());
            assertEquals(rank, world.rank());
            assertEquals(rank, LocalJob.currentRank());
            assertEquals(n, client.jobSize());
            assertEquals(n, shmem.nPes());
            assertEquals("[3 PEs]", info.getDisplayName());
            CLIENTS.add(client);
            SEEN.add("PE " + rank + " of " + n);
        }
    }

    /** Only a client: no Shmem is opened (a second client could not be). */
    @FixturesOnlyInTestKit
    static class ClientOnly {
        static final List<Client> CLIENTS = new CopyOnWriteArrayList<>();

        @PgasTest(pes = 2)
        void client(Client client) {
            assertFalse(client.isClosed());
            assertThrows(IllegalStateException.class, Client::init, "the extension opened this PE's client");
            CLIENTS.add(client);
        }
    }

    /** Only the rank and count: nothing is opened, so the PE opens its own client. */
    @FixturesOnlyInTestKit
    static class RankOnly {
        static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

        @PgasTest(pes = 2)
        void opensItsOwn(@Rank int rank, @PeCount int n) {
            try (Client client = Client.init(1 << 20)) {
                assertEquals(rank, client.jobRank());
                assertEquals(n, client.jobSize());
            }
            SEEN.add(rank + "/" + n);
        }
    }

    /** One invocation per PE count, more PEs than this machine's cores among them. */
    @FixturesOnlyInTestKit
    static class SeveralCounts {
        static final Map<Integer, Set<Integer>> RANKS_BY_COUNT = new ConcurrentHashMap<>();

        @PgasTest(pes = {1, 2, 5})
        void sumOfRanks(Client client, Team world, @Rank int rank, @PeCount int n) {
            assertEquals((long) n * (n - 1) / 2, client.collectives().allreduceLong(world, rank, ReduceOp.SUM));
            RANKS_BY_COUNT.computeIfAbsent(n, k -> ConcurrentHashMap.newKeySet()).add(rank);
        }
    }

    /** Where the lifecycle runs: JUnit's instance and @BeforeEach once, an instance per PE. */
    @FixturesOnlyInTestKit
    static class Lifecycle {
        static final AtomicInteger CONSTRUCTED = new AtomicInteger();
        static final List<String> BEFORE_EACH = new CopyOnWriteArrayList<>();
        static final Set<Integer> PE_INSTANCES = ConcurrentHashMap.newKeySet();

        private int calls;

        Lifecycle() {
            CONSTRUCTED.incrementAndGet();
        }

        @BeforeEach
        void beforeEach() {
            BEFORE_EACH.add("rank " + LocalJob.currentRank());
        }

        @PgasTest(pes = 3)
        void eachPeHasItsOwnInstance(@Rank int rank) {
            calls++;
            assertEquals(1, calls, "an instance runs one PE");
            PE_INSTANCES.add(System.identityHashCode(this));
        }
    }

    /** {@link PgasTest#properties()} are set for the job and restored after it. */
    @FixturesOnlyInTestKit
    static class Properties {
        static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

        @PgasTest(pes = 2, properties = {"pgas4j.shmem.symmetric.size=2m", "pgas4j.junit.fixture.value=a=b"})
        void seesTheProperties(Shmem shmem) {
            SEEN.add(System.getProperty("pgas4j.shmem.symmetric.size") + " " + System.getProperty("pgas4j.junit.fixture.value"));
        }
    }

    /** No timeout of its own: the configuration parameter's applies. */
    @FixturesOnlyInTestKit
    static class TimeoutFromParameter {
        @PgasTest(pes = 2)
        void pe0Sleeps(@Rank int rank) throws InterruptedException {
            if (rank == 0) {
                Thread.sleep(600_000);
            }
        }
    }

    /** Misuse is reported before any PE starts. */
    @FixturesOnlyInTestKit
    static class Misuse {
        @PgasTest(pes = {})
        void noCounts() {
        }

        @PgasTest(pes = {2, 0})
        void zeroPes() {
        }

        @PgasTest(pes = 2)
        void rankNotAnInt(@Rank String rank) {
        }

        @PgasTest(pes = 2, properties = "no-equals-sign")
        void badProperty() {
        }
    }

    /** A test class without a constructor without parameters cannot give each PE an instance. */
    @FixturesOnlyInTestKit
    static class NoDefaultConstructor {
        NoDefaultConstructor(TestInfo info) {
            assertTrue(info != null);
        }

        @PgasTest(pes = 2)
        void never() {
        }
    }
}
