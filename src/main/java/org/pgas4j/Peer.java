package org.pgas4j;

import org.pgas4j.internal.PeerTarget;

/**
 * A resolved (team, rank) for one-sided operations: the published segment of that member's
 * endpoint, found and checked once by {@link Rma#peer(Team, int)}, then addressed by the
 * {@code Peer} forms of {@link Rma} and {@link Atomics} ({@code rma.putNBI(peer, offset, src,
 * index, count)}, {@code atomics.fetchAddLong(peer, offset, value)}, ...). Those forms move the
 * same data, with the same completion and the same errors, as the (team, rank) forms; what they
 * skip is the per-call work of finding the member: the client and team checks, the rank check,
 * the translation to (PE, endpoint) and the lookup of its segment. Per call they check that the
 * handle belongs to the caller's client, that the segment it resolved is still the one published
 * (one acquire load where the owner's directory is mapped, as for every RMA) and the bounds.
 *
 * <p>The handle stays valid across republication: when the owner destroys its segment or
 * publishes another, the next call resolves again, and throws as the (team, rank) form would
 * when nothing usable is published. When the team is destroyed or the client closed, the handle
 * is retired: every later call throws {@link IllegalStateException} naming the team or the
 * client, before anything is sent.
 *
 * <p>There is one handle per (team, rank): {@link Rma#peer} returns the same object each time.
 * A handle may be shared between the threads of its client. Its retirement is a plain write, seen
 * at once by the thread that destroyed the team or closed the client; another thread sees it once
 * it is ordered after that call (as any call after a close must be), and until then behaves as the
 * (team, rank) forms do in the same race.
 */
public final class Peer {
    final Client client;
    private final Team team;
    private final int rank;
    /** What the last resolution found; {@link PeerTarget#DEAD} once retired. Written only by resolutions and retirement. */
    PeerTarget target;

    Peer(Client client, Team team, int rank, PeerTarget target) {
        this.client = client;
        this.team = team;
        this.rank = rank;
        this.target = target;
    }

    /** The team this handle was resolved in. */
    public Team team() {
        return team;
    }

    /** The member's rank in {@link #team()}. */
    public int rank() {
        return rank;
    }

    /** The member's jobrank (its PE number in the job). */
    public int jobRank() {
        return team.jobRankUnchecked(rank);
    }

    /**
     * Whether calls through this handle may still succeed: the client is open and the team not
     * destroyed. (The member's segment may still be gone; that is found by the call.)
     */
    public boolean isUsable() {
        return !client.isClosed() && !team.isDestroyed();
    }

    /**
     * The slow path of a call whose resolved target is not current: resolves (team, rank) again
     * with every check of the (team, rank) forms, which throw when the client is closed, the team
     * destroyed, or nothing usable is published.
     */
    PeerTarget refresh(String operation) {
        PeerTarget t = client.target(team, rank, 0, 0, operation);
        target = t;
        return t;
    }

    /** Retires the handle (team destroyed, client closed): every later call takes the slow path and throws. */
    void retire() {
        target = PeerTarget.DEAD;
    }

    BadArgumentException outOfBounds(PeerTarget t, long offset, long length, String operation) {
        return team.outOfBounds(rank, t, offset, length, operation);
    }

    /** The error of a {@code Peer} form called with a null handle or one of another client than {@code caller}. */
    static BadArgumentException foreign(Peer peer, Client caller, String operation) {
        return new BadArgumentException(operation + " on PE " + caller.jobRank() + ": "
                + (peer == null ? "peer is null" : peer + " belongs to the client of PE " + peer.client.jobRank()
                + "; get a handle from this PE's Rma.peer"));
    }

    @Override
    public String toString() {
        return "Peer[rank " + rank + " of team " + team.name() + ", PE " + jobRank()
                + (isUsable() ? "" : ", retired") + "]";
    }
}
