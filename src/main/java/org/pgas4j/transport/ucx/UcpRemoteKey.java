package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;

/**
 * A peer's remote key unpacked on one endpoint ({@code ucp_rkey_h}): what put, get and atomics
 * need to reach the peer's registered region. Valid only with the endpoint that unpacked it;
 * destroy it before closing that endpoint.
 */
public final class UcpRemoteKey implements AutoCloseable {
    private final UcpEndpoint endpoint;
    private final MemorySegment handle;
    private boolean open = true;

    UcpRemoteKey(UcpEndpoint endpoint, MemorySegment handle) {
        this.endpoint = endpoint;
        this.handle = handle;
    }

    /**
     * The endpoint this key was unpacked on.
     *
     * @return the endpoint
     */
    public UcpEndpoint endpoint() {
        return endpoint;
    }

    /**
     * Whether the key can still be used.
     *
     * @return false once closed
     */
    public boolean isOpen() {
        return open;
    }

    /**
     * The {@code ucp_rkey_h}.
     *
     * @return the native handle
     */
    MemorySegment handle() {
        return handle;
    }

    /** Destroys the key ({@code ucp_rkey_destroy}). */
    @Override
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            Ucp.RKEY_DESTROY.invokeExact(handle);
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_rkey_destroy", t);
        }
    }
}
