package org.pgas4j.shmem;

import java.lang.invoke.VarHandle;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.DataType;
import org.pgas4j.Event;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A communication context ({@code shmem_ctx_t}): an independent stream of RMA, atomic and
 * put-with-signal operations whose completion {@link #quiet()} and ordering {@link #fence()}
 * concern this context only. PE numbers are numbers in the context's team. Typed calls take the
 * Java array of the destination's carrier (see {@link ShmemType}); a mismatch is refused.
 *
 * <p>Every call checks, before anything is sent: the context and objects are live, the PE is in
 * the team and a member of the object's space, the space has the needed capability, and the
 * element range lies inside the object. Operations on {@code shm} and {@code local} complete
 * inside the call for host memory, so non-blocking forms cost the same as blocking ones; on
 * transports where they do not, their events are kept until the next {@link #quiet()}.
 */
public final class ShmemContext {
    /** {@code SHMEM_CTX_SERIALIZED}: the context is not used by several threads at once. */
    public static final int SERIALIZED = 1;
    /** {@code SHMEM_CTX_PRIVATE}: only the creating thread uses the context. */
    public static final int PRIVATE = 2;
    /** {@code SHMEM_CTX_NOSTORE}: quiet and fence need not complete stores issued on the context. */
    public static final int NOSTORE = 4;

    private final Shmem shmem;
    private final ShmemTeam team;
    private final int options;
    private final boolean isDefault;
    private final Rma rma;
    private final Atomics atomics;
    private Event[] pending = new Event[16];
    private int pendingCount;
    private boolean destroyed;

    ShmemContext(Shmem shmem, ShmemTeam team, int options, boolean isDefault) {
        if ((options & ~(SERIALIZED | PRIVATE | NOSTORE)) != 0) {
            throw new BadArgumentException("ctxCreate: options 0x" + Integer.toHexString(options) + " on PE "
                    + shmem.myPe() + " include undefined bits (SERIALIZED=1, PRIVATE=2, NOSTORE=4)");
        }
        this.shmem = shmem;
        this.team = team;
        this.options = options;
        this.isDefault = isDefault;
        this.rma = shmem.client().rma();
        this.atomics = shmem.client().atomics();
    }

    /** The team this context's PE numbers refer to ({@code shmem_ctx_get_team}). */
    public ShmemTeam team() {
        return team;
    }

    /** The options it was created with. */
    public int options() {
        return options;
    }

    /**
     * {@code shmem_ctx_destroy}: completes the context's operations and frees it. The default
     * context cannot be destroyed.
     */
    public void destroy() {
        if (isDefault) {
            throw new IllegalStateException("destroy: SHMEM_CTX_DEFAULT cannot be destroyed");
        }
        check("destroy");
        quiet();
        destroyed = true;
        retire();
        shmem.forget(this);
    }

    /** Ends the hot paths' use of this context (its team destroyed, OpenSHMEM finalized): they go to the checks. */
    void retire() {
        live = false;
        rmaSpace = null;
        rmaPeers = NO_PEERS;
        amoSpace = null;
        amoPeers = NO_PEERS;
        spacePeers.clear();
    }

    /** Drops the handles of a destroyed space (its objects are all freed, so the hot path no longer reaches them). */
    void forget(MemorySpace space) {
        spacePeers.remove(space);
        if (rmaSpace == space) {
            rmaSpace = null;
            rmaPeers = NO_PEERS;
        }
        if (amoSpace == space) {
            amoSpace = null;
            amoPeers = NO_PEERS;
        }
    }

    /** Whether {@link #destroy()} has run. */
    public boolean isDestroyed() {
        return destroyed;
    }

    // ---------------------------------------------------------------- ordering and completion

    /** {@code shmem_ctx_quiet}: every operation issued on this context is complete and visible at its target. */
    public void quiet() {
        if (!live) {
            check("quiet"); // throws: the context, its team or OpenSHMEM is gone
        }
        waitPending();
        rma.waitNbi(); // puts are implicit-completion operations of the core (its fence included)
    }

    /** Completes the operations this context holds events for (its gets and fetching atomics). */
    void waitPending() {
        for (int i = 0; i < pendingCount; i++) {
            pending[i].waitFor();
            pending[i] = null;
        }
        pendingCount = 0;
    }

    /**
     * {@code shmem_ctx_fence}: operations to each PE issued before are delivered before those
     * issued after. Implemented as {@link #quiet()}, which is stronger.
     */
    public void fence() {
        quiet();
    }

    /** Quiets this context unless it or its team is gone (finalize, team destroy). */
    void quietIfLive() {
        if (!destroyed && team.isValid()) {
            quiet();
        }
    }

    // ---------------------------------------------------------------- contiguous put and get

    /** {@code shmem_ctx_TYPENAME_put} for 8-bit types: {@code count} elements of {@code src} from {@code srcIndex} into {@code dest} from {@code destIndex} on PE {@code pe}. */
    public void put(SymmetricArray dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.BYTE);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put} for 16-bit types. */
    public void put(SymmetricArray dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.SHORT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put} for 16-bit unsigned types from Java {@code char}s. */
    public void put(SymmetricArray dest, long destIndex, char[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.SHORT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put} for 32-bit integer types. */
    public void put(SymmetricArray dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.INT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put} for 64-bit integer types. */
    public void put(SymmetricArray dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.LONG);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_float_put}. */
    public void put(SymmetricArray dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.FLOAT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_double_put}. */
    public void put(SymmetricArray dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        long off = putRange("put", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.DOUBLE);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put_nbi} for 8-bit types: complete at the next {@link #quiet()}; {@code src} must not change until then. */
    public void putNbi(SymmetricArray dest, long destIndex, byte[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.BYTE);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put_nbi} for 16-bit types. */
    public void putNbi(SymmetricArray dest, long destIndex, short[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.SHORT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put_nbi} for 32-bit integer types. */
    public void putNbi(SymmetricArray dest, long destIndex, int[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.INT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_put_nbi} for 64-bit integer types. */
    public void putNbi(SymmetricArray dest, long destIndex, long[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.LONG);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_float_put_nbi}. */
    public void putNbi(SymmetricArray dest, long destIndex, float[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.FLOAT);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_double_put_nbi}. */
    public void putNbi(SymmetricArray dest, long destIndex, double[] src, int srcIndex, int count, int pe) {
        long off = putRange("putNbi", dest, destIndex, src == null ? -1 : src.length, srcIndex, count, pe,
                DataType.DOUBLE);
        if (count > 0) {
            rma.putNBI(rmaPeers[pe], off, src, srcIndex, count);
        }
    }

    /** {@code shmem_ctx_TYPENAME_get} for 8-bit types: {@code count} elements of {@code source} on PE {@code pe} from {@code srcIndex} into {@code dst}. */
    public void get(byte[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.BYTE, GET);
    }

    /** {@code shmem_ctx_TYPENAME_get} for 16-bit types. */
    public void get(short[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.SHORT, GET);
    }

    /** {@code shmem_ctx_TYPENAME_get} for 16-bit unsigned types into Java {@code char}s. */
    public void get(char[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.SHORT, GET);
    }

    /** {@code shmem_ctx_TYPENAME_get} for 32-bit integer types. */
    public void get(int[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.INT, GET);
    }

    /** {@code shmem_ctx_TYPENAME_get} for 64-bit integer types. */
    public void get(long[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.LONG, GET);
    }

    /** {@code shmem_ctx_float_get}. */
    public void get(float[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.FLOAT, GET);
    }

    /** {@code shmem_ctx_double_get}. */
    public void get(double[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("get", source, srcIndex, dst, dstIndex, count, pe, DataType.DOUBLE, GET);
    }

    /** {@code shmem_ctx_TYPENAME_get_nbi} for 8-bit types: {@code dst} holds the data after the next {@link #quiet()}. */
    public void getNbi(byte[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("getNbi", source, srcIndex, dst, dstIndex, count, pe, DataType.BYTE, GET_NBI);
    }

    /** {@code shmem_ctx_TYPENAME_get_nbi} for 32-bit integer types. */
    public void getNbi(int[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("getNbi", source, srcIndex, dst, dstIndex, count, pe, DataType.INT, GET_NBI);
    }

    /** {@code shmem_ctx_TYPENAME_get_nbi} for 64-bit integer types. */
    public void getNbi(long[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("getNbi", source, srcIndex, dst, dstIndex, count, pe, DataType.LONG, GET_NBI);
    }

    /** {@code shmem_ctx_double_get_nbi}. */
    public void getNbi(double[] dst, int dstIndex, SymmetricArray source, long srcIndex, int count, int pe) {
        transfer("getNbi", source, srcIndex, dst, dstIndex, count, pe, DataType.DOUBLE, GET_NBI);
    }

    // ---------------------------------------------------------------- single elements

    /** {@code shmem_ctx_TYPENAME_p} for 8-bit types. */
    public void pByte(SymmetricArray dest, long index, byte value, int pe) {
        long off = element("p", dest, index, pe, DataType.BYTE, MemorySpace.CAP_RMA);
        rma.putByte(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_TYPENAME_p} for 16-bit types. */
    public void pShort(SymmetricArray dest, long index, short value, int pe) {
        long off = element("p", dest, index, pe, DataType.SHORT, MemorySpace.CAP_RMA);
        rma.putShort(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_TYPENAME_p} for 32-bit integer types. */
    public void pInt(SymmetricArray dest, long index, int value, int pe) {
        long off = element("p", dest, index, pe, DataType.INT, MemorySpace.CAP_RMA);
        rma.putInt(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_TYPENAME_p} for 64-bit integer types. */
    public void pLong(SymmetricArray dest, long index, long value, int pe) {
        long off = element("p", dest, index, pe, DataType.LONG, MemorySpace.CAP_RMA);
        rma.putLong(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_float_p}. */
    public void pFloat(SymmetricArray dest, long index, float value, int pe) {
        long off = element("p", dest, index, pe, DataType.FLOAT, MemorySpace.CAP_RMA);
        rma.putFloat(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_double_p}. */
    public void pDouble(SymmetricArray dest, long index, double value, int pe) {
        long off = element("p", dest, index, pe, DataType.DOUBLE, MemorySpace.CAP_RMA);
        rma.putDouble(rmaPeers[pe], off, value);
    }

    /** {@code shmem_ctx_TYPENAME_g} for 8-bit types. */
    public byte gByte(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.BYTE, MemorySpace.CAP_RMA);
        return rma.getByte(rmaPeers[pe], off);
    }

    /** {@code shmem_ctx_TYPENAME_g} for 16-bit types. */
    public short gShort(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.SHORT, MemorySpace.CAP_RMA);
        return rma.getShort(rmaPeers[pe], off);
    }

    /** {@code shmem_ctx_TYPENAME_g} for 32-bit integer types. */
    public int gInt(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.INT, MemorySpace.CAP_RMA);
        return rma.getInt(rmaPeers[pe], off);
    }

    /** {@code shmem_ctx_TYPENAME_g} for 64-bit integer types. */
    public long gLong(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.LONG, MemorySpace.CAP_RMA);
        return rma.getLong(rmaPeers[pe], off);
    }

    /** {@code shmem_ctx_float_g}. */
    public float gFloat(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.FLOAT, MemorySpace.CAP_RMA);
        return rma.getFloat(rmaPeers[pe], off);
    }

    /** {@code shmem_ctx_double_g}. */
    public double gDouble(SymmetricArray source, long index, int pe) {
        long off = element("g", source, index, pe, DataType.DOUBLE, MemorySpace.CAP_RMA);
        return rma.getDouble(rmaPeers[pe], off);
    }

    // ---------------------------------------------------------------- strided

    /**
     * {@code shmem_ctx_TYPENAME_iput} for 32-bit integer types: {@code nelems} elements,
     * {@code src[srcIndex + i * sst]} to {@code dest[destIndex + i * dst]} on PE {@code pe}.
     * Strides must be positive.
     */
    public void iput(SymmetricArray dest, long destIndex, long dst, int[] src, int srcIndex, int sst, int nelems,
                     int pe) {
        long first = strided("iput", dest, destIndex, dst, src == null ? -1 : src.length, srcIndex, sst, nelems, pe,
                DataType.INT);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            rma.putInt(p, first + i * dst * Integer.BYTES, src[srcIndex + i * sst]);
        }
    }

    /** {@code shmem_ctx_TYPENAME_iput} for 64-bit integer types. */
    public void iput(SymmetricArray dest, long destIndex, long dst, long[] src, int srcIndex, int sst, int nelems,
                     int pe) {
        long first = strided("iput", dest, destIndex, dst, src == null ? -1 : src.length, srcIndex, sst, nelems, pe,
                DataType.LONG);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            rma.putLong(p, first + i * dst * Long.BYTES, src[srcIndex + i * sst]);
        }
    }

    /** {@code shmem_ctx_double_iput}. */
    public void iput(SymmetricArray dest, long destIndex, long dst, double[] src, int srcIndex, int sst, int nelems,
                     int pe) {
        long first = strided("iput", dest, destIndex, dst, src == null ? -1 : src.length, srcIndex, sst, nelems, pe,
                DataType.DOUBLE);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            rma.putDouble(p, first + i * dst * Double.BYTES, src[srcIndex + i * sst]);
        }
    }

    /**
     * {@code shmem_ctx_TYPENAME_iget} for 32-bit integer types: {@code nelems} elements,
     * {@code source[srcIndex + i * sst]} on PE {@code pe} to {@code dst[dstIndex + i * dstStride]}.
     */
    public void iget(int[] dst, int dstIndex, int dstStride, SymmetricArray source, long srcIndex, long sst,
                     int nelems, int pe) {
        long first = strided("iget", source, srcIndex, sst, dst == null ? -1 : dst.length, dstIndex, dstStride, nelems,
                pe, DataType.INT);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            dst[dstIndex + i * dstStride] = rma.getInt(p, first + i * sst * Integer.BYTES);
        }
    }

    /** {@code shmem_ctx_TYPENAME_iget} for 64-bit integer types. */
    public void iget(long[] dst, int dstIndex, int dstStride, SymmetricArray source, long srcIndex, long sst,
                     int nelems, int pe) {
        long first = strided("iget", source, srcIndex, sst, dst == null ? -1 : dst.length, dstIndex, dstStride, nelems,
                pe, DataType.LONG);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            dst[dstIndex + i * dstStride] = rma.getLong(p, first + i * sst * Long.BYTES);
        }
    }

    /** {@code shmem_ctx_double_iget}. */
    public void iget(double[] dst, int dstIndex, int dstStride, SymmetricArray source, long srcIndex, long sst,
                     int nelems, int pe) {
        long first = strided("iget", source, srcIndex, sst, dst == null ? -1 : dst.length, dstIndex, dstStride, nelems,
                pe, DataType.DOUBLE);
        Peer p = rmaPeers[pe];
        for (int i = 0; i < nelems; i++) {
            dst[dstIndex + i * dstStride] = rma.getDouble(p, first + i * sst * Double.BYTES);
        }
    }

    // ---------------------------------------------------------------- put with signal

    /**
     * {@code shmem_ctx_TYPENAME_put_signal} for 8-bit types: the data, then (once it is visible at
     * PE {@code pe}) the signal word {@code sig[sigIndex]} is set to or increased by {@code signal}.
     * The signal object must be of an 8-byte unsigned type ({@code uint64}).
     */
    public void putSignal(SymmetricArray dest, long destIndex, byte[] src, int srcIndex, int count,
                          SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignal", dest, destIndex, src, srcIndex, count, DataType.BYTE, sig, sigIndex, signal, op, pe);
    }

    /** {@code shmem_ctx_TYPENAME_put_signal} for 32-bit integer types. */
    public void putSignal(SymmetricArray dest, long destIndex, int[] src, int srcIndex, int count,
                          SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignal", dest, destIndex, src, srcIndex, count, DataType.INT, sig, sigIndex, signal, op, pe);
    }

    /** {@code shmem_ctx_TYPENAME_put_signal} for 64-bit integer types. */
    public void putSignal(SymmetricArray dest, long destIndex, long[] src, int srcIndex, int count,
                          SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignal", dest, destIndex, src, srcIndex, count, DataType.LONG, sig, sigIndex, signal, op, pe);
    }

    /** {@code shmem_ctx_double_put_signal}. */
    public void putSignal(SymmetricArray dest, long destIndex, double[] src, int srcIndex, int count,
                          SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignal", dest, destIndex, src, srcIndex, count, DataType.DOUBLE, sig, sigIndex, signal, op, pe);
    }

    /**
     * {@code shmem_ctx_TYPENAME_put_signal_nbi} for 32-bit integer types: as {@link #putSignal}, complete
     * at the next {@link #quiet()} ({@code src} must not change until then).
     */
    public void putSignalNbi(SymmetricArray dest, long destIndex, int[] src, int srcIndex, int count,
                             SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignalNbi", dest, destIndex, src, srcIndex, count, DataType.INT, sig, sigIndex, signal, op, pe);
    }

    /** {@code shmem_ctx_TYPENAME_put_signal_nbi} for 64-bit integer types. */
    public void putSignalNbi(SymmetricArray dest, long destIndex, long[] src, int srcIndex, int count,
                             SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignalNbi", dest, destIndex, src, srcIndex, count, DataType.LONG, sig, sigIndex, signal, op, pe);
    }

    /** {@code shmem_ctx_double_put_signal_nbi}. */
    public void putSignalNbi(SymmetricArray dest, long destIndex, double[] src, int srcIndex, int count,
                             SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        signalled("putSignalNbi", dest, destIndex, src, srcIndex, count, DataType.DOUBLE, sig, sigIndex, signal, op,
                pe);
    }

    // ---------------------------------------------------------------- atomics (standard AMO types)

    /**
     * {@code shmem_ctx_TYPENAME_atomic_fetch}: the value of {@code dest[index]} on PE {@code pe},
     * read atomically. Integer values travel as {@code long}: signed types sign-extended, unsigned
     * ones zero-extended; of a 32-bit type's operand only the low 32 bits count.
     */
    public long atomicFetch(SymmetricArray dest, long index, int pe) {
        return amo("atomicFetch", dest, index, pe, AtomicOp.GET, 0, 0, EXTENDED);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_set}. */
    public void atomicSet(SymmetricArray dest, long index, long value, int pe) {
        amo("atomicSet", dest, index, pe, AtomicOp.SET, value, 0, EXTENDED);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_swap}: stores {@code value}, returns the old value. */
    public long atomicSwap(SymmetricArray dest, long index, long value, int pe) {
        return amo("atomicSwap", dest, index, pe, AtomicOp.SWAP, value, 0, EXTENDED);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_compare_swap}: stores {@code value} if the old value equals {@code cond}; returns the old value. */
    public long atomicCompareSwap(SymmetricArray dest, long index, long cond, long value, int pe) {
        return amo("atomicCompareSwap", dest, index, pe, AtomicOp.FCAS, cond, value, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_inc}. */
    public long atomicFetchInc(SymmetricArray dest, long index, int pe) {
        return amo("atomicFetchInc", dest, index, pe, AtomicOp.FINC, 0, 0, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_inc}. */
    public void atomicInc(SymmetricArray dest, long index, int pe) {
        amo("atomicInc", dest, index, pe, AtomicOp.INC, 0, 0, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_add}. */
    public long atomicFetchAdd(SymmetricArray dest, long index, long value, int pe) {
        long off = atomicElement("atomicFetchAdd", dest, index, pe, STANDARD);
        return apply(amoPeers[pe], dest.allocation().atomicType, AtomicOp.FADD, off, value, 0);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_add}. */
    public void atomicAdd(SymmetricArray dest, long index, long value, int pe) {
        amo("atomicAdd", dest, index, pe, AtomicOp.ADD, value, 0, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_and} (bitwise AMO types). */
    public long atomicFetchAnd(SymmetricArray dest, long index, long value, int pe) {
        return amo("atomicFetchAnd", dest, index, pe, AtomicOp.FAND, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_and}. */
    public void atomicAnd(SymmetricArray dest, long index, long value, int pe) {
        amo("atomicAnd", dest, index, pe, AtomicOp.AND, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_or}. */
    public long atomicFetchOr(SymmetricArray dest, long index, long value, int pe) {
        return amo("atomicFetchOr", dest, index, pe, AtomicOp.FOR, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_or}. */
    public void atomicOr(SymmetricArray dest, long index, long value, int pe) {
        amo("atomicOr", dest, index, pe, AtomicOp.OR, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_xor}. */
    public long atomicFetchXor(SymmetricArray dest, long index, long value, int pe) {
        return amo("atomicFetchXor", dest, index, pe, AtomicOp.FXOR, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_xor}. */
    public void atomicXor(SymmetricArray dest, long index, long value, int pe) {
        amo("atomicXor", dest, index, pe, AtomicOp.XOR, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_{float,double}_atomic_fetch} (extended AMO on floating-point objects). */
    public double atomicFetchDouble(SymmetricArray dest, long index, int pe) {
        return fromBits(dest, amoFloating("atomicFetch", dest, index, pe, AtomicOp.GET, 0));
    }

    /** {@code shmem_ctx_{float,double}_atomic_set}. */
    public void atomicSetDouble(SymmetricArray dest, long index, double value, int pe) {
        amoFloating("atomicSet", dest, index, pe, AtomicOp.SET, toBits(dest, value));
    }

    /** {@code shmem_ctx_{float,double}_atomic_swap}. */
    public double atomicSwapDouble(SymmetricArray dest, long index, double value, int pe) {
        return fromBits(dest, amoFloating("atomicSwap", dest, index, pe, AtomicOp.SWAP, toBits(dest, value)));
    }

    /**
     * {@code shmem_ctx_TYPENAME_atomic_fetch_add_nbi}: starts the fetch-add; {@code fetched}
     * holds the old value after the next {@link #quiet()}.
     */
    public void atomicFetchAddNbi(AtomicResult fetched, SymmetricArray dest, long index, long value, int pe) {
        amoNbi("atomicFetchAddNbi", fetched, dest, index, pe, AtomicOp.FADD, value, 0, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_nbi}. */
    public void atomicFetchNbi(AtomicResult fetched, SymmetricArray dest, long index, int pe) {
        amoNbi("atomicFetchNbi", fetched, dest, index, pe, AtomicOp.GET, 0, 0, EXTENDED);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_compare_swap_nbi}. */
    public void atomicCompareSwapNbi(AtomicResult fetched, SymmetricArray dest, long index, long cond, long value,
                                     int pe) {
        amoNbi("atomicCompareSwapNbi", fetched, dest, index, pe, AtomicOp.FCAS, cond, value, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_swap_nbi}. */
    public void atomicSwapNbi(AtomicResult fetched, SymmetricArray dest, long index, long value, int pe) {
        amoNbi("atomicSwapNbi", fetched, dest, index, pe, AtomicOp.SWAP, value, 0, EXTENDED);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_inc_nbi}. */
    public void atomicFetchIncNbi(AtomicResult fetched, SymmetricArray dest, long index, int pe) {
        amoNbi("atomicFetchIncNbi", fetched, dest, index, pe, AtomicOp.FINC, 0, 0, STANDARD);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_and_nbi}. */
    public void atomicFetchAndNbi(AtomicResult fetched, SymmetricArray dest, long index, long value, int pe) {
        amoNbi("atomicFetchAndNbi", fetched, dest, index, pe, AtomicOp.FAND, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_or_nbi}. */
    public void atomicFetchOrNbi(AtomicResult fetched, SymmetricArray dest, long index, long value, int pe) {
        amoNbi("atomicFetchOrNbi", fetched, dest, index, pe, AtomicOp.FOR, value, 0, BITWISE);
    }

    /** {@code shmem_ctx_TYPENAME_atomic_fetch_xor_nbi}. */
    public void atomicFetchXorNbi(AtomicResult fetched, SymmetricArray dest, long index, long value, int pe) {
        amoNbi("atomicFetchXorNbi", fetched, dest, index, pe, AtomicOp.FXOR, value, 0, BITWISE);
    }

    @Override
    public String toString() {
        return (isDefault ? "SHMEM_CTX_DEFAULT" : "ShmemContext") + "[" + team.name() + ", options " + options
                + (destroyed ? ", destroyed" : "") + "]";
    }

    // ---------------------------------------------------------------- implementation

    private static final int PUT = 0;
    private static final int PUT_NBI = 1;
    private static final int GET = 2;
    private static final int GET_NBI = 3;
    private static final int STANDARD = ShmemType.AMO_STANDARD;
    private static final int EXTENDED = ShmemType.AMO_EXTENDED;
    private static final int BITWISE = ShmemType.AMO_BITWISE;

    /**
     * False once the context is destroyed, its team destroyed or OpenSHMEM finalized
     * ({@link #retire()}, which also empties the caches below, so the hot paths go to the checks).
     */
    private boolean live = true;
    /**
     * The space an RMA on this context reached last (owned by this PE, live, with CAP_RMA), and
     * its core handles by PE number in the team (null: not yet resolved, or not a member). Being
     * the cached space is the hot path's check of the context, the space and the capability.
     */
    private MemorySpace rmaSpace;
    private Peer[] rmaPeers = NO_PEERS;
    /** The same for atomics (CAP_AMO). */
    private MemorySpace amoSpace;
    private Peer[] amoPeers = NO_PEERS;
    private static final Peer[] NO_PEERS = new Peer[0];
    /** The handles of every space this context has reached, for when it moves between spaces. */
    private final java.util.IdentityHashMap<MemorySpace, Peer[]> spacePeers = new java.util.IdentityHashMap<>();

    private void transfer(String routine, SymmetricArray remote, long remoteIndex, Object local, int localIndex,
                          int count, int pe, DataType carrier, int mode) {
        long off = range(routine, remote, remoteIndex, count, pe, carrier, MemorySpace.CAP_RMA);
        int localLength = local == null ? -1 : java.lang.reflect.Array.getLength(local);
        if (local == null || localIndex < 0 || count > localLength - localIndex) {
            throw localRefusal(routine, local, localIndex, count, localLength);
        }
        if (count == 0) {
            return;
        }
        Event e = switch (mode) {
            case PUT -> {
                // Implicit completion: the source is reusable on return, quiet completes it. A
                // blocking core put would fence here and quiet again.
                putArrayNbi(rmaPeers[pe], local, off, localIndex, count);
                yield Event.DONE;
            }
            case PUT_NBI -> {
                putArrayNbi(rmaPeers[pe], local, off, localIndex, count);
                yield Event.DONE;
            }
            case GET -> {
                getArray(rmaPeers[pe], local, off, localIndex, count);
                yield Event.DONE;
            }
            default -> getArrayNb(rmaPeers[pe], local, off, localIndex, count);
        };
        keep(e);
    }

    /**
     * The checks of a contiguous put, which the typed put methods then issue as an implicit-completion
     * core put (the source is reusable on return; {@link #quiet()} completes it): kept apart from
     * {@link #transfer} so that the put path is short enough for the JIT to inline whole.
     */
    private long putRange(String routine, SymmetricArray dest, long destIndex, int srcLength, int srcIndex, int count,
                          int pe, DataType carrier) {
        long off = range(routine, dest, destIndex, count, pe, carrier, MemorySpace.CAP_RMA);
        if (srcLength < 0 || srcIndex < 0 || count > srcLength - srcIndex) {
            throw localRefusal(routine, srcLength < 0 ? null : dest, srcIndex, count, srcLength);
        }
        return off;
    }

    private BadArgumentException localRefusal(String routine, Object local, int localIndex, int count,
                                              int localLength) {
        if (local == null) {
            return new BadArgumentException(routine + ": the local array is null on PE " + shmem.myPe());
        }
        return new BadArgumentException(routine + ": local elements [" + localIndex + ", " + localIndex + " + "
                + count + ") are outside the local array of " + localLength + " on PE " + shmem.myPe());
    }

    private void putArrayNbi(Peer peer, Object src, long off, int from, int count) {
        // An instanceof chain, most common carriers first: cheaper on this hot path than a type switch.
        if (src instanceof byte[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof long[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof int[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof double[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof float[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof short[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else if (src instanceof char[] a) {
            rma.putNBI(peer, off, a, from, count);
        } else {
            throw new IllegalArgumentException(src.getClass().getName());
        }
    }

    private void getArray(Peer peer, Object dst, long off, int from, int count) {
        switch (dst) {
            case byte[] a -> rma.get(peer, off, a, from, count);
            case short[] a -> rma.get(peer, off, a, from, count);
            case char[] a -> rma.get(peer, off, a, from, count);
            case int[] a -> rma.get(peer, off, a, from, count);
            case long[] a -> rma.get(peer, off, a, from, count);
            case float[] a -> rma.get(peer, off, a, from, count);
            case double[] a -> rma.get(peer, off, a, from, count);
            default -> throw new IllegalArgumentException(dst.getClass().getName());
        }
    }

    private Event getArrayNb(Peer peer, Object dst, long off, int from, int count) {
        return switch (dst) {
            case byte[] a -> rma.getNB(peer, off, a, from, count);
            case short[] a -> rma.getNB(peer, off, a, from, count);
            case char[] a -> rma.getNB(peer, off, a, from, count);
            case int[] a -> rma.getNB(peer, off, a, from, count);
            case long[] a -> rma.getNB(peer, off, a, from, count);
            case float[] a -> rma.getNB(peer, off, a, from, count);
            case double[] a -> rma.getNB(peer, off, a, from, count);
            default -> throw new IllegalArgumentException(dst.getClass().getName());
        };
    }

    private void signalled(String routine, SymmetricArray dest, long destIndex, Object src, int srcIndex, int count,
                           DataType carrier, SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        if (op == null) {
            throw new BadArgumentException(routine + ": the signal operation is null on PE " + shmem.myPe());
        }
        long sigOff = element(routine, sig, sigIndex, pe, DataType.LONG, MemorySpace.CAP_AMO);
        Peer sigPeer = amoPeers[pe]; // before the data range, which may move the AMO cache to its space
        if (sig.type().isSigned()) {
            throw new BadArgumentException(routine + ": the signal object " + sig + " must be of type uint64 "
                    + "(an unsigned 64-bit type)");
        }
        // Everything checked before anything is sent: the data range too.
        range(routine, dest, destIndex, count, pe, carrier, MemorySpace.CAP_RMA);
        transfer(routine, dest, destIndex, src, srcIndex, count, pe, carrier, PUT);
        if (op == SignalOp.SET) {
            atomics.setLong(sigPeer, sigOff, signal);
        } else {
            atomics.addLong(sigPeer, sigOff, signal);
        }
    }

    private long amo(String routine, SymmetricArray dest, long index, int pe, AtomicOp op, long v1, long v2,
                     int family) {
        long off = atomicElement(routine, dest, index, pe, family);
        return apply(amoPeers[pe], dest.allocation().atomicType, op, off, v1, v2);
    }

    /** Runs {@code op} at the checked target; the commonest take the core's specialised calls (no op dispatch). */
    private long apply(Peer peer, AtomicType type, AtomicOp op, long off, long v1, long v2) {
        boolean wide = type == AtomicType.LONG || type == AtomicType.ULONG;
        if (op == AtomicOp.FADD && wide) {
            return atomics.fetchAddLong(peer, off, v1);
        }
        if (op == AtomicOp.ADD && wide) {
            atomics.addLong(peer, off, v1);
            return 0;
        }
        if (op == AtomicOp.FADD && type == AtomicType.INT) {
            return atomics.fetchAddInt(peer, off, (int) v1);
        }
        return atomics.op(peer, off, type, op, v1, v2);
    }

    private void amoNbi(String routine, AtomicResult fetched, SymmetricArray dest, long index, int pe, AtomicOp op,
                        long v1, long v2, int family) {
        if (fetched == null) {
            throw new BadArgumentException(routine + ": the result holder is null on PE " + shmem.myPe());
        }
        long off = atomicElement(routine, dest, index, pe, family);
        keep(atomics.opNB(fetched, amoPeers[pe], off, dest.type().atomicType(), op, v1, v2));
    }

    private long amoFloating(String routine, SymmetricArray dest, long index, int pe, AtomicOp op, long bits) {
        long off = element(routine, dest, index, pe, dest == null ? DataType.DOUBLE : dest.type().carrier(),
                MemorySpace.CAP_AMO);
        if (!dest.type().isFloatingPoint()) {
            throw new BadArgumentException(routine + ": " + dest + " is not float or double; use the long form");
        }
        return atomics.op(amoPeers[pe], off, dest.type().atomicType(), op, bits, 0);
    }

    /**
     * The checks of an atomic on one element of an AMO type of {@code family}: {@link #range}'s
     * fast path with the type's family bits in place of the carrier, else every check in turn.
     */
    private long atomicElement(String routine, SymmetricArray dest, long index, int pe, int family) {
        SymmetricArray.Allocation a = dest == null ? null : dest.allocation();
        Peer[] peers = amoPeers;
        if (a != null && a.space == amoSpace && (a.amoFamilies & family) != 0 && index >= 0 && index < dest.length()
                && pe >= 0 && pe < peers.length) {
            Peer p = peers[pe];
            if (p != null) {
                return dest.segmentOffset(index);
            }
        }
        long off = element(routine, dest, index, pe, null, MemorySpace.CAP_AMO);
        if ((dest.allocation().amoFamilies & family) == 0) {
            throw atomicTypeRefusal(routine, dest, family);
        }
        return off;
    }

    private static BadArgumentException atomicTypeRefusal(String routine, SymmetricArray dest, int family) {
        ShmemType t = dest.type();
        String which = family == BITWISE ? "bitwise AMO types (uint, ulong, ulonglong, int32, int64, uint32, uint64)"
                : family == EXTENDED && t.isFloatingPoint() ? "this long form (use the *Double form for float and double)"
                : "standard AMO types (int, long, longlong, uint, ulong, ulonglong, int32, int64, uint32, uint64, "
                + "size, ptrdiff)";
        return new BadArgumentException(routine + ": type " + t.typeName() + " of " + dest + " is not among the "
                + which);
    }

    private static long toBits(SymmetricArray dest, double value) {
        return dest != null && dest.type() == ShmemType.FLOAT ? Float.floatToRawIntBits((float) value)
                : Double.doubleToRawLongBits(value);
    }

    private static double fromBits(SymmetricArray dest, long bits) {
        return dest.type() == ShmemType.FLOAT ? Float.intBitsToFloat((int) bits) : Double.longBitsToDouble(bits);
    }

    private void keep(Event e) {
        if (e == Event.DONE) {
            return;
        }
        if (pendingCount == pending.length) {
            pending = java.util.Arrays.copyOf(pending, pendingCount * 2);
        }
        pending[pendingCount++] = e;
        shmem.eventKept();
    }

    /** Checks one element access and returns its offset in the target's segment; the PE's handle is then {@code rmaPeers[pe]} or {@code amoPeers[pe]}, by {@code cap}. */
    private long element(String routine, SymmetricArray object, long index, int pe, DataType carrier, long cap) {
        return range(routine, object, index, 1, pe, carrier, cap);
    }

    /** Checks {@code count} elements from {@code index} and returns the first's offset; the PE's handle is then {@code rmaPeers[pe]} or {@code amoPeers[pe]}, by {@code cap} (no field is written on the way: a reference store costs a GC write barrier). */
    private long range(String routine, SymmetricArray object, long index, long count, int pe, DataType carrier,
                       long cap) {
        // The fast path: every check as one condition over plain fields, in a method small enough to
        // inline. The cached space stands for the context's liveness (retire() empties the cache), the
        // space's ownership, liveness and capability (checked when it was cached); an allocation's
        // carrier is null once freed (and a space is destroyed only once all its allocations are); a
        // handle exists only for a PE of the team that is a member of the space. Anything else goes
        // to the slow path, which finds the first failed check and names it.
        SymmetricArray.Allocation a = object == null ? null : object.allocation();
        boolean rmaCap = cap == MemorySpace.CAP_RMA;
        MemorySpace cached = rmaCap ? rmaSpace : amoSpace;
        Peer[] peers = rmaCap ? rmaPeers : amoPeers;
        if (a != null && a.space == cached && (carrier == null ? !a.freed : a.carrier == carrier) && count >= 0
                && index >= 0 && index <= object.length() - count && pe >= 0 && pe < peers.length) {
            Peer p = peers[pe];
            if (p != null) {
                return object.segmentOffset(index);
            }
        }
        return rangeSlowly(routine, object, index, count, pe, carrier, cap);
    }

    /**
     * {@link #range} with each check in turn and its own message: throws for the first that fails;
     * when all pass, resolves the core handle of the PE (once per space and PE) and caches the space.
     */
    private long rangeSlowly(String routine, SymmetricArray object, long index, long count, int pe, DataType carrier,
                             long cap) {
        check(routine);
        shmem.checkObject(routine, object);
        if (carrier != null && object.type().carrier() != carrier) {
            throw new BadArgumentException(routine + ": " + object + " holds " + object.type().typeName()
                    + " elements, not " + carrier.name().toLowerCase(java.util.Locale.ROOT) + " ones");
        }
        if (count < 0 || index < 0 || index > object.length() - count) {
            throw new BadArgumentException(routine + ": elements [" + index + ", " + index + " + " + count
                    + ") are outside " + object + " (valid: [0, " + object.length() + "))");
        }
        if (pe < 0 || pe >= team.nPes()) {
            throw new BadArgumentException(routine + ": PE " + pe + " is not in " + team.name() + " (PEs 0 to "
                    + (team.nPes() - 1) + ")");
        }
        MemorySpace space = object.allocation().space;
        int jobRank = team.core().jobRankOf(pe);
        if (!space.hasMember(jobRank)) {
            throw new BadArgumentException(routine + ": PE " + pe + " of " + team.name() + " is not a member of "
                    + space.describe());
        }
        if ((space.caps() & cap) == 0) {
            throw new BadArgumentException(routine + ": " + space.describe() + " does not support "
                    + (cap == MemorySpace.CAP_AMO ? "atomics (CAP_AMO)" : "RMA (CAP_RMA)"));
        }
        Peer[] peers = spacePeers.get(space);
        if (peers == null) {
            peers = new Peer[team.nPes()];
            spacePeers.put(space, peers);
        }
        Peer p = peers[pe];
        if (p == null) {
            p = rma.peer(space.route, jobRank); // the route is ranked by jobrank
            peers[pe] = p;
        }
        long caps = space.caps();
        if ((caps & MemorySpace.CAP_RMA) != 0) {
            rmaSpace = space;
            rmaPeers = peers;
        }
        if ((caps & MemorySpace.CAP_AMO) != 0) {
            amoSpace = space;
            amoPeers = peers;
        }
        return object.segmentOffset(index);
    }

    private long strided(String routine, SymmetricArray remote, long remoteIndex, long remoteStride, int localLength,
                         int localIndex, int localStride, int nelems, int pe, DataType carrier) {
        if (remoteStride < 1 || localStride < 1) {
            throw new BadArgumentException(routine + ": strides " + remoteStride + " (symmetric) and " + localStride
                    + " (local) on PE " + shmem.myPe() + " must be positive");
        }
        if (localLength < 0) {
            throw new BadArgumentException(routine + ": the local array is null on PE " + shmem.myPe());
        }
        if (nelems < 0) {
            throw new BadArgumentException(routine + ": nelems " + nelems + " is negative");
        }
        long span = nelems == 0 ? 0 : (nelems - 1) * remoteStride + 1;
        long off = range(routine, remote, remoteIndex, span, pe, carrier, MemorySpace.CAP_RMA);
        long localSpan = nelems == 0 ? 0 : (long) (nelems - 1) * localStride + 1;
        if (localIndex < 0 || localSpan > localLength - localIndex) {
            throw new BadArgumentException(routine + ": local elements from " + localIndex + " with stride "
                    + localStride + " x " + nelems + " leave the local array of " + localLength);
        }
        return off;
    }

    private void check(String routine) {
        if (destroyed) {
            throw new IllegalStateException(routine + ": " + this + " has been destroyed");
        }
        shmem.checkOpen(routine);
        team.check(routine);
    }
}
