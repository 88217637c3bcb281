package org.pgas4j.internal.kinds;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.pgas4j.bootstrap.HeldFile;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Memory of a simulated device (DEVICE_SIM): an allocation made by {@link SimDevice}, a view of
 * part of one (a client-allocated segment), or a same-host peer's allocation opened through its
 * IPC handle. The bytes live in a nameless job file ({@link HeldFile}) that only this class maps; nobody gets a host address
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

    /** Bytes of an IPC handle. */
    static final int HANDLE_BYTES = 16 + HeldFile.REFERENCE_BYTES;

    /**
     * An IPC handle: where the view starts in the allocation's file, its device address (longs),
     * then where the owner holds the file ({@link HeldFile.Reference}), little-endian.
     */
    static byte[] handle(long fileOffset, long address, HeldFile.Reference file) {
        ByteBuffer h = ByteBuffer.allocate(HANDLE_BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(fileOffset)
                .putLong(address);
        return file.writeTo(h).array();
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

    /** Unmaps {@code file} (for the allocation's owner, also closes the descriptor peers open it through). */
    static Runnable unmapper(MappedFile file, Runnable also) {
        return () -> {
            file.release();
            also.run();
        };
    }
}
