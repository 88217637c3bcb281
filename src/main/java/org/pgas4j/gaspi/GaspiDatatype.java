package org.pgas4j.gaspi;

/** The element types of {@link Gaspi#allreduce} ({@code gaspi_datatype_t}), in native byte order. */
public enum GaspiDatatype {
    /** {@code GASPI_TYPE_INT}: 32-bit signed. */
    INT(4),
    /** {@code GASPI_TYPE_UINT}: 32-bit unsigned. */
    UINT(4),
    /** {@code GASPI_TYPE_FLOAT}: 32-bit IEEE. */
    FLOAT(4),
    /** {@code GASPI_TYPE_DOUBLE}: 64-bit IEEE. */
    DOUBLE(8),
    /** {@code GASPI_TYPE_LONG}: 64-bit signed. */
    LONG(8),
    /** {@code GASPI_TYPE_ULONG}: 64-bit unsigned. */
    ULONG(8);

    private final int size;

    GaspiDatatype(int size) {
        this.size = size;
    }

    /** Bytes per element. */
    public int size() {
        return size;
    }
}
