package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;

/**
 * Linear byte patterns ({@code byte i = i * step + base}) that scenarios write and check: built in
 * a plain array, then copied or compared in one call. A PE of a test job lives a few seconds and
 * runs its scenario code mostly interpreted, where one element access through a
 * {@code MemorySegment} is tens of calls and an array store one bytecode: filling and checking
 * byte by byte through segments was most of a conformance job's processor time at 8 PEs.
 */
final class Patterns {
    private Patterns() {
    }

    /** The pattern's first {@code length} bytes. */
    static byte[] linear(long length, int step, int base) {
        byte[] p = new byte[Math.toIntExact(length)];
        int v = base;
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) v;
            v += step;
        }
        return p;
    }

    /** Writes the pattern's first {@code length} bytes to {@code s} at {@code offset}. */
    static void fill(MemorySegment s, long offset, long length, int step, int base) {
        byte[] p = linear(length, step, base);
        MemorySegment.copy(p, 0, s, JAVA_BYTE, offset, p.length);
    }

    /** The first index where {@code s} at {@code offset} differs from the pattern over {@code length} bytes, or -1. */
    static long mismatch(MemorySegment s, long offset, long length, int step, int base) {
        return MemorySegment.mismatch(s, offset, offset + length, MemorySegment.ofArray(linear(length, step, base)), 0,
                length);
    }

    /** The first index where {@code length} bytes of {@code s} at {@code offset} are not all {@code value}, or -1. */
    static long mismatchConstant(MemorySegment s, long offset, long length, byte value) {
        return mismatch(s, offset, length, 0, value);
    }

    /** The pattern's byte at {@code i}, for a message naming what differs. */
    static byte at(long i, int step, int base) {
        return (byte) (i * step + base);
    }
}
