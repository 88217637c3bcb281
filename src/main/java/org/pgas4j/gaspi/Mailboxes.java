package org.pgas4j.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.IntPredicate;
import org.pgas4j.Client;
import org.pgas4j.JobAbortedException;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * The timed all-to-all exchange under every GASPI collective (barrier, allreduce, group commit):
 * each member posts its data and then its epoch into its mailbox on every member (a blocking put,
 * remotely complete before the epoch's put, so the epoch announces the data), and waits until
 * every member's epoch in its own management memory has reached the collective's. A TIMEOUT
 * leaves the collective in progress; the re-call waits again without posting twice. Data buffers
 * alternate by epoch parity: a member cannot post epoch e + 2 before every member finished e.
 */
final class Mailboxes implements IntPredicate {
    private final Client client;
    private final Rma rma;
    private final Team world; // the team pair of every rank's management endpoint
    private final Management management;
    private final Deadline deadline;
    private final int me;
    private final MemorySegment staging;
    private Group waiting; // the group whose members the current wait still lacks (for the state vector)

    Mailboxes(Client client, Management management, Team managementTeam, Deadline deadline, Arena arena) {
        this.client = client;
        this.rma = client.rma();
        this.world = managementTeam;
        this.management = management;
        this.deadline = deadline;
        this.me = client.jobRank();
        this.staging = arena.allocate(Management.BUFFER, 64);
    }

    /**
     * Runs (or resumes) one exchange over {@code g} with {@code bytes} of {@code data} (0 for a
     * barrier), waiting at most {@code timeout}. On SUCCESS every member's data of this epoch is
     * in {@link #contribution}, valid until this rank's next exchange on the group.
     */
    GaspiReturn exchange(Group g, MemorySegment data, int bytes, long timeout, String op) {
        deadline.start(timeout, op);
        if (!g.inProgress) {
            long epoch = ++g.epoch;
            if (bytes > 0) {
                MemorySegment.copy(data, 0, staging, 0, bytes);
            }
            try {
                post(g, epoch, bytes);
            } catch (JobAbortedException e) {
                g.inProgress = true; // what was posted stays posted
                throw new GaspiException(GaspiError.PEER_FAILED, op + " on rank " + me + ": " + e.getMessage(), e);
            }
            g.inProgress = true;
        }
        waiting = g;
        deadline.waitingFor(this);
        try {
            while (!arrived(g)) {
                if (!deadline.idle(op)) {
                    return GaspiReturn.TIMEOUT;
                }
            }
        } finally {
            waiting = null;
        }
        g.inProgress = false;
        return GaspiReturn.SUCCESS;
    }

    /** Posts this rank's data and epoch into its mailbox on every member, its own included. */
    private void post(Group g, long epoch, int bytes) {
        for (int m : g.members) {
            if (m == me) {
                if (bytes > 0) {
                    MemorySegment.copy(staging, 0, management.buffer(g.id, me, epoch), 0, bytes);
                }
                management.epochRelease(g.id, me, epoch);
            } else {
                if (bytes > 0) {
                    rma.put(world, m, management.bufferOffset(g.id, me, epoch), staging, 0, bytes);
                }
                rma.putLong(world, m, management.mailboxOffset(g.id, me), epoch);
            }
        }
    }

    private boolean arrived(Group g) {
        for (int m : g.members) {
            if (management.epochAcquire(g.id, m) < g.epoch) {
                return false;
            }
        }
        return true;
    }

    /** Member {@code rank}'s data of the group's last exchange. */
    MemorySegment contribution(Group g, int rank) {
        return management.buffer(g.id, rank, g.epoch);
    }

    /** Whether the current wait still lacks {@code rank} (which the state vector marks if the job fails). */
    @Override
    public boolean test(int rank) {
        Group g = waiting;
        return g != null && g.contains(rank) && management.epochAcquire(g.id, rank) < g.epoch;
    }

    Client client() {
        return client;
    }
}
