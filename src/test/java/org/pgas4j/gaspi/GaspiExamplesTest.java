package org.pgas4j.gaspi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.examples.gaspi.GaspiRing;
import org.pgas4j.examples.gaspi.TwoJobExchange;
import org.pgas4j.testing.LaunchedJob;

/**
 * The GASPI examples as real jobs: the ring over user buffers, and seed 003's use case, two
 * independent {@code bin/pgas4j run} jobs started together that bind the same file mapping as a
 * segment, one writing it and the other reading it in place.
 */
@Timeout(300)
class GaspiExamplesTest {

    @Test
    void theRingOverUserBuffers() {
        LaunchedJob.Result r = LaunchedJob.run(3, "shm", 120, List.of(), GaspiRing.class.getName());
        assertEquals(0, r.exitCode(), r::toString);
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.stdout().contains("[" + rank + "] rank " + rank + ": received 32768 bytes from rank "
                    + (rank + 2) % 3 + "; segment deleted, buffer intact"), r::toString);
        }
    }

    @Test
    void twoConcurrentJobsShareOneMappingWithoutACopy(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("exchange.seg");
        String run = Long.toString(System.nanoTime() & 0xffffffL);
        // The reader starts first and waits for the writer's flag: the jobs really run side by side.
        CompletableFuture<LaunchedJob.Result> reader = CompletableFuture.supplyAsync(() -> LaunchedJob.run(3, "shm", 180,
                List.of(), TwoJobExchange.class.getName(), "reader", file.toString(), run, "2"));
        LaunchedJob.Result writer = LaunchedJob.run(2, "shm", 180, List.of(), TwoJobExchange.class.getName(), "writer",
                file.toString(), run, "3");
        LaunchedJob.Result read = reader.join();
        assertEquals(0, writer.exitCode(), writer::toString);
        assertEquals(0, read.exitCode(), read::toString);
        assertTrue(writer.stdout().contains("writer: every reader acknowledged"), writer::toString);
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(read.stdout().contains("reader rank " + rank + ": 16384 words of 2 writer ranks read in place"),
                    read::toString);
        }
        // The file holds what the writers wrote, after both jobs ended and deleted their segments.
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        assertEquals(3 * 65536, b.capacity());
        assertEquals(Long.parseLong(run), b.getLong(0));
        assertEquals(3, b.getLong(8), "acknowledgements");
        assertEquals(Long.parseLong(run) * 1_000_000_007L + 65_537L + 65528, b.getLong(2 * 65536 + 65528));
    }
}
