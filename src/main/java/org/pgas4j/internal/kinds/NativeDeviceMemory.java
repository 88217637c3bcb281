package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Memory of a {@link NativeDevice} (CUDA, HIP or Level Zero): an allocation the device made,
 * client memory it wrapped, or a same-host peer's allocation opened through its IPC handle. Every
 * access is one of the device's copies; there is no host view and no host atomics.
 */
final class NativeDeviceMemory implements DeviceMemory {
    /** What this memory is to the process, which decides what {@link #release()} does. */
    enum Origin {
        /** Allocated by the device: release frees it. */
        ALLOCATED,
        /** The client's: release does nothing. */
        WRAPPED,
        /** A peer's, opened by IPC handle: release closes this process's mapping. */
        OPENED,
        /** As {@link #OPENED}, through a device opened for it alone: release also closes the device. */
        OPENED_CLOSING
    }

    private final NativeDevice device;
    private final long address;
    private final long size;
    private final Origin origin;
    private final AtomicBoolean released = new AtomicBoolean();

    NativeDeviceMemory(NativeDevice device, long address, long size, Origin origin) {
        this.device = device;
        this.address = address;
        this.size = size;
        this.origin = origin;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long address() {
        return address;
    }

    @Override
    public void copyFromHost(long offset, MemorySegment src, long srcOffset, long length) {
        device.copy(MemorySegment.ofAddress(address + offset), src.asSlice(srcOffset, length), length,
                NativeDevice.Direction.HOST_TO_DEVICE);
    }

    @Override
    public void copyToHost(long offset, MemorySegment dst, long dstOffset, long length) {
        device.copy(dst.asSlice(dstOffset, length), MemorySegment.ofAddress(address + offset), length,
                NativeDevice.Direction.DEVICE_TO_HOST);
    }

    @Override
    public boolean copyFromDevice(long offset, DeviceMemory src, long srcOffset, long length) {
        if (!(src instanceof NativeDeviceMemory n) || !device.canCopyFrom(n.device)) {
            return false;
        }
        device.copy(MemorySegment.ofAddress(address + offset), MemorySegment.ofAddress(n.address + srcOffset), length,
                NativeDevice.Direction.DEVICE_TO_DEVICE);
        return true;
    }

    @Override
    public byte[] ipcHandle() {
        return origin == Origin.ALLOCATED ? device.ipcHandle(address) : null;
    }

    @Override
    public MemorySegment atomicView() {
        return null; // no device atomics from the host: atomics on these segments are refused
    }

    @Override
    public void release() {
        if (origin != Origin.WRAPPED && released.compareAndSet(false, true)) {
            if (origin == Origin.ALLOCATED) {
                device.free(address);
            } else {
                try {
                    device.ipcClose(address);
                } finally {
                    if (origin == Origin.OPENED_CLOSING) {
                        device.close();
                    }
                }
            }
        }
    }
}
