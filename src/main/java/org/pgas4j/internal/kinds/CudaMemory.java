package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/** CUDA device memory: an allocation of {@link CudaDevice}, client memory it wrapped, or a peer's opened by IPC. */
class CudaMemory implements DeviceMemory {
    private final CudaDevice device;
    private final long address;
    private final long size;
    private final boolean owner;
    private final AtomicBoolean released = new AtomicBoolean();

    CudaMemory(CudaDevice device, long address, long size, boolean owner) {
        this.device = device;
        this.address = address;
        this.size = size;
        this.owner = owner;
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
        device.copyToDevice(address + offset, src.asSlice(srcOffset, length), length);
    }

    @Override
    public void copyToHost(long offset, MemorySegment dst, long dstOffset, long length) {
        device.copyToHost(dst.asSlice(dstOffset, length), address + offset, length);
    }

    @Override
    public boolean copyFromDevice(long offset, DeviceMemory src, long srcOffset, long length) {
        if (!(src instanceof CudaMemory c)) {
            return false;
        }
        device.copyDeviceToDevice(address + offset, c.address + srcOffset, length); // UVA: any device's pointer
        return true;
    }

    @Override
    public byte[] ipcHandle() {
        return owner ? device.ipcHandle(address) : null;
    }

    @Override
    public MemorySegment atomicView() {
        return null; // no device atomics from the host: atomics on CUDA segments are refused
    }

    @Override
    public void release() {
        if (owner && released.compareAndSet(false, true)) {
            device.free(address);
        }
    }
}
