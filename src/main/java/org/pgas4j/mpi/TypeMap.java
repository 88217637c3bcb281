package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;

/**
 * The byte layout of one item of a datatype, flattened: runs of {@code lengths[i]} bytes at
 * {@code offsets[i]}, in type-map (packing) order, adjacent runs merged. What travels to a
 * servicer with a request (the target datatype), and what packs and unpacks buffers.
 */
final class TypeMap {
    final long extent;
    final long size;
    final long lb;
    final long ub;
    final long[] offsets;
    final long[] lengths;

    /** The maps of one contiguous run of 1 to 8 bytes (immutable, shared by every request that carries one). */
    private static final TypeMap[] PRIMITIVES = new TypeMap[8];

    static {
        for (int i = 0; i < PRIMITIVES.length; i++) {
            PRIMITIVES[i] = new TypeMap(i + 1, new long[] {0}, new long[] {i + 1});
        }
    }

    TypeMap(long extent, long[] offsets, long[] lengths) {
        this.offsets = offsets;
        this.lengths = lengths;
        long s = 0;
        long lo = offsets.length == 0 ? 0 : Long.MAX_VALUE;
        long hi = 0;
        for (int i = 0; i < offsets.length; i++) {
            s += lengths[i];
            lo = Math.min(lo, offsets[i]);
            hi = Math.max(hi, offsets[i] + lengths[i]);
        }
        this.size = s;
        this.lb = lo;
        this.ub = hi;
        this.extent = extent;
    }

    /** The map of runs whose extent is their span. */
    static TypeMap of(long[] offsets, long[] lengths) {
        long lo = offsets.length == 0 ? 0 : Long.MAX_VALUE;
        long hi = 0;
        for (int i = 0; i < offsets.length; i++) {
            lo = Math.min(lo, offsets[i]);
            hi = Math.max(hi, offsets[i] + lengths[i]);
        }
        return new TypeMap(hi - lo, offsets, lengths);
    }

    /** The extent of a map of one primitive (one run of 1 to 8 bytes at 0), else 0. */
    int primitiveExtent() {
        return offsets.length == 1 && offsets[0] == 0 && lengths[0] == extent && extent >= 1
                && extent <= PRIMITIVES.length ? (int) extent : 0;
    }

    /** The shared map of one primitive of {@code extent} bytes (1 to 8). */
    static TypeMap primitive(int extent) {
        return PRIMITIVES[extent - 1];
    }

    /** One run at 0 covering the whole extent. */
    boolean contiguous() {
        return offsets.length == 1 && offsets[0] == 0 && lengths[0] == extent;
    }

    /**
     * The bytes {@code count} items starting at byte {@code at} touch: [at + lb, at + (count - 1)
     * x extent + ub), or null when that overflows a long. Empty ({@code {at, at}}) for count 0.
     */
    long[] span(long at, long count) {
        if (count == 0 || size == 0) {
            return new long[] {at, at};
        }
        try {
            long lo = Math.addExact(at, lb);
            long hi = Math.addExact(at, Math.addExact(Math.multiplyExact(count - 1, extent), ub));
            return new long[] {lo, hi};
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** Copies {@code count} items at byte {@code at} of {@code src} into {@code dst} from {@code dstAt}, packed. */
    void pack(MemorySegment src, long at, long count, MemorySegment dst, long dstAt) {
        if (contiguous()) {
            copy(src, at, dst, dstAt, count * size);
            return;
        }
        long d = dstAt;
        for (long i = 0; i < count; i++) {
            long base = at + i * extent;
            for (int r = 0; r < offsets.length; r++) {
                MemorySegment.copy(src, base + offsets[r], dst, d, lengths[r]);
                d += lengths[r];
            }
        }
    }

    /**
     * Copies at most {@code limit} packed bytes of {@code src} from {@code srcAt} into
     * {@code count} items at byte {@code at} of {@code dst}.
     */
    void unpack(MemorySegment src, long srcAt, long limit, MemorySegment dst, long at, long count) {
        if (contiguous()) {
            copy(src, srcAt, dst, at, Math.min(limit, count * size));
            return;
        }
        long s = srcAt;
        long left = limit;
        for (long i = 0; i < count && left > 0; i++) {
            long base = at + i * extent;
            for (int r = 0; r < offsets.length && left > 0; r++) {
                long n = Math.min(lengths[r], left);
                MemorySegment.copy(src, s, dst, base + offsets[r], n);
                s += n;
                left -= n;
            }
        }
    }

    /** Copies {@code n} bytes; a single word is one load and one store (a bulk copy's set-up costs more). */
    private static void copy(MemorySegment src, long srcAt, MemorySegment dst, long dstAt, long n) {
        if (n == Long.BYTES) {
            dst.set(Wire.LONG, dstAt, src.get(Wire.LONG, srcAt));
        } else if (n == Integer.BYTES) {
            dst.set(Wire.INT, dstAt, src.get(Wire.INT, srcAt));
        } else {
            MemorySegment.copy(src, srcAt, dst, dstAt, n);
        }
    }

    /** Bytes {@link #writeTo} uses. */
    int encodedBytes() {
        return 8 + 4 + 16 * offsets.length;
    }

    /** Writes extent, run count and runs at {@code at}; returns the offset after them. */
    long writeTo(MemorySegment m, long at) {
        m.set(Wire.LONG, at, extent);
        m.set(Wire.INT, at + 8, offsets.length);
        long p = at + 12;
        for (int i = 0; i < offsets.length; i++) {
            m.set(Wire.LONG, p, offsets[i]);
            m.set(Wire.LONG, p + 8, lengths[i]);
            p += 16;
        }
        return p;
    }

    /**
     * Reads a map {@link #writeTo} wrote, validating it against {@code limit} (the end of the
     * readable bytes): null when it is malformed.
     */
    static TypeMap readFrom(MemorySegment m, long at, long limit) {
        if (at + 12 > limit) {
            return null;
        }
        long extent = m.get(Wire.LONG, at);
        int n = m.get(Wire.INT, at + 8);
        if (n == 1 && extent > 0 && extent <= PRIMITIVES.length && at + 28 <= limit
                && m.get(Wire.LONG, at + 12) == 0 && m.get(Wire.LONG, at + 20) == extent) {
            return PRIMITIVES[(int) extent - 1]; // a primitive's map, as most requests carry: shared
        }
        if (n < 0 || extent < 0 || at + 12 + 16L * n > limit) {
            return null;
        }
        long[] offs = new long[n];
        long[] lens = new long[n];
        long p = at + 12;
        for (int i = 0; i < n; i++) {
            offs[i] = m.get(Wire.LONG, p);
            lens[i] = m.get(Wire.LONG, p + 8);
            if (offs[i] < 0 || lens[i] < 0 || offs[i] > Long.MAX_VALUE / 4 || lens[i] > Long.MAX_VALUE / 4) {
                return null;
            }
            p += 16;
        }
        return new TypeMap(extent, offs, lens);
    }
}
