package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;

/**
 * Memory of a device kind as this process reaches it: its own allocation or a same-host peer's
 * opened through an IPC handle. It is not host-addressable: every access is one of the kind's
 * copy functions. Offsets are relative to the start of the memory and already bounds-checked by
 * the caller.
 */
public interface DeviceMemory {

    /** Its length in bytes. */
    long size();

    /** The device address of its first byte (what {@code gex_Segment_QueryAddr} reports for it). */
    long address();

    /** Copies {@code length} bytes of host memory {@code src} from {@code srcOffset} to {@code offset}. */
    void copyFromHost(long offset, MemorySegment src, long srcOffset, long length);

    /** Copies {@code length} bytes from {@code offset} into host memory {@code dst} at {@code dstOffset}. */
    void copyToHost(long offset, MemorySegment dst, long dstOffset, long length);

    /**
     * Copies device to device, from {@code src} at {@code srcOffset} to this memory at
     * {@code offset}, when both are of the same device class; returns false (nothing copied) when
     * the kind cannot copy between them directly and the caller must stage through host memory.
     */
    boolean copyFromDevice(long offset, DeviceMemory src, long srcOffset, long length);

    /**
     * The bytes a same-host peer passes to the kind to open this memory (a CUDA IPC handle, or the
     * simulated device's equivalent), or null when the memory cannot be shared that way.
     */
    byte[] ipcHandle();

    /**
     * Memory on which the owner may run atomic instructions on the device's behalf (the simulated
     * device executes atomics "on the device" this way), or null when the kind has no atomics.
     */
    MemorySegment atomicView();

    /** Frees the allocation, or closes this process's view of a peer's. Idempotent. */
    void release();
}
