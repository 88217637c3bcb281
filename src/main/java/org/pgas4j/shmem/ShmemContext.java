package org.pgas4j.shmem;

import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.BadArgumentException;
import org.pgas4j.DataType;
import org.pgas4j.Peer;

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
public final class ShmemContext extends TypedShmemContext {
    /** {@code SHMEM_CTX_SERIALIZED}: the context is not used by several threads at once. */
    public static final int SERIALIZED = 1;
    /** {@code SHMEM_CTX_PRIVATE}: only the creating thread uses the context. */
    public static final int PRIVATE = 2;
    /** {@code SHMEM_CTX_NOSTORE}: quiet and fence need not complete stores issued on the context. */
    public static final int NOSTORE = 4;

    private static final int STANDARD = ShmemType.AMO_STANDARD;
    private static final int EXTENDED = ShmemType.AMO_EXTENDED;
    private static final int BITWISE = ShmemType.AMO_BITWISE;

    private final int options;
    private final boolean isDefault;

    ShmemContext(Shmem shmem, ShmemTeam team, int options, boolean isDefault) {
        if ((options & ~(SERIALIZED | PRIVATE | NOSTORE)) != 0) {
            throw new BadArgumentException("ctxCreate: options 0x" + Integer.toHexString(options) + " on PE "
                    + shmem.myPe() + " include undefined bits (SERIALIZED=1, PRIVATE=2, NOSTORE=4)");
        }
        super(shmem, team);
        this.options = options;
        this.isDefault = isDefault;
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

    // ---------------------------------------------------------------- atomics: implementation

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
}
