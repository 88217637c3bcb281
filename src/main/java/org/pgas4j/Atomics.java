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
public final class Atomics extends TypedAtomics {
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
    @Override
    long execute(Team team, int rank, long offset, int type, int op, long operand1, long operand2,
                         String name) {
        return execute(target(team, rank, offset, type, name), team, rank, offset, type, op, operand1, operand2, name);
    }

    /** A blocking atomic through a resolved peer. */
    @Override
    long execute(Peer peer, long offset, int type, int op, long operand1, long operand2, String name) {
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
}
