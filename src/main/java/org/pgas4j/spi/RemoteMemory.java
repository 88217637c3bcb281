package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * A peer's memory as this process reaches it: what a transport makes of a peer's exported
 * descriptor. Offsets are relative to the start of the peer's memory and already bounds-checked
 * by the core: a transport may assume {@code 0 <= offset && offset + length <= size()}.
 */
public interface RemoteMemory {

    /** Its length in bytes. */
    long size();

    /**
     * A load/store view of the peer's memory when this process has it mapped (the fast path:
     * the core then copies and updates it directly), else null and every access goes through
     * {@link #put} and {@link #get}.
     */
    MemorySegment directView();

    /**
     * Copies {@code length} bytes from {@code src} at {@code srcOffset} to the peer at
     * {@code offset}, signalling {@code completion} as it progresses. {@code src} may be a heap
     * segment.
     */
    void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion);

    /** Copies {@code length} bytes from the peer at {@code offset} into {@code dst} at {@code dstOffset}. */
    void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion);

    /** Releases this process's mapping or handle; the peer's memory itself is untouched. */
    void release();
}
