package org.pgas4j.internal.memory;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SmallArrayCopy}: every copy it takes (one or two elements of each primitive array type;
 * 1, 2, 4, 8 and 16 bytes of a {@code byte[]}) moves exactly the bytes that
 * {@link MemorySegment#copy} moves, at odd offsets, and nothing beside them; every copy it does not
 * take is refused with nothing written; a read-only destination throws before anything is written.
 */
class SmallArrayCopyTest {
    private static final int ELEMENTS = 40;
    private static final long SEGMENT = 512;

    /** One array of each type, 40 elements, every byte distinct from its neighbours. */
    private static List<Object> arrays() {
        byte[] b = new byte[ELEMENTS];
        short[] s = new short[ELEMENTS];
        char[] c = new char[ELEMENTS];
        int[] i = new int[ELEMENTS];
        long[] l = new long[ELEMENTS];
        float[] f = new float[ELEMENTS];
        double[] d = new double[ELEMENTS];
        for (int k = 0; k < ELEMENTS; k++) {
            b[k] = (byte) (k * 7 + 1);
            s[k] = (short) (k * 7919 + 3);
            c[k] = (char) (k * 6151 + 5);
            i[k] = k * 0x01020305 + 7;
            l[k] = k * 0x0102030405060709L + 11;
            f[k] = k * 1.25f + 0.5f;
            d[k] = k * -3.75 + 0.125;
        }
        return List.of(b, s, c, i, l, f, d);
    }

    private static long elementSize(Object array) {
        return HeapArrays.of(array).byteSize() / java.lang.reflect.Array.getLength(array);
    }

    /** The counts of elements this class copies for {@code array}'s type. */
    private static int[] takenCounts(Object array) {
        return array instanceof byte[] ? new int[] {1, 2, 4, 8, 16} : new int[] {1, 2};
    }

    private static MemorySegment filled(Arena arena) {
        MemorySegment m = arena.allocate(SEGMENT, 64);
        for (long k = 0; k < SEGMENT; k++) {
            m.set(JAVA_BYTE, k, (byte) (0xA0 + k));
        }
        return m;
    }

    @Test
    void everyCopyItTakesToNativeMemoryMovesWhatMemorySegmentCopyMoves() {
        for (Object array : arrays()) {
            long size = elementSize(array);
            for (int count : takenCounts(array)) {
                for (int index : new int[] {0, 3, ELEMENTS - count}) {
                    for (long offset : new long[] {0, 5, SEGMENT - count * size}) {
                        try (Arena arena = Arena.ofConfined()) {
                            MemorySegment got = filled(arena);
                            MemorySegment want = filled(arena);
                            MemorySegment.copy(HeapArrays.of(array), index * size, want, offset, count * size);
                            String what = array.getClass().getSimpleName() + " count " + count + " index " + index
                                    + " offset " + offset;
                            assertTrue(SmallArrayCopy.toNative(array, index, count, got, offset), what);
                            assertArrayEquals(want.toArray(JAVA_BYTE), got.toArray(JAVA_BYTE), what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyCopyItTakesFromNativeMemoryMovesWhatMemorySegmentCopyMoves() {
        for (Object template : arrays()) {
            long size = elementSize(template);
            for (int count : takenCounts(template)) {
                for (int index : new int[] {0, 3, ELEMENTS - count}) {
                    for (long offset : new long[] {0, 5, SEGMENT - count * size}) {
                        try (Arena arena = Arena.ofConfined()) {
                            MemorySegment source = filled(arena);
                            Object got = copyOf(template);
                            Object want = copyOf(template);
                            MemorySegment.copy(source, offset, HeapArrays.of(want), index * size, count * size);
                            String what = template.getClass().getSimpleName() + " count " + count + " index "
                                    + index + " offset " + offset;
                            assertTrue(SmallArrayCopy.fromNative(source, offset, got, index, count), what);
                            assertArrayEquals(HeapArrays.of(want).toArray(JAVA_BYTE),
                                    HeapArrays.of(got).toArray(JAVA_BYTE), what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void copiesItDoesNotTakeAreRefusedWithNothingWritten() {
        for (Object array : arrays()) {
            int[] refused = array instanceof byte[] ? new int[] {0, 3, 5, 6, 7, 9, 12, 15, 17, 32} : new int[] {0, 3, 4, 8};
            for (int count : refused) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment m = filled(arena);
                    byte[] before = m.toArray(JAVA_BYTE);
                    Object back = copyOf(array);
                    String what = array.getClass().getSimpleName() + " count " + count;
                    assertFalse(SmallArrayCopy.toNative(array, 0, count, m, 8), what);
                    assertArrayEquals(before, m.toArray(JAVA_BYTE), what);
                    assertFalse(SmallArrayCopy.fromNative(m, 8, back, 0, count), what);
                    assertArrayEquals(HeapArrays.of(array).toArray(JAVA_BYTE), HeapArrays.of(back).toArray(JAVA_BYTE),
                            what);
                }
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = filled(arena);
            assertFalse(SmallArrayCopy.toNative(new boolean[8], 0, 1, m, 0), "boolean[] is no carrier");
            assertFalse(SmallArrayCopy.fromNative(m, 0, new Object[2], 0, 1), "Object[] is no carrier");
        }
    }

    @Test
    void aReadOnlyDestinationThrowsAsACopyIntoItDoesAndKeepsItsBytes() {
        for (Object array : arrays()) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment m = filled(arena);
                byte[] before = m.toArray(JAVA_BYTE);
                MemorySegment readOnly = m.asReadOnly();
                assertThrows(IllegalArgumentException.class,
                        () -> MemorySegment.copy(HeapArrays.of(array), 0, readOnly, 0, elementSize(array)));
                assertThrows(IllegalArgumentException.class,
                        () -> SmallArrayCopy.toNative(array, 0, 1, readOnly, 0), array.getClass().getSimpleName());
                assertArrayEquals(before, m.toArray(JAVA_BYTE));
            }
        }
    }

    @Test
    void sizesUpToSixteenBytesAreItsOwn() {
        assertTrue(SmallArrayCopy.sizeFits(1));
        assertTrue(SmallArrayCopy.sizeFits(16));
        assertFalse(SmallArrayCopy.sizeFits(17));
        assertFalse(SmallArrayCopy.sizeFits(4096));
    }

    private static Object copyOf(Object array) {
        int n = java.lang.reflect.Array.getLength(array);
        Object c = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }
}
