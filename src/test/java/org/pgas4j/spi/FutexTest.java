package org.pgas4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The futex primitive on a shared file mapping (what the shm transport's control regions are):
 * a sleeper is woken by a wake, a wait on a changed word returns at once, a timeout returns, and a
 * stress loop of hand-offs through sleep and wake loses no wake-up.
 */
@Timeout(60)
class FutexTest {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    @TempDir
    Path dir;

    @BeforeAll
    static void linuxOnly() {
        assumeTrue(Futex.AVAILABLE, "futexes need Linux on x86_64 or aarch64");
    }

    private MemorySegment mapped(Arena arena) throws IOException {
        Path file = dir.resolve("futex");
        Files.write(file, new byte[4096]);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, 4096, arena);
        }
    }

    @Test
    void aSleeperIsWokenByWake() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = mapped(arena);
            MemorySegment timeout = Futex.timespec(arena.allocate(16, 8), 900_000_000L);
            AtomicLong sleptNanos = new AtomicLong();
            Thread sleeper = Thread.ofPlatform().start(() -> {
                long t0 = System.nanoTime();
                while ((int) INT.getVolatile(m, 64L) == 0) {
                    Futex.await(m, 64, 0, timeout);
                }
                sleptNanos.set(System.nanoTime() - t0);
            });
            Thread.sleep(50);
            INT.setVolatile(m, 64L, 1);
            Futex.wake(m, 64, 1);
            sleeper.join(5_000);
            assertTrue(sleptNanos.get() > 0, "the sleeper returned");
            assertTrue(sleptNanos.get() < 850_000_000L, "woken by the wake, not by the 900 ms timeout: "
                    + sleptNanos.get() / 1_000_000 + " ms");
        }
    }

    @Test
    void aWaitOnAChangedWordReturnsAtOnceAndATimeoutReturns() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = mapped(arena);
            INT.setVolatile(m, 0L, 7);
            MemorySegment longTimeout = Futex.timespec(arena.allocate(16, 8), 999_000_000L);
            long t0 = System.nanoTime();
            Futex.await(m, 0, 6, longTimeout); // the word is 7, not 6
            assertTrue(System.nanoTime() - t0 < 500_000_000L, "returned at once");
            MemorySegment shortTimeout = Futex.timespec(arena.allocate(16, 8), 20_000_000L);
            t0 = System.nanoTime();
            Futex.await(m, 0, 7, shortTimeout);
            long waited = System.nanoTime() - t0;
            assertTrue(waited >= 15_000_000L && waited < 900_000_000L, "slept about 20 ms: " + waited / 1_000 + " us");
        }
    }

    @Test
    void handOffsThroughSleepAndWakeLoseNothing() throws Exception {
        // Two threads take turns on one word, each sleeping whenever it is not its turn: a lost
        // wake-up would stall a turn until the timeout, and 2,000 turns would not finish in time.
        int turns = 2_000;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = mapped(arena);
            MemorySegment t1 = Futex.timespec(arena.allocate(16, 8), 500_000_000L);
            MemorySegment t2 = Futex.timespec(arena.allocate(16, 8), 500_000_000L);
            Thread odd = Thread.ofPlatform().start(() -> play(m, t1, 1, turns));
            long t0 = System.nanoTime();
            play(m, t2, 0, turns);
            odd.join(30_000);
            assertEquals(2 * turns, (int) INT.getVolatile(m, 128L));
            assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "no turn waited for a timeout");
        }
    }

    private static void play(MemorySegment m, MemorySegment timeout, int parity, int turns) {
        for (int i = 0; i < turns; i++) {
            int v;
            while (((v = (int) INT.getVolatile(m, 128L)) & 1) != parity) {
                Futex.await(m, 128, v, timeout);
            }
            INT.setVolatile(m, 128L, v + 1);
            Futex.wake(m, 128, 1);
        }
    }
}
