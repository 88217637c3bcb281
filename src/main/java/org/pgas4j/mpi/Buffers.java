package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.BadArgumentException;

/**
 * Origin buffers: a {@link MemorySegment} or a Java primitive array, seen as a memory segment,
 * checked against the datatype and count that describe it.
 */
final class Buffers {
    private Buffers() {
    }

    /**
     * {@code buf} as a memory segment, after checking that {@code count} items of {@code type}
     * lie inside it and, for an array, that the type's primitives are the array's elements.
     *
     * @throws BadArgumentException naming the operation and what is wrong
     */
    static MemorySegment of(Object buf, long count, Datatype type, String opName, Comm c) {
        MemorySegment view = type == null || count < 0 ? null
                : buf instanceof MemorySegment s ? s : arrayView(buf, type);
        if (view != null) { // the common case, checked without building a message
            TypeMap map = type.map;
            if (map.offsets.length == 1 && map.offsets[0] == 0 && map.lengths[0] == map.extent && map.extent > 0
                    && count <= view.byteSize() / map.extent) {
                return view; // contiguous: count x extent bytes fit, without building the span
            }
            long[] span = type.map.span(0, count);
            if (span != null && span[1] <= view.byteSize()) {
                return view;
            }
        }
        String op = Issuer.who(opName, c);
        if (type == null) {
            throw new BadArgumentException(op + ": the datatype is null");
        }
        if (count < 0) {
            throw new BadArgumentException(op + ": count " + count + " is negative");
        }
        MemorySegment m = segmentOf(buf, type, op);
        long[] span = type.map.span(0, count);
        if (span == null || span[1] > m.byteSize()) {
            throw new BadArgumentException(op + ": " + count + " items of " + type + " need bytes [0, "
                    + (span == null ? "overflow" : Long.toString(span[1])) + ") but the buffer has " + m.byteSize()
                    + " bytes");
        }
        return m;
    }

    /**
     * A primitive array as a segment when {@code type} describes its elements (or it is a
     * {@code byte[]}), else null: the checks of {@link #segmentOf} that pass, without a message.
     */
    private static MemorySegment arrayView(Object buf, Datatype type) {
        return describes(type, buf) ? view(buf) : null;
    }

    /** Whether {@code buf} is a {@code byte[]}, or a primitive array whose elements {@code type}'s are. */
    private static boolean describes(Datatype type, Object buf) {
        if (buf instanceof byte[]) {
            return true;
        }
        if (buf == null || !buf.getClass().isArray() || buf instanceof boolean[]
                || !buf.getClass().getComponentType().isPrimitive()) {
            return false;
        }
        Datatype.Primitive p = type.uniformPrimitive();
        return type.size() == 0 || p != null && p.arrayComponent == buf.getClass().getComponentType();
    }

    /** A primitive array (not {@code boolean[]}) as a segment, or null for anything else. */
    static MemorySegment view(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case null, default -> null;
        };
    }

    /**
     * Whether {@code buf} is a primitive array that {@link #of} accepts for {@code count} items of
     * a contiguous {@code type}, checked without making a segment of it (so that a small PUT can
     * copy straight from the array, {@link #copyArray}); false for anything else, which goes
     * through {@link #of}.
     */
    static boolean arrayFits(Object buf, long count, Datatype type) {
        if (type == null || count < 0 || buf instanceof MemorySegment || !type.isContiguous() || type.map.extent <= 0
                || !describes(type, buf)) {
            return false;
        }
        long length = java.lang.reflect.Array.getLength(buf) * elementLayout(buf).byteSize();
        return count <= length / type.map.extent;
    }

    /**
     * Copies {@code bytes} bytes of {@code src} from {@code at} (any alignment) into the start of a
     * primitive array that {@link #arrayFits} accepted, read in native byte order.
     */
    static void copyArrayFrom(MemorySegment src, long at, Object array, long bytes) {
        ValueLayout element = elementLayout(array);
        MemorySegment.copy(src, element, at, array, 0, (int) (bytes / element.byteSize()));
    }

    /**
     * Copies the first {@code bytes} bytes of a primitive array that {@link #arrayFits} accepted
     * to {@code dst} at {@code at} (any alignment), in native byte order as its segment would hold them.
     */
    static void copyArray(Object array, MemorySegment dst, long at, long bytes) {
        ValueLayout element = elementLayout(array);
        MemorySegment.copy(array, 0, dst, element, at, (int) (bytes / element.byteSize()));
    }

    /** The unaligned layout of a primitive array's elements (not {@code boolean[]}), in native byte order. */
    private static ValueLayout elementLayout(Object array) {
        return switch (array) {
            case byte[] a -> ValueLayout.JAVA_BYTE;
            case char[] a -> ValueLayout.JAVA_CHAR_UNALIGNED;
            case short[] a -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case int[] a -> ValueLayout.JAVA_INT_UNALIGNED;
            case long[] a -> ValueLayout.JAVA_LONG_UNALIGNED;
            case float[] a -> ValueLayout.JAVA_FLOAT_UNALIGNED;
            case double[] a -> ValueLayout.JAVA_DOUBLE_UNALIGNED;
            default -> throw new IllegalArgumentException("not a primitive array: " + array);
        };
    }

    private static MemorySegment segmentOf(Object buf, Datatype type, String op) {
        if (buf instanceof MemorySegment m) {
            return m;
        }
        if (buf == null || !buf.getClass().isArray() || !buf.getClass().getComponentType().isPrimitive()
                || buf instanceof boolean[]) {
            throw new BadArgumentException(op + ": the buffer must be a MemorySegment or an array of byte, char, "
                    + "short, int, long, float or double, not " + (buf == null ? "null" : buf.getClass().getSimpleName()));
        }
        Datatype.Primitive p = type.uniformPrimitive();
        Class<?> component = buf.getClass().getComponentType();
        if (component != byte.class && (p == null || p.arrayComponent != component) && type.size() > 0) {
            throw new BadArgumentException(op + ": datatype " + type + " does not describe elements of a "
                    + component + "[] (use a byte[] or a MemorySegment for mixed types)");
        }
        MemorySegment view = view(buf);
        if (view == null) {
            throw new BadArgumentException(op + ": unsupported buffer " + buf.getClass());
        }
        return view;
    }

    /** A servicing buffer: {@code base} with {@code size} bytes, checked. */
    static MemorySegment servicing(MemorySegment base, long size, int dispUnit, String opName, Comm c) {
        if (base != null && size >= 0 && size <= base.byteSize() && dispUnit > 0) {
            return size == base.byteSize() ? base : base.asSlice(0, size); // the whole base: no new segment
        }
        String op = Issuer.who(opName, c);
        if (base == null) {
            throw new BadArgumentException(op + ": base is null");
        }
        if (size < 0 || size > base.byteSize()) {
            throw new BadArgumentException(op + ": size " + size + " is outside [0, " + base.byteSize()
                    + "], the bytes of base");
        }
        if (dispUnit <= 0) {
            throw new BadArgumentException(op + ": disp_unit " + dispUnit + " is not positive");
        }
        return base.asSlice(0, size);
    }
}
