package org.pgas4j.internal.memory;

import java.lang.foreign.MemorySegment;

/** Java arrays as heap segments, for the paths that take any primitive array as an {@code Object}. */
public final class HeapArrays {
    private HeapArrays() {
    }

    /**
     * The whole of {@code array}, a primitive array other than {@code boolean[]}, as a heap segment.
     *
     * @param array the array
     * @return a segment over its elements
     * @throws IllegalArgumentException when {@code array} is no such array
     */
    public static MemorySegment of(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case null -> throw new IllegalArgumentException("not a primitive array: null");
            default -> throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
        };
    }
}
