package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.AtomicCompletion;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.TransportAtomic;

/**
 * A peer's registered memory reached over UCX: put and get are {@code ucp_put_nbx} and
 * {@code ucp_get_nbx} on the endpoint to the peer under the peer's unpacked remote key; there is
 * no direct view. A blocking instance (the control regions) completes every operation, remotely
 * too, inside the call; otherwise completion is signalled from the transport's progress. Atomics
 * are blocking {@code ucp_atomic_op_nbx} calls; and, or and xor go through compare-and-swap
 * ({@link UcxEngine#fetchBitwise}: UCX 1.13's shared-memory fetching forms are wrong).
 */
final class UcxRemoteMemory implements RemoteMemory {
    /**
     * Whether atomics go through UCX ({@code pgas4j.ucx.atomics}, default true). UCX's atomics over
     * tcp and shared memory are CPU atomics at the target, so they are atomic with respect to the
     * owner's own; with a network adapter's atomics that is not guaranteed, and false sends every
     * atomic to the owner instead.
     */
    static final boolean ATOMICS = Boolean.parseBoolean(System.getProperty("pgas4j.ucx.atomics", "true"));

    private final UcxEngine engine;
    private final int owner;
    private final UcpEndpoint endpoint;
    private final UcpRemoteKey key;
    private final long base;
    private final long size;
    private final boolean blocking;
    private final Runnable releaser;

    /**
     * @param engine the PE's UCX machinery
     * @param owner the owner's jobrank
     * @param endpoint the endpoint to the owner
     * @param key the owner's key, unpacked on {@code endpoint}
     * @param base the owner's virtual address of byte 0
     * @param size bytes reachable
     * @param blocking whether every operation completes inside its call
     * @param releaser run once by {@link #release()}
     */
    UcxRemoteMemory(UcxEngine engine, int owner, UcpEndpoint endpoint, UcpRemoteKey key, long base, long size,
            boolean blocking, Runnable releaser) {
        this.engine = engine;
        this.owner = owner;
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
                completion.failed(UcxFailures.forCore(e, engine.rank(), "PE " + owner));
                return;
            }
            completion.localComplete();
            completion.remoteComplete();
        } else {
            engine.put(endpoint, key, base + offset, src, srcOffset, length, completion);
        }
    }

    @Override
    public void putImplicit(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
        if (blocking) {
            put(offset, src, srcOffset, length, completion);
        } else {
            engine.putImplicit(endpoint, key, base + offset, src, srcOffset, length, completion);
        }
    }

    @Override
    public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
        if (blocking) {
            try {
                engine.getBlocking(endpoint, key, base + offset, dst, dstOffset, length);
            } catch (RuntimeException e) {
                completion.failed(UcxFailures.forCore(e, engine.rank(), "PE " + owner));
                return;
            }
            completion.localComplete();
            completion.remoteComplete();
        } else {
            engine.get(endpoint, key, base + offset, dst, dstOffset, length, completion);
        }
    }

    /** Aligned locations have atomics unless {@code pgas4j.ucx.atomics=false}. */
    @Override
    public boolean hasAtomicAt(long offset, int bytes) {
        return ATOMICS && (bytes == 4 || bytes == 8) && ((base + offset) & (bytes - 1)) == 0;
    }

    @Override
    public long atomic(long offset, int bytes, TransportAtomic op, long operand, long desired) {
        try {
            return switch (op) {
                case ADD -> engine.atomic(endpoint, key, base + offset, bytes, UcpAtomicOp.ADD, operand, 0);
                case SWAP -> engine.atomic(endpoint, key, base + offset, bytes, UcpAtomicOp.SWAP, operand, 0);
                case COMPARE_SWAP -> engine.atomic(endpoint, key, base + offset, bytes, UcpAtomicOp.CSWAP, operand,
                        desired);
                case AND -> engine.fetchBitwise(endpoint, key, base + offset, bytes, UcpAtomicOp.AND, operand);
                case OR -> engine.fetchBitwise(endpoint, key, base + offset, bytes, UcpAtomicOp.OR, operand);
                case XOR -> engine.fetchBitwise(endpoint, key, base + offset, bytes, UcpAtomicOp.XOR, operand);
            };
        } catch (RuntimeException e) {
            throw UcxFailures.forCore(e, engine.rank(), "PE " + owner);
        }
    }

    /**
     * Add, and, or and xor without a reply ({@link UcxEngine#atomicImplicit}): complete at the
     * transport's next {@link org.pgas4j.spi.Transport#flushImplicit()}. Swap and compare-and-swap
     * always fetch in UCX, so they are refused (the core then waits for them).
     */
    @Override
    public boolean atomicImplicit(long offset, int bytes, TransportAtomic op, long operand, Completion completion) {
        UcpAtomicOp u = switch (op) {
            case ADD -> UcpAtomicOp.ADD;
            case AND -> UcpAtomicOp.AND;
            case OR -> UcpAtomicOp.OR;
            case XOR -> UcpAtomicOp.XOR;
            case SWAP, COMPARE_SWAP -> null;
        };
        if (u == null || blocking) {
            return false;
        }
        engine.atomicImplicit(endpoint, key, base + offset, bytes, u, operand, completion, owner);
        return true;
    }

    /**
     * Add, swap and compare-and-swap with a reply ({@link UcxEngine#atomicNB}); fetching and, or
     * and xor are refused (UCX 1.13's shared-memory forms are wrong, see {@link UcxEngine#fetchBitwise}).
     */
    @Override
    public boolean atomicNB(long offset, int bytes, TransportAtomic op, long operand, long desired,
                            AtomicCompletion completion) {
        UcpAtomicOp u = switch (op) {
            case ADD -> UcpAtomicOp.ADD;
            case SWAP -> UcpAtomicOp.SWAP;
            case COMPARE_SWAP -> UcpAtomicOp.CSWAP;
            case AND, OR, XOR -> null;
        };
        if (u == null || blocking) {
            return false;
        }
        engine.atomicNB(endpoint, key, base + offset, bytes, u, operand, desired, completion, owner);
        return true;
    }

    @Override
    public void release() {
        releaser.run();
    }

    /** One endpoint flush: the owner's implicit puts and atomics complete, other peers' stay in flight. */
    @Override
    public boolean completeImplicitToOwner() {
        engine.flushEndpoint(endpoint);
        return true;
    }
}
