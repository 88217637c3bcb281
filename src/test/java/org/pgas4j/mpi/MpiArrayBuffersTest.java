package org.pgas4j.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.BadArgumentException;
import org.pgas4j.transport.local.LocalJob;

/**
 * PUTs from and GETs into Java arrays of every primitive type, which small requests copy straight
 * from and into the array: the values arrive and come back, a count shorter than the array moves
 * only its prefix, a {@code byte[]} carries another type's bytes, and a count the array cannot hold
 * is refused before anything is sent. On the local transport with 2 and 3 PEs in a ring.
 */
@Timeout(120)
class MpiArrayBuffersTest {
    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void everyPrimitiveArrayTravelsBothWays(int n) {
        LocalJob.run(n, Duration.ofSeconds(90), () -> {
            try (Mpi mpi = Mpi.init()) {
                Comm w = mpi.world();
                int me = w.rank();
                int right = (me + 1) % n;
                int left = (me + n - 1) % n;
                MemorySegment inbox = mpi.rmaMalloc(256);
                Object[] sent = {
                    new byte[] {(byte) me, 2, 3, -4, 5},
                    new char[] {(char) ('a' + me), 'b', '\uffff'},
                    new short[] {(short) me, -2, Short.MAX_VALUE},
                    new int[] {me, -2, Integer.MIN_VALUE},
                    new long[] {me, -2L, Long.MAX_VALUE},
                    new float[] {me, -2.5f, Float.MIN_VALUE},
                    new double[] {me, -2.5, Double.MAX_VALUE}};
                Datatype[] types = {Datatype.BYTE, Datatype.CHAR, Datatype.SHORT, Datatype.INT, Datatype.LONG,
                    Datatype.FLOAT, Datatype.DOUBLE};
                for (int t = 0; t < types.length; t++) {
                    int count = java.lang.reflect.Array.getLength(sent[t]);
                    // at byte 1 of the inbox: the data is not aligned to its element size there
                    w.put(sent[t], count, types[t], right, 1, count, types[t], t);
                    w.accept(inbox, 256, 1, t, 1);
                    MemorySegment got = inbox.asSlice(1, (long) count * types[t].size());
                    Object expected = withFirst(sent[t], left);
                    assertEquals(-1L, Buffers.view(expected).mismatch(got), types[t] + " from " + left);
                    w.barrier(); // every inbox holds its left neighbour's data: read it back into a fresh array
                    Object back = java.lang.reflect.Array.newInstance(sent[t].getClass().getComponentType(), count);
                    w.get(back, count, types[t], right, 1, count, types[t], 100 + t);
                    w.offer(inbox, 256, 1, 100 + t, 1);
                    assertArrayEqualsAny(sent[t], back, types[t].toString());
                    w.barrier();
                }
                // A shorter count: only the prefix moves, the rest of the array is left alone.
                inbox.fill((byte) 0);
                w.barrier();
                w.put(new long[] {7, 8, 9}, 2, Datatype.LONG, right, 0, 2, Datatype.LONG, 50);
                w.accept(inbox, 256, 8, 50, 1);
                assertEquals(7, inbox.getAtIndex(ValueLayout.JAVA_LONG, 0));
                assertEquals(8, inbox.getAtIndex(ValueLayout.JAVA_LONG, 1));
                assertEquals(0, inbox.getAtIndex(ValueLayout.JAVA_LONG, 2));
                w.barrier();
                long[] prefix = {-1, -1, -1};
                w.get(prefix, 2, Datatype.LONG, right, 0, 2, Datatype.LONG, 51);
                w.offer(inbox, 256, 8, 51, 1);
                assertArrayEquals(new long[] {7, 8, -1}, prefix);
                // A byte[] carrying longs: the bytes as the longs' segment would hold them.
                byte[] raw = new byte[16];
                MemorySegment.ofArray(raw).setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 1, 42L + me);
                w.barrier();
                w.put(raw, 2, Datatype.LONG, right, 0, 2, Datatype.LONG, 52);
                w.accept(inbox, 256, 8, 52, 1);
                assertEquals(42L + left, inbox.getAtIndex(ValueLayout.JAVA_LONG, 1));
                // A count the array cannot hold, and an array of another element type: refused first.
                BadArgumentException e = assertThrows(BadArgumentException.class,
                        () -> w.put(new long[2], 3, Datatype.LONG, right, 0, 3, Datatype.LONG, 53));
                assertTrue(e.getMessage().contains("16 bytes"), e.getMessage());
                e = assertThrows(BadArgumentException.class,
                        () -> w.get(new int[4], 2, Datatype.LONG, right, 0, 2, Datatype.LONG, 54));
                assertTrue(e.getMessage().contains("int[]"), e.getMessage());
                w.barrier();
            }
        });
    }

    /** A copy of a primitive array with element 0 set to {@code first} (as {@code sent} holds its sender's rank there). */
    private static Object withFirst(Object array, int first) {
        Object c = copyOf(array);
        switch (c) {
            case byte[] a -> a[0] = (byte) first;
            case char[] a -> a[0] = (char) ('a' + first);
            case short[] a -> a[0] = (short) first;
            case int[] a -> a[0] = first;
            case long[] a -> a[0] = first;
            case float[] a -> a[0] = first;
            case double[] a -> a[0] = first;
            default -> throw new IllegalArgumentException();
        }
        return c;
    }

    private static Object copyOf(Object array) {
        int n = java.lang.reflect.Array.getLength(array);
        Object c = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }

    private static void assertArrayEqualsAny(Object expected, Object actual, String what) {
        int n = java.lang.reflect.Array.getLength(expected);
        assertEquals(n, java.lang.reflect.Array.getLength(actual), what);
        for (int i = 0; i < n; i++) {
            assertEquals(java.lang.reflect.Array.get(expected, i), java.lang.reflect.Array.get(actual, i), what + " [" + i + "]");
        }
    }
}
