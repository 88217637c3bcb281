package org.pgas4j.transport.shm;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/**
 * A peer's client-allocated memory, which this process cannot map: reached by cross-memory
 * attach system calls, complete when the call returns.
 */
final class CmaMemory implements RemoteMemory {
    private final int pid;
    private final long address;
    private final long size;

    CmaMemory(int pid, long address, long size) {
        this.pid = pid;
        this.address = address;
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public MemorySegment directView() {
        return null;
    }

    @Override
    public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        run(true, offset, src, srcOffset, length, completion);
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        run(false, offset, dst, dstOffset, length, completion);
    }

    private void run(boolean write, long offset, MemorySegment local, long localOffset, long length,
                     Completion completion) {
        try {
            CrossMemoryAttach.copy(write, pid, address + offset, local, localOffset, length);
        } catch (RuntimeException e) {
            completion.failed(e);
            return;
        }
        completion.localComplete();
        completion.remoteComplete();
    }

    @Override
    public void release() {
        // Nothing mapped.
    }
}
