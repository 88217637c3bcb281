package org.pgas4j;

import org.pgas4j.internal.AtomicExecutor;

/**
 * The type of a remote atomic's location (GASNet-EX's {@code gex_DT_t} for atomic domains;
 * OpenSHMEM's AMO types). A location of type T is {@link #byteSize()} bytes at an address that is a
 * multiple of {@link #byteSize()}.
 *
 * <p>The unsigned views read and write the same bits as their signed twins; they differ only in
 * how min and max compare (unsigned). Add, subtract, multiply, increment and decrement wrap on
 * every integer type, as Java arithmetic does.
 *
 * <p>In the generic {@link Atomics#op} form values travel as {@code long} bits: {@link #INT}
 * sign-extended, {@link #UINT} zero-extended (the unsigned value), {@link #LONG} and {@link #ULONG}
 * as they are, {@link #FLOAT} as {@link Float#floatToRawIntBits} and {@link #DOUBLE} as
 * {@link Double#doubleToRawLongBits}. Of a 32-bit type's operand only the low 32 bits are used.
 */
public enum AtomicType {
    /** {@code int} ({@code GEX_DT_I32}; OpenSHMEM {@code int}, {@code int32_t}). */
    INT(AtomicExecutor.INT),
    /** {@code int} bits as an unsigned 32-bit integer ({@code GEX_DT_U32}; OpenSHMEM {@code unsigned int}, {@code uint32_t}). */
    UINT(AtomicExecutor.UINT),
    /** {@code long} ({@code GEX_DT_I64}; OpenSHMEM {@code long}, {@code int64_t}). */
    LONG(AtomicExecutor.LONG),
    /** {@code long} bits as an unsigned 64-bit integer ({@code GEX_DT_U64}; OpenSHMEM {@code unsigned long}, {@code uint64_t}). */
    ULONG(AtomicExecutor.ULONG),
    /** {@code float} ({@code GEX_DT_FLT}; OpenSHMEM {@code float}). */
    FLOAT(AtomicExecutor.FLOAT),
    /** {@code double} ({@code GEX_DT_DBL}; OpenSHMEM {@code double}). */
    DOUBLE(AtomicExecutor.DOUBLE);

    /** The code {@link AtomicExecutor} knows the type by. */
    final int code;

    AtomicType(int code) {
        this.code = code;
    }

    /** The size in bytes, which is also the alignment a location of this type needs. */
    public int byteSize() {
        return AtomicExecutor.byteSize(code);
    }

    /** Whether this is an integer type, on which the bitwise operations apply. */
    public boolean isIntegral() {
        return AtomicExecutor.isIntegral(code);
    }

    /** Whether min and max compare as unsigned numbers. */
    public boolean isUnsigned() {
        return this == UINT || this == ULONG;
    }
}
