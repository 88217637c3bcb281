package org.pgas4j.internal.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link CountersEvent}'s periodic hook: sampled at the recording's period while registered, never after. */
class CountersEventTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void theHookSamplesAtThePeriodUntilUnregistered() throws Exception {
        AtomicLong samples = new AtomicLong();
        Path file = dir.resolve("counters.jfr");
        try (Recording r = new Recording()) {
            r.enable(CountersEvent.NAME).withPeriod(Duration.ofMillis(20));
            r.start();
            Runnable hook = CountersEvent.register(7, t -> {
                long n = samples.incrementAndGet();
                t[CountersEvent.PUTS] = n;
                t[CountersEvent.PUT_BYTES] = 8 * n;
                t[CountersEvent.WAIT_NANOS] = 1_000_000;
            });
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (samples.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            CountersEvent.unregister(hook);
            long atRemoval = samples.get();
            Thread.sleep(200); // ten periods
            assertTrue(samples.get() <= atRemoval + 1, "sampled after removal: " + atRemoval + " then " + samples);
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(CountersEvent.NAME)).toList();
        assertTrue(events.size() >= 3, events::toString);
        for (RecordedEvent e : events) {
            assertEquals(7, e.getInt("pe"));
            assertEquals(8 * e.getLong("puts"), e.getLong("putBytes"), e::toString);
            assertEquals(Duration.ofMillis(1), e.getDuration("waitTime"));
            assertTrue(e.getEventType().getCategoryNames().contains("pgas4j"));
        }
        assertFalse(events.stream().anyMatch(e -> e.getLong("gets") != 0), events::toString);
    }
}
