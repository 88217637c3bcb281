package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * A peer's memory as this process reaches it: what a transport makes of a peer's exported
 * descriptor. Offsets are relative to the start of the peer's memory and already bounds-checked
 * by the core: a transport may assume {@code 0 <= offset && offset + length <= size()}.
 */
public interface RemoteMemory {

    /** Its length in bytes. */
    long size();

    /**
     * A load/store view of the peer's memory when this process has it mapped (the fast path:
     * the core then copies and updates it directly), else null and every access goes through
     * {@link #put} and {@link #get}.
     */
    MemorySegment directView();

    /**
     * Copies {@code length} bytes from {@code src} at {@code srcOffset} to the peer at
     * {@code offset}, signalling {@code completion} as it progresses. {@code src} may be a heap
     * segment.
     */
    void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion);

    /**
     * An implicit put ({@code putNBI}): {@link #put} whose remote completion may wait until the
     * transport's next {@link Transport#flushImplicit()}, so that a transport can complete many of
     * them with one flush (UCX's put then worker flush) instead of one per put. Local completion
     * is still signalled before the call returns. By default, {@link #put}.
     */
    default void putImplicit(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        put(offset, src, srcOffset, length, completion);
    }

    /** Copies {@code length} bytes from the peer at {@code offset} into {@code dst} at {@code dstOffset}. */
    void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion);

    /**
     * Whether {@link #atomic} can operate on the {@code size}-byte (4 or 8) integer at
     * {@code offset}: the transport has atomics for this memory and the location is aligned. False
     * by default; the core then sends atomics to the owner (the active-message fallback).
     */
    default boolean hasAtomicAt(long offset, int size) {
        return false;
    }

    /**
     * Performs {@code op} on the {@code size}-byte (4 or 8) integer at {@code offset} and waits
     * until it is done at the target. Only called where {@link #hasAtomicAt} is true; atomic with
     * respect to the transport's other atomics and to the owner's own atomic instructions on that
     * location (a transport that cannot promise the latter must not offer atomics).
     *
     * @param operand the value to add, store, combine with, or (for compare-and-swap) compare with;
     *        of a 4-byte location only the low 32 bits are used
     * @param desired what compare-and-swap stores on a match; ignored otherwise
     * @return the value the location held before (a 4-byte value in the low 32 bits)
     */
    default long atomic(long offset, int size, TransportAtomic op, long operand, long desired) {
        throw new UnsupportedOperationException("no transport atomics on this memory");
    }

    /**
     * Starts a non-fetching {@code op} on the {@code size}-byte (4 or 8) integer at {@code offset}
     * without waiting for it at the target (the core's non-fetching atomics, GASNet-EX's
     * {@code gex_AD_OpNBI}, OpenSHMEM's non-fetching AMOs): {@code completion} is signalled
     * locally before the call returns and remotely (or {@linkplain Completion#failed failed}) no
     * later than the completion of the transport's next {@link Transport#flushImplicit()}, like an
     * {@link #putImplicit implicit put}. Only called where {@link #hasAtomicAt} is true; atomic
     * as {@link #atomic} is.
     *
     * @param operand the value to add or combine with; of a 4-byte location the low 32 bits
     * @return true when started; false when this memory cannot start {@code op} so (by default,
     *     and for swap and compare-and-swap where a transport's atomics always fetch): the caller
     *     then performs it with {@link #atomic}
     */
    default boolean atomicImplicit(long offset, int size, TransportAtomic op, long operand, Completion completion) {
        return false;
    }

    /**
     * Starts {@code op} on the {@code size}-byte (4 or 8) integer at {@code offset} without
     * waiting (GASNet-EX's {@code gex_AD_OpNB}, OpenSHMEM's {@code _nbi} fetching AMOs):
     * {@code completion} receives the old value ({@link AtomicCompletion#fetched}) and then its
     * remote completion once the operation is done at the target, or its failure, possibly
     * inside the call. Only called where {@link #hasAtomicAt} is true; atomic as {@link #atomic}
     * is.
     *
     * @param operand as for {@link #atomic}
     * @param desired as for {@link #atomic}
     * @return true when started; false when this memory cannot start {@code op} so (by default):
     *     the caller then performs it with {@link #atomic}
     */
    default boolean atomicNB(long offset, int size, TransportAtomic op, long operand, long desired,
                             AtomicCompletion completion) {
        return false;
    }

    /** Releases this process's mapping or handle; the peer's memory itself is untouched. */
    void release();

    /**
     * Remotely completes the implicit operations ({@link #putImplicit}, implicit atomics) this
     * process issued to this memory's owner, leaving those to other owners in flight; false when
     * this memory cannot complete one owner's alone (the caller then completes them all). Memory
     * whose operations complete when issued (a direct view) has nothing to do. By default, false.
     */
    default boolean completeImplicitToOwner() {
        return directView() != null;
    }
}
