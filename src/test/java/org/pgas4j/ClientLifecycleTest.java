package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.junit.PgasTest;
import org.pgas4j.junit.Rank;
import org.pgas4j.transport.local.LocalJob;

/**
 * Init, close and their misuse, on in-JVM jobs ({@code @PgasTest} over 1, 2 and 3 PEs, and a
 * {@link LocalJob} whose PE fails without closing) and on a stand-alone (one-PE) client.
 */
@Timeout(60)
class ClientLifecycleTest {

    @PgasTest(pes = {1, 2, 3}, timeoutSeconds = 30)
    void initTwiceWhileLiveIsRefusedNamingThePe(Client c, @Rank int rank) {
        IllegalStateException e = assertThrows(IllegalStateException.class, Client::init);
        assertTrue(e.getMessage().contains("PE " + rank) && e.getMessage().contains("already has a live client"),
                e.getMessage());
    }

    /** Closes the client itself: the extension's close after the test is then a no-op (close is idempotent). */
    @PgasTest(pes = {1, 2, 3}, timeoutSeconds = 30)
    void everyCallAfterCloseIsRefused(Client c) {
        Team w = c.world();
        Rma rma = c.rma();
        Endpoint ep = c.primordialEndpoint();
        Peer peer = rma.peer(w, (c.jobRank() + 1) % c.jobSize());
        rma.putLong(peer, 0, 1); // warm: the handle has resolved its target
        c.close();
        c.close(); // idempotent
        assertTrue(c.isClosed());
        for (Runnable call : new Runnable[] {
            () -> rma.putLong(w, 0, 0, 1),
            () -> rma.getLong(w, 0, 0),
            () -> rma.put(w, 0, 0, new byte[1], 0, 1),
            () -> rma.getNB(w, 0, 0, new byte[1], 0, 1),
            () -> rma.putLong(peer, 0, 1),
            () -> rma.putNBI(peer, 0, new byte[1], 0, 1),
            () -> rma.get(peer, 0, new long[1], 0, 1),
            () -> c.atomics().fetchAddLong(peer, 0, 1),
            () -> rma.peer(w, 0),
            w::barrier,
            () -> c.createSegment(4096),
            () -> ep.bindSegment(null),
        }) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
            assertTrue(e.getMessage().contains("closed") && e.getMessage().contains("PE " + c.jobRank()),
                    e.getMessage());
        }
    }

    @Test
    void standAloneProgramIsAJobOfOnePe() {
        try (Client c = Client.init()) {
            assertEquals(0, c.jobRank());
            assertEquals(1, c.jobSize());
            assertEquals(1, c.world().size());
            assertThrows(IllegalStateException.class, Client::init);
            c.rma().putLong(c.world(), 0, 0, 99);
            assertEquals(99, c.rma().getLong(c.world(), 0, 0));
            c.world().barrier();
        }
        // A stand-alone client may be initialised again once closed: it is a new job of one.
        try (Client again = Client.init()) {
            assertEquals(0, again.rma().getLong(again.world(), 0, 0), "a new job starts with zeroed memory");
        }
    }

    @Test
    void aFailingPeMakesTheOthersWaitsThrowInsteadOfHanging() {
        AtomicReference<Throwable> seenByPe0 = new AtomicReference<>();
        long start = System.nanoTime();
        LocalJob.LocalJobException e = assertThrows(LocalJob.LocalJobException.class,
                () -> LocalJob.run(3, Duration.ofSeconds(30), () -> {
                    // PE 1 fails without closing: close() is collective (a world barrier), so a
                    // failing PE that closed would meet the others' barrier instead of failing it.
                    Client c = Client.init();
                    if (c.jobRank() == 1) {
                        throw new IllegalStateException("PE 1 gives up");
                    }
                    try (c) {
                        try {
                            c.world().barrier();
                        } catch (JobAbortedException aborted) {
                            if (c.jobRank() == 0) {
                                seenByPe0.set(aborted);
                            }
                            throw aborted;
                        }
                    }
                }));
        assertTrue(e.getMessage().contains("PE 1 failed"), e.getMessage());
        assertTrue(seenByPe0.get() instanceof JobAbortedException, "PE 0's barrier threw " + seenByPe0.get());
        assertTrue(seenByPe0.get().getMessage().startsWith("PE 0: the job is failing (PE 1 failed: "
                + "java.lang.IllegalStateException: PE 1 gives up) while waiting in"), seenByPe0.get().getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos(), "took too long");
    }

    @Test
    void unknownTransportIsABadArgumentListingTheKnownOnes() {
        String previous = System.getProperty("pgas4j.transport");
        System.setProperty("pgas4j.transport", "carrier-pigeon");
        try {
            BadArgumentException e = assertThrows(BadArgumentException.class, Client::init);
            assertTrue(e.getMessage().contains("carrier-pigeon") && e.getMessage().contains("shm")
                    && e.getMessage().contains("local"), e.getMessage());
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.transport");
            } else {
                System.setProperty("pgas4j.transport", previous);
            }
        }
        // The failed init released the PE: a correct init works.
        try (Client c = Client.init()) {
            assertEquals(1, c.jobSize());
        }
    }
}
