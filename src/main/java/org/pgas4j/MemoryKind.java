package org.pgas4j;

import java.util.Optional;
import org.pgas4j.internal.memory.Kind;

/**
 * A kind of memory a segment can live in (GASNet-EX's {@code gex_MK_t}): it decides how the
 * runtime allocates, maps and copies the memory. {@link #HOST} is predefined; kinds of the other
 * classes are created, non-collectively, by {@link Client#createMemoryKind} from a
 * {@link MemoryKindSpec} and destroyed by {@link #destroy()}.
 *
 * <p>Device kinds (DEVICE_SIM, CUDA_UVA, HIP, ZE) are not host-addressable: their segments are reached
 * through RMA, {@link Segment#copyFrom}/{@link Segment#copyTo} and the kind's own buffers
 * ({@link #allocate}), never through a {@code MemorySegment}.
 */
public sealed interface MemoryKind permits Kind {

    /** Ordinary host memory ({@code GEX_MK_HOST}). */
    MemoryKind HOST = Kind.HOST;

    /** The kind's class name, for example {@code HOST} or {@code DEVICE_SIM}. */
    String className();

    /** The kind's class. */
    MemoryKindClass kindClass();

    /** A small number naming the kind within its client; 0 for {@link #HOST}. */
    int id();

    /** The spec the kind was created from; empty for {@link #HOST}. */
    Optional<MemoryKindSpec> spec();

    /** The kind's rules: alignment, RMA, atomics, direct load/store, persistence, same-host mapping. */
    KindRules rules();

    /**
     * Whether the kind is device memory, which seed 000 section 3.6 rule 5 keeps off the
     * primordial endpoint.
     */
    boolean isDevice();

    /**
     * Allocates client-owned device memory of this kind ({@code cudaMalloc} and the like),
     * zero-filled, for a client-allocated segment ({@link Client#createSegment(MemoryKind, long, long)})
     * or as a source or destination of copies.
     *
     * @throws BadArgumentException for a kind that is not a device kind, or a non-positive length
     * @throws ResourceException when the device has no room
     */
    DeviceBuffer allocate(long bytes);

    /**
     * Destroys the kind ({@code gex_MK_Destroy}); non-collective.
     *
     * @throws BadArgumentException for {@link #HOST}, or while segments or buffers of the kind live
     */
    void destroy();

    /** Whether {@link #destroy()} was called. */
    boolean isDestroyed();
}
