package org.pgas4j.spi;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Futex#awaitEither}: one sleep on two words of two shared file mappings (a barrier's
 * release word in one PE's control region, a doorbell in another's ring), ended by a wake through
 * either, at once when either already differs, and by its timeout otherwise. Linux 5.16 and later
 * has {@code futex_waitv}; on an older kernel the probe must say so, and the sleep is on the first
 * word alone.
 */
@Timeout(60)
class FutexWaitOnTwoTest {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final long LONG_SLEEP = 900_000_000L;

    @TempDir
    Path dir;

    @BeforeAll
    static void linuxOnly() {
        assumeTrue(Futex.AVAILABLE, "futexes need Linux on x86_64 or aarch64");
    }

    private MemorySegment mapped(Arena arena, String name) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, new byte[4096]);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, 4096, arena);
        }
    }

    @Test
    void theProbeFindsFutexWaitvOnAKernelThatHasIt() {
        String[] version = System.getProperty("os.version").split("[.-]");
        int major = Integer.parseInt(version[0]);
        int minor = version.length > 1 && version[1].matches("\\d+") ? Integer.parseInt(version[1]) : 0;
        assumeTrue(major > 5 || major == 5 && minor >= 16, "futex_waitv is in Linux 5.16 and later; this is "
                + System.getProperty("os.version"));
        assertTrue(Futex.waitsOnTwo(), "Linux " + System.getProperty("os.version")
                + " has futex_waitv, but the probe found it unusable (a seccomp filter?)");
    }

    @ParameterizedTest(name = "woken through word {0}")
    @ValueSource(ints = {0, 1})
    void aSleeperIsWokenThroughEitherWord(int which) throws Exception {
        assumeTrue(Futex.waitsOnTwo(), "this kernel cannot sleep on two futex words (futex_waitv)");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment release = mapped(arena, "release");
            MemorySegment bell = mapped(arena, "bell");
            AtomicLong sleptNanos = new AtomicLong();
            Thread sleeper = Thread.ofPlatform().start(() -> {
                long t0 = System.nanoTime();
                while ((int) INT.getVolatile(release, 64L) == 0 && (int) INT.getVolatile(bell, 4L) == 0) {
                    Futex.awaitEither(release, 64, 0, bell, 4, 0, LONG_SLEEP);
                }
                sleptNanos.set(System.nanoTime() - t0);
            });
            Thread.sleep(50);
            MemorySegment word = which == 0 ? release : bell;
            long offset = which == 0 ? 64 : 4;
            INT.setVolatile(word, offset, 1);
            Futex.wake(word, offset, 1);
            sleeper.join(5_000);
            assertTrue(sleptNanos.get() > 0, "the sleeper returned");
            assertTrue(sleptNanos.get() < 850_000_000L, "woken through word " + which + ", not by the 900 ms timeout: "
                    + sleptNanos.get() / 1_000_000 + " ms");
        }
    }

    @Test
    void aChangedWordEndsTheWaitAtOnceAndOtherwiseItTimesOut() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment a = mapped(arena, "a");
            MemorySegment b = mapped(arena, "b");
            INT.setVolatile(a, 0L, 7);
            INT.setVolatile(b, 8L, 9);
            long t0 = System.nanoTime();
            Futex.awaitEither(a, 0, 6, b, 8, 9, 999_000_000L); // the first is 7, not 6
            assertTrue(System.nanoTime() - t0 < 500_000_000L, "returned at once on the first word");
            if (Futex.waitsOnTwo()) {
                t0 = System.nanoTime();
                Futex.awaitEither(a, 0, 7, b, 8, 8, 999_000_000L); // the second is 9, not 8
                assertTrue(System.nanoTime() - t0 < 500_000_000L, "returned at once on the second word");
            }
            t0 = System.nanoTime();
            Futex.awaitEither(a, 0, 7, b, 8, 9, 20_000_000L);
            long waited = System.nanoTime() - t0;
            assertTrue(waited >= 15_000_000L && waited < 900_000_000L, "slept about 20 ms: " + waited / 1_000 + " us");
        }
    }

    @Test
    void handOffsThroughEitherWordLoseNothing() throws Exception {
        // Two threads take turns on a counter word, each sleeping on it and on a second word that
        // the other rings every few turns instead: a lost wake-up through either would stall a
        // turn until the timeout, and 2,000 turns would not finish in time.
        assumeTrue(Futex.waitsOnTwo(), "this kernel cannot sleep on two futex words (futex_waitv)");
        int turns = 2_000;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = mapped(arena, "turns");
            Thread odd = Thread.ofPlatform().start(() -> play(m, 1, turns));
            long t0 = System.nanoTime();
            play(m, 0, turns);
            odd.join(30_000);
            assertTrue((int) INT.getVolatile(m, 128L) == 2 * turns, "every turn was taken");
            assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "no turn waited for a timeout");
        }
    }

    /** Takes every other turn; wakes the other through the counter, or every third turn through the bell at 256. */
    private static void play(MemorySegment m, int parity, int turns) {
        for (int i = 0; i < turns; i++) {
            int v;
            while (true) {
                int bell = (int) INT.getVolatile(m, 256L); // before the counter: a ring after this read
                v = (int) INT.getVolatile(m, 128L);        // makes the sleep below return at once
                if ((v & 1) == parity) {
                    break;
                }
                Futex.awaitEither(m, 128, v, m, 256, bell, 500_000_000L);
            }
            INT.setVolatile(m, 128L, v + 1);
            if (i % 3 == 0) {
                INT.getAndAdd(m, 256L, 1);
                Futex.wake(m, 256, 1);
            } else {
                Futex.wake(m, 128, 1);
            }
        }
    }
}
