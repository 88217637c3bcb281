package org.pgas4j.shmem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.DataType;
import org.pgas4j.Event;
import org.pgas4j.Peer;
import org.pgas4j.Rma;

/**
 * Where a {@link ShmemContext}'s operations go, and whether they may: the checks every call makes
 * before anything is sent (context, team and OpenSHMEM live, object live and of this PE, carrier,
 * element range, PE in the team and a member of the space, capability), the core handles they
 * resolve to (cached per space and PE), and the events kept for the next quiet.
 *
 * <p>The root of the context's class chain ({@code ContextTargets <- ContextOps <- ShmemContext},
 * each sealed to the next): the entry points of {@link ShmemContext} and the operations of
 * {@link ContextOps} read the caches below as fields of the same object, and the checks are final,
 * so the hot paths bind statically, load no extra object and allocate nothing.
 */
abstract sealed class ContextTargets permits ContextOps {
    private static final Peer[] NO_PEERS = new Peer[0];

    final Shmem shmem;
    final ShmemTeam team;
    final Rma rma;
    final Atomics atomics;
    /** Whether {@link ShmemContext#destroy()} has run. */
    boolean destroyed;
    /**
     * False once the context is destroyed, its team destroyed or OpenSHMEM finalized
     * ({@link #retire()}, which also empties the caches below, so the hot paths go to the checks).
     */
    boolean live = true;
    /**
     * A space and its core handles by PE number in the team (null: not yet resolved, or not a
     * member): one immutable pair, read with one load, so that a thread never pairs one space with
     * another's handles while other threads of the context move it between spaces (MULTIPLE).
     */
    static final class Route {
        final MemorySpace space;
        final Peer[] peers;

        Route(MemorySpace space, Peer[] peers) {
            this.space = space;
            this.peers = peers;
        }
    }

    private static final Route NO_ROUTE = new Route(null, NO_PEERS);
    /**
     * The space an RMA on this context reached last (owned by this PE, live, with CAP_RMA) and its
     * handles. Being the cached space is the hot path's check of the context, the space and the
     * capability.
     */
    Route rmaRoute = NO_ROUTE;
    /** The same for atomics (CAP_AMO). */
    Route amoRoute = NO_ROUTE;
    /** The route of every space this context has reached, for when it moves between spaces (no allocation then). */
    private final IdentityHashMap<MemorySpace, Route> spaceRoutes = new IdentityHashMap<>();
    /** The events of operations not complete in their call (gets, fetching atomics), until the next quiet. */
    private Event[] pending = new Event[16];
    /** The PE (a number in the team) each pending event's operation targets, for {@link ContextExtras#peQuiet}. */
    private int[] pendingPe = new int[16];
    private int pendingCount;
    /** Guards {@link #pending} and {@link #spaceRoutes}: threads may share a context (MULTIPLE). */
    private final Object lock = new Object();

    ContextTargets(Shmem shmem, ShmemTeam team) {
        this.shmem = shmem;
        this.team = team;
        this.rma = shmem.client().rma();
        this.atomics = shmem.client().atomics();
    }

    /** Ends the hot paths' use of this context (its team destroyed, OpenSHMEM finalized): they go to the checks. */
    final void retire() {
        live = false;
        rmaRoute = NO_ROUTE;
        amoRoute = NO_ROUTE;
        synchronized (lock) {
            spaceRoutes.clear();
        }
    }

    /** Drops the handles of a destroyed space (its objects are all freed, so the hot path no longer reaches them). */
    final void forget(MemorySpace space) {
        synchronized (lock) {
            spaceRoutes.remove(space);
        }
        if (rmaRoute.space == space) {
            rmaRoute = NO_ROUTE;
        }
        if (amoRoute.space == space) {
            amoRoute = NO_ROUTE;
        }
    }

    // ---------------------------------------------------------------- events kept until quiet

    /** Completes the operations this context holds events for (its gets and fetching atomics). */
    final void waitPending() {
        if (pendingCount == 0) {
            return;
        }
        synchronized (lock) {
            for (int i = 0; i < pendingCount; i++) {
                pending[i].waitFor();
                pending[i] = null;
            }
            pendingCount = 0;
        }
    }

    /** Keeps {@code e}, an operation towards PE {@code pe}, for the next quiet unless it is already complete. */
    final void keep(Event e, int pe) {
        if (e == Event.DONE) {
            return;
        }
        synchronized (lock) {
            if (pendingCount == pending.length) {
                reserve(pendingCount * 2);
            }
            pendingPe[pendingCount] = pe;
            pending[pendingCount++] = e;
        }
        shmem.eventKept();
    }

    /** Whether this context keeps events of operations not yet complete. */
    final boolean hasPending() {
        return pendingCount != 0;
    }

    /** Makes room for {@code events} kept events without growing (a session's {@code total_ops} hint). */
    final void reserve(int events) {
        synchronized (lock) {
            if (events > pending.length) {
                pending = Arrays.copyOf(pending, events);
                pendingPe = Arrays.copyOf(pendingPe, events);
            }
        }
    }

    /**
     * Completes the kept operations towards the PEs {@code wanted} marks (indexed by PE number in
     * the team) and keeps the others, in their order, for a later quiet.
     */
    final void waitPendingOf(boolean[] wanted) {
        synchronized (lock) {
            int kept = 0;
            for (int i = 0; i < pendingCount; i++) {
                Event e = pending[i];
                int pe = pendingPe[i];
                pending[i] = null;
                if (wanted[pe]) {
                    e.waitFor();
                } else {
                    pending[kept] = e;
                    pendingPe[kept++] = pe;
                }
            }
            pendingCount = kept;
        }
    }

    /**
     * The core handles of PE {@code pe} in every space this context has reached (its puts to the PE
     * went through them): what {@code peQuiet} completes.
     */
    final List<Peer> peersOf(int pe) {
        List<Peer> found = new ArrayList<>();
        synchronized (lock) {
            for (Route r : spaceRoutes.values()) {
                Peer p = pe < r.peers.length ? r.peers[pe] : null;
                if (p != null) {
                    found.add(p);
                }
            }
        }
        return found;
    }

    // ---------------------------------------------------------------- checks

    /** Checks one element access and returns its offset in the target's segment; the PE's handle is then {@link #rmaPeer} or {@link #amoPeer}, by {@code cap}. */
    final long element(String routine, SymmetricArray object, long index, int pe, DataType carrier, long cap) {
        return range(routine, object, index, 1, pe, carrier, cap);
    }

    /** Checks {@code count} elements from {@code index} and returns the first's offset; the PE's handle is then {@link #rmaPeer} or {@link #amoPeer}, by {@code cap} (no field is written on the way: a reference store costs a GC write barrier). */
    final long range(String routine, SymmetricArray object, long index, long count, int pe, DataType carrier,
                     long cap) {
        // The fast path: every check as one condition over plain fields, in a method small enough to
        // inline. The cached space stands for the context's liveness (retire() empties the cache), the
        // space's ownership, liveness and capability (checked when it was cached); an allocation's
        // carrier is null once freed (and a space is destroyed only once all its allocations are); a
        // handle exists only for a PE of the team that is a member of the space. Anything else goes
        // to the slow path, which finds the first failed check and names it.
        SymmetricArray.Allocation a = object == null ? null : object.allocation();
        Route r = cap == MemorySpace.CAP_RMA ? rmaRoute : amoRoute;
        Peer[] peers = r.peers;
        if (a != null && a.space == r.space && (carrier == null ? !a.freed : a.carrier == carrier) && count >= 0
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
                    + " elements, not " + carrier.name().toLowerCase(Locale.ROOT) + " ones");
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
        peerOf(space, pe);
        return object.segmentOffset(index);
    }

    /**
     * The core handle of PE {@code pe} (checked by {@link #range}) in {@code space}, resolved once
     * per space and PE; the space becomes the cached one of each capability it has.
     */
    private Peer peerOf(MemorySpace space, int pe) {
        synchronized (lock) {
            Route r = spaceRoutes.get(space);
            if (r == null) {
                r = new Route(space, new Peer[team.nPes()]);
                spaceRoutes.put(space, r);
            }
            Peer p = r.peers[pe];
            if (p == null) {
                p = rma.peer(space.route, team.core().jobRankOf(pe)); // the route is ranked by jobrank
                r.peers[pe] = p;
            }
            long caps = space.caps();
            if ((caps & MemorySpace.CAP_RMA) != 0) {
                rmaRoute = r;
            }
            if ((caps & MemorySpace.CAP_AMO) != 0) {
                amoRoute = r;
            }
            return p;
        }
    }

    /**
     * The RMA handle of PE {@code pe} for {@code object}'s space, after {@link #range} checked the
     * access: the cached route's when it is that space (the hot path), else resolved (another
     * thread of the context moved the cache meanwhile).
     */
    final Peer rmaPeer(SymmetricArray object, int pe) {
        return peerThrough(rmaRoute, object, pe);
    }

    /** {@link #rmaPeer} for atomics (CAP_AMO), after {@link #range} or {@code atomicElement} checked the access. */
    final Peer amoPeer(SymmetricArray object, int pe) {
        return peerThrough(amoRoute, object, pe);
    }

    /** The handle of PE {@code pe} for {@code object}'s space: {@code r}'s (read once) when it is that space's. */
    private Peer peerThrough(Route r, SymmetricArray object, int pe) {
        MemorySpace space = object.allocation().space;
        if (r.space == space) {
            Peer p = r.peers[pe];
            if (p != null) {
                return p;
            }
        }
        return peerOf(space, pe);
    }

    /**
     * The checks of a contiguous put, which the typed put methods then issue as an implicit-completion
     * core put (the source is reusable on return; {@link ShmemContext#quiet()} completes it): kept apart
     * from {@link ContextOps#transfer} so that the put path is short enough for the JIT to inline whole.
     */
    final long putRange(String routine, SymmetricArray dest, long destIndex, int srcLength, int srcIndex, int count,
                        int pe, DataType carrier) {
        long off = range(routine, dest, destIndex, count, pe, carrier, MemorySpace.CAP_RMA);
        if (srcLength < 0 || srcIndex < 0 || count > srcLength - srcIndex) {
            throw localRefusal(routine, srcLength < 0 ? null : dest, srcIndex, count, srcLength);
        }
        return off;
    }

    final BadArgumentException localRefusal(String routine, Object local, int localIndex, int count, int localLength) {
        if (local == null) {
            return new BadArgumentException(routine + ": the local array is null on PE " + shmem.myPe());
        }
        return new BadArgumentException(routine + ": local elements [" + localIndex + ", " + localIndex + " + "
                + count + ") are outside the local array of " + localLength + " on PE " + shmem.myPe());
    }

    /** The checks of a strided transfer of {@code nelems} elements; returns the first remote element's offset. */
    final long strided(String routine, SymmetricArray remote, long remoteIndex, long remoteStride, int localLength,
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

    /** Throws if the context is destroyed, OpenSHMEM finalized or the team destroyed. */
    final void check(String routine) {
        if (destroyed) {
            throw new IllegalStateException(routine + ": " + this + " has been destroyed");
        }
        shmem.checkOpen(routine);
        team.check(routine);
    }
}
