package org.pgas4j.internal.memory;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link HostCopy}: copies just below, at and just above the {@code memmove} threshold, at
 * unaligned offsets, ending exactly at a segment's end, overlapping; and every refusal of
 * {@link java.lang.foreign.MemorySegment#copy} (a range past the end, a read-only destination, a
 * closed arena, another thread's segment) made before anything is written. The default threshold
 * (32 KiB) is what these run with.
 */
@Timeout(60)
class HostCopyTest {
    private static final long GUARD = 64;
    private static long threshold;

    @BeforeAll
    static void threshold() {
        threshold = HostCopy.memmoveMin();
        assertEquals(32 * 1024, threshold, "the default of pgas4j.copy.memmove.min, and memmove is available");
    }

    /** A segment of {@code size} bytes whose byte i is {@code (i * 31 + seed) & 0xff}. */
    private static MemorySegment pattern(Arena arena, long size, int seed) {
        MemorySegment s = arena.allocate(size, 4096);
        for (long i = 0; i < size; i++) {
            s.set(JAVA_BYTE, i, (byte) (i * 31 + seed));
        }
        return s;
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(JAVA_BYTE);
    }

    /** dst must hold src's bytes [srcOffset, +length) at dstOffset, and its own pattern elsewhere. */
    private static void assertCopied(byte[] dstBefore, MemorySegment src, long srcOffset, MemorySegment dst,
                                     long dstOffset, long length) {
        byte[] expected = dstBefore.clone();
        MemorySegment.copy(src, JAVA_BYTE, srcOffset, expected, (int) dstOffset, (int) length);
        assertArrayEquals(expected, bytes(dst), () -> length + " bytes from " + srcOffset + " to " + dstOffset);
    }

    @Test
    void noClassIsSpunForTheHandleAtALaterCopy() {
        var classes = java.lang.management.ManagementFactory.getClassLoadingMXBean();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = pattern(arena, threshold, 4);
            MemorySegment dst = arena.allocate(threshold, 64);
            HostCopy.copyWithMemmove(src, 0, dst, 0, threshold); // binds the handle (and customizes it)
            long loaded = classes.getTotalLoadedClassCount();
            for (int i = 0; i < 300; i++) { // past the JDK's customization of a handle at its 128th call
                HostCopy.copyWithMemmove(src, 0, dst, 0, threshold);
            }
            assertEquals(loaded, classes.getTotalLoadedClassCount(), "classes loaded during 300 copies");
            assertArrayEquals(bytes(src), bytes(dst));
        }
    }

    @Test
    void copiesBelowAtAndAboveTheThresholdAtUnalignedOffsets() {
        long[] offsets = {0, 1, 3, 7, 8, 63, 4093};
        try (Arena arena = Arena.ofConfined()) {
            long size = threshold + 8192;
            MemorySegment src = pattern(arena, size, 1);
            for (long length : new long[] {threshold - 1, threshold, threshold + 1}) {
                for (long so : offsets) {
                    for (long d : offsets) {
                        MemorySegment dst = pattern(arena, size, 2);
                        byte[] before = bytes(dst);
                        HostCopy.copy(src, so, dst, d, length);
                        assertCopied(before, src, so, dst, d, length);
                    }
                }
            }
        }
    }

    @Test
    void everyLengthAroundTheThresholdThroughMemmoveItself() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = pattern(arena, 4096, 3);
            for (long length = 0; length <= 300; length++) {
                MemorySegment dst = pattern(arena, 512, 4);
                byte[] before = bytes(dst);
                HostCopy.copyWithMemmove(src, 5, dst, 3, length);
                assertCopied(before, src, 5, dst, 3, length);
            }
        }
    }

    @Test
    void aCopyEndingExactlyAtTheEndIsMadeAndOneCrossingItIsRefusedWritingNothing() {
        try (Arena arena = Arena.ofConfined()) {
            long length = threshold + 5;
            long size = length + 3 * GUARD;
            MemorySegment src = pattern(arena, size, 5);
            MemorySegment dst = pattern(arena, size, 6);
            byte[] before = bytes(dst);
            HostCopy.copy(src, 1, dst, size - length, length);
            assertCopied(before, src, 1, dst, size - length, length);
            // A source range ending exactly at its end.
            MemorySegment dst2 = pattern(arena, size, 7);
            byte[] before2 = bytes(dst2);
            HostCopy.copy(src, size - length, dst2, 0, length);
            assertCopied(before2, src, size - length, dst2, 0, length);

            byte[] now = bytes(dst);
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copy(src, 0, dst, size - length + 1, length));
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copy(src, size - length + 1, dst, 0, length));
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copy(src, -1, dst, 0, length));
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copy(src, 0, dst, -1, length));
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copy(src, 0, dst, 0, -length));
            assertThrows(IndexOutOfBoundsException.class,
                    () -> HostCopy.copy(src, 0, dst, Long.MAX_VALUE - 2, length));
            // Through memmove at every length too.
            assertThrows(IndexOutOfBoundsException.class, () -> HostCopy.copyWithMemmove(src, 0, dst, size - 7, 8));
            assertArrayEquals(now, bytes(dst), "a refused copy wrote nothing");
        }
    }

    @Test
    void overlappingRangesCopyAsIfThroughATemporary() {
        try (Arena arena = Arena.ofConfined()) {
            long length = threshold + 3;
            for (long shift : new long[] {-4097, -1, 1, 7, 4096}) {
                MemorySegment s = pattern(arena, length + 2 * 4097 + 1, 8);
                byte[] before = bytes(s);
                long from = 4097;
                HostCopy.copy(s, from, s, from + shift, length);
                byte[] expected = before.clone();
                System.arraycopy(before, (int) from, expected, (int) (from + shift), (int) length);
                assertArrayEquals(expected, bytes(s), "shift " + shift);
            }
        }
    }

    /**
     * A segment whose bytes do not repeat with any short period (a byte per index from a
     * multiplicative hash), so that a piece copied to the wrong place shows.
     */
    private static MemorySegment unrepeating(Arena arena, long size, long seed) {
        MemorySegment s = arena.allocate(size, 4096);
        for (long i = 0; i < size; i++) {
            s.set(JAVA_BYTE, i, (byte) (((i + seed) * 0x9E3779B97F4A7C15L) >>> 56));
        }
        return s;
    }

    @Test
    void copiesFromOneMiBGoInPiecesAndMoveEveryByte() {
        // Around where pieces start, and around where they stop unless glibc stops rep movsb at L2
        // (CpuVendor): above it pieces on AMD machines, one call elsewhere; both must land whole.
        long elsewhere = HostCopy.PIECES_UP_TO_ELSEWHERE;
        long[] lengths = {HostCopy.PIECES_FROM - 1, HostCopy.PIECES_FROM, HostCopy.PIECES_FROM + 3,
            2 * HostCopy.PIECES_FROM + 5, elsewhere, elsewhere + 1, elsewhere + HostCopy.PIECE / 2 + 3};
        try (Arena arena = Arena.ofConfined()) {
            long size = elsewhere + HostCopy.PIECE + 64;
            MemorySegment src = unrepeating(arena, size, 1);
            for (long length : lengths) {
                MemorySegment dst = unrepeating(arena, size, 2);
                byte[] before = bytes(dst);
                HostCopy.copy(src, 1, dst, 7, length);
                assertCopied(before, src, 1, dst, 7, length);
            }
        }
    }

    @Test
    void overlappingRangesOfPieceSizesAreCopiedWhole() {
        long length = 2 * HostCopy.PIECES_FROM + 5;
        try (Arena arena = Arena.ofConfined()) {
            for (long shift : new long[] {-(HostCopy.PIECE + 1), -1, 1, 4096, HostCopy.PIECE + 1}) {
                long from = HostCopy.PIECE + 1;
                MemorySegment s = unrepeating(arena, length + 2 * from + 1, 3);
                byte[] before = bytes(s);
                HostCopy.copy(s, from, s, from + shift, length);
                byte[] expected = before.clone();
                System.arraycopy(before, (int) from, expected, (int) (from + shift), (int) length);
                assertArrayEquals(expected, bytes(s), "shift " + shift);
            }
        }
    }

    @Test
    void heapSegmentsKeepMemorySegmentCopy() {
        try (Arena arena = Arena.ofConfined()) {
            long length = threshold + 1;
            MemorySegment nat = pattern(arena, length + 16, 9);
            byte[] array = new byte[(int) length + 16];
            MemorySegment heap = MemorySegment.ofArray(array);
            HostCopy.copy(nat, 3, heap, 5, length);
            byte[] expected = new byte[array.length];
            MemorySegment.copy(nat, JAVA_BYTE, 3, expected, 5, (int) length);
            assertArrayEquals(expected, array);
            MemorySegment back = pattern(arena, length + 16, 10);
            byte[] before = bytes(back);
            HostCopy.copy(heap, 5, back, 1, length);
            assertCopied(before, heap, 5, back, 1, length);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> HostCopy.copyWithMemmove(heap, 0, nat, 0, 8));
            assertTrue(e.getMessage().contains("heap"), e.getMessage());
        }
    }

    @Test
    void aReadOnlyDestinationIsRefused() {
        try (Arena arena = Arena.ofConfined()) {
            long length = threshold;
            MemorySegment src = pattern(arena, length, 11);
            MemorySegment dst = pattern(arena, length, 12);
            byte[] before = bytes(dst);
            assertThrows(IllegalArgumentException.class, () -> HostCopy.copy(src, 0, dst.asReadOnly(), 0, length));
            assertArrayEquals(before, bytes(dst));
            // A read-only source is fine.
            HostCopy.copy(src.asReadOnly(), 0, dst, 0, length);
            assertCopied(before, src, 0, dst, 0, length);
        }
    }

    @Test
    void aClosedArenaIsRefused() {
        long length = threshold;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment live = pattern(arena, length, 13);
            Arena gone = Arena.ofShared();
            MemorySegment closed = gone.allocate(length);
            gone.close();
            byte[] before = bytes(live);
            assertThrows(IllegalStateException.class, () -> HostCopy.copy(closed, 0, live, 0, length));
            assertThrows(IllegalStateException.class, () -> HostCopy.copy(live, 0, closed, 0, length));
            assertArrayEquals(before, bytes(live));
        }
    }

    @Test
    void anotherThreadsConfinedSegmentIsRefused() throws InterruptedException {
        long length = threshold;
        try (Arena arena = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            MemorySegment mine = pattern(arena, length, 14);
            MemorySegment other = pattern(shared, length, 15);
            byte[] before = bytes(other);
            Throwable thrown = OtherThread.thrownBy(() -> HostCopy.copy(mine, 0, other, 0, length));
            assertTrue(thrown instanceof WrongThreadException, String.valueOf(thrown));
            assertArrayEquals(before, bytes(other));
        }
    }

    /**
     * A shared arena closed while another thread copies through it with {@code memmove}: the close
     * is refused while a copy runs (the linker holds the arena), so the copier ends with the
     * arena's IllegalStateException, never touching freed memory (which would crash this JVM).
     */
    @Test
    void aSharedArenaIsNotFreedUnderACopy() throws InterruptedException {
        long length = 4L << 20; // large enough to be mmapped by malloc, so a copy after the free would fault
        try (Arena arena = Arena.ofShared()) {
            MemorySegment dst = arena.allocate(length, 4096);
            Arena doomed = Arena.ofShared();
            MemorySegment src = doomed.allocate(length, 4096);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread copier = new Thread(() -> {
                try {
                    for (int i = 0; i < 1_000_000; i++) {
                        HostCopy.copy(src, 0, dst, 0, length);
                    }
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            copier.start();
            while (true) {
                try {
                    doomed.close();
                    break;
                } catch (IllegalStateException busy) {
                    Thread.onSpinWait(); // a copy holds it: try again
                }
            }
            copier.join();
            assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        }
    }
}
