package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * A peer's memory that this process can load from and store to: the direct path. Put and get
 * are plain copies, complete inside the call. Transports use it for whatever they map (a shared
 * file, a segment of the same JVM); the core uses it for a PE's own segments.
 */
public final class MappedMemory implements RemoteMemory {
    private static final Runnable NOTHING = () -> { };

    private final MemorySegment view;
    private final Runnable releaser;

    /** Memory reached through {@code view}; {@code releaser} unmaps it (null: nothing to release). */
    public MappedMemory(MemorySegment view, Runnable releaser) {
        this.view = view;
        this.releaser = releaser == null ? NOTHING : releaser;
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
