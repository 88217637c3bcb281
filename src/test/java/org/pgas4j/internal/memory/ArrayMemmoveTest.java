package org.pgas4j.internal.memory;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ArrayMemmove}: which copies it takes (a repeated (array, offset) from its second copy,
 * never a cycle of buffers that does not repeat, the sizes of {@link ArrayMemmove#sizeFits}), that
 * every byte it copies lands where {@link MemorySegment#copy} would put it, for each primitive
 * element type and at unaligned offsets, that it keeps no array of the program alive, and its
 * refusals: ranges past either end, a closed arena, another thread's segment, a read-only or heap
 * destination, all before anything is written.
 */
@Timeout(60)
class ArrayMemmoveTest {
    private static final int SIZE = 64 * 1024;

    private static byte[] pattern(int size, int seed) {
        byte[] a = new byte[size];
        for (int i = 0; i < size; i++) {
            a[i] = (byte) (i * 31 + seed);
        }
        return a;
    }

    @Test
    void theDefaultRangeIsFromTheMemmoveThresholdToFourMebibytes() {
        assertEquals(HostCopy.memmoveMin(), ArrayMemmove.FROM);
        assertEquals(4 << 20, ArrayMemmove.UP_TO);
        assertFalse(ArrayMemmove.sizeFits(ArrayMemmove.FROM - 1));
        assertTrue(ArrayMemmove.sizeFits(ArrayMemmove.FROM));
        assertTrue(ArrayMemmove.sizeFits(4 << 20));
        assertFalse(ArrayMemmove.sizeFits((4 << 20) + 1));
    }

    @Test
    void copiesOfOneMebibyteAndMoreLandWholeBothWaysPieceByPiece() {
        // Below the pieces, at their start, an odd length whose last piece is short, and the largest.
        long piece = HostCopy.PIECE;
        long[] lengths = {HostCopy.PIECES_FROM - 8, HostCopy.PIECES_FROM, HostCopy.PIECES_FROM + 3 * piece / 2 + 5,
            ArrayMemmove.UP_TO};
        for (long length : lengths) {
            int size = (int) length;
            ArrayMemmove m = new ArrayMemmove();
            long[] src = new long[size / 8 + 3];
            for (int i = 0; i < src.length; i++) {
                src[i] = i * 0x9E3779B97F4A7C15L + 1; // no short period: a misplaced piece shows
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dst = arena.allocate(size + 64, 64);
                dst.fill((byte) 0x5A);
                assertFalse(m.toNative(src, 8, dst, 3, size));
                assertTrue(m.toNative(src, 8, dst, 3, size));
                MemorySegment want = MemorySegment.ofArray(src).asSlice(8, size);
                assertEquals(-1, dst.asSlice(3, size).mismatch(want), size + " bytes: every byte, the last piece's too");
                assertEquals((byte) 0x5A, dst.get(JAVA_BYTE, 2), size + " bytes: nothing before");
                assertEquals((byte) 0x5A, dst.get(JAVA_BYTE, 3 + size), size + " bytes: nothing after");

                long[] back = new long[src.length];
                assertFalse(m.fromNative(dst, 3, back, 8, size));
                assertTrue(m.fromNative(dst, 3, back, 8, size));
                assertEquals(0, back[0], size + " bytes: nothing before");
                assertEquals(0, MemorySegment.ofArray(back).get(JAVA_BYTE, 8L + size), size + " bytes: nothing after");
                assertEquals(-1, MemorySegment.ofArray(back).asSlice(8, size).mismatch(want), size + " bytes back");
            }
        }
    }

    @Test
    void aViewKeepsPiecesOnlyAsFarAsItsArrayReaches() {
        // An array of 1.5 MiB from an offset: two pieces, the second shorter than a piece; copies
        // of every length up to the array's end land, and one past it is refused before writing.
        int size = 3 << 19;
        byte[] src = new byte[size];
        new Random(7).nextBytes(src); // no period: a misplaced piece shows
        for (int i = 0; i < size; i++) {
            src[i] |= 1; // never 0, as the destination's bytes past a copy are
        }
        ArrayMemmove m = new ArrayMemmove();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(size, 64);
            for (int length : new int[] {size - 40, size - 40 - 1, (1 << 20) + 1}) {
                dst.fill((byte) 0);
                m.toNative(src, 40, dst, 0, length);
                assertTrue(m.toNative(src, 40, dst, 0, length));
                assertEquals(-1, dst.asSlice(0, length).mismatch(MemorySegment.ofArray(src).asSlice(40, length)));
                assertEquals(length == size - 40 ? -1 : length, dst.asSlice(0, size - 40).mismatch(
                        MemorySegment.ofArray(src).asSlice(40, size - 40)), "nothing past " + length + " bytes");
            }
            dst.fill((byte) 0);
            assertThrows(IndexOutOfBoundsException.class, () -> m.toNative(src, 40, dst, 0, size - 39));
            assertEquals(-1, dst.mismatch(arena.allocate(size)), "nothing written");
        }
    }

    @Test
    void aRepeatedArrayAndOffsetIsCopiedFromItsSecondCopyOn() {
        ArrayMemmove m = new ArrayMemmove();
        byte[] src = pattern(SIZE + 16, 1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE + 64, 64);
            assertFalse(m.toNative(src, 3, dst, 5, SIZE), "the first copy of an (array, offset) makes no view");
            assertEquals(0, dst.get(JAVA_BYTE, 5), "and writes nothing");
            long collections = collections();
            assertTrue(m.toNative(src, 3, dst, 5, SIZE), "the second makes one and copies");
            assertArrayEquals(Arrays.copyOfRange(src, 3, 3 + SIZE), dst.asSlice(5, SIZE).toArray(JAVA_BYTE));
            dst.fill((byte) 0);
            boolean served = m.toNative(src, 3, dst, 7, SIZE - 1);
            if (!served && collections() != collections) {
                // A collection cleared the view, which is held weakly so as not to keep the array
                // alive (seen once on a 16-core host); the copy after that miss makes it again.
                served = m.toNative(src, 3, dst, 7, SIZE - 1);
            }
            assertTrue(served, "the view serves any length and destination");
            assertArrayEquals(Arrays.copyOfRange(src, 3, 3 + SIZE - 1), dst.asSlice(7, SIZE - 1).toArray(JAVA_BYTE));
            assertEquals(0, dst.get(JAVA_BYTE, 6), "nothing before the destination's range");
            assertEquals(0, dst.get(JAVA_BYTE, 7 + SIZE - 1), "nothing after it");
            assertFalse(m.toNative(src, 4, dst, 0, SIZE), "another offset is another view");
        }
    }

    /** Collections of every collector of this JVM so far. */
    private static long collections() {
        long n = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    @Test
    void itsOneOffCostsArePaidWithItsFirstViewNotAtALaterCopy() {
        ArrayMemmove m = new ArrayMemmove();
        byte[] src = pattern(SIZE, 5);
        var classes = java.lang.management.ManagementFactory.getClassLoadingMXBean();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE, 64);
            m.toNative(src, 0, dst, 0, SIZE);
            assertTrue(m.toNative(src, 0, dst, 0, SIZE));
            assertTrue(m.fromNative(dst, 0, src, 0, SIZE));
            long loaded = classes.getTotalLoadedClassCount();
            // Past the JDK's customization threshold of a method handle (its 128th call): a class
            // would be spun for each handle here unless the first view had it done already.
            for (int i = 0; i < 300; i++) {
                assertTrue(m.toNative(src, 0, dst, 0, SIZE));
                assertTrue(m.fromNative(dst, 0, src, 0, SIZE));
            }
            assertEquals(loaded, classes.getTotalLoadedClassCount(), "classes loaded during 600 copies");
        }
    }

    @Test
    void buffersThatNeverRepeatBackToBackAreLeftToTheCaller() {
        ArrayMemmove m = new ArrayMemmove();
        byte[][] buffers = new byte[6][];
        for (int i = 0; i < buffers.length; i++) {
            buffers[i] = pattern(SIZE, i);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE, 64);
            for (int round = 0; round < 3; round++) {
                for (byte[] b : buffers) {
                    assertFalse(m.toNative(b, 0, dst, 0, SIZE), "no view is made for a cycle that does not repeat");
                }
            }
            // Four views are kept: A, A, B, B, ..., then each of them again is served at once.
            for (int i = 0; i < 4; i++) {
                m.toNative(buffers[i], 0, dst, 0, SIZE);
                assertTrue(m.toNative(buffers[i], 0, dst, 0, SIZE));
            }
            for (int i = 0; i < 4; i++) {
                assertTrue(m.toNative(buffers[i], 0, dst, 0, SIZE), "view " + i + " is kept");
                assertArrayEquals(buffers[i], dst.toArray(JAVA_BYTE));
            }
        }
    }

    @Test
    void getsLandWhereMemorySegmentCopyPutsThemForEveryElementType() {
        ArrayMemmove m = new ArrayMemmove();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(SIZE + 64, 64);
            for (long i = 0; i < src.byteSize(); i++) {
                src.set(JAVA_BYTE, i, (byte) (i * 7 + 3));
            }
            Object[] arrays = {new byte[SIZE + 8], new short[SIZE / 2 + 4], new char[SIZE / 2 + 4],
                new int[SIZE / 4 + 2], new float[SIZE / 4 + 2], new long[SIZE / 8 + 1], new double[SIZE / 8 + 1]};
            for (Object a : arrays) {
                MemorySegment expected = arena.allocate(SIZE + 8, 8);
                MemorySegment.copy(src, 13, expected, 8, SIZE);
                m.fromNative(src, 13, a, 8, SIZE);
                fill(a); // the first call copied nothing; the second copies over this
                assertTrue(m.fromNative(src, 13, a, 8, SIZE), a.getClass().getSimpleName());
                MemorySegment got = heap(a);
                assertArrayEquals(expected.asSlice(8, SIZE).toArray(JAVA_BYTE), got.asSlice(8, SIZE).toArray(JAVA_BYTE),
                        a.getClass().getSimpleName());
                assertEquals(-1L, got.get(JAVA_LONG_UNALIGNED, 0), "nothing before the array range");
            }
        }
    }

    @Test
    void anArrayItCopiedIsNotKeptAlive() throws InterruptedException {
        ArrayMemmove m = new ArrayMemmove();
        byte[] src = pattern(SIZE, 9);
        WeakReference<byte[]> gone = new WeakReference<>(src);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE, 64);
            m.toNative(src, 0, dst, 0, SIZE);
            assertTrue(m.toNative(src, 0, dst, 0, SIZE));
            src = null;
            for (int i = 0; i < 50 && gone.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            assertNull(gone.get(), "the kept view holds its array weakly");
            byte[] other = pattern(SIZE, 10);
            m.toNative(other, 0, dst, 0, SIZE);
            assertTrue(m.toNative(other, 0, dst, 0, SIZE), "and still works after it was collected");
            assertArrayEquals(other, dst.toArray(JAVA_BYTE));
        }
    }

    @Test
    void rangesPastEitherEndAreRefusedBeforeAnythingIsWritten() {
        ArrayMemmove m = new ArrayMemmove();
        byte[] src = pattern(SIZE, 2);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE, 64);
            m.toNative(src, 8, dst, 0, SIZE - 8);
            assertTrue(m.toNative(src, 8, dst, 0, SIZE - 8));
            dst.fill((byte) 0);
            assertThrows(IndexOutOfBoundsException.class, () -> m.toNative(src, 8, dst, 0, SIZE - 7),
                    "one byte past the array");
            assertThrows(IndexOutOfBoundsException.class, () -> m.toNative(src, 8, dst, 9, SIZE - 8),
                    "one byte past the destination");
            assertThrows(IndexOutOfBoundsException.class, () -> m.fromNative(dst, 9, src, 8, SIZE - 8),
                    "one byte past the source");
            assertEquals(-1, dst.asByteBuffer().mismatch(arena.allocate(SIZE).asByteBuffer()), "nothing written");
            assertArrayEquals(pattern(SIZE, 2), src, "nor into the array");
        }
    }

    @Test
    void closedForeignThreadReadOnlyAndHeapSegmentsAreRefused() throws InterruptedException {
        ArrayMemmove m = new ArrayMemmove();
        byte[] src = pattern(SIZE, 4);
        Arena closed = Arena.ofConfined();
        MemorySegment dead = closed.allocate(SIZE, 64);
        closed.close();
        m.toNative(src, 0, dead, 0, SIZE);
        assertThrows(IllegalStateException.class, () -> m.toNative(src, 0, dead, 0, SIZE));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(SIZE, 64);
            assertFalse(m.toNative(src, 0, dst.asReadOnly(), 0, SIZE), "a read-only destination is left to the caller");
            assertFalse(m.toNative(src, 0, MemorySegment.ofArray(new byte[SIZE]), 0, SIZE), "so is a heap one");
            assertEquals(0, dst.get(JAVA_BYTE, 1));
            Throwable thrown = OtherThread.thrownBy(() -> m.toNative(src, 0, dst, 0, SIZE));
            assertTrue(thrown instanceof WrongThreadException, String.valueOf(thrown));
            assertEquals(0, dst.get(JAVA_BYTE, 1), "another thread's copy wrote nothing");
        }
    }

    private static MemorySegment heap(Object a) {
        return HeapArrays.of(a);
    }

    private static void fill(Object a) {
        heap(a).fill((byte) -1);
    }
}
