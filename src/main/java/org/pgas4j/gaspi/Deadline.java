package org.pgas4j.gaspi;

import java.util.function.IntPredicate;
import org.pgas4j.Client;

/**
 * The waiting of every timed GASPI procedure: a deadline from a GASPI timeout
 * ({@link Gaspi#BLOCK}, {@link Gaspi#TEST} or milliseconds), and an idle step that spins
 * briefly, then yields, then parks (more ranks than cores must not crawl), polls the client so
 * that active messages (the core's fallback for memory peers cannot map) are served, and checks
 * the job's health so that a dead peer fails the wait instead of hanging it. A park is the
 * client's {@code parkUntilMessage}: an active message ends it at once, is served, and the wait
 * spins again.
 *
 * <p>One instance per rank, reused by every wait: {@link #start} allocates nothing.
 */
final class Deadline {
    private static final int SPINS = 200;
    private static final int YIELDS = 200;
    /** Polls in a row that served nothing, after which spinning polls every 64th step instead of every 8th. */
    private static final int QUIET = 64;

    private final Client client;
    private final Liveness liveness;
    private long deadline;
    private boolean test;
    private boolean block;
    private int idles;
    /** Polls in a row (across waits) that served nothing, up to {@link #QUIET}. */
    private int quietPolls;
    private IntPredicate waitingFor;

    Deadline(Client client, Liveness liveness) {
        this.client = client;
        this.liveness = liveness;
    }

    /** Checks {@code timeout} and starts a wait with it; returns this. */
    Deadline start(long timeout, String operation) {
        if (timeout < Gaspi.BLOCK) {
            throw new GaspiException(GaspiError.INVALID_TIMEOUT, operation + ": timeout " + timeout
                    + " is negative; pass Gaspi.BLOCK, Gaspi.TEST or milliseconds");
        }
        test = timeout == Gaspi.TEST;
        block = timeout == Gaspi.BLOCK;
        deadline = block ? 0 : System.nanoTime() + timeout * 1_000_000L;
        idles = 0;
        waitingFor = null;
        return this;
    }

    /** Milliseconds left, as a GASPI timeout for a step of a composed procedure. */
    long remaining() {
        if (block) {
            return Gaspi.BLOCK;
        }
        if (test) {
            return Gaspi.TEST;
        }
        long left = deadline - System.nanoTime();
        return left <= 0 ? Gaspi.TEST : Math.max(1, left / 1_000_000L);
    }

    /**
     * One idle step of a wait that found its condition false: returns false when the deadline
     * has passed (the caller returns TIMEOUT), else idles once and returns true.
     *
     * @throws GaspiException PEER_FAILED if the job is failing
     */
    boolean idle(String operation) {
        if (test || (!block && System.nanoTime() - deadline >= 0)) {
            return false;
        }
        pause(operation);
        return true;
    }

    /** The ranks a failing wait marks when it cannot name the dead ones (null: none). */
    Deadline waitingFor(IntPredicate ranks) {
        this.waitingFor = ranks;
        return this;
    }

    private void poll() {
        if (client.poll() > 0) {
            quietPolls = 0;
        } else if (quietPolls < QUIET) {
            quietPolls++;
        }
    }

    /** One idle step of a wait that has no deadline (the fence before a notification). */
    void pause(String operation) {
        int i = idles++;
        if (i < SPINS) {
            // Serve active messages now and then while spinning (a poll costs more than a load): every
            // 8th step while polls find work, every 64th once they have found none for a while (peers
            // whose memory is mapped write notifications and data without this rank's help).
            if ((i & (quietPolls < QUIET ? 7 : 63)) == 7) {
                poll();
            }
            Thread.onSpinWait();
            return;
        }
        poll();
        if (i < SPINS + YIELDS) {
            if (!client.isHealthy()) {
                liveness.check(operation, waitingFor);
            }
            Thread.yield();
            return;
        }
        if ((i & 15) == 0 || !client.isHealthy()) {
            liveness.check(operation, waitingFor); // process checks cost system calls: while parked only
        }
        if (client.parkUntilMessage(i < SPINS + YIELDS + 1000 ? 20_000 : 200_000)) {
            // An active message ended the park: serve it now and spin for the next one.
            poll();
            idles = 0;
        }
    }
}
