package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;

/**
 * A peer's registered memory reached over UCX: put and get are {@code ucp_put_nbx} and
 * {@code ucp_get_nbx} on the endpoint to the peer under the peer's unpacked remote key; there is
 * no direct view. A blocking instance (the control regions) completes every operation, remotely
 * too, inside the call; otherwise completion is signalled from the transport's progress.
 */
final class UcxRemoteMemory implements RemoteMemory {
    private final UcxEngine engine;
    private final UcpEndpoint endpoint;
    private final UcpRemoteKey key;
    private final long base;
    private final long size;
    private final boolean blocking;
    private final Runnable releaser;

    /**
     * @param engine the PE's UCX machinery
     * @param endpoint the endpoint to the owner
     * @param key the owner's key, unpacked on {@code endpoint}
     * @param base the owner's virtual address of byte 0
     * @param size bytes reachable
     * @param blocking whether every operation completes inside its call
     * @param releaser run once by {@link #release()}
     */
    UcxRemoteMemory(UcxEngine engine, UcpEndpoint endpoint, UcpRemoteKey key, long base, long size, boolean blocking,
            Runnable releaser) {
        this.engine = engine;
        this.endpoint = endpoint;
        this.key = key;
        this.base = base;
        this.size = size;
        this.blocking = blocking;
        this.releaser = releaser;
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
        if (blocking) {
            try {
                engine.putBlocking(endpoint, key, base + offset, src, srcOffset, length);
            } catch (RuntimeException e) {
                completion.failed(e);
                return;
            }
            completion.localComplete();
            completion.remoteComplete();
        } else {
            engine.put(endpoint, key, base + offset, src, srcOffset, length, completion);
        }
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        if (blocking) {
            try {
                engine.getBlocking(endpoint, key, base + offset, dst, dstOffset, length);
            } catch (RuntimeException e) {
                completion.failed(e);
                return;
            }
            completion.localComplete();
            completion.remoteComplete();
        } else {
            engine.get(endpoint, key, base + offset, dst, dstOffset, length, completion);
        }
    }

    @Override
    public void release() {
        releaser.run();
    }
}
