package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A connection from a worker to one peer worker ({@code ucp_ep_h}), and the one-sided
 * operations on it: put, get and atomics into the peer's registered memory.
 *
 * <p>Each operation comes in two completion styles. {@code *Nbx} methods return a request handle
 * (0 when the operation completed at once) to complete with {@link UcpWorker#await(long, String)}
 * or {@link UcpWorker#poll(long)}: explicit completion. {@code *Nbi} methods hand the request back
 * to UCX at once: implicit completion, made visible by {@link #flush()} or
 * {@link UcpWorker#flush()}. A completed put is locally complete (the source may be reused); only
 * a flush guarantees the data has reached the target. A completed get or fetching atomic has its
 * result in place. The request parameters are allocated once per endpoint, so these methods
 * allocate nothing; like its worker, an endpoint is used by one thread at a time.
 */
public final class UcpEndpoint implements AutoCloseable {
    private final UcpWorker worker;
    private final MemorySegment handle;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment rmaParams = arena.allocate(UcpRequestParam.LAYOUT);
    private final MemorySegment atomicParams = arena.allocate(UcpRequestParam.LAYOUT);
    private final MemorySegment amParams = arena.allocate(UcpRequestParam.LAYOUT);
    /** Operand at 0, reply at 8, for the blocking atomics. */
    private final MemorySegment scratch = arena.allocate(16, 8);
    private boolean open = true;
    /** The owner's number for the peer ({@link #peer(int)}); -1 until set. */
    private int peer = -1;

    private UcpEndpoint(UcpWorker worker, MemorySegment handle) {
        this.worker = worker;
        this.handle = handle;
    }

    static UcpEndpoint create(UcpWorker worker, byte[] peerAddress, boolean peerErrorHandling) {
        return create(worker, peerAddress, peerErrorHandling, MemorySegment.NULL, 0);
    }

    static UcpEndpoint create(UcpWorker worker, byte[] peerAddress, boolean peerErrorHandling, MemorySegment errorCallback,
            long errorArg) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UcpEpParams.LAYOUT);
            boolean handler = !errorCallback.equals(MemorySegment.NULL);
            params.set(JAVA_LONG, UcpEpParams.FIELD_MASK, UcpEpParams.FIELD_REMOTE_ADDRESS
                    | UcpEpParams.FIELD_ERR_HANDLING_MODE | (handler ? UcpEpParams.FIELD_ERR_HANDLER : 0));
            if (handler) {
                params.set(ADDRESS, UcpEpParams.ERR_HANDLER_CB, errorCallback);
                params.set(JAVA_LONG, UcpEpParams.ERR_HANDLER_ARG, errorArg);
            }
            params.set(ADDRESS, UcpEpParams.ADDRESS_FIELD, arena.allocateFrom(JAVA_BYTE, peerAddress));
            params.set(JAVA_INT, UcpEpParams.ERR_MODE, peerErrorHandling ? UcpEpParams.ERR_HANDLING_MODE_PEER
                    : UcpEpParams.ERR_HANDLING_MODE_NONE);
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.EP_CREATE.invokeExact(worker.handle(), params, out);
            UcsStatus.check("ucp_ep_create", status);
            return new UcpEndpoint(worker, out.get(ADDRESS, 0));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_ep_create", t);
        }
    }

    /**
     * Unpacks a peer's remote key for use on this endpoint ({@code ucp_ep_rkey_unpack}).
     *
     * @param packedKey what the peer's {@link UcpMemory#packedKey()} returned
     * @return the key; close it before this endpoint
     */
    public UcpRemoteKey unpack(byte[] packedKey) {
        checkOpen();
        Objects.requireNonNull(packedKey, "packedKey");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            byte status = (byte) Ucp.EP_RKEY_UNPACK.invokeExact(handle, arena.allocateFrom(JAVA_BYTE, packedKey), out);
            UcsStatus.check("ucp_ep_rkey_unpack", status);
            return new UcpRemoteKey(this, out.get(ADDRESS, 0));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_ep_rkey_unpack", t);
        }
    }

    /**
     * Starts a put of {@code length} bytes of {@code src} to the peer ({@code ucp_put_nbx}).
     *
     * @param src native memory to read; must not change until the request completes
     * @param srcOffset where in {@code src} to start
     * @param length bytes
     * @param remoteAddress the peer's virtual address of the first target byte
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     * @return the request, 0 when already locally complete
     */
    public long putNbx(MemorySegment src, long srcOffset, long length, long remoteAddress, UcpRemoteKey rkey) {
        long local = localAddress(src, srcOffset, length);
        MemorySegment key = key(rkey);
        try {
            return UcsStatus.request("ucp_put_nbx",
                    (long) Ucp.PUT_NBX.invokeExact(handle, local, length, remoteAddress, key, rmaParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_put_nbx", t);
        }
    }

    /**
     * A put with implicit completion: complete once a later flush completes.
     *
     * @param src native memory to read; must not change until the flush completes
     * @param srcOffset where in {@code src} to start
     * @param length bytes
     * @param remoteAddress the peer's virtual address of the first target byte
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     */
    public void putNbi(MemorySegment src, long srcOffset, long length, long remoteAddress, UcpRemoteKey rkey) {
        release(putNbx(src, srcOffset, length, remoteAddress, rkey));
    }

    /**
     * Starts a get of {@code length} bytes from the peer into {@code dst} ({@code ucp_get_nbx}).
     *
     * @param dst native memory to fill
     * @param dstOffset where in {@code dst} to start
     * @param length bytes
     * @param remoteAddress the peer's virtual address of the first source byte
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     * @return the request, 0 when the data is already in place
     */
    public long getNbx(MemorySegment dst, long dstOffset, long length, long remoteAddress, UcpRemoteKey rkey) {
        long local = localAddress(dst, dstOffset, length);
        MemorySegment key = key(rkey);
        try {
            return UcsStatus.request("ucp_get_nbx",
                    (long) Ucp.GET_NBX.invokeExact(handle, local, length, remoteAddress, key, rmaParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_get_nbx", t);
        }
    }

    /**
     * A get with implicit completion: the data is in place once a later flush completes.
     *
     * @param dst native memory to fill
     * @param dstOffset where in {@code dst} to start
     * @param length bytes
     * @param remoteAddress the peer's virtual address of the first source byte
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     */
    public void getNbi(MemorySegment dst, long dstOffset, long length, long remoteAddress, UcpRemoteKey rkey) {
        release(getNbx(dst, dstOffset, length, remoteAddress, rkey));
    }

    /**
     * Starts an atomic operation on a 4- or 8-byte remote value ({@code ucp_atomic_op_nbx}).
     *
     * @param op the operation; {@link UcpAtomicOp#SWAP} and {@link UcpAtomicOp#CSWAP} need a reply
     * @param size 4 or 8
     * @param operand native memory holding X (for CSWAP: the value to compare with)
     * @param operandOffset where X is in {@code operand}
     * @param reply native memory that receives the old remote value (for CSWAP it holds the new
     *     value on entry), or null for a non-fetching operation
     * @param replyOffset where in {@code reply}
     * @param remoteAddress the peer's virtual address of the value, aligned to {@code size}
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     * @return the request, 0 when already complete
     */
    public long atomicNbx(UcpAtomicOp op, int size, MemorySegment operand, long operandOffset, MemorySegment reply,
            long replyOffset, long remoteAddress, UcpRemoteKey rkey) {
        if (size != 4 && size != 8) {
            throw new IllegalArgumentException("atomic operand size must be 4 or 8: " + size);
        }
        long x = localAddress(operand, operandOffset, size);
        int mask = UcpRequestParam.FIELD_DATATYPE;
        if (reply != null) {
            atomicParams.set(JAVA_LONG, UcpRequestParam.REPLY_BUFFER, localAddress(reply, replyOffset, size));
            mask |= UcpRequestParam.FIELD_REPLY_BUFFER;
        } else if (op == UcpAtomicOp.SWAP || op == UcpAtomicOp.CSWAP) {
            throw new IllegalArgumentException(op + " needs a reply buffer");
        }
        atomicParams.set(JAVA_INT, UcpRequestParam.OP_ATTR_MASK, mask);
        atomicParams.set(JAVA_LONG, UcpRequestParam.DATATYPE, UcpRequestParam.contiguous(size));
        MemorySegment key = key(rkey);
        try {
            return UcsStatus.request("ucp_atomic_op_nbx", (long) Ucp.ATOMIC_OP_NBX.invokeExact(handle, op.code(), x, 1L,
                    remoteAddress, key, atomicParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_atomic_op_nbx", t);
        }
    }

    /**
     * An atomic operation with implicit completion: done (reply filled) once a later flush
     * completes. Arguments as for {@link #atomicNbx}.
     *
     * @param op the operation
     * @param size 4 or 8
     * @param operand native memory holding X; must not change until the flush completes
     * @param operandOffset where X is in {@code operand}
     * @param reply native memory for the old value, or null
     * @param replyOffset where in {@code reply}
     * @param remoteAddress the peer's virtual address of the value
     * @param rkey the peer's key for that memory, unpacked on this endpoint
     */
    public void atomicNbi(UcpAtomicOp op, int size, MemorySegment operand, long operandOffset, MemorySegment reply,
            long replyOffset, long remoteAddress, UcpRemoteKey rkey) {
        release(atomicNbx(op, size, operand, operandOffset, reply, replyOffset, remoteAddress, rkey));
    }

    /**
     * Atomically adds to a remote 64-bit value and waits for the old value.
     *
     * @param remoteAddress the peer's address of the value, 8-byte aligned
     * @param rkey the peer's key, unpacked on this endpoint
     * @param value what to add
     * @return the value before the addition
     */
    public long fetchAdd64(long remoteAddress, UcpRemoteKey rkey, long value) {
        scratch.set(JAVA_LONG, 0, value);
        worker.await(atomicNbx(UcpAtomicOp.ADD, 8, scratch, 0, scratch, 8, remoteAddress, rkey), "ucp_atomic_op_nbx");
        return scratch.get(JAVA_LONG, 8);
    }

    /**
     * Atomically adds to a remote 32-bit value and waits for the old value.
     *
     * @param remoteAddress the peer's address of the value, 4-byte aligned
     * @param rkey the peer's key, unpacked on this endpoint
     * @param value what to add
     * @return the value before the addition
     */
    public int fetchAdd32(long remoteAddress, UcpRemoteKey rkey, int value) {
        scratch.set(JAVA_INT, 0, value);
        worker.await(atomicNbx(UcpAtomicOp.ADD, 4, scratch, 0, scratch, 8, remoteAddress, rkey), "ucp_atomic_op_nbx");
        return scratch.get(JAVA_INT, 8);
    }

    /**
     * Atomically replaces a remote 64-bit value if it equals {@code expected}, and waits.
     *
     * @param remoteAddress the peer's address of the value, 8-byte aligned
     * @param rkey the peer's key, unpacked on this endpoint
     * @param expected the value to compare with
     * @param desired the value to store on a match
     * @return the value before the operation (equal to {@code expected} when it stored)
     */
    public long compareSwap64(long remoteAddress, UcpRemoteKey rkey, long expected, long desired) {
        scratch.set(JAVA_LONG, 0, expected);
        scratch.set(JAVA_LONG, 8, desired);
        worker.await(atomicNbx(UcpAtomicOp.CSWAP, 8, scratch, 0, scratch, 8, remoteAddress, rkey), "ucp_atomic_op_nbx");
        return scratch.get(JAVA_LONG, 8);
    }

    /**
     * Atomically replaces a remote 32-bit value if it equals {@code expected}, and waits.
     *
     * @param remoteAddress the peer's address of the value, 4-byte aligned
     * @param rkey the peer's key, unpacked on this endpoint
     * @param expected the value to compare with
     * @param desired the value to store on a match
     * @return the value before the operation (equal to {@code expected} when it stored)
     */
    public int compareSwap32(long remoteAddress, UcpRemoteKey rkey, int expected, int desired) {
        scratch.set(JAVA_INT, 0, expected);
        scratch.set(JAVA_INT, 8, desired);
        worker.await(atomicNbx(UcpAtomicOp.CSWAP, 4, scratch, 0, scratch, 8, remoteAddress, rkey), "ucp_atomic_op_nbx");
        return scratch.get(JAVA_INT, 8);
    }

    /** Records the owner's number for the peer this endpoint reaches (a jobrank). */
    void peer(int number) {
        peer = number;
    }

    /** The owner's number for the peer ({@link #peer(int)}), or -1. */
    int peer() {
        return peer;
    }

    /**
     * Starts sending an active message with no user header ({@code ucp_am_send_nbx}).
     *
     * @param id the message id, as installed by the receiver's {@link UcpWorker#setAmHandler}
     * @param data native memory holding the message
     * @param offset where the message starts in {@code data}
     * @param length bytes
     * @param sendFlags {@code UcpAmParams.SEND_FLAG_*} bits, for example {@code SEND_FLAG_EAGER}
     * @return the request, 0 when the data may already be reused
     */
    public long amSendNbx(int id, MemorySegment data, long offset, long length, int sendFlags) {
        checkOpen();
        long local = localAddress(data, offset, length);
        amParams.set(JAVA_INT, UcpRequestParam.OP_ATTR_MASK, UcpRequestParam.FIELD_FLAGS);
        amParams.set(JAVA_INT, UcpRequestParam.FLAGS, sendFlags);
        try {
            return UcsStatus.request("ucp_am_send_nbx",
                    (long) Ucp.AM_SEND_NBX.invokeExact(handle, id, 0L, 0L, local, length, amParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_am_send_nbx", t);
        }
    }

    /**
     * Starts a flush of this endpoint ({@code ucp_ep_flush_nbx}): when it completes, every
     * operation started on it before is complete at the target.
     *
     * @return the request, 0 when already complete
     */
    public long flushNbx() {
        checkOpen();
        try {
            return UcsStatus.request("ucp_ep_flush_nbx", (long) Ucp.EP_FLUSH_NBX.invokeExact(handle, rmaParams));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_ep_flush_nbx", t);
        }
    }

    /** Flushes this endpoint and waits ({@link #flushNbx()} then {@link UcpWorker#await}). */
    public void flush() {
        worker.await(flushNbx(), "ucp_ep_flush_nbx");
    }

    /**
     * The worker this endpoint belongs to.
     *
     * @return the worker
     */
    public UcpWorker worker() {
        return worker;
    }

    /**
     * The {@code ucp_ep_h}.
     *
     * @return the native handle
     */
    MemorySegment handle() {
        return handle;
    }

    /**
     * Starts closing the endpoint ({@code ucp_ep_close_nbx}); the endpoint is unusable from now on.
     *
     * @param force true to drop outstanding operations without telling the peer
     *     ({@code UCP_EP_CLOSE_FLAG_FORCE}), false to flush them first
     * @return the request, 0 when already closed
     */
    public long closeNbx(boolean force) {
        checkOpen();
        open = false;
        try {
            MemorySegment params = arena.allocate(UcpRequestParam.LAYOUT);
            params.set(JAVA_INT, UcpRequestParam.OP_ATTR_MASK, UcpRequestParam.FIELD_FLAGS);
            params.set(JAVA_INT, UcpRequestParam.FLAGS, force ? UcpRequestParam.EP_CLOSE_FLAG_FORCE : 0);
            return UcsStatus.request("ucp_ep_close_nbx", (long) Ucp.EP_CLOSE_NBX.invokeExact(handle, params));
        } catch (Throwable t) {
            throw UcpLibrary.failure("ucp_ep_close_nbx", t);
        }
    }

    /**
     * Closes the endpoint after flushing it, progressing the worker until done. A peer that has
     * already gone (connection reset, endpoint timeout) counts as closed.
     */
    @Override
    public void close() {
        if (!open) {
            return;
        }
        try {
            worker.await(closeNbx(false), "ucp_ep_close_nbx");
        } catch (UcxException e) {
            if (e.status() != UcsStatus.ERR_CONNECTION_RESET && e.status() != UcsStatus.ERR_ENDPOINT_TIMEOUT) {
                throw e;
            }
        } finally {
            arena.close();
        }
    }

    /**
     * Releases the arena of an endpoint closed with {@link #closeNbx(boolean)} once its request
     * has completed. {@link #close()} does this itself.
     */
    public void releaseAfterClose() {
        if (open) {
            throw new IllegalStateException("the endpoint is not closed");
        }
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    private MemorySegment key(UcpRemoteKey rkey) {
        checkOpen();
        if (!rkey.isOpen()) {
            throw new IllegalStateException("the remote key is destroyed");
        }
        if (rkey.endpoint() != this) {
            throw new IllegalArgumentException("the remote key was unpacked on another endpoint");
        }
        return rkey.handle();
    }

    private void checkOpen() {
        if (!open) {
            throw new IllegalStateException("the UCP endpoint is closed");
        }
    }

    private static long localAddress(MemorySegment segment, long offset, long length) {
        if (!segment.isNative()) {
            throw new IllegalArgumentException("UCX needs native memory, not a heap segment");
        }
        Objects.checkFromIndexSize(offset, length, segment.byteSize());
        return segment.address() + offset;
    }

    private static void release(long request) {
        if (request != 0) {
            try {
                Ucp.REQUEST_FREE.invokeExact(request);
            } catch (Throwable t) {
                throw UcpLibrary.failure("ucp_request_free", t);
            }
        }
    }
}
