package org.pgas4j.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.BadArgumentException;

/** Datatypes: size, extent, packing order, and signature matching (issue 14, item 2). */
@Timeout(30)
class DatatypeTest {

    @Test
    void primitivesHaveTheirJavaSizes() {
        assertEquals(1, Datatype.BYTE.size());
        assertEquals(2, Datatype.CHAR.size());
        assertEquals(2, Datatype.SHORT.size());
        assertEquals(4, Datatype.INT.size());
        assertEquals(8, Datatype.LONG.size());
        assertEquals(4, Datatype.FLOAT.size());
        assertEquals(8, Datatype.DOUBLE.extent());
        assertTrue(Datatype.DOUBLE.isContiguous());
    }

    @Test
    void contiguousVectorAndIndexedSizesAndExtents() {
        Datatype c = Datatype.contiguous(5, Datatype.INT);
        assertEquals(20, c.size());
        assertEquals(20, c.extent());
        assertTrue(c.isContiguous());
        Datatype v = Datatype.vector(3, 2, 5, Datatype.DOUBLE);
        assertEquals(3 * 2 * 8, v.size());
        assertEquals((2 * 5 + 2) * 8, v.extent());
        assertFalse(v.isContiguous());
        Datatype i = Datatype.indexed(new int[] {1, 3}, new int[] {4, 0}, Datatype.SHORT);
        assertEquals(8, i.size());
        assertEquals(10, i.extent()); // shorts 0..4
        Datatype nested = Datatype.vector(2, 1, 2, v);
        assertEquals(2 * v.size(), nested.size());
        assertEquals(3 * v.extent(), nested.extent());
    }

    @Test
    void packingFollowsTheTypeMapOrder() {
        long[] src = {0, 1, 2, 3, 4, 5, 6, 7};
        Datatype t = Datatype.indexed(new int[] {2, 1}, new int[] {5, 1}, Datatype.LONG);
        long[] packed = new long[3];
        t.map.pack(MemorySegment.ofArray(src), 0, 1, MemorySegment.ofArray(packed), 0);
        assertArrayEquals(new long[] {5, 6, 1}, packed);
        long[] back = new long[8];
        t.map.unpack(MemorySegment.ofArray(packed), 0, 24, MemorySegment.ofArray(back), 0, 1);
        assertArrayEquals(new long[] {0, 1, 0, 0, 0, 5, 6, 0}, back);
        Datatype v = Datatype.vector(2, 1, 3, Datatype.LONG);
        long[] two = new long[4];
        v.map.pack(MemorySegment.ofArray(src), 0, 2, MemorySegment.ofArray(two), 0); // extent 4 longs
        assertArrayEquals(new long[] {0, 3, 4, 7}, two);
    }

    @Test
    void signaturesCompareTheSequenceOfPrimitives() {
        Datatype ints2 = Datatype.contiguous(2, Datatype.INT);
        assertTrue(Signatures.match(4, Datatype.INT, 2, ints2));
        assertTrue(Signatures.match(6, Datatype.INT, 1, Datatype.vector(3, 2, 7, Datatype.INT)));
        assertFalse(Signatures.match(2, Datatype.INT, 1, Datatype.LONG)); // same bytes, other primitives
        assertFalse(Signatures.match(3, Datatype.INT, 2, ints2));
        assertTrue(Signatures.match(0, Datatype.INT, 0, Datatype.DOUBLE));
        assertFalse(Signatures.match(1, Datatype.INT, 0, Datatype.INT));
        Datatype mixed = Datatype.indexed(new int[] {1, 1}, new int[] {0, 1}, Datatype.contiguous(1, Datatype.INT));
        assertTrue(Signatures.match(2, mixed, 4, Datatype.INT));
    }

    @Test
    void mixedSignaturesMatchOnlyInOrder() {
        Datatype intThenDouble = struct(Datatype.INT, Datatype.DOUBLE);
        Datatype doubleThenInt = struct(Datatype.DOUBLE, Datatype.INT);
        assertTrue(Signatures.match(3, intThenDouble, 3, intThenDouble));
        assertFalse(Signatures.match(1, intThenDouble, 1, doubleThenInt));
        assertTrue(Signatures.match(2, intThenDouble, 1, Datatype.contiguous(2, intThenDouble)));
    }

    private static Datatype struct(Datatype a, Datatype b) {
        return Datatype.struct(new int[] {1, 1}, new long[] {0, 8}, new Datatype[] {a, b});
    }

    @Test
    void structSizeAndExtent() {
        Datatype s = Datatype.struct(new int[] {2, 1}, new long[] {0, 16}, new Datatype[] {Datatype.INT, Datatype.LONG});
        assertEquals(16, s.size());
        assertEquals(24, s.extent());
    }

    @Test
    void badConstructorsAreRefused() {
        assertThrows(BadArgumentException.class, () -> Datatype.contiguous(-1, Datatype.INT));
        assertThrows(BadArgumentException.class, () -> Datatype.vector(1, -1, 1, Datatype.INT));
        assertThrows(BadArgumentException.class, () -> Datatype.indexed(new int[] {1}, new int[] {-1}, Datatype.INT));
        assertThrows(BadArgumentException.class, () -> Datatype.indexed(new int[] {1}, new int[0], Datatype.INT));
        assertThrows(BadArgumentException.class, () -> Datatype.vector(1, 1, 1, null));
        assertThrows(BadArgumentException.class,
                () -> Datatype.struct(new int[] {1}, new long[] {-8}, new Datatype[] {Datatype.INT}));
    }
}
