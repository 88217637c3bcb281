package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.kinds.DeviceMemory;
import org.pgas4j.internal.kinds.MappedFile;
import org.pgas4j.internal.memory.HostCopy;
import org.pgas4j.internal.memory.Kind;
import org.pgas4j.internal.memory.SegmentMemory;
import org.pgas4j.internal.access.Access;
import org.pgas4j.internal.jfr.SegmentEvent;

/**
 * A range of memory of one {@link MemoryKind} that can be bound to an endpoint and so made
 * remotely accessible (GASNet-EX's {@code gex_Segment_t}). Created by
 * {@link Client#createSegment(MemoryKind, long)} (runtime-allocated: for the {@code shm} transport
 * in a shared file that peers on the host map) or {@link Client#createSegment(MemoryKind,
 * MemorySegment)} and {@link Client#createSegment(MemoryKind, long, long)} (client-allocated:
 * over memory the caller owns).
 *
 * <p>Segments of host-addressable kinds (HOST, FILE) expose their memory as a
 * {@link MemorySegment}; device segments (DEVICE_SIM, CUDA_UVA, HIP, ZE) do not, and are read and written
 * locally with {@link #copyFrom} and {@link #copyTo}, or as the local side of an RMA
 * ({@link Rma#put(Team, int, long, Segment, long, long)}).
 */
public final class Segment {
    static {
        Access.register(new Access.SegmentAccess() {
            @Override
            public MemorySegment hostView(Segment s) {
                return s.hostView();
            }

            @Override
            public MemorySegment atomicMemory(Segment s) {
                return s.atomicMemory();
            }
        });
    }

    private final Client client;
    private final long id;
    private final Kind kind;
    private final SegmentMemory memory;
    private final DeviceBuffer buffer;
    private final boolean clientAllocated;
    private final boolean primordial;
    private volatile boolean destroyed;

    Segment(Client client, long id, Kind kind, SegmentMemory memory, DeviceBuffer buffer, boolean clientAllocated,
            boolean primordial) {
        this.client = client;
        this.id = id;
        this.kind = kind;
        this.memory = memory;
        this.buffer = buffer;
        this.clientAllocated = clientAllocated;
        this.primordial = primordial;
    }

    /**
     * This process's view of the segment's memory ({@code gex_Segment_QueryAddr} and
     * {@code QuerySize} together). Local loads and stores through it see remote puts once they
     * are remotely complete.
     *
     * @throws IllegalStateException if the segment was destroyed
     * @throws BadArgumentException for a device segment, which is not host-addressable
     */
    public MemorySegment memory() {
        checkLive("memory()");
        if (memory.host() == null) {
            throw new BadArgumentException("memory(): segment " + id + " of PE " + client.jobRank() + " is " + kind
                    + " memory, which is not host-addressable; use copyFrom/copyTo, RMA, or deviceAddress()");
        }
        return memory.host();
    }

    /** The segment's size in bytes, after any rounding the runtime applied ({@code gex_Segment_QuerySize}). */
    public long size() {
        return memory.size();
    }

    /**
     * The device address of a device segment's first byte ({@code gex_Segment_QueryAddr} for
     * device memory, seed 000 section 6.6).
     *
     * @throws BadArgumentException for a host-addressable segment (use {@link #memory()})
     */
    public long deviceAddress() {
        checkLive("deviceAddress()");
        if (memory.device() == null) {
            throw new BadArgumentException("deviceAddress(): segment " + id + " of PE " + client.jobRank() + " is "
                    + kind + " memory; its address is memory().address()");
        }
        return memory.device().address();
    }

    /**
     * Copies {@code length} bytes of host memory {@code src} from {@code srcOffset} into this
     * segment at {@code offset}, whatever its kind (for device memory, the kind's host-to-device
     * copy). Local only: peers see it as they see local stores.
     *
     * @throws BadArgumentException for a range outside the segment or {@code src}
     */
    public void copyFrom(long offset, MemorySegment src, long srcOffset, long length) {
        checkCopy("copyFrom", offset, length, src, srcOffset);
        if (memory.device() != null) {
            memory.device().copyFromHost(offset, src, srcOffset, length);
        } else {
            HostCopy.copy(src, srcOffset, memory.host(), offset, length);
        }
    }

    /**
     * Copies {@code length} bytes of this segment from {@code offset} into host memory {@code dst}
     * at {@code dstOffset}, whatever its kind.
     *
     * @throws BadArgumentException for a range outside the segment or {@code dst}
     */
    public void copyTo(long offset, MemorySegment dst, long dstOffset, long length) {
        checkCopy("copyTo", offset, length, dst, dstOffset);
        if (memory.device() != null) {
            memory.device().copyToHost(offset, dst, dstOffset, length);
        } else {
            HostCopy.copy(memory.host(), offset, dst, dstOffset, length);
        }
    }

    /**
     * Makes {@code [offset, offset + length)} durable: writes its pages to storage and waits
     * ({@code msync}). Puts by peers into the range must be complete first.
     *
     * @throws BadArgumentException for a kind that is not persistent, or a range outside the segment
     */
    public void flush(long offset, long length) {
        checkLive("flush");
        if (!kind.rules().persistent()) {
            throw new BadArgumentException("flush: segment " + id + " of PE " + client.jobRank() + " is " + kind
                    + " memory, which is not persistent; only FILE segments can be flushed");
        }
        checkRange("flush", offset, length);
        MappedFile.flush(memory.host(), offset, length);
    }

    /** The segment's memory kind ({@code gex_Segment_QueryKind}). */
    public MemoryKind kind() {
        return kind;
    }

    /** Whether the memory was provided by the client rather than allocated by the runtime. */
    public boolean isClientAllocated() {
        return clientAllocated;
    }

    /** Whether this is the segment the client created and published at init. */
    public boolean isPrimordial() {
        return primordial;
    }

    /** The client that owns the segment ({@code gex_Segment_QueryClient}). */
    public Client client() {
        return client;
    }

    /** A number naming the segment within its client, used in messages. */
    public long id() {
        return id;
    }

    /** Whether {@link #destroy()} was called. */
    public boolean isDestroyed() {
        return destroyed;
    }

    /**
     * Destroys the segment ({@code gex_Segment_Destroy}): withdraws it from every endpoint's
     * published directory entry, so peers' later accesses fail with a clear error instead of
     * touching freed memory, and frees memory the runtime allocated. Client memory is left as it
     * is. Operations still in flight on the segment must be complete first (the seed's rule 3).
     *
     * @throws BadArgumentException for the primordial segment
     * @throws IllegalStateException if already destroyed
     */
    public void destroy() {
        if (primordial) {
            throw new BadArgumentException("segment " + id + " of PE " + client.jobRank()
                    + " is the primordial segment created at init; it cannot be destroyed (it lives until Client.close())");
        }
        checkLive("destroy()");
        destroyed = true;
        SegmentEvent.emit(client.jobRank(), "destroy", id, kind.toString(), size(), clientAllocated);
        client.segmentDestroyed(this);
        kind.segmentDestroyed();
        memory.releaser().run();
    }

    void releaseAtClose() {
        if (!destroyed) {
            destroyed = true;
            kind.segmentDestroyed();
            memory.releaser().run();
        }
    }

    /** The host view, or null for device memory. */
    MemorySegment hostView() {
        return memory.host();
    }

    /** The device memory, or null for host-addressable memory. */
    DeviceMemory device() {
        return memory.device();
    }

    /** Memory the owner runs atomics on for peers: the host view, the device's atomic view, or null. */
    MemorySegment atomicMemory() {
        return memory.device() != null ? memory.device().atomicView() : memory.host();
    }

    /** What peers attach with. */
    byte[] descriptor() {
        return memory.descriptor();
    }

    /** The client device buffer under the segment, or null. */
    DeviceBuffer buffer() {
        return buffer;
    }

    Kind kindImpl() {
        return kind;
    }

    private void checkCopy(String op, long offset, long length, MemorySegment host, long hostOffset) {
        checkLive(op);
        checkRange(op, offset, length);
        if (host == null || hostOffset < 0 || hostOffset > host.byteSize() - length) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": host range at " + hostOffset
                    + " of length " + length + " is outside the host buffer"
                    + (host == null ? " (null)" : ", whose bounds are [0, " + host.byteSize() + ")"));
        }
    }

    void checkRange(String op, long offset, long length) {
        if (offset < 0 || length < 0 || offset > memory.size() - length) {
            throw new BadArgumentException(op + " on PE " + client.jobRank() + ": offset " + offset + " and length "
                    + length + " are outside segment " + id + ", whose bounds are [0, " + memory.size() + ")");
        }
    }

    void checkLive(String operation) {
        if (destroyed) {
            throw new IllegalStateException(operation + ": segment " + id + " of PE " + client.jobRank()
                    + " was destroyed");
        }
    }

    @Override
    public String toString() {
        return "Segment[" + id + " of PE " + client.jobRank() + ", " + kind + ", " + size() + " bytes"
                + (clientAllocated ? ", client-allocated" : "") + (destroyed ? ", destroyed" : "") + "]";
    }
}
