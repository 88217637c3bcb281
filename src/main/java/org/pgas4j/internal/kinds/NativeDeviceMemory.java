package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Memory of a {@link NativeDevice} (CUDA, HIP or Level Zero): an allocation the device made,
 * client memory it wrapped, or a same-host peer's allocation opened through its IPC handle. Every
 * access is one of the device's copies; there is no host view and no host atomics.
 *
 * <p>A peer in the same process (the in-JVM transport) publishes an IPC handle that this process
 * exported itself, and CUDA, HIP and Level Zero all refuse to open those ("invalid device
 * context"). So every allocation whose handle was exported is remembered here, and opening one of
 * this process's own handles gives a view of the allocation through its owner's device instead.
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
        /** An allocation of this process, reached through a handle it exported: release leaves it. */
        EXPORTED_HERE
    }

    /** Allocations of this process whose IPC handle was exported, by runtime and handle. */
    private static final Map<String, NativeDeviceMemory> EXPORTED = new ConcurrentHashMap<>();

    private final NativeDevice device;
    private final long address;
    private final long size;
    private final Origin origin;
    /** A device opened for this memory alone, closed when it is released; or null. */
    private final NativeDevice closesWithIt;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile byte[] exportedHandle;

    NativeDeviceMemory(NativeDevice device, long address, long size, Origin origin, NativeDevice closesWithIt) {
        this.device = device;
        this.address = address;
        this.size = size;
        this.origin = origin;
        this.closesWithIt = closesWithIt;
    }

    /**
     * This process's own allocation exported as {@code handle} by a device like {@code opener}, viewed
     * as {@code size} bytes; null when the handle was not exported here. {@code closesWithIt}: a device
     * to close when the view is released.
     */
    static NativeDeviceMemory exportedHere(NativeDevice opener, byte[] handle, long size, NativeDevice closesWithIt) {
        NativeDeviceMemory mine = EXPORTED.get(key(opener, handle));
        return mine == null ? null
                : new NativeDeviceMemory(mine.device, mine.address, size, Origin.EXPORTED_HERE, closesWithIt);
    }

    private static String key(NativeDevice device, byte[] handle) {
        return device.getClass().getSimpleName() + ":" + HexFormat.of().formatHex(handle);
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
        if (origin != Origin.ALLOCATED) {
            return null;
        }
        byte[] h = exportedHandle;
        if (h == null) {
            h = device.ipcHandle(address);
            exportedHandle = h;
            EXPORTED.put(key(device, h), this);
        }
        return h.clone();
    }

    @Override
    public MemorySegment atomicView() {
        return null; // no device atomics from the host: atomics on these segments are refused
    }

    @Override
    public void release() {
        if (origin == Origin.WRAPPED || !released.compareAndSet(false, true)) {
            return;
        }
        try {
            switch (origin) {
                case ALLOCATED -> {
                    byte[] h = exportedHandle;
                    if (h != null) {
                        EXPORTED.remove(key(device, h), this);
                    }
                    device.free(address);
                }
                case OPENED -> device.ipcClose(address);
                default -> {
                }
            }
        } finally {
            if (closesWithIt != null) {
                closesWithIt.close();
            }
        }
    }
}
