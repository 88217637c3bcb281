package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/**
 * This PE's own control region as {@link org.pgas4j.transport.ucx.UcxTransport#peerControl} returns
 * it: plain copies, complete inside the call, but no direct view, exactly like every peer's control
 * region over UCX, so that every PE of a team chooses the same algorithms (the core picks its
 * kernel-sleeping barrier only when member 0's control region is mapped).
 */
final class UcxOwnControl implements RemoteMemory {
    private final MemorySegment control;

    /** Over {@code control}, this PE's control region. */
    UcxOwnControl(MemorySegment control) {
        this.control = control;
    }

    @Override
    public long size() {
        return control.byteSize();
    }

    @Override
    public MemorySegment directView() {
        return null;
    }

    @Override
    public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        MemorySegment.copy(src, srcOffset, control, offset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        MemorySegment.copy(control, offset, dst, dstOffset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void release() {
        // Nothing: the region belongs to the transport.
    }
}
