package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.AtomicExecutor;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.TransportAtomics;
import org.pgas4j.internal.am.AtomicErrors;
import org.pgas4j.internal.memory.KindCodes;

/**
 * Remote atomics (GASNet-EX's {@code gex_AD_Op*}; OpenSHMEM's AMOs, {@code shmem_atomic_*}): read,
 * update and compare-and-swap one location of the bound, published segment of (team, rank), at a
 * byte offset, atomically with respect to every other atomic on that location from any PE.
 * Obtained from {@link Client#atomics()}.
 *
 * <h2>Two forms</h2>
 * <ul>
 * <li><b>Typed</b> blocking methods, one per (operation, type): {@code fetchAddLong},
 *     {@code compareAndSwapInt}, {@code fetchMinULong}, {@code addDouble}, ... Each names in its
 *     javadoc the GASNet-EX op and type and the OpenSHMEM routine it corresponds to. The unsigned
 *     views ({@code UInt}, {@code ULong}) have typed min and max only: every other operation
 *     reads and writes the same bits as on {@code int} and {@code long}, so use those.</li>
 * <li><b>Generic</b>, like {@code gex_AD_OpBlocking} and {@code gex_AD_OpNB}: {@link #op} and
 *     {@link #opNB} take an {@link AtomicType}, an {@link AtomicOp} (every GASNet-EX op: set, get,
 *     swap, compare-and-swap, add, subtract, multiply, min, max, increment, decrement, and, or,
 *     xor, each fetching or not) and two operands as {@code long} bits.</li>
 * </ul>
 * A blocking call is complete on return: the update is visible to every later access by any PE.
 * {@link #opNB} returns an {@link Event} and, for a fetching op, leaves the old value in an
 * {@link AtomicResult} the caller passes and may reuse; when the operation completed at once it
 * returns {@link Event#DONE}, so non-blocking atomics allocate nothing either.
 *
 * Every method that takes (team, rank) also takes a resolved {@link Peer} ({@link Rma#peer}),
 * which checks the team and rank once instead of on every call (see {@link Rma}).
 *
 * <h2>Semantics</h2>
 * Every atomic is sequentially consistent. Integer add, subtract, multiply, increment and
 * decrement wrap. Min and max of the unsigned views compare unsigned; of {@code float} and
 * {@code double} they follow {@link Math#min}/{@link Math#max}. Compare-and-swap compares bits.
 * Bitwise operations apply to integer types only. Atomics are atomic with respect to other
 * atomics; a plain {@link Rma} put to the same location concurrently with an atomic is a race.
 *
 * <h2>Checks</h2>
 * Before anything is done every call checks what every RMA checks (the client is open,
 * {@code rank} is a rank of the team, the target has a published, not destroyed segment, the
 * location lies in it) and that the location is aligned: the offset and the location's address
 * must both be multiples of the type's size (4 or 8). Runtime-allocated segments start on a page,
 * so there the offset decides; client-allocated memory must start on a multiple of 8 for every
 * offset rule to hold. The generic forms also refuse a bitwise op on {@code FLOAT} or
 * {@code DOUBLE}. A failed check
 * throws {@link BadArgumentException} (or {@link IllegalStateException} after close) naming the
 * PE, the rank, the segment, the offset and the rule.
 *
 * <h2>Paths</h2>
 * On memory this process maps (every runtime-allocated host segment on {@code shm} and
 * {@code local}) an atomic is one hardware atomic instruction on the mapping ({@code lock xadd},
 * {@code lock cmpxchg}, ...; a {@code compareAndExchange} loop for what has no instruction), with
 * no allocation and no lock. Memory a peer cannot map (client-allocated memory on {@code shm},
 * reached by cross-memory attach) goes through the active-message fallback: the owner performs
 * the same operation on its memory in a handler and replies with the old value, so it is atomic
 * with respect to direct-path atomics on the same location. It costs a message round trip and
 * progress at the owner (it must poll or wait in some call), and allocates an event; like every
 * blocking call, a blocking atomic on such memory cannot be made inside an active-message handler.
 * In between, a transport that performs atomics itself (the {@code ucx} transport:
 * {@code ucp_atomic_op_nbx}) takes set, get, swap, compare-and-swap, and the integer add,
 * subtract, increment, decrement, and, or and xor on memory it reaches without a mapping
 * ({@link org.pgas4j.spi.RemoteMemory#atomic}, through {@link TransportAtomics}); those complete
 * inside the call.
 */
public final class Atomics {
    private final Client client;

    Atomics(Client client) {
        this.client = client;
    }

    // ---------------------------------------------------------------- generic

    /**
     * Performs {@code op} on the {@code type} location at {@code offset} in the segment of
     * (team, rank) and waits for it ({@code gex_AD_OpBlocking}). Operands and the result are
     * {@code long} bits in the convention of {@link AtomicType}; for compare-and-swap operand 1 is
     * the expected and operand 2 the new value; unused operands are ignored.
     *
     * @return the old value for a fetching op (for {@link AtomicOp#GET}: the value), else 0
     * @throws BadArgumentException if a check fails (see the class javadoc)
     */
    public long op(Team team, int rank, long offset, AtomicType type, AtomicOp op, long operand1, long operand2) {
        checkOp(type, op, "op");
        long old = execute(team, rank, offset, type.code, op.code, operand1, operand2, "op");
        return op.isFetching() ? old : 0;
    }

    /** {@link #op(Team, int, long, AtomicType, AtomicOp, long, long)} through a resolved peer. */
    public long op(Peer peer, long offset, AtomicType type, AtomicOp op, long operand1, long operand2) {
        checkOp(type, op, "op");
        long old = execute(peer, offset, type.code, op.code, operand1, operand2, "op");
        return op.isFetching() ? old : 0;
    }

    /**
     * Starts {@code op} on the {@code type} location at {@code offset} in the segment of
     * (team, rank) ({@code gex_AD_OpNB}). When the returned event has completed, the operation is
     * visible to every PE and, for a fetching op, {@code result} holds the old value.
     *
     * @param result where a fetching op leaves the old value; may be null for a non-fetching op,
     *        whose holder is left unchanged
     * @return {@link Event#DONE} when the operation completed inside the call, else its event
     * @throws BadArgumentException if a check fails, or a fetching op has no result holder
     */
    public Event opNB(AtomicResult result, Team team, int rank, long offset, AtomicType type, AtomicOp op,
                      long operand1, long operand2) {
        checkOp(type, op, "opNB");
        if (result == null && op.isFetching()) {
            throw AtomicErrors.noResult(client.jobRank(), op, "opNB");
        }
        PeerTarget t = target(team, rank, offset, type.code, "opNB");
        return opNB(t, result, team, rank, offset, type, op, operand1, operand2);
    }

    /** {@link #opNB(AtomicResult, Team, int, long, AtomicType, AtomicOp, long, long)} through a resolved peer. */
    public Event opNB(AtomicResult result, Peer peer, long offset, AtomicType type, AtomicOp op, long operand1,
                      long operand2) {
        checkOp(type, op, "opNB");
        if (result == null && op.isFetching()) {
            throw AtomicErrors.noResult(client.jobRank(), op, "opNB");
        }
        PeerTarget t = target(peer, offset, type.code, "opNB");
        return opNB(t, result, peer.team(), peer.rank(), offset, type, op, operand1, operand2);
    }

    private Event opNB(PeerTarget t, AtomicResult result, Team team, int rank, long offset, AtomicType type,
                       AtomicOp op, long operand1, long operand2) {
        MemorySegment d = t.direct;
        if (d != null) {
            long old = AtomicExecutor.apply(d, offset, type.code, op.code, operand1, operand2);
            if (op.isFetching()) {
                result.complete(old);
            }
            return Event.DONE;
        }
        if (TransportAtomics.supported(t.memory, offset, type.code, op.code)) {
            long old = TransportAtomics.apply(t.memory, offset, type.code, op.code, operand1, operand2);
            if (op.isFetching()) {
                result.complete(old);
            }
            return Event.DONE;
        }
        return atOwner(t, team, rank, offset, type.code, op.code, operand1, operand2,
                op.isFetching() ? result : null, "opNB");
    }

    // ---------------------------------------------------------------- the two paths

    private void checkOp(AtomicType type, AtomicOp op, String name) {
        if (type == null || op == null || (op.isBitwise() && !type.isIntegral())) {
            throw AtomicErrors.badOp(client.jobRank(), type, op, name);
        }
    }

    /** The checked target of an atomic of {@code type} at {@code offset}: RMA's checks plus alignment. */
    private PeerTarget target(Team team, int rank, long offset, int type, String name) {
        int size = AtomicExecutor.byteSize(type);
        PeerTarget t = client.target(team, rank, offset, size, name);
        MemorySegment d = t.direct;
        // The address of unmapped memory is known only to its owner, which checks it there.
        long address = d != null ? d.address() + offset : 0;
        if (((offset | address) & (size - 1)) != 0) {
            throw AtomicErrors.misaligned(client.jobRank(), team, rank, t, offset, address, size, name);
        }
        return t;
    }

    /** The checked target of an atomic through {@code peer}: the handle's checks plus alignment. */
    private PeerTarget target(Peer peer, long offset, int type, String name) {
        int size = AtomicExecutor.byteSize(type);
        PeerTarget t = client.target(peer, offset, size, name);
        MemorySegment d = t.direct;
        long address = d != null ? d.address() + offset : 0;
        if (((offset | address) & (size - 1)) != 0) {
            throw AtomicErrors.misaligned(client.jobRank(), peer.team(), peer.rank(), t, offset, address, size, name);
        }
        return t;
    }

    /** A blocking atomic: the old value as bits (see {@link AtomicExecutor}). */
    private long execute(Team team, int rank, long offset, int type, int op, long operand1, long operand2,
                         String name) {
        return execute(target(team, rank, offset, type, name), team, rank, offset, type, op, operand1, operand2, name);
    }

    /** A blocking atomic through a resolved peer. */
    private long execute(Peer peer, long offset, int type, int op, long operand1, long operand2, String name) {
        return execute(target(peer, offset, type, name), peer.team(), peer.rank(), offset, type, op, operand1,
                operand2, name);
    }

    private long execute(PeerTarget t, Team team, int rank, long offset, int type, int op, long operand1,
                         long operand2, String name) {
        MemorySegment d = t.direct;
        if (d != null) {
            return AtomicExecutor.apply(d, offset, type, op, operand1, operand2);
        }
        if (TransportAtomics.supported(t.memory, offset, type, op)) {
            return TransportAtomics.apply(t.memory, offset, type, op, operand1, operand2);
        }
        AtomicResult result = new AtomicResult();
        atOwner(t, team, rank, offset, type, op, operand1, operand2, result, name).waitFor();
        return result.bits();
    }

    /**
     * The one place where an atomic on memory this process does not map goes: the owner
     * performs it ({@link AtomicExecutor#apply} on its own memory) through the active-message
     * fallback ({@link AmAtomicFallback}), which completes the returned event and leaves the old
     * value in {@code result} when it is not null. The owner also checks the location's absolute
     * address alignment, which only it knows.
     */
    private Event atOwner(PeerTarget t, Team team, int rank, long offset, int type, int op, long operand1,
                          long operand2, AtomicResult result, String name) {
        MemoryKindClass c = KindCodes.classOf(t.kindCode);
        if (c != null && !c.rules().atomics()) {
            throw new BadArgumentException(name + " from PE " + client.jobRank() + ": segment " + t.segmentId + " of rank "
                    + rank + " of team " + team.name() + " (PE " + t.jobRank + ", endpoint " + t.endpoint + ") is " + c
                    + " memory, which has no atomics (KindRules.atomics() is false); keep atomic variables in host "
                    + "or simulated-device memory");
        }
        return client.am().atomicFallback().start(t, team, rank, offset, type, op, operand1, operand2, result, name);
    }

    // ---------------------------------------------------------------- int

    /** Atomically stores {@code value} ({@code GEX_OP_SET} on {@code GEX_DT_I32}; {@code shmem_int_atomic_set}). */
    public void setInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.SET, value, 0, "setInt");
    }

    /** {@link #setInt(Team, int, long, int)} through a resolved peer. */
    public void setInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.SET, value, 0, "setInt");
    }

    /** Atomically loads the value ({@code GEX_OP_GET} on {@code GEX_DT_I32}; {@code shmem_int_atomic_fetch}). */
    public int getInt(Team team, int rank, long offset) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.GET, 0, 0, "getInt");
    }

    /** {@link #getInt(Team, int, long)} through a resolved peer. */
    public int getInt(Peer peer, long offset) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.GET, 0, 0, "getInt");
    }

    /**
     * Atomically stores {@code value}; returns the old value ({@code GEX_OP_SWAP} on {@code GEX_DT_I32};
     * {@code shmem_int_atomic_swap}).
     */
    public int swapInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.SWAP, value, 0, "swapInt");
    }

    /** {@link #swapInt(Team, int, long, int)} through a resolved peer. */
    public int swapInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.SWAP, value, 0, "swapInt");
    }

    /**
     * Atomically stores {@code desired} if the value is {@code expected}; returns the old value, whether or not it
     * matched ({@code GEX_OP_FCAS} on {@code GEX_DT_I32}; {@code shmem_int_atomic_compare_swap}).
     */
    public int compareAndSwapInt(Team team, int rank, long offset, int expected, int desired) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.CAS,
                expected, desired, "compareAndSwapInt");
    }

    /** {@link #compareAndSwapInt(Team, int, long, int, int)} through a resolved peer. */
    public int compareAndSwapInt(Peer peer, long offset, int expected, int desired) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.CAS,
                expected, desired, "compareAndSwapInt");
    }

    /** Atomically adds {@code value} ({@code GEX_OP_ADD} on {@code GEX_DT_I32}; {@code shmem_int_atomic_add}). */
    public void addInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.ADD, value, 0, "addInt");
    }

    /** {@link #addInt(Team, int, long, int)} through a resolved peer. */
    public void addInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.ADD, value, 0, "addInt");
    }

    /**
     * Atomically adds {@code value}; returns the old value ({@code GEX_OP_FADD} on {@code GEX_DT_I32};
     * {@code shmem_int_atomic_fetch_add}).
     */
    public int fetchAddInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.ADD, value, 0, "fetchAddInt");
    }

    /** {@link #fetchAddInt(Team, int, long, int)} through a resolved peer. */
    public int fetchAddInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.ADD, value, 0, "fetchAddInt");
    }

    /** Atomically adds one ({@code GEX_OP_INC} on {@code GEX_DT_I32}; {@code shmem_int_atomic_inc}). */
    public void incInt(Team team, int rank, long offset) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.INC, 0, 0, "incInt");
    }

    /** {@link #incInt(Team, int, long)} through a resolved peer. */
    public void incInt(Peer peer, long offset) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.INC, 0, 0, "incInt");
    }

    /**
     * Atomically adds one; returns the old value ({@code GEX_OP_FINC} on {@code GEX_DT_I32};
     * {@code shmem_int_atomic_fetch_inc}).
     */
    public int fetchIncInt(Team team, int rank, long offset) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.INC, 0, 0, "fetchIncInt");
    }

    /** {@link #fetchIncInt(Team, int, long)} through a resolved peer. */
    public int fetchIncInt(Peer peer, long offset) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.INC, 0, 0, "fetchIncInt");
    }

    /**
     * Atomically stores the smaller of the value and {@code value} ({@code GEX_OP_MIN} on {@code GEX_DT_I32}; no
     * OpenSHMEM routine).
     */
    public void minInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.MIN, value, 0, "minInt");
    }

    /** {@link #minInt(Team, int, long, int)} through a resolved peer. */
    public void minInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.MIN, value, 0, "minInt");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value ({@code GEX_OP_FMIN} on
     * {@code GEX_DT_I32}; no OpenSHMEM routine).
     */
    public int fetchMinInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.MIN, value, 0, "fetchMinInt");
    }

    /** {@link #fetchMinInt(Team, int, long, int)} through a resolved peer. */
    public int fetchMinInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.MIN, value, 0, "fetchMinInt");
    }

    /**
     * Atomically stores the larger of the value and {@code value} ({@code GEX_OP_MAX} on {@code GEX_DT_I32}; no
     * OpenSHMEM routine).
     */
    public void maxInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.MAX, value, 0, "maxInt");
    }

    /** {@link #maxInt(Team, int, long, int)} through a resolved peer. */
    public void maxInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.MAX, value, 0, "maxInt");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value ({@code GEX_OP_FMAX} on
     * {@code GEX_DT_I32}; no OpenSHMEM routine).
     */
    public int fetchMaxInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.MAX, value, 0, "fetchMaxInt");
    }

    /** {@link #fetchMaxInt(Team, int, long, int)} through a resolved peer. */
    public int fetchMaxInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.MAX, value, 0, "fetchMaxInt");
    }

    /**
     * Atomically ands the value with {@code value} ({@code GEX_OP_AND} on {@code GEX_DT_I32};
     * {@code shmem_int32_atomic_and}).
     */
    public void andInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.AND, value, 0, "andInt");
    }

    /** {@link #andInt(Team, int, long, int)} through a resolved peer. */
    public void andInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.AND, value, 0, "andInt");
    }

    /**
     * Atomically ands the value with {@code value}; returns the old value ({@code GEX_OP_FAND} on
     * {@code GEX_DT_I32}; {@code shmem_int32_atomic_fetch_and}).
     */
    public int fetchAndInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.AND, value, 0, "fetchAndInt");
    }

    /** {@link #fetchAndInt(Team, int, long, int)} through a resolved peer. */
    public int fetchAndInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.AND, value, 0, "fetchAndInt");
    }

    /**
     * Atomically ors the value with {@code value} ({@code GEX_OP_OR} on {@code GEX_DT_I32};
     * {@code shmem_int32_atomic_or}).
     */
    public void orInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.OR, value, 0, "orInt");
    }

    /** {@link #orInt(Team, int, long, int)} through a resolved peer. */
    public void orInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.OR, value, 0, "orInt");
    }

    /**
     * Atomically ors the value with {@code value}; returns the old value ({@code GEX_OP_FOR} on {@code GEX_DT_I32};
     * {@code shmem_int32_atomic_fetch_or}).
     */
    public int fetchOrInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.OR, value, 0, "fetchOrInt");
    }

    /** {@link #fetchOrInt(Team, int, long, int)} through a resolved peer. */
    public int fetchOrInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.OR, value, 0, "fetchOrInt");
    }

    /**
     * Atomically exclusive-ors the value with {@code value} ({@code GEX_OP_XOR} on {@code GEX_DT_I32};
     * {@code shmem_int32_atomic_xor}).
     */
    public void xorInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.XOR, value, 0, "xorInt");
    }

    /** {@link #xorInt(Team, int, long, int)} through a resolved peer. */
    public void xorInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.XOR, value, 0, "xorInt");
    }

    /**
     * Atomically exclusive-ors the value with {@code value}; returns the old value ({@code GEX_OP_FXOR} on
     * {@code GEX_DT_I32}; {@code shmem_int32_atomic_fetch_xor}).
     */
    public int fetchXorInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.INT, AtomicExecutor.XOR, value, 0, "fetchXorInt");
    }

    /** {@link #fetchXorInt(Team, int, long, int)} through a resolved peer. */
    public int fetchXorInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.INT, AtomicExecutor.XOR, value, 0, "fetchXorInt");
    }

    // ---------------------------------------------------------------- uint

    /**
     * Atomically stores the smaller of the value and {@code value}, comparing unsigned ({@code GEX_OP_MIN} on
     * {@code GEX_DT_U32}; no OpenSHMEM routine).
     */
    public void minUInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.UINT, AtomicExecutor.MIN, value, 0, "minUInt");
    }

    /** {@link #minUInt(Team, int, long, int)} through a resolved peer. */
    public void minUInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.UINT, AtomicExecutor.MIN, value, 0, "minUInt");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value, comparing unsigned
     * ({@code GEX_OP_FMIN} on {@code GEX_DT_U32}; no OpenSHMEM routine).
     */
    public int fetchMinUInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.UINT, AtomicExecutor.MIN, value, 0, "fetchMinUInt");
    }

    /** {@link #fetchMinUInt(Team, int, long, int)} through a resolved peer. */
    public int fetchMinUInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.UINT, AtomicExecutor.MIN, value, 0, "fetchMinUInt");
    }

    /**
     * Atomically stores the larger of the value and {@code value}, comparing unsigned ({@code GEX_OP_MAX} on
     * {@code GEX_DT_U32}; no OpenSHMEM routine).
     */
    public void maxUInt(Team team, int rank, long offset, int value) {
        execute(team, rank, offset, AtomicExecutor.UINT, AtomicExecutor.MAX, value, 0, "maxUInt");
    }

    /** {@link #maxUInt(Team, int, long, int)} through a resolved peer. */
    public void maxUInt(Peer peer, long offset, int value) {
        execute(peer, offset, AtomicExecutor.UINT, AtomicExecutor.MAX, value, 0, "maxUInt");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value, comparing unsigned
     * ({@code GEX_OP_FMAX} on {@code GEX_DT_U32}; no OpenSHMEM routine).
     */
    public int fetchMaxUInt(Team team, int rank, long offset, int value) {
        return (int) execute(team, rank, offset, AtomicExecutor.UINT, AtomicExecutor.MAX, value, 0, "fetchMaxUInt");
    }

    /** {@link #fetchMaxUInt(Team, int, long, int)} through a resolved peer. */
    public int fetchMaxUInt(Peer peer, long offset, int value) {
        return (int) execute(peer, offset, AtomicExecutor.UINT, AtomicExecutor.MAX, value, 0, "fetchMaxUInt");
    }

    // ---------------------------------------------------------------- long

    /** Atomically stores {@code value} ({@code GEX_OP_SET} on {@code GEX_DT_I64}; {@code shmem_long_atomic_set}). */
    public void setLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.SET, value, 0, "setLong");
    }

    /** {@link #setLong(Team, int, long, long)} through a resolved peer. */
    public void setLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.SET, value, 0, "setLong");
    }

    /** Atomically loads the value ({@code GEX_OP_GET} on {@code GEX_DT_I64}; {@code shmem_long_atomic_fetch}). */
    public long getLong(Team team, int rank, long offset) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.GET, 0, 0, "getLong");
    }

    /** {@link #getLong(Team, int, long)} through a resolved peer. */
    public long getLong(Peer peer, long offset) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.GET, 0, 0, "getLong");
    }

    /**
     * Atomically stores {@code value}; returns the old value ({@code GEX_OP_SWAP} on {@code GEX_DT_I64};
     * {@code shmem_long_atomic_swap}).
     */
    public long swapLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.SWAP, value, 0, "swapLong");
    }

    /** {@link #swapLong(Team, int, long, long)} through a resolved peer. */
    public long swapLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.SWAP, value, 0, "swapLong");
    }

    /**
     * Atomically stores {@code desired} if the value is {@code expected}; returns the old value, whether or not it
     * matched ({@code GEX_OP_FCAS} on {@code GEX_DT_I64}; {@code shmem_long_atomic_compare_swap}).
     */
    public long compareAndSwapLong(Team team, int rank, long offset, long expected, long desired) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.CAS,
                expected, desired, "compareAndSwapLong");
    }

    /** {@link #compareAndSwapLong(Team, int, long, long, long)} through a resolved peer. */
    public long compareAndSwapLong(Peer peer, long offset, long expected, long desired) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.CAS,
                expected, desired, "compareAndSwapLong");
    }

    /** Atomically adds {@code value} ({@code GEX_OP_ADD} on {@code GEX_DT_I64}; {@code shmem_long_atomic_add}). */
    public void addLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.ADD, value, 0, "addLong");
    }

    /** {@link #addLong(Team, int, long, long)} through a resolved peer. */
    public void addLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.ADD, value, 0, "addLong");
    }

    /**
     * Atomically adds {@code value}; returns the old value ({@code GEX_OP_FADD} on {@code GEX_DT_I64};
     * {@code shmem_long_atomic_fetch_add}).
     */
    public long fetchAddLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.ADD, value, 0, "fetchAddLong");
    }

    /** {@link #fetchAddLong(Team, int, long, long)} through a resolved peer. */
    public long fetchAddLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.ADD, value, 0, "fetchAddLong");
    }

    /** Atomically adds one ({@code GEX_OP_INC} on {@code GEX_DT_I64}; {@code shmem_long_atomic_inc}). */
    public void incLong(Team team, int rank, long offset) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.INC, 0, 0, "incLong");
    }

    /** {@link #incLong(Team, int, long)} through a resolved peer. */
    public void incLong(Peer peer, long offset) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.INC, 0, 0, "incLong");
    }

    /**
     * Atomically adds one; returns the old value ({@code GEX_OP_FINC} on {@code GEX_DT_I64};
     * {@code shmem_long_atomic_fetch_inc}).
     */
    public long fetchIncLong(Team team, int rank, long offset) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.INC, 0, 0, "fetchIncLong");
    }

    /** {@link #fetchIncLong(Team, int, long)} through a resolved peer. */
    public long fetchIncLong(Peer peer, long offset) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.INC, 0, 0, "fetchIncLong");
    }

    /**
     * Atomically stores the smaller of the value and {@code value} ({@code GEX_OP_MIN} on {@code GEX_DT_I64}; no
     * OpenSHMEM routine).
     */
    public void minLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.MIN, value, 0, "minLong");
    }

    /** {@link #minLong(Team, int, long, long)} through a resolved peer. */
    public void minLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.MIN, value, 0, "minLong");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value ({@code GEX_OP_FMIN} on
     * {@code GEX_DT_I64}; no OpenSHMEM routine).
     */
    public long fetchMinLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.MIN, value, 0, "fetchMinLong");
    }

    /** {@link #fetchMinLong(Team, int, long, long)} through a resolved peer. */
    public long fetchMinLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.MIN, value, 0, "fetchMinLong");
    }

    /**
     * Atomically stores the larger of the value and {@code value} ({@code GEX_OP_MAX} on {@code GEX_DT_I64}; no
     * OpenSHMEM routine).
     */
    public void maxLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.MAX, value, 0, "maxLong");
    }

    /** {@link #maxLong(Team, int, long, long)} through a resolved peer. */
    public void maxLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.MAX, value, 0, "maxLong");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value ({@code GEX_OP_FMAX} on
     * {@code GEX_DT_I64}; no OpenSHMEM routine).
     */
    public long fetchMaxLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.MAX, value, 0, "fetchMaxLong");
    }

    /** {@link #fetchMaxLong(Team, int, long, long)} through a resolved peer. */
    public long fetchMaxLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.MAX, value, 0, "fetchMaxLong");
    }

    /**
     * Atomically ands the value with {@code value} ({@code GEX_OP_AND} on {@code GEX_DT_I64};
     * {@code shmem_int64_atomic_and}).
     */
    public void andLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.AND, value, 0, "andLong");
    }

    /** {@link #andLong(Team, int, long, long)} through a resolved peer. */
    public void andLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.AND, value, 0, "andLong");
    }

    /**
     * Atomically ands the value with {@code value}; returns the old value ({@code GEX_OP_FAND} on
     * {@code GEX_DT_I64}; {@code shmem_int64_atomic_fetch_and}).
     */
    public long fetchAndLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.AND, value, 0, "fetchAndLong");
    }

    /** {@link #fetchAndLong(Team, int, long, long)} through a resolved peer. */
    public long fetchAndLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.AND, value, 0, "fetchAndLong");
    }

    /**
     * Atomically ors the value with {@code value} ({@code GEX_OP_OR} on {@code GEX_DT_I64};
     * {@code shmem_int64_atomic_or}).
     */
    public void orLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.OR, value, 0, "orLong");
    }

    /** {@link #orLong(Team, int, long, long)} through a resolved peer. */
    public void orLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.OR, value, 0, "orLong");
    }

    /**
     * Atomically ors the value with {@code value}; returns the old value ({@code GEX_OP_FOR} on {@code GEX_DT_I64};
     * {@code shmem_int64_atomic_fetch_or}).
     */
    public long fetchOrLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.OR, value, 0, "fetchOrLong");
    }

    /** {@link #fetchOrLong(Team, int, long, long)} through a resolved peer. */
    public long fetchOrLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.OR, value, 0, "fetchOrLong");
    }

    /**
     * Atomically exclusive-ors the value with {@code value} ({@code GEX_OP_XOR} on {@code GEX_DT_I64};
     * {@code shmem_int64_atomic_xor}).
     */
    public void xorLong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.XOR, value, 0, "xorLong");
    }

    /** {@link #xorLong(Team, int, long, long)} through a resolved peer. */
    public void xorLong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.XOR, value, 0, "xorLong");
    }

    /**
     * Atomically exclusive-ors the value with {@code value}; returns the old value ({@code GEX_OP_FXOR} on
     * {@code GEX_DT_I64}; {@code shmem_int64_atomic_fetch_xor}).
     */
    public long fetchXorLong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.LONG, AtomicExecutor.XOR, value, 0, "fetchXorLong");
    }

    /** {@link #fetchXorLong(Team, int, long, long)} through a resolved peer. */
    public long fetchXorLong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.LONG, AtomicExecutor.XOR, value, 0, "fetchXorLong");
    }

    // ---------------------------------------------------------------- ulong

    /**
     * Atomically stores the smaller of the value and {@code value}, comparing unsigned ({@code GEX_OP_MIN} on
     * {@code GEX_DT_U64}; no OpenSHMEM routine).
     */
    public void minULong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.ULONG, AtomicExecutor.MIN, value, 0, "minULong");
    }

    /** {@link #minULong(Team, int, long, long)} through a resolved peer. */
    public void minULong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.ULONG, AtomicExecutor.MIN, value, 0, "minULong");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value, comparing unsigned
     * ({@code GEX_OP_FMIN} on {@code GEX_DT_U64}; no OpenSHMEM routine).
     */
    public long fetchMinULong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.ULONG, AtomicExecutor.MIN, value, 0, "fetchMinULong");
    }

    /** {@link #fetchMinULong(Team, int, long, long)} through a resolved peer. */
    public long fetchMinULong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.ULONG, AtomicExecutor.MIN, value, 0, "fetchMinULong");
    }

    /**
     * Atomically stores the larger of the value and {@code value}, comparing unsigned ({@code GEX_OP_MAX} on
     * {@code GEX_DT_U64}; no OpenSHMEM routine).
     */
    public void maxULong(Team team, int rank, long offset, long value) {
        execute(team, rank, offset, AtomicExecutor.ULONG, AtomicExecutor.MAX, value, 0, "maxULong");
    }

    /** {@link #maxULong(Team, int, long, long)} through a resolved peer. */
    public void maxULong(Peer peer, long offset, long value) {
        execute(peer, offset, AtomicExecutor.ULONG, AtomicExecutor.MAX, value, 0, "maxULong");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value, comparing unsigned
     * ({@code GEX_OP_FMAX} on {@code GEX_DT_U64}; no OpenSHMEM routine).
     */
    public long fetchMaxULong(Team team, int rank, long offset, long value) {
        return execute(team, rank, offset, AtomicExecutor.ULONG, AtomicExecutor.MAX, value, 0, "fetchMaxULong");
    }

    /** {@link #fetchMaxULong(Team, int, long, long)} through a resolved peer. */
    public long fetchMaxULong(Peer peer, long offset, long value) {
        return execute(peer, offset, AtomicExecutor.ULONG, AtomicExecutor.MAX, value, 0, "fetchMaxULong");
    }

    // ---------------------------------------------------------------- float

    /** Atomically stores {@code value} ({@code GEX_OP_SET} on {@code GEX_DT_FLT}; {@code shmem_float_atomic_set}). */
    public void setFloat(Team team, int rank, long offset, float value) {
        execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.SET,
                Float.floatToRawIntBits(value), 0, "setFloat");
    }

    /** {@link #setFloat(Team, int, long, float)} through a resolved peer. */
    public void setFloat(Peer peer, long offset, float value) {
        execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.SET,
                Float.floatToRawIntBits(value), 0, "setFloat");
    }

    /** Atomically loads the value ({@code GEX_OP_GET} on {@code GEX_DT_FLT}; {@code shmem_float_atomic_fetch}). */
    public float getFloat(Team team, int rank, long offset) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.GET,
                0, 0, "getFloat"));
    }

    /** {@link #getFloat(Team, int, long)} through a resolved peer. */
    public float getFloat(Peer peer, long offset) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.GET,
                0, 0, "getFloat"));
    }

    /**
     * Atomically stores {@code value}; returns the old value ({@code GEX_OP_SWAP} on {@code GEX_DT_FLT};
     * {@code shmem_float_atomic_swap}).
     */
    public float swapFloat(Team team, int rank, long offset, float value) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.SWAP,
                Float.floatToRawIntBits(value), 0, "swapFloat"));
    }

    /** {@link #swapFloat(Team, int, long, float)} through a resolved peer. */
    public float swapFloat(Peer peer, long offset, float value) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.SWAP,
                Float.floatToRawIntBits(value), 0, "swapFloat"));
    }

    /**
     * Atomically stores {@code desired} if the value is {@code expected}; returns the old value, whether or not it
     * matched (compared as bits) ({@code GEX_OP_FCAS} on {@code GEX_DT_FLT}; no OpenSHMEM routine).
     */
    public float compareAndSwapFloat(Team team, int rank, long offset, float expected, float desired) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.CAS,
                Float.floatToRawIntBits(expected), Float.floatToRawIntBits(desired), "compareAndSwapFloat"));
    }

    /** {@link #compareAndSwapFloat(Team, int, long, float, float)} through a resolved peer. */
    public float compareAndSwapFloat(Peer peer, long offset, float expected, float desired) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.CAS,
                Float.floatToRawIntBits(expected), Float.floatToRawIntBits(desired), "compareAndSwapFloat"));
    }

    /** Atomically adds {@code value} ({@code GEX_OP_ADD} on {@code GEX_DT_FLT}; no OpenSHMEM routine). */
    public void addFloat(Team team, int rank, long offset, float value) {
        execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.ADD,
                Float.floatToRawIntBits(value), 0, "addFloat");
    }

    /** {@link #addFloat(Team, int, long, float)} through a resolved peer. */
    public void addFloat(Peer peer, long offset, float value) {
        execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.ADD,
                Float.floatToRawIntBits(value), 0, "addFloat");
    }

    /**
     * Atomically adds {@code value}; returns the old value ({@code GEX_OP_FADD} on {@code GEX_DT_FLT}; no OpenSHMEM
     * routine).
     */
    public float fetchAddFloat(Team team, int rank, long offset, float value) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.ADD,
                Float.floatToRawIntBits(value), 0, "fetchAddFloat"));
    }

    /** {@link #fetchAddFloat(Team, int, long, float)} through a resolved peer. */
    public float fetchAddFloat(Peer peer, long offset, float value) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.ADD,
                Float.floatToRawIntBits(value), 0, "fetchAddFloat"));
    }

    /**
     * Atomically stores the smaller of the value and {@code value} ({@code GEX_OP_MIN} on {@code GEX_DT_FLT}; no
     * OpenSHMEM routine).
     */
    public void minFloat(Team team, int rank, long offset, float value) {
        execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.MIN,
                Float.floatToRawIntBits(value), 0, "minFloat");
    }

    /** {@link #minFloat(Team, int, long, float)} through a resolved peer. */
    public void minFloat(Peer peer, long offset, float value) {
        execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.MIN,
                Float.floatToRawIntBits(value), 0, "minFloat");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value ({@code GEX_OP_FMIN} on
     * {@code GEX_DT_FLT}; no OpenSHMEM routine).
     */
    public float fetchMinFloat(Team team, int rank, long offset, float value) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.MIN,
                Float.floatToRawIntBits(value), 0, "fetchMinFloat"));
    }

    /** {@link #fetchMinFloat(Team, int, long, float)} through a resolved peer. */
    public float fetchMinFloat(Peer peer, long offset, float value) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.MIN,
                Float.floatToRawIntBits(value), 0, "fetchMinFloat"));
    }

    /**
     * Atomically stores the larger of the value and {@code value} ({@code GEX_OP_MAX} on {@code GEX_DT_FLT}; no
     * OpenSHMEM routine).
     */
    public void maxFloat(Team team, int rank, long offset, float value) {
        execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.MAX,
                Float.floatToRawIntBits(value), 0, "maxFloat");
    }

    /** {@link #maxFloat(Team, int, long, float)} through a resolved peer. */
    public void maxFloat(Peer peer, long offset, float value) {
        execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.MAX,
                Float.floatToRawIntBits(value), 0, "maxFloat");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value ({@code GEX_OP_FMAX} on
     * {@code GEX_DT_FLT}; no OpenSHMEM routine).
     */
    public float fetchMaxFloat(Team team, int rank, long offset, float value) {
        return Float.intBitsToFloat((int) execute(team, rank, offset, AtomicExecutor.FLOAT, AtomicExecutor.MAX,
                Float.floatToRawIntBits(value), 0, "fetchMaxFloat"));
    }

    /** {@link #fetchMaxFloat(Team, int, long, float)} through a resolved peer. */
    public float fetchMaxFloat(Peer peer, long offset, float value) {
        return Float.intBitsToFloat((int) execute(peer, offset, AtomicExecutor.FLOAT, AtomicExecutor.MAX,
                Float.floatToRawIntBits(value), 0, "fetchMaxFloat"));
    }

    // ---------------------------------------------------------------- double

    /** Atomically stores {@code value} ({@code GEX_OP_SET} on {@code GEX_DT_DBL}; {@code shmem_double_atomic_set}). */
    public void setDouble(Team team, int rank, long offset, double value) {
        execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.SET,
                Double.doubleToRawLongBits(value), 0, "setDouble");
    }

    /** {@link #setDouble(Team, int, long, double)} through a resolved peer. */
    public void setDouble(Peer peer, long offset, double value) {
        execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.SET,
                Double.doubleToRawLongBits(value), 0, "setDouble");
    }

    /** Atomically loads the value ({@code GEX_OP_GET} on {@code GEX_DT_DBL}; {@code shmem_double_atomic_fetch}). */
    public double getDouble(Team team, int rank, long offset) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.GET,
                0, 0, "getDouble"));
    }

    /** {@link #getDouble(Team, int, long)} through a resolved peer. */
    public double getDouble(Peer peer, long offset) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.GET,
                0, 0, "getDouble"));
    }

    /**
     * Atomically stores {@code value}; returns the old value ({@code GEX_OP_SWAP} on {@code GEX_DT_DBL};
     * {@code shmem_double_atomic_swap}).
     */
    public double swapDouble(Team team, int rank, long offset, double value) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.SWAP,
                Double.doubleToRawLongBits(value), 0, "swapDouble"));
    }

    /** {@link #swapDouble(Team, int, long, double)} through a resolved peer. */
    public double swapDouble(Peer peer, long offset, double value) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.SWAP,
                Double.doubleToRawLongBits(value), 0, "swapDouble"));
    }

    /**
     * Atomically stores {@code desired} if the value is {@code expected}; returns the old value, whether or not it
     * matched (compared as bits) ({@code GEX_OP_FCAS} on {@code GEX_DT_DBL}; no OpenSHMEM routine).
     */
    public double compareAndSwapDouble(Team team, int rank, long offset, double expected, double desired) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.CAS,
                Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(desired), "compareAndSwapDouble"));
    }

    /** {@link #compareAndSwapDouble(Team, int, long, double, double)} through a resolved peer. */
    public double compareAndSwapDouble(Peer peer, long offset, double expected, double desired) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.CAS,
                Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(desired), "compareAndSwapDouble"));
    }

    /** Atomically adds {@code value} ({@code GEX_OP_ADD} on {@code GEX_DT_DBL}; no OpenSHMEM routine). */
    public void addDouble(Team team, int rank, long offset, double value) {
        execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.ADD,
                Double.doubleToRawLongBits(value), 0, "addDouble");
    }

    /** {@link #addDouble(Team, int, long, double)} through a resolved peer. */
    public void addDouble(Peer peer, long offset, double value) {
        execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.ADD,
                Double.doubleToRawLongBits(value), 0, "addDouble");
    }

    /**
     * Atomically adds {@code value}; returns the old value ({@code GEX_OP_FADD} on {@code GEX_DT_DBL}; no OpenSHMEM
     * routine).
     */
    public double fetchAddDouble(Team team, int rank, long offset, double value) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.ADD,
                Double.doubleToRawLongBits(value), 0, "fetchAddDouble"));
    }

    /** {@link #fetchAddDouble(Team, int, long, double)} through a resolved peer. */
    public double fetchAddDouble(Peer peer, long offset, double value) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.ADD,
                Double.doubleToRawLongBits(value), 0, "fetchAddDouble"));
    }

    /**
     * Atomically stores the smaller of the value and {@code value} ({@code GEX_OP_MIN} on {@code GEX_DT_DBL}; no
     * OpenSHMEM routine).
     */
    public void minDouble(Team team, int rank, long offset, double value) {
        execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MIN,
                Double.doubleToRawLongBits(value), 0, "minDouble");
    }

    /** {@link #minDouble(Team, int, long, double)} through a resolved peer. */
    public void minDouble(Peer peer, long offset, double value) {
        execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MIN,
                Double.doubleToRawLongBits(value), 0, "minDouble");
    }

    /**
     * Atomically stores the smaller of the value and {@code value}; returns the old value ({@code GEX_OP_FMIN} on
     * {@code GEX_DT_DBL}; no OpenSHMEM routine).
     */
    public double fetchMinDouble(Team team, int rank, long offset, double value) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MIN,
                Double.doubleToRawLongBits(value), 0, "fetchMinDouble"));
    }

    /** {@link #fetchMinDouble(Team, int, long, double)} through a resolved peer. */
    public double fetchMinDouble(Peer peer, long offset, double value) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MIN,
                Double.doubleToRawLongBits(value), 0, "fetchMinDouble"));
    }

    /**
     * Atomically stores the larger of the value and {@code value} ({@code GEX_OP_MAX} on {@code GEX_DT_DBL}; no
     * OpenSHMEM routine).
     */
    public void maxDouble(Team team, int rank, long offset, double value) {
        execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MAX,
                Double.doubleToRawLongBits(value), 0, "maxDouble");
    }

    /** {@link #maxDouble(Team, int, long, double)} through a resolved peer. */
    public void maxDouble(Peer peer, long offset, double value) {
        execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MAX,
                Double.doubleToRawLongBits(value), 0, "maxDouble");
    }

    /**
     * Atomically stores the larger of the value and {@code value}; returns the old value ({@code GEX_OP_FMAX} on
     * {@code GEX_DT_DBL}; no OpenSHMEM routine).
     */
    public double fetchMaxDouble(Team team, int rank, long offset, double value) {
        return Double.longBitsToDouble(execute(team, rank, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MAX,
                Double.doubleToRawLongBits(value), 0, "fetchMaxDouble"));
    }

    /** {@link #fetchMaxDouble(Team, int, long, double)} through a resolved peer. */
    public double fetchMaxDouble(Peer peer, long offset, double value) {
        return Double.longBitsToDouble(execute(peer, offset, AtomicExecutor.DOUBLE, AtomicExecutor.MAX,
                Double.doubleToRawLongBits(value), 0, "fetchMaxDouble"));
    }
}
