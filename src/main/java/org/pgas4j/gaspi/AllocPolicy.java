package org.pgas4j.gaspi;

/** How {@link Gaspi}{@code .segmentAlloc} and {@link Gaspi}{@code .segmentCreate} prepare the memory ({@code gaspi_alloc_t}). */
public enum AllocPolicy {
    /** {@code GASPI_MEM_UNINITIALIZED}: whatever the memory holds. */
    UNINITIALIZED,
    /** {@code GASPI_MEM_INITIALIZED}: zeroed. */
    INITIALIZED
}
