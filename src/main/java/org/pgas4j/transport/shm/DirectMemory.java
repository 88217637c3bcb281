package org.pgas4j.transport.shm;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/** A peer's memory this process has mapped: reached by plain copies, complete at once. */
final class DirectMemory implements RemoteMemory {
    private final MemorySegment view;
    private final Runnable releaser;

    DirectMemory(MemorySegment view, Runnable releaser) {
        this.view = view;
        this.releaser = releaser;
    }

    @Override
    public long size() {
        return view.byteSize();
    }

    @Override
    public MemorySegment directView() {
        return view;
    }

    @Override
    public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        MemorySegment.copy(src, srcOffset, view, offset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        MemorySegment.copy(view, offset, dst, dstOffset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void release() {
        releaser.run();
    }
}
