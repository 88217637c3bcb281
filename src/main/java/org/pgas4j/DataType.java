package org.pgas4j;

import java.lang.foreign.ValueLayout;

/**
 * Element types of reductions ({@code gex_DT_t}): the signed integer types and the two
 * floating-point types, in the platform's byte order.
 */
public enum DataType {
    /** 8-bit signed integer ({@code byte}). */
    BYTE(ValueLayout.JAVA_BYTE, true),
    /** 16-bit signed integer ({@code short}). */
    SHORT(ValueLayout.JAVA_SHORT_UNALIGNED, true),
    /** 32-bit signed integer ({@code int}, {@code GEX_DT_I32}). */
    INT(ValueLayout.JAVA_INT_UNALIGNED, true),
    /** 64-bit signed integer ({@code long}, {@code GEX_DT_I64}). */
    LONG(ValueLayout.JAVA_LONG_UNALIGNED, true),
    /** 32-bit IEEE float ({@code GEX_DT_FLT}). */
    FLOAT(ValueLayout.JAVA_FLOAT_UNALIGNED, false),
    /** 64-bit IEEE double ({@code GEX_DT_DBL}). */
    DOUBLE(ValueLayout.JAVA_DOUBLE_UNALIGNED, false);

    private final ValueLayout layout;
    private final boolean integral;

    DataType(ValueLayout layout, boolean integral) {
        this.layout = layout;
        this.integral = integral;
    }

    /** Bytes per element. */
    public int byteSize() {
        return (int) layout.byteSize();
    }

    /** Whether this is an integer type (bitwise operations apply). */
    public boolean isIntegral() {
        return integral;
    }

    /** The element's unaligned layout. */
    public ValueLayout layout() {
        return layout;
    }
}
