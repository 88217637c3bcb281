package org.pgas4j.conformance;

import static org.pgas4j.AtomicOp.*;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicType;

/**
 * The table of single atomics with hand-computed outcomes: for every type, every op it supports
 * (wrapping, unsigned and signed min/max on values above 2^31 and 2^63, successful and failed
 * compare-and-swap, floating-point arithmetic on exactly representable values). Values depend on
 * a seed, so each PE's table differs from its neighbours'. Every value is in the bits convention
 * of {@link AtomicType}.
 */
final class AtomicCases {
    /**
     * One atomic and what it must do.
     *
     * @param initial the location's bits before
     * @param returned what {@code op} returns: the old value for a fetching op, else 0
     * @param after the location's bits after
     */
    record Case(AtomicType type, AtomicOp op, long initial, long operand1, long operand2, long returned, long after) {
        @Override
        public String toString() {
            return type + " " + op + " on 0x" + Long.toHexString(initial) + " with 0x" + Long.toHexString(operand1)
                    + ", 0x" + Long.toHexString(operand2);
        }
    }

    private final List<Case> cases = new ArrayList<>();

    private AtomicCases() {
    }

    /** The table for {@code seed} (a small positive number). */
    static List<Case> forSeed(int seed) {
        AtomicCases t = new AtomicCases();
        for (AtomicType type : List.of(AtomicType.INT, AtomicType.UINT, AtomicType.LONG, AtomicType.ULONG)) {
            t.integer(type, seed);
        }
        t.floating(AtomicType.FLOAT, seed);
        t.floating(AtomicType.DOUBLE, seed);
        return t.cases;
    }

    /** Every (type, op) pair the API accepts, which the table must cover. */
    static Set<String> everyValidPair() {
        Set<String> all = new java.util.TreeSet<>();
        for (AtomicType type : AtomicType.values()) {
            for (AtomicOp op : EnumSet.allOf(AtomicOp.class)) {
                if (type.isIntegral() || !op.isBitwise()) {
                    all.add(type + " " + op);
                }
            }
        }
        return all;
    }

    private void integer(AtomicType t, long s) {
        boolean wide = t.byteSize() == 8;
        boolean unsigned = t.isUnsigned();
        long max = wide ? Long.MAX_VALUE : Integer.MAX_VALUE;
        long min = wide ? Long.MIN_VALUE : Integer.MIN_VALUE;
        long low = (wide ? 0x7000_0000_0000_0000L : 0x7000_0000L) + s;  // below 2^(w-1)
        long high = (wide ? 0x9000_0000_0000_0000L : 0x9000_0000L) + s; // above 2^(w-1): negative if signed
        long quarter = wide ? 1L << 62 : 1L << 30;
        add(t, SET, 1, s * 11, 0, 0, s * 11);
        add(t, SET, 1, high, 0, 0, high);
        add(t, GET, high, 0, 0, high, high);
        add(t, SWAP, s, min, 0, s, min);
        add(t, FCAS, 40 + s, 40 + s, high, 40 + s, high);
        add(t, FCAS, 40 + s, 41 + s, high, 40 + s, 40 + s);
        add(t, FCAS, high, high, low, high, low);
        add(t, CAS, 50 + s, 50 + s, 9, 0, 9);
        add(t, CAS, 50 + s, 0, 9, 0, 50 + s);
        add(t, ADD, 100, s, 0, 0, 100 + s);
        add(t, FADD, max, s, 0, max, min + s - 1);        // wraps past the signed maximum
        add(t, FADD, -1, 2, 0, -1, 1);                    // wraps past the unsigned maximum
        add(t, SUB, 10, s + 20, 0, 0, -10 - s);
        add(t, FSUB, min, 1, 0, min, max);
        add(t, MULT, 3, -s, 0, 0, -3 * s);
        add(t, FMULT, quarter, 4, 0, quarter, 0);         // wraps to zero
        add(t, INC, s, 0, 0, 0, s + 1);
        add(t, FINC, max, 0, 0, max, min);
        add(t, DEC, s, 0, 0, 0, s - 1);
        add(t, FDEC, 0, 0, 0, 0, -1);
        add(t, MIN, low, high, 0, 0, unsigned ? low : high);
        add(t, FMIN, high, low, 0, high, unsigned ? low : high);
        add(t, FMIN, s, s + 1, 0, s, s);
        add(t, MAX, low, high, 0, 0, unsigned ? high : low);
        add(t, FMAX, high, low, 0, high, unsigned ? high : low);
        add(t, FMAX, s, -s, 0, s, unsigned ? -s : s);
        add(t, AND, 0b1100 | s << 8, 0b1010, 0, 0, 0b1000);
        add(t, FAND, -1, low, 0, -1, low);
        add(t, OR, 0b1100, 0b0011 | high, 0, 0, 0b1111 | high);
        add(t, FOR, s << 4, 1, 0, s << 4, s << 4 | 1);
        add(t, XOR, 0b1100, 0b1010, 0, 0, 0b0110);
        add(t, FXOR, high, -1, 0, high, ~high);
    }

    private void add(AtomicType t, AtomicOp op, long initial, long a, long b, long returned, long after) {
        cases.add(new Case(t, op, bits(t, initial), bits(t, a), bits(t, b), bits(t, returned), bits(t, after)));
    }

    /** {@code v} in the bits convention of integer type {@code t}. */
    static long bits(AtomicType t, long v) {
        return switch (t) {
            case INT -> (int) v;
            case UINT -> v & 0xffff_ffffL;
            default -> v;
        };
    }

    private void floating(AtomicType t, double s) {
        fadd(t, SET, 1, 0.25 * s, 0, 0, 0.25 * s);
        fadd(t, GET, -2.5 * s, 0, 0, -2.5 * s, -2.5 * s);
        fadd(t, SWAP, 1.5, -0.0, 0, 1.5, -0.0);
        fadd(t, FCAS, 3.25, 3.25, s, 3.25, s);
        fadd(t, FCAS, 3.25, 3.5, s, 3.25, 3.25);
        fadd(t, FCAS, -0.0, 0.0, 7, -0.0, -0.0);          // bits differ: no match
        fadd(t, CAS, 4.5, 4.5, -s, 0, -s);
        fadd(t, CAS, 4.5, 4.25, -s, 0, 4.5);
        fadd(t, ADD, 1.5, 0.25 * s, 0, 0, 1.5 + 0.25 * s);
        fadd(t, FADD, -1.0, 0.5, 0, -1.0, -0.5);
        fadd(t, SUB, 1.0, 0.125, 0, 0, 0.875);
        fadd(t, FSUB, 0, s, 0, 0, -s);
        fadd(t, MULT, 1.5, -2, 0, 0, -3);
        fadd(t, FMULT, 0.75, s, 0, 0.75, 0.75 * s);
        fadd(t, MIN, 1, -s, 0, 0, -s);
        fadd(t, MIN, 0.0, -0.0, 0, 0, -0.0);               // Math.min: -0.0 is below 0.0
        fadd(t, FMIN, -0.5, 3, 0, -0.5, -0.5);
        fadd(t, MAX, 1, -s, 0, 0, 1);
        fadd(t, FMAX, -0.5, s, 0, -0.5, s);
        fadd(t, INC, 2.5, 0, 0, 0, 3.5);
        fadd(t, FINC, -1, 0, 0, -1, 0.0);
        fadd(t, DEC, 0.5, 0, 0, 0, -0.5);
        fadd(t, FDEC, s, 0, 0, s, s - 1);
    }

    private void fadd(AtomicType t, AtomicOp op, double initial, double a, double b, double returned, double after) {
        cases.add(new Case(t, op, fbits(t, initial), fbits(t, a), fbits(t, b),
                op.isFetching() ? fbits(t, returned) : 0, fbits(t, after)));
    }

    /** {@code v} as the bits of a FLOAT or DOUBLE location. */
    static long fbits(AtomicType t, double v) {
        return t == AtomicType.FLOAT ? Integer.toUnsignedLong(Float.floatToRawIntBits((float) v))
                : Double.doubleToRawLongBits(v);
    }
}
