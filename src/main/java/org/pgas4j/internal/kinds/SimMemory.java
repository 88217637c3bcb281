package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Memory of a simulated device (DEVICE_SIM): an allocation made by {@link SimDevice}, a view of
 * part of one (a client-allocated segment), or a same-host peer's allocation opened through its
 * IPC handle. The bytes live in a job file that only this class maps; nobody gets a host address
 * for them, so every access goes through the copy functions, as it would for a real device.
 */
public final class SimMemory implements DeviceMemory {
    private final MemorySegment bytes;
    private final long address;
    private final byte[] handle;
    private final Runnable releaser;
    private final AtomicBoolean released = new AtomicBoolean();

    SimMemory(MemorySegment bytes, long address, byte[] handle, Runnable releaser) {
        this.bytes = bytes;
        this.address = address;
        this.handle = handle;
        this.releaser = releaser;
    }

    /** An IPC handle: where the view starts in the allocation's file, its device address, the file's name. */
    static byte[] handle(long fileOffset, long address, Path file) {
        byte[] name = file.getFileName().toString().getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(16 + name.length).order(ByteOrder.LITTLE_ENDIAN).putLong(fileOffset)
                .putLong(address).put(name).array();
    }

    /** A view of {@code [offset, offset + length)} that does not own the allocation. */
    public SimMemory view(long offset, long length) {
        ByteBuffer h = ByteBuffer.wrap(handle).order(ByteOrder.LITTLE_ENDIAN);
        long fileOffset = h.getLong() + offset;
        byte[] viewHandle = handle.clone();
        ByteBuffer.wrap(viewHandle).order(ByteOrder.LITTLE_ENDIAN).putLong(fileOffset).putLong(address + offset);
        return new SimMemory(bytes.asSlice(offset, length), address + offset, viewHandle, () -> { });
    }

    @Override
    public long size() {
        return bytes.byteSize();
    }

    @Override
    public long address() {
        return address;
    }

    @Override
    public void copyFromHost(long offset, MemorySegment src, long srcOffset, long length) {
        MemorySegment.copy(src, srcOffset, bytes, offset, length);
    }

    @Override
    public void copyToHost(long offset, MemorySegment dst, long dstOffset, long length) {
        MemorySegment.copy(bytes, offset, dst, dstOffset, length);
    }

    @Override
    public boolean copyFromDevice(long offset, DeviceMemory src, long srcOffset, long length) {
        if (!(src instanceof SimMemory s)) {
            return false;
        }
        MemorySegment.copy(s.bytes, srcOffset, bytes, offset, length); // a device-to-device copy
        return true;
    }

    @Override
    public byte[] ipcHandle() {
        return handle.clone();
    }

    @Override
    public MemorySegment atomicView() {
        return bytes;
    }

    @Override
    public void release() {
        if (released.compareAndSet(false, true)) {
            releaser.run();
        }
    }

    /** Unmaps {@code file} and, for the allocation's owner, removes it. */
    static Runnable unmapper(MappedFile file, boolean owner, Runnable also) {
        return () -> {
            file.release();
            if (owner) {
                try {
                    Files.deleteIfExists(file.path());
                } catch (IOException ignored) {
                    // The launcher removes every file of the job at its end.
                }
            }
            also.run();
        };
    }
}
