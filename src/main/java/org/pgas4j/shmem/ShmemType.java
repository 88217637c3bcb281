package org.pgas4j.shmem;

import org.pgas4j.AtomicType;
import org.pgas4j.DataType;

/**
 * The standard OpenSHMEM element types (the TYPE/TYPENAME tables of OpenSHMEM 1.5 section 9),
 * each mapped to the Java primitive that carries it. A symmetric object has one of these types;
 * typed calls check that the Java array or value they are given has the object's carrier.
 * Unsigned types are carried by the signed primitive of the same width (as in
 * {@link Integer#toUnsignedLong}); comparisons, minimum and maximum on them are unsigned.
 */
public enum ShmemType {
    /** {@code char} (8 bits, signed here as on x86 Linux). */
    CHAR(1, true, DataType.BYTE),
    /** {@code signed char}. */
    SCHAR(1, true, DataType.BYTE),
    /** {@code short}. */
    SHORT(2, true, DataType.SHORT),
    /** {@code int}. */
    INT(4, true, DataType.INT),
    /** {@code long} (64 bits on LP64). */
    LONG(8, true, DataType.LONG),
    /** {@code long long}. */
    LONGLONG(8, true, DataType.LONG),
    /** {@code unsigned char}. */
    UCHAR(1, false, DataType.BYTE),
    /** {@code unsigned short}; Java {@code char} arrays also fit it. */
    USHORT(2, false, DataType.SHORT),
    /** {@code unsigned int}. */
    UINT(4, false, DataType.INT),
    /** {@code unsigned long}. */
    ULONG(8, false, DataType.LONG),
    /** {@code unsigned long long}. */
    ULONGLONG(8, false, DataType.LONG),
    /** {@code int8_t}. */
    INT8(1, true, DataType.BYTE),
    /** {@code int16_t}. */
    INT16(2, true, DataType.SHORT),
    /** {@code int32_t}. */
    INT32(4, true, DataType.INT),
    /** {@code int64_t}. */
    INT64(8, true, DataType.LONG),
    /** {@code uint8_t}. */
    UINT8(1, false, DataType.BYTE),
    /** {@code uint16_t}. */
    UINT16(2, false, DataType.SHORT),
    /** {@code uint32_t}. */
    UINT32(4, false, DataType.INT),
    /** {@code uint64_t}; the type of signal words. */
    UINT64(8, false, DataType.LONG),
    /** {@code size_t}. */
    SIZE(8, false, DataType.LONG),
    /** {@code ptrdiff_t}. */
    PTRDIFF(8, true, DataType.LONG),
    /** {@code float}. */
    FLOAT(4, true, DataType.FLOAT),
    /** {@code double}. */
    DOUBLE(8, true, DataType.DOUBLE);

    private final int size;
    private final boolean signed;
    private final DataType carrier;
    /** The core's atomic type for this type (null for 8- and 16-bit types), fixed once: atomics read it per call. */
    private final AtomicType atomic;

    ShmemType(int size, boolean signed, DataType carrier) {
        this.size = size;
        this.signed = signed;
        this.carrier = carrier;
        boolean floating = carrier == DataType.FLOAT || carrier == DataType.DOUBLE;
        this.atomic = floating ? (size == 4 ? AtomicType.FLOAT : AtomicType.DOUBLE)
                : size == 4 ? (signed ? AtomicType.INT : AtomicType.UINT)
                : size == 8 ? (signed ? AtomicType.LONG : AtomicType.ULONG) : null;
    }

    /** Bytes per element. */
    public int size() {
        return size;
    }

    /** Whether the type is a signed integer or floating-point type. */
    public boolean isSigned() {
        return signed;
    }

    /** Whether the type is {@link #FLOAT} or {@link #DOUBLE}. */
    public boolean isFloatingPoint() {
        return this == FLOAT || this == DOUBLE;
    }

    /** The core data type of the Java primitive carrying this type. */
    public DataType carrier() {
        return carrier;
    }

    /**
     * Whether the standard atomic operations (add, inc, fetch variants, compare-and-swap) apply:
     * OpenSHMEM's standard AMO types (int, long, long long, their unsigned forms, int32, int64,
     * uint32, uint64, size_t, ptrdiff_t).
     */
    public boolean hasStandardAtomics() {
        return !isFloatingPoint() && size >= 4;
    }

    /** Whether the extended atomics (fetch, set, swap) apply: the standard AMO types plus float and double. */
    public boolean hasExtendedAtomics() {
        return hasStandardAtomics() || isFloatingPoint();
    }

    /**
     * Whether the bitwise atomics (and, or, xor and their fetching forms) apply: OpenSHMEM's
     * bitwise AMO types (unsigned int, unsigned long, unsigned long long, int32, int64, uint32, uint64).
     */
    public boolean hasBitwiseAtomics() {
        return switch (this) {
            case UINT, ULONG, ULONGLONG, INT32, INT64, UINT32, UINT64 -> true;
            default -> false;
        };
    }

    /**
     * Whether point-to-point synchronisation (wait_until, test, signals) applies: the integer
     * types of OpenSHMEM 1.5 table 13 (int, long, long long, their unsigned forms, int32, int64,
     * uint32, uint64, size_t, ptrdiff_t), plus short and unsigned short (deprecated there, kept).
     */
    public boolean hasPointToPointSync() {
        return !isFloatingPoint() && size >= 2 && this != INT16 && this != UINT16;
    }

    /** Bits of {@link #amoFamilies()}: standard AMOs, the long extended forms (not on float or double), bitwise AMOs. */
    static final int AMO_STANDARD = 1;
    static final int AMO_EXTENDED = 2;
    static final int AMO_BITWISE = 4;

    /** Which AMO families apply to this type, as {@code AMO_*} bits (for the atomics' one-mask check). */
    int amoFamilies() {
        return (hasStandardAtomics() ? AMO_STANDARD : 0) | (hasExtendedAtomics() && !isFloatingPoint() ? AMO_EXTENDED : 0)
                | (hasBitwiseAtomics() ? AMO_BITWISE : 0);
    }

    /** The core atomic type operating on this type, or null when there is none. */
    AtomicType atomicType() {
        return atomic;
    }

    /** The OpenSHMEM TYPENAME, for example {@code int} or {@code uint64}. */
    public String typeName() {
        return switch (this) {
            case LONGLONG -> "longlong";
            case USHORT -> "ushort";
            case ULONGLONG -> "ulonglong";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
