package org.pgas4j.gaspi;

/** How {@link Gaspi#segmentAlloc} and {@link Gaspi#segmentCreate} prepare the memory ({@code gaspi_alloc_t}). */
public enum AllocPolicy {
    /** {@code GASPI_MEM_UNINITIALIZED}: whatever the memory holds. */
    UNINITIALIZED,
    /** {@code GASPI_MEM_INITIALIZED}: zeroed. */
    INITIALIZED
}
