package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/**
 * Device memory reached with the kind's copy functions: this PE's own device segment, or a
 * same-host peer's opened through its IPC handle. Put and get are synchronous copies; there is
 * no load/store view.
 */
public final class DeviceRemoteMemory implements RemoteMemory {
    private final DeviceMemory device;
    private final boolean opened;

    /** Reaches {@code device}; {@code opened}: this process opened it and closes it on release. */
    public DeviceRemoteMemory(DeviceMemory device, boolean opened) {
        this.device = device;
        this.opened = opened;
    }

    /** The device memory, for device-to-device copies. */
    public DeviceMemory device() {
        return device;
    }

    @Override
    public long size() {
        return device.size();
    }

    @Override
    public MemorySegment directView() {
        return null;
    }

    @Override
    public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        device.copyFromHost(offset, src, srcOffset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        device.copyToHost(offset, dst, dstOffset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void release() {
        if (opened) {
            device.release();
        }
    }
}
