package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/** This PE's own segment, reached as a target: always directly. */
public final class SelfMemory implements RemoteMemory {
    private final MemorySegment segment;

    /** @param segment this PE's view of its own segment */
    public SelfMemory(MemorySegment segment) {
        this.segment = segment;
    }

    @Override
    public long size() {
        return segment.byteSize();
    }

    @Override
    public MemorySegment directView() {
        return segment;
    }

    @Override
    public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        MemorySegment.copy(src, srcOffset, segment, offset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        MemorySegment.copy(segment, offset, dst, dstOffset, length);
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void release() {
        // The segment belongs to its Segment object, which frees it.
    }
}
