package org.pgas4j.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Proxy;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * Waits that serve active messages: where the host has a core per PE, a wait whose progress keeps
 * delivering messages never goes on to park (nor to yield, which the park follows) while they
 * come, and with more PEs than cores it counts on and parks as before. The transport is a proxy
 * that counts: its progress delivers "work" for a set number of turns, then ends the wait, and
 * every {@code parkUntilMessage} is recorded. No timing: the schedule is decided by turns.
 */
@Timeout(30)
class ServingWaitsTest {
    private static final int SPINS = 2;
    private static final int YIELDS = 1;
    private static final int TURNS_OF_WORK = 500;
    private static final String BLOCKING_RMA = "a blocking RMA through the owner";
    private static final String BARRIER = "a dissemination barrier over mapped flags";

    /** A proxy transport: {@code progress} as given, parks counted (and ended at once), always healthy. */
    private static final class CountingTransport {
        int parks;
        int progressCalls;
        final Transport proxy;

        CountingTransport(IntSupplier progress, MemorySegment localControl, RemoteMemory peerControl) {
            proxy = (Transport) Proxy.newProxyInstance(Transport.class.getClassLoader(), new Class<?>[] {Transport.class},
                    (p, method, args) -> switch (method.getName()) {
                        case "progress" -> {
                            progressCalls++;
                            yield progress.getAsInt();
                        }
                        case "parkUntilMessage" -> {
                            parks++;
                            yield false; // the timer ended it: the wait counts on
                        }
                        case "healthy" -> true;
                        case "localControl" -> localControl;
                        case "peerControl" -> peerControl;
                        case "failureReason" -> null;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    private static IdleStrategy idle(boolean oversubscribed, Transport t) {
        return new IdleStrategy(SPINS, YIELDS, 1_000, oversubscribed).withWakeups(t);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {BLOCKING_RMA, BARRIER})
    void aWaitThatKeepsServingNeverParksWithACorePerPe(String wait) {
        assertEquals(0, parks(wait, false), "every turn delivered something: the wait started over each time");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {BLOCKING_RMA, BARRIER})
    void withMorePesThanCoresTheSameWaitCountsOnAndParks(String wait) {
        assertTrue(parks(wait, true) > TURNS_OF_WORK / 2, "the count went on past the spins and yields");
    }

    private static int parks(String wait, boolean oversubscribed) {
        return wait.equals(BARRIER) ? barrierWaitParks(oversubscribed) : syncWaitParks(oversubscribed);
    }

    /** A blocking RMA's wait whose every progress turn delivers a reply until the last completes it. */
    private static int syncWaitParks(boolean oversubscribed) {
        SyncCompletion c = SyncCompletion.forThisThread();
        CountingTransport[] t = new CountingTransport[1];
        t[0] = new CountingTransport(() -> {
            if (t[0].progressCalls >= TURNS_OF_WORK) {
                c.remoteComplete();
            }
            return 1;
        }, null, null);
        c.await(t[0].proxy, idle(oversubscribed, t[0].proxy), new JobHealth(t[0].proxy, 0));
        assertEquals(TURNS_OF_WORK, t[0].progressCalls);
        return t[0].parks;
    }

    /**
     * Member 0 of a 2-member dissemination barrier over mapped control regions: its partner's
     * signal (the flag in member 0's own region) arrives with the last of {@link #TURNS_OF_WORK}
     * progress turns that each deliver a request. Returns how often the wait parked.
     */
    private static int barrierWaitParks(boolean oversubscribed) {
        int slots = 4;
        long size = ControlRegion.size(slots, 2);
        MemorySegment mine = Arena.ofAuto().allocate(size, 64);
        MemorySegment partners = Arena.ofAuto().allocate(size, 64);
        RemoteMemory peer = (RemoteMemory) Proxy.newProxyInstance(RemoteMemory.class.getClassLoader(),
                new Class<?>[] {RemoteMemory.class}, (p, method, args) -> switch (method.getName()) {
                    case "directView" -> partners;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        long flag = ControlRegion.flagOffset(slots, 0, 0);
        CountingTransport[] t = new CountingTransport[1];
        t[0] = new CountingTransport(() -> {
            if (t[0].progressCalls >= TURNS_OF_WORK) {
                mine.set(ValueLayout.JAVA_LONG, flag, 1); // the partner's signal for episode 1
            }
            return 1;
        }, mine, peer);
        DisseminationBarrier barrier = new DisseminationBarrier(t[0].proxy, idle(oversubscribed, t[0].proxy),
                new JobHealth(t[0].proxy, 0), new int[] {0, 1}, 0, slots, 0);
        barrier.await();
        assertEquals(1, partners.get(ValueLayout.JAVA_LONG, flag), "member 0 signalled its partner");
        assertTrue(t[0].progressCalls >= TURNS_OF_WORK);
        return t[0].parks;
    }
}
