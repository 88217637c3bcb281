package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.kinds.DeviceMemory;
import org.pgas4j.internal.memory.Kind;
import org.pgas4j.internal.access.Access;

/**
 * Device memory the client owns, allocated by {@link MemoryKind#allocate}: a device address
 * range with the kind's copy functions. Pass its {@link #address()} (or an address inside it) to
 * {@link Client#createSegment(MemoryKind, long, long)} for a client-allocated segment.
 */
public final class DeviceBuffer {
    static {
        Access.register(new Access.DeviceBufferAccess() {
            @Override
            public DeviceBuffer create(Kind kind, DeviceMemory memory) {
                return new DeviceBuffer(kind, memory);
            }

            @Override
            public DeviceMemory memory(DeviceBuffer b) {
                return b.memory();
            }

            @Override
            public void markFreed(DeviceBuffer b) {
                b.markFreed();
            }
        });
    }

    private final Kind kind;
    private final DeviceMemory memory;
    private volatile boolean freed;

    DeviceBuffer(Kind kind, DeviceMemory memory) {
        this.kind = kind;
        this.memory = memory;
    }

    /** The buffer's kind. */
    public MemoryKind kind() {
        return kind;
    }

    /** The device address of its first byte. */
    public long address() {
        return memory.address();
    }

    /** Its length in bytes. */
    public long length() {
        return memory.size();
    }

    /**
     * Copies {@code length} bytes of host memory {@code src} from {@code srcOffset} to
     * {@code offset} in this buffer (host to device).
     *
     * @throws BadArgumentException for a range outside either side, or a freed buffer
     */
    public void copyFrom(long offset, MemorySegment src, long srcOffset, long length) {
        check("copyFrom", offset, length, src, srcOffset);
        memory.copyFromHost(offset, src, srcOffset, length);
    }

    /**
     * Copies {@code length} bytes from {@code offset} in this buffer into host memory {@code dst} at
     * {@code dstOffset} (device to host).
     *
     * @throws BadArgumentException for a range outside either side, or a freed buffer
     */
    public void copyTo(long offset, MemorySegment dst, long dstOffset, long length) {
        check("copyTo", offset, length, dst, dstOffset);
        memory.copyToHost(offset, dst, dstOffset, length);
    }

    /**
     * Frees the buffer ({@code cudaFree}). Segments created over it must have been destroyed.
     *
     * @throws BadArgumentException if a live segment still uses it
     * @throws IllegalStateException if already freed
     */
    public void free() {
        kind.free(this);
    }

    /** Whether {@link #free()} was called. */
    public boolean isFreed() {
        return freed;
    }

    DeviceMemory memory() {
        return memory;
    }

    void markFreed() {
        freed = true;
    }

    private void check(String op, long offset, long length, MemorySegment host, long hostOffset) {
        if (freed) {
            throw new IllegalStateException(op + ": " + this + " was freed");
        }
        if (offset < 0 || length < 0 || offset > memory.size() - length) {
            throw new BadArgumentException(op + ": offset " + offset + " and length " + length + " are outside "
                    + this + ", whose bounds are [0, " + memory.size() + ")");
        }
        if (host == null || hostOffset < 0 || hostOffset > host.byteSize() - length) {
            throw new BadArgumentException(op + ": host range at " + hostOffset + " of length " + length
                    + " is outside the host buffer" + (host == null ? " (null)" : " of " + host.byteSize() + " bytes"));
        }
    }

    @Override
    public String toString() {
        return "DeviceBuffer[" + kind + ", 0x" + Long.toHexString(address()) + ", " + length() + " bytes]";
    }
}
