package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.transport.local.LocalJob;

/** The {@code auto} transport's resolution and {@link Client#neighbourhood()} where every peer is mapped. */
@Timeout(60)
class TransportChoiceTest {

    @Test
    void autoIsShmOnOneHostAndHybridOnSeveral() {
        assertEquals("shm", Settings.resolveTransport("auto", 1));
        assertEquals("hybrid", Settings.resolveTransport("auto", 2));
        assertEquals("hybrid", Settings.resolveTransport("auto", 64));
    }

    @Test
    void aNamedTransportStaysWhateverTheHosts() {
        for (String name : new String[] {"shm", "ucx", "local", "hybrid"}) {
            assertEquals(name, Settings.resolveTransport(name, 1));
            assertEquals(name, Settings.resolveTransport(name, 3));
        }
    }

    @Test
    void theDefaultIsAuto() {
        assertEquals(Settings.AUTO_TRANSPORT, Settings.TRANSPORT.defaultText());
    }

    @Test
    void aStandAloneClientResolvesAutoToShmAndMapsOnlyItself() {
        try (Client c = Client.init(1 << 20)) {
            assertEquals("shm", c.transportName());
            assertArrayEquals(new int[] {0}, c.neighbourhood());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyPeOfAnInJvmJobIsInTheNeighbourhood(int n) {
        LocalJob.run(n, Duration.ofSeconds(30), () -> {
            try (Client c = Client.init(1 << 20)) {
                assertArrayEquals(IntStream.range(0, n).toArray(), c.neighbourhood());
                int[] first = c.neighbourhood();
                first[0] = -1;
                assertEquals(0, c.neighbourhood()[0], "each call returns a fresh array");
            }
        });
    }
}
