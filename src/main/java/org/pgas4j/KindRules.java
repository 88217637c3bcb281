package org.pgas4j;

/**
 * What a {@link MemoryKind} allows, as {@link MemoryKind#rules()} reports it.
 *
 * @param addressAlignment the alignment, in bytes, the start of a client-allocated segment of
 *        the kind must have (1: none)
 * @param lengthAlignment the multiple, in bytes, the length of a client-allocated segment must be
 *        (1: none)
 * @param rma whether RMA reaches segments of the kind (from every PE, over every transport: by a
 *        direct mapping, the kind's copy functions or the active-message fallback)
 * @param atomics whether remote atomics work on segments of the kind; when false they fail with a
 *        {@link BadArgumentException} naming the kind, never silently
 * @param directLoadStore whether the owner can load and store the memory through
 *        {@link Segment#memory()} (false for device memory: copy functions only)
 * @param persistent whether the memory outlives the job (files) and {@link Segment#flush} makes
 *        ranges durable
 * @param sameHostMappable whether PEs on the same host reach it without involving the owner (a
 *        shared mapping, an IPC handle or cross-memory attach) rather than through the owner
 */
public record KindRules(long addressAlignment, long lengthAlignment, boolean rma, boolean atomics,
                        boolean directLoadStore, boolean persistent, boolean sameHostMappable) {
}
