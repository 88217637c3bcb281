package org.pgas4j.shmem;

import java.lang.reflect.Array;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.BadArgumentException;
import org.pgas4j.DataType;
import org.pgas4j.Event;
import org.pgas4j.Peer;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * How a {@link ShmemContext}'s checked operations are carried out on the core: array transfers
 * by carrier, put-with-signal, and atomics by AMO family (the core's specialised calls for the
 * commonest, its generic op for the rest). The middle of the context's class chain
 * ({@code ContextTargets <- ContextOps <- ShmemContext}, each sealed to the next): the public
 * methods of {@link ShmemContext} call these final methods of the same object, at the inlining
 * depth the private methods they were had.
 */
abstract sealed class ContextOps extends ContextTargets permits ShmemContext {
    static final int PUT = 0;
    static final int PUT_NBI = 1;
    static final int GET = 2;
    static final int GET_NBI = 3;
    static final int STANDARD = ShmemType.AMO_STANDARD;
    static final int EXTENDED = ShmemType.AMO_EXTENDED;
    static final int BITWISE = ShmemType.AMO_BITWISE;

    ContextOps(Shmem shmem, ShmemTeam team) {
        super(shmem, team);
    }

    // ---------------------------------------------------------------- transfers

    final void transfer(String routine, SymmetricArray remote, long remoteIndex, Object local, int localIndex,
                          int count, int pe, DataType carrier, int mode) {
        long off = range(routine, remote, remoteIndex, count, pe, carrier, MemorySpace.CAP_RMA);
        int localLength = local == null ? -1 : Array.getLength(local);
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
                putArrayNbi(rmaPeer(remote, pe), local, off, localIndex, count);
                yield Event.DONE;
            }
            case PUT_NBI -> {
                putArrayNbi(rmaPeer(remote, pe), local, off, localIndex, count);
                yield Event.DONE;
            }
            case GET -> {
                getArray(rmaPeer(remote, pe), local, off, localIndex, count);
                yield Event.DONE;
            }
            default -> getArrayNb(rmaPeer(remote, pe), local, off, localIndex, count);
        };
        keep(e, pe);
        if (Stats.ON) {
            count(mode == PUT || mode == PUT_NBI ? Stats.SHMEM_PUT : Stats.SHMEM_GET, rmaPeer(remote, pe),
                    (long) count * carrier.byteSize());
        }
    }

    /** Counts one operation of the facade's {@code kind} to {@code peer}'s PE (statistics on). */
    final void count(int kind, Peer peer, long bytes) {
        PeStats s = shmem.stats();
        if (s != null) {
            s.count(kind, peer.jobRank(), bytes);
        }
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
        // An instanceof chain, most common carriers first, as for puts.
        if (dst instanceof byte[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof long[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof int[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof double[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof float[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof short[] a) {
            rma.get(peer, off, a, from, count);
        } else if (dst instanceof char[] a) {
            rma.get(peer, off, a, from, count);
        } else {
            throw new IllegalArgumentException(dst.getClass().getName());
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

    final void signalled(String routine, SymmetricArray dest, long destIndex, Object src, int srcIndex, int count,
                           DataType carrier, SymmetricArray sig, long sigIndex, long signal, SignalOp op, int pe) {
        if (op == null) {
            throw new BadArgumentException(routine + ": the signal operation is null on PE " + shmem.myPe());
        }
        long sigOff = element(routine, sig, sigIndex, pe, DataType.LONG, MemorySpace.CAP_AMO);
        Peer sigPeer = amoPeer(sig, pe);
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
        if (Stats.ON) {
            count(Stats.SHMEM_AMO, sigPeer, Long.BYTES); // the signal's update
        }
    }

    // ---------------------------------------------------------------- atomics

    final long amo(String routine, SymmetricArray dest, long index, int pe, AtomicOp op, long v1, long v2,
                     int family) {
        long off = atomicElement(routine, dest, index, pe, family);
        return apply(amoPeer(dest, pe), dest.allocation().atomicType, op, off, v1, v2);
    }

    /** Runs {@code op} at the checked target; the commonest take the core's specialised calls (no op dispatch). */
    final long apply(Peer peer, AtomicType type, AtomicOp op, long off, long v1, long v2) {
        boolean wide = type == AtomicType.LONG || type == AtomicType.ULONG;
        if (Stats.ON) {
            count(Stats.SHMEM_AMO, peer, wide ? Long.BYTES : Integer.BYTES);
        }
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

    final void amoNbi(String routine, AtomicResult fetched, SymmetricArray dest, long index, int pe, AtomicOp op,
                        long v1, long v2, int family) {
        if (fetched == null) {
            throw new BadArgumentException(routine + ": the result holder is null on PE " + shmem.myPe());
        }
        long off = atomicElement(routine, dest, index, pe, family);
        keep(atomics.opNB(fetched, amoPeer(dest, pe), off, dest.type().atomicType(), op, v1, v2), pe);
        if (Stats.ON) {
            count(Stats.SHMEM_AMO, amoPeer(dest, pe), dest.type().size());
        }
    }

    final long amoFloating(String routine, SymmetricArray dest, long index, int pe, AtomicOp op, long bits) {
        long off = element(routine, dest, index, pe, dest == null ? DataType.DOUBLE : dest.type().carrier(),
                MemorySpace.CAP_AMO);
        if (!dest.type().isFloatingPoint()) {
            throw new BadArgumentException(routine + ": " + dest + " is not float or double; use the long form");
        }
        if (Stats.ON) {
            count(Stats.SHMEM_AMO, amoPeer(dest, pe), dest.type().size());
        }
        return atomics.op(amoPeer(dest, pe), off, dest.type().atomicType(), op, bits, 0);
    }

    /**
     * The checks of an atomic on one element of an AMO type of {@code family}: {@link #range}'s
     * fast path with the type's family bits in place of the carrier, else every check in turn.
     */
    final long atomicElement(String routine, SymmetricArray dest, long index, int pe, int family) {
        SymmetricArray.Allocation a = dest == null ? null : dest.allocation();
        Route r = amoRoute;
        Peer[] peers = r.peers;
        if (a != null && a.space == r.space && (a.amoFamilies & family) != 0 && index >= 0 && index < dest.length()
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

    static long toBits(SymmetricArray dest, double value) {
        return dest != null && dest.type() == ShmemType.FLOAT ? Float.floatToRawIntBits((float) value)
                : Double.doubleToRawLongBits(value);
    }

    static double fromBits(SymmetricArray dest, long bits) {
        return dest.type() == ShmemType.FLOAT ? Float.intBitsToFloat((int) bits) : Double.longBitsToDouble(bits);
    }
}
