package org.pgas4j.mpi;

import java.util.ArrayList;
import java.util.List;
import org.pgas4j.BadArgumentException;

/**
 * An MPI datatype ({@code MPI_Datatype}): a sequence of primitive elements at byte displacements
 * (its <em>type map</em>). The primitives are {@link #BYTE}, {@link #CHAR}, {@link #SHORT},
 * {@link #INT}, {@link #LONG}, {@link #FLOAT} and {@link #DOUBLE}, in the platform's byte order;
 * derived types come from {@link #contiguous}, {@link #vector}, {@link #indexed} and
 * {@link #struct} (the one that mixes primitives).
 *
 * <p>{@link #size()} is the number of data bytes of one item, {@link #extent()} the span from its
 * lowest to its highest byte (the stride between consecutive items of a count). The
 * <em>signature</em> is the sequence of primitives alone: an origin's count x type and a target's
 * count x type must have the same signature, checked before anything is sent. Displacements are
 * never negative (the lower bound is the lowest displacement, at least 0). Immutable; a type is
 * usable by every {@link Mpi} of the JVM.
 */
public final class Datatype {
    /** 8-bit bytes ({@code MPI_BYTE}). */
    public static final Datatype BYTE = primitive(Primitive.BYTE);
    /** 16-bit Java chars. */
    public static final Datatype CHAR = primitive(Primitive.CHAR);
    /** 16-bit integers ({@code MPI_SHORT}). */
    public static final Datatype SHORT = primitive(Primitive.SHORT);
    /** 32-bit integers ({@code MPI_INT}). */
    public static final Datatype INT = primitive(Primitive.INT);
    /** 64-bit integers ({@code MPI_LONG}). */
    public static final Datatype LONG = primitive(Primitive.LONG);
    /** 32-bit IEEE floats ({@code MPI_FLOAT}). */
    public static final Datatype FLOAT = primitive(Primitive.FLOAT);
    /** 64-bit IEEE doubles ({@code MPI_DOUBLE}). */
    public static final Datatype DOUBLE = primitive(Primitive.DOUBLE);

    /** The primitive element kinds. */
    enum Primitive {
        BYTE(1, byte.class), CHAR(2, char.class), SHORT(2, short.class), INT(4, int.class), LONG(8, long.class),
        FLOAT(4, float.class), DOUBLE(8, double.class);

        final int bytes;
        final Class<?> arrayComponent;

        Primitive(int bytes, Class<?> arrayComponent) {
            this.bytes = bytes;
            this.arrayComponent = arrayComponent;
        }
    }

    private final String name;
    final TypeMap map;
    /** The signature, run-length encoded: sigKinds[i] repeated sigCounts[i] times. */
    final Primitive[] sigKinds;
    final long[] sigCounts;

    private Datatype(String name, TypeMap map, Primitive[] sigKinds, long[] sigCounts) {
        this.name = name;
        this.map = map;
        this.sigKinds = sigKinds;
        this.sigCounts = sigCounts;
    }

    private static Datatype primitive(Primitive p) {
        return new Datatype(p.name(), new TypeMap(p.bytes, new long[] {0}, new long[] {p.bytes}),
                new Primitive[] {p}, new long[] {1});
    }

    /** Data bytes of one item: the sum of its primitives' sizes ({@code MPI_Type_size}). */
    public long size() {
        return map.size;
    }

    /** Bytes from the lowest to the highest byte of one item ({@code MPI_Type_get_extent}). */
    public long extent() {
        return map.extent;
    }

    /** Whether one item is a single gap-free run of bytes starting at displacement 0. */
    public boolean isContiguous() {
        return map.contiguous();
    }

    /**
     * {@code count} copies of {@code old}, each {@code old.extent()} after the previous
     * ({@code MPI_Type_contiguous}).
     *
     * @throws BadArgumentException if {@code count} is negative or {@code old} null
     */
    public static Datatype contiguous(int count, Datatype old) {
        checkOld("contiguous", old);
        if (count < 0) {
            throw new BadArgumentException("Datatype.contiguous: count " + count + " is negative");
        }
        return vector(count, 1, 1, old, "contiguous(" + count + ", " + old + ")");
    }

    /**
     * {@code count} blocks of {@code blocklength} copies of {@code old}, block i starting
     * {@code i * stride} extents of {@code old} from the first ({@code MPI_Type_vector}).
     *
     * @throws BadArgumentException if a count, the block length or the stride is negative, or
     *         {@code old} is null
     */
    public static Datatype vector(int count, int blocklength, int stride, Datatype old) {
        checkOld("vector", old);
        if (count < 0 || blocklength < 0 || stride < 0) {
            throw new BadArgumentException("Datatype.vector: count " + count + ", blocklength " + blocklength
                    + " and stride " + stride + " must not be negative");
        }
        return vector(count, blocklength, stride, old, "vector(" + count + ", " + blocklength + ", " + stride
                + ", " + old + ")");
    }

    private static Datatype vector(int count, int blocklength, int stride, Datatype old, String name) {
        int[] lengths = new int[count];
        int[] displs = new int[count];
        for (int i = 0; i < count; i++) {
            lengths[i] = blocklength;
            displs[i] = Math.multiplyExact(i, stride);
        }
        return build(lengths, displs, old, name);
    }

    /**
     * Blocks of {@code blocklengths[i]} copies of {@code old} at {@code displacements[i]}
     * extents of {@code old} ({@code MPI_Type_indexed}), in the order given.
     *
     * @throws BadArgumentException if the arrays are null or of different lengths, or a length or
     *         displacement is negative
     */
    public static Datatype indexed(int[] blocklengths, int[] displacements, Datatype old) {
        checkOld("indexed", old);
        if (blocklengths == null || displacements == null || blocklengths.length != displacements.length) {
            throw new BadArgumentException("Datatype.indexed: blocklengths and displacements must be non-null arrays "
                    + "of one length");
        }
        for (int i = 0; i < blocklengths.length; i++) {
            if (blocklengths[i] < 0 || displacements[i] < 0) {
                throw new BadArgumentException("Datatype.indexed: block " + i + " has length " + blocklengths[i]
                        + " and displacement " + displacements[i] + "; neither may be negative");
            }
        }
        return build(blocklengths.clone(), displacements.clone(), old, "indexed(" + blocklengths.length + " blocks, "
                + old + ")");
    }

    /**
     * Blocks of {@code blocklengths[i]} copies of {@code types[i]} at byte displacement
     * {@code displacements[i]} ({@code MPI_Type_create_struct}), in the order given: the way to
     * mix primitives in one item.
     *
     * @throws BadArgumentException if the arrays are null or of different lengths, a type is null,
     *         or a length or displacement is negative
     */
    public static Datatype struct(int[] blocklengths, long[] displacements, Datatype[] types) {
        if (blocklengths == null || displacements == null || types == null || blocklengths.length != displacements.length
                || types.length != blocklengths.length) {
            throw new BadArgumentException("Datatype.struct: blocklengths, displacements and types must be non-null "
                    + "arrays of one length");
        }
        Builder b = new Builder();
        for (int i = 0; i < types.length; i++) {
            checkOld("struct", types[i]);
            if (blocklengths[i] < 0 || displacements[i] < 0) {
                throw new BadArgumentException("Datatype.struct: block " + i + " has length " + blocklengths[i]
                        + " and displacement " + displacements[i] + "; neither may be negative");
            }
            for (int k = 0; k < blocklengths[i]; k++) {
                b.add(types[i], Math.addExact(displacements[i], Math.multiplyExact((long) k, types[i].map.extent)));
            }
        }
        return b.build("struct(" + types.length + " blocks)");
    }

    /** Collects copies of old types at byte displacements, merging runs and signature runs. */
    private static final class Builder {
        private final List<long[]> runs = new ArrayList<>();
        private final List<Primitive> kinds = new ArrayList<>();
        private final List<Long> counts = new ArrayList<>();

        void add(Datatype old, long base) {
            for (int r = 0; r < old.map.offsets.length; r++) {
                long off = base + old.map.offsets[r];
                long len = old.map.lengths[r];
                long[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                if (last != null && last[0] + last[1] == off) {
                    last[1] += len;
                } else {
                    runs.add(new long[] {off, len});
                }
            }
            for (int s = 0; s < old.sigKinds.length; s++) {
                int n = kinds.size();
                if (n > 0 && kinds.get(n - 1) == old.sigKinds[s]) {
                    counts.set(n - 1, counts.get(n - 1) + old.sigCounts[s]);
                } else {
                    kinds.add(old.sigKinds[s]);
                    counts.add(old.sigCounts[s]);
                }
            }
        }

        Datatype build(String name) {
            long[] offs = new long[runs.size()];
            long[] lens = new long[runs.size()];
            for (int i = 0; i < offs.length; i++) {
                offs[i] = runs.get(i)[0];
                lens[i] = runs.get(i)[1];
            }
            long[] sc = new long[counts.size()];
            for (int i = 0; i < sc.length; i++) {
                sc[i] = counts.get(i);
            }
            return new Datatype(name, TypeMap.of(offs, lens), kinds.toArray(new Primitive[0]), sc);
        }
    }

    private static void checkOld(String op, Datatype old) {
        if (old == null) {
            throw new BadArgumentException("Datatype." + op + ": the old type is null");
        }
    }

    private static Datatype build(int[] lengths, int[] displs, Datatype old, String name) {
        Builder b = new Builder();
        long ext = old.map.extent;
        for (int i = 0; i < lengths.length; i++) {
            for (int k = 0; k < lengths[i]; k++) {
                b.add(old, Math.multiplyExact(Math.addExact((long) displs[i], k), ext));
            }
        }
        return b.build(name);
    }

    /** The one primitive of the signature, or null when it mixes primitives or is empty. */
    Primitive uniformPrimitive() {
        return sigKinds.length == 1 ? sigKinds[0] : null;
    }

    @Override
    public String toString() {
        return name;
    }
}
