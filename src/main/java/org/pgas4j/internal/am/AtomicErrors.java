package org.pgas4j.internal.am;

import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicType;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Team;
import org.pgas4j.internal.PeerTarget;

/**
 * The messages of the errors {@link Atomics} detects itself (the checks it shares with RMA live in
 * {@link Client}). Built only when a check fails, so a passing check allocates nothing.
 */
public final class AtomicErrors {
    private AtomicErrors() {
    }

    /** A null type or op, or a bitwise op on a floating-point type. */
    public static BadArgumentException badOp(int pe, AtomicType type, AtomicOp op, String name) {
        if (type == null || op == null) {
            return new BadArgumentException(name + " on PE " + pe + ": the atomic " + (type == null ? "type" : "op")
                    + " is null");
        }
        return new BadArgumentException(name + " on PE " + pe + ": " + op + " is a bitwise operation, which applies to "
                + "the integer types (INT, UINT, LONG, ULONG) only, not to " + type
                + "; operate on the bits with an integer type instead");
    }

    /** A fetching non-blocking op without a result holder. */
    public static BadArgumentException noResult(int pe, AtomicOp op, String name) {
        return new BadArgumentException(name + " on PE " + pe + ": " + op + " fetches a value but the result holder "
                + "is null; pass an AtomicResult (it can be reused once the event completed)");
    }

    /** A location whose address is not a multiple of its type's size. */
    public static BadArgumentException misaligned(int pe, Team team, int rank, PeerTarget t, long offset, long address,
                                           int size, String name) {
        String where = t.direct != null ? " (address 0x" + Long.toHexString(address) + " in this process's mapping)" : "";
        return new BadArgumentException(name + " from PE " + pe + ": offset " + offset + " in segment " + t.segmentId
                + " of rank " + rank + " of team " + team.name() + " (PE " + t.jobRank + ", endpoint " + t.endpoint
                + ") is misaligned for a " + size + "-byte atomic" + where + "; required alignment " + size
                + ": the offset and the location's address must be multiples of " + size);
    }
}
