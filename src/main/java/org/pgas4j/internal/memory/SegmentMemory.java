package org.pgas4j.internal.memory;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.kinds.DeviceMemory;

/**
 * A segment's memory as its owner holds it: a host view (host and FILE kinds) or device memory
 * (device kinds), the descriptor peers attach with, and what frees it.
 *
 * @param host the load/store view, or null for device memory
 * @param device the device memory, or null for host-addressable memory
 * @param size bytes
 * @param descriptor what peers attach with (published in the directory)
 * @param releaser frees or unmaps what the runtime allocated or mapped; a no-op for client memory
 */
public record SegmentMemory(MemorySegment host, DeviceMemory device, long size, byte[] descriptor, Runnable releaser) {

    public static SegmentMemory ofHost(MemorySegment host, byte[] descriptor, Runnable releaser) {
        return new SegmentMemory(host, null, host.byteSize(), descriptor, releaser);
    }

    public static SegmentMemory ofDevice(DeviceMemory device, Runnable releaser) {
        byte[] handle = device.ipcHandle();
        return new SegmentMemory(null, device, device.size(), handle == null ? new byte[0] : handle, releaser);
    }
}
