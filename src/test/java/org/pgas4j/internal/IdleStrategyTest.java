package org.pgas4j.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgas4j.spi.Transport;

/**
 * The park schedule of a wait: none while it spins and yields, then 1 µs doubling up to the
 * longest park, and the long park once the wait has parked about 10 ms; without a long park
 * (the three-argument form) the longest park stays the bound.
 */
class IdleStrategyTest {
    private static final long MICRO = 1_000;

    @Test
    void parksGrowToTheBoundThenBecomeLongAfterTenMilliseconds() {
        IdleStrategy idle = new IdleStrategy(3, 2, 50 * MICRO, false, 1_000 * MICRO);
        for (int i = 0; i < 5; i++) {
            assertEquals(0, idle.parkNanos(i), "spins and yields do not park: iteration " + i);
        }
        assertEquals(1 * MICRO, idle.parkNanos(5));
        assertEquals(2 * MICRO, idle.parkNanos(6));
        assertEquals(32 * MICRO, idle.parkNanos(10));
        assertEquals(50 * MICRO, idle.parkNanos(11), "capped at the longest park");
        int longAfter = (int) (IdleStrategy.LONG_WAIT_NANOS / (50 * MICRO)); // 200 parks of 50 us
        assertEquals(50 * MICRO, idle.parkNanos(5 + longAfter - 1));
        assertEquals(1_000 * MICRO, idle.parkNanos(5 + longAfter), "a wait parked for 10 ms parks long");
        assertEquals(1_000 * MICRO, idle.parkNanos(Integer.MAX_VALUE));
        assertEquals(1_000 * MICRO, idle.longParkNanos());
    }

    @Test
    void withoutALongParkTheBoundStays() {
        IdleStrategy idle = new IdleStrategy(0, 0, 20 * MICRO);
        assertEquals(1 * MICRO, idle.parkNanos(0));
        assertEquals(20 * MICRO, idle.parkNanos(100_000));
        assertEquals(20 * MICRO, idle.longParkNanos());
    }

    @Test
    void aLongParkShorterThanTheBoundIsTheBound() {
        IdleStrategy idle = new IdleStrategy(0, 0, 50 * MICRO, true, 10 * MICRO);
        assertEquals(50 * MICRO, idle.parkNanos(1_000_000));
    }

    @Test
    void aParkThatAMessageEndedStartsTheWaitOver() {
        List<Long> parks = new ArrayList<>();
        boolean[] arrived = {false};
        Transport t = (Transport) Proxy.newProxyInstance(Transport.class.getClassLoader(), new Class<?>[] {Transport.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("parkUntilMessage")) {
                        parks.add((Long) args[0]);
                        return arrived[0];
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        IdleStrategy idle = IdleStrategy.fromSettings(1, t);
        int first = idle.spins() + idle.yields();
        assertEquals(first + 1, idle.idle(first), "a park the timer ended goes on");
        assertEquals(List.of(1 * MICRO), parks, "parks through the transport");
        arrived[0] = true;
        assertEquals(0, idle.idle(first + 500), "a park a message ended starts over");
        assertEquals(2, parks.size());
        IdleStrategy timed = idle.withoutWakeups();
        assertEquals(first + 1, timed.idle(first));
        assertEquals(2, parks.size(), "without wake-ups the transport is not asked");
    }
}
