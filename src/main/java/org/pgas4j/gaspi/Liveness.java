package org.pgas4j.gaspi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.pgas4j.Client;

/**
 * The state vector ({@code gaspi_state_vec_get}): one state per rank, {@link #HEALTHY} until a
 * procedure involving the rank found it dead, then {@link #CORRUPT}.
 *
 * <p>How a dead rank is found: the ranks' process ids are exchanged at init; a rank whose
 * process ran on this host and is gone is dead. Where that cannot tell (in-JVM ranks, other
 * hosts), the job's health (the transport's, which the launcher stops when a rank dies) says the
 * job is failing, and the procedure that was waiting marks the ranks it was still waiting for.
 */
final class Liveness {
    /** {@code GASPI_STATE_HEALTHY}. */
    static final byte HEALTHY = 0;
    /** {@code GASPI_STATE_CORRUPT}. */
    static final byte CORRUPT = 1;

    private final Client client;
    private final long[] pids;
    private final boolean[] sameHost;
    private final byte[] states;
    private final long myPid = ProcessHandle.current().pid();

    Liveness(Client client, long[] pids, boolean[] sameHost) {
        this.client = client;
        this.pids = pids;
        this.sameHost = sameHost;
        this.states = new byte[pids.length];
    }

    /** Exchanges the ranks' process ids (collective over the job) and notes which ranks share this host. */
    static Liveness exchange(Client client, Arena arena) {
        int n = client.jobSize();
        MemorySegment mine = arena.allocate(8, 8);
        MemorySegment all = arena.allocate(8L * n, 8);
        mine.set(ValueLayout.JAVA_LONG, 0, ProcessHandle.current().pid());
        client.collectives().allgather(client.world(), all, mine, 8);
        long[] pids = all.toArray(ValueLayout.JAVA_LONG);
        boolean[] sameHost = new boolean[n];
        for (int r : client.neighbourhood()) {
            sameHost[r] = true;
        }
        return new Liveness(client, pids, sameHost);
    }

    /** A copy of the state vector. */
    synchronized byte[] states() {
        return Arrays.copyOf(states, states.length);
    }

    /** Whether {@code rank} was marked corrupt (a plain read: a mark made by this rank's thread). */
    boolean corrupt(int rank) {
        return states[rank] == CORRUPT;
    }

    synchronized void mark(int rank) {
        states[rank] = CORRUPT;
    }

    /** Whether {@code rank}'s process is known to be gone (same host, another process, not alive). */
    boolean processGone(int rank) {
        if (!sameHost[rank] || pids[rank] == myPid) {
            return false;
        }
        Optional<ProcessHandle> h = ProcessHandle.of(pids[rank]);
        return h.isEmpty() || !h.get().isAlive();
    }

    /**
     * Throws PEER_FAILED when the job is failing or a rank's process is gone, marking the dead
     * ranks (and, when none can be named, every rank {@code waitingFor} accepts).
     */
    void check(String operation, IntPredicate waitingFor) {
        boolean healthy = client.isHealthy();
        int dead = 0;
        for (int r = 0; r < pids.length; r++) {
            if (processGone(r)) {
                mark(r);
                dead++;
            }
        }
        if (healthy && dead == 0) {
            return;
        }
        if (dead == 0 && waitingFor != null) {
            for (int r = 0; r < pids.length; r++) {
                if (r != client.jobRank() && waitingFor.test(r)) {
                    mark(r);
                }
            }
        }
        throw new GaspiException(GaspiError.PEER_FAILED, operation + " on rank " + client.jobRank()
                + ": a peer died or the job is stopping; state vector " + Arrays.toString(states()));
    }

    void check(String operation) {
        check(operation, null);
    }
}
