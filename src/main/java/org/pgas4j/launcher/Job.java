package org.pgas4j.launcher;

import java.util.StringJoiner;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * A running job: the spawned processes and the one event thread that owns all their state. It
 * applies the failure policy:
 * <ul>
 *   <li>a PE that exits non-zero or is killed fails the job, with its status (128+signal when
 *       killed);</li>
 *   <li>a PE that joined the job and exits with status 0 without finalizing while another PE is
 *       still running unfinalized fails the job with status 1 (as {@code mpirun} does): the others
 *       could otherwise wait for it forever. A PE that never joined (a program that does not use
 *       pgas4j) may exit 0 at any time, unless others then wait for it in a collective;</li>
 *   <li>a collective that cannot complete (a PE exited or finalized before contributing, or PEs
 *       disagree on the kind or the order) fails the job with status 1;</li>
 *   <li>a PE that finalized may join again ({@code REJOIN}: its program initialises once more, as
 *       OpenSHMEM's repeated init/finalize pairs do), with the same rank; its collectives then
 *       belong to its next init. Init and finalize are collective, so every PE makes the same
 *       number of pairs: a collective of init #k waits for PEs still in init #k-1 (they finalize
 *       and join again), but a PE that exited after fewer pairs fails the job with status 1, naming
 *       both PEs and the counts (when it exits while others wait for it in init #k's collective, or
 *       when another PE asks to join for init #k after it exited). A collective of init #k-1 entered
 *       after the other PEs moved on to init #k is a collective mismatch;</li>
 *   <li>the time limit fails the job with status 124, naming the PEs still running;</li>
 *   <li>a PE that asks to end the job ({@code shmem_global_exit}) ends it with the status it gave,
 *       named in the report;</li>
 *   <li>in a job on named hosts, a PE's failure is reported a moment later
 *       ({@link HostChecks#GRACE_MILLIS}): when by then every unfinalized PE of its host has exited or
 *       lost its connection, the host is named ({@code host h2 lost all its PEs (2, 3): ...}: a
 *       dead host, or a spawner such as ssh that ended without its PEs); otherwise the PE's own
 *       failure is reported. Failures that follow from it meanwhile (a collective the PE cannot
 *       join) are not reported.</li>
 * </ul>
 * The first failure is reported in one line and fixes the job's status; PEs stopped because of it
 * are not reported again. Then {@link Teardown} ends the rest.
 */
final class Job {
    /** The exit status of a job that ran out of time. */
    static final int TIMEOUT_STATUS = 124;
    /** The exit status of a job failed by the launcher's policy rather than by a PE's own status. */
    static final int POLICY_STATUS = 1;
    private static final long DISCONNECT_GRACE_MILLIS = 1_000;
    /**
     * How long a PE whose connection ended may go on exiting while its process is alive before
     * the job fails with the policy's status instead of its own: a JVM that writes an AOT cache as
     * it exits (a training run) closes its connection first and exits seconds later.
     */
    static final long DISCONNECT_EXIT_MILLIS = 10_000;
    /** How long PEs this launcher did not start (other Slurm tasks') have to join. */
    static final long EXTERNAL_JOIN_MILLIS = 120_000;

    private final PeProcess[] pes;
    private final LineSink err;
    private final long timeoutMillis;
    private final String timeoutText;
    private final boolean reportPlainExits;
    private final BooleanSupplier launcherStopping;
    private final HostChecks hostChecks;
    /** True while a host check or the time limit reports: no deferral then. */
    private boolean deciding;
    private final BlockingQueue<JobEvent> events;
    private final Teardown teardown = new Teardown();
    private final long startNanos = System.nanoTime();

    /** Each PE's statistics counters as it sent them; null where none came. */
    private final byte[][] statistics;
    private CollectiveRound round;
    /** The init the job's collectives belong to now (see {@link PeProcess#inits}), and the next one's number in it. */
    private int collectiveInit = 1;
    private int nextSequence;
    private boolean failed;
    private int status;
    private int running;

    /**
     * @param events the job's event queue, shared with the rendezvous server
     * @param pes the processes, indexed by rank
     * @param err where the launcher's messages go
     * @param timeoutMillis the time limit, 0 for none
     * @param timeoutText the time limit as the user wrote it
     * @param reportPlainExits whether a non-zero exit is reported (false for the local job JVM,
     *        which reports its PEs' failures itself; a signal is always reported)
     * @param launcherStopping true once the launcher itself is being stopped: failures are then
     *        its own doing and not reported
     */
    Job(BlockingQueue<JobEvent> events, PeProcess[] pes, LineSink err, long timeoutMillis, String timeoutText,
        boolean reportPlainExits, BooleanSupplier launcherStopping) {
        this(events, pes, err, timeoutMillis, timeoutText, reportPlainExits, launcherStopping, null);
    }

    /**
     * A job whose PEs were placed on named hosts.
     *
     * @param placement where each rank runs, or null for a job on this host only
     */
    Job(BlockingQueue<JobEvent> events, PeProcess[] pes, LineSink err, long timeoutMillis, String timeoutText,
        boolean reportPlainExits, BooleanSupplier launcherStopping, Placement placement) {
        this.hostChecks = new HostChecks(placement, events::add);
        this.events = events;
        this.pes = pes;
        this.err = err;
        this.timeoutMillis = timeoutMillis;
        this.timeoutText = timeoutText;
        this.reportPlainExits = reportPlainExits;
        this.launcherStopping = launcherStopping;
        this.running = pes.length;
        this.statistics = new byte[pes.length][];
        boolean externals = false;
        for (PeProcess pe : pes) {
            if (pe.external()) {
                externals = true;
            } else {
                pe.process.onExit().thenAccept(p -> post(new JobEvent.Exited(pe.rank, p.exitValue())));
            }
        }
        if (externals) {
            CompletableFuture.delayedExecutor(EXTERNAL_JOIN_MILLIS, TimeUnit.MILLISECONDS)
                    .execute(() -> post(new JobEvent.JoinDeadline()));
        }
    }

    /** Queues an event for the event thread; callable from any thread. */
    void post(JobEvent event) {
        events.add(event);
    }

    /** Runs the event loop until every process has exited; returns the job's exit status. */
    int run() throws InterruptedException {
        long deadline = timeoutMillis > 0 ? timeoutMillis : Long.MAX_VALUE;
        // A pending host check still decides the job's status after the last process has ended.
        while (running > 0 || (!failed && hostChecks.pending())) {
            long next = Math.min(failed ? Long.MAX_VALUE : deadline, teardown.nextMillis());
            long wait = next == Long.MAX_VALUE ? TimeUnit.DAYS.toMillis(1) : Math.max(1, next - nowMillis());
            JobEvent e = events.poll(wait, TimeUnit.MILLISECONDS);
            if (e != null) {
                handle(e);
            }
            long now = nowMillis();
            if (!failed && now >= deadline) {
                deciding = true;
                fail("the job timed out after " + timeoutText + " s; still running: " + stillRunning()
                        + (round == null ? "" : "; PEs " + round.missing() + " have not entered " + round.name()),
                        TIMEOUT_STATUS);
            }
            teardown.step(pes, now);
            if (teardown.pastKill()) {
                giveUpOnExternals();
            }
        }
        return status;
    }

    /** Each PE's statistics counters, by rank; null where a PE sent none. Read after {@link #run()}. */
    byte[][] statistics() {
        return statistics.clone();
    }

    private long nowMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    private void handle(JobEvent event) {
        switch (event) {
            case JobEvent.Exited x -> exited(pes[x.rank()], x.status());
            case JobEvent.JoinRequest j -> join(j);
            case JobEvent.Contribution c -> contribute(pes[c.rank()], c);
            case JobEvent.FinalizeRequest f -> finalize(pes[f.rank()]);
            case JobEvent.RejoinRequest r -> rejoin(pes[r.rank()]);
            case JobEvent.ExitRequest x -> exitRequested(pes[x.rank()], x);
            case JobEvent.Statistics s -> statistics[s.rank()] = Statistics.addPair(statistics[s.rank()], s.data());
            case JobEvent.Disconnected d -> {
                if (pes[d.rank()].external()) {
                    externalEnded(pes[d.rank()], d.detail());
                } else {
                    disconnected(pes[d.rank()], d.detail());
                }
            }
            case JobEvent.JoinDeadline j -> joinDeadline();
            case JobEvent.DisconnectCheck d -> disconnectCheck(pes[d.rank()], d);
            case JobEvent.HostCheck h -> hostCheck(pes[h.rank()], h);
            case JobEvent.ProtocolError p -> fail(pes[p.rank()].name() + " " + p.message(), POLICY_STATUS);
        }
    }

    private void exited(PeProcess pe, int exitStatus) {
        if (pe.exited) {
            return;
        }
        pe.exited = true;
        pe.status = exitStatus;
        running--;
        if (pe.connection != null) {
            pe.connection.close();
        }
        if (failed) {
            return;
        }
        if (exitStatus != 0 && pe.connection == null && !pe.processIsThePe) {
            failPe(pe, pe.name() + " ended before joining the job: its " + pe.spawnerName + " process "
                    + ExitStatus.describe(exitStatus), exitStatus, true);
        } else if (exitStatus != 0) {
            String what = pe.name() + " " + ExitStatus.describe(exitStatus);
            failPe(pe, what, exitStatus, reportPlainExits || ExitStatus.isSignal(exitStatus));
        } else if (pe.connection != null && !pe.finalized && othersActive(pe)) {
            failPe(pe, pe.name() + " exited with status 0 without finalizing while other PEs still run"
                    + " (close the bootstrap or client before exiting)", POLICY_STATUS, true);
        } else if (round != null && !round.hasContributed(pe.rank)) {
            if (pe.inits > 0 && pe.inits < round.init) {
                fail(pe.name() + " exited after " + pairs(pe.inits) + " while PEs wait for it in " + round.name()
                        + "; " + SAME_COUNT, POLICY_STATUS);
            } else {
                fail(pe.name() + " exited with status 0 while PEs wait for it in " + round.name(), POLICY_STATUS);
            }
        }
    }

    private boolean othersActive(PeProcess self) {
        for (PeProcess pe : pes) {
            if (pe != self && !pe.exited && !pe.finalized) {
                return true;
            }
        }
        return false;
    }

    private void join(JobEvent.JoinRequest j) {
        String refusal = null;
        if (failed) {
            refusal = "the job is failing";
        } else if (j.rank() < 0 || j.rank() >= pes.length) {
            refusal = "rank " + j.rank() + " is outside [0, " + pes.length + ")";
        } else {
            PeProcess pe = pes[j.rank()];
            if (pe.connection != null) {
                refusal = pe.label + " has already joined";
            } else if (pe.exited) {
                refusal = pe.name() + " has already exited";
            } else if (pe.processIsThePe && pe.process.pid() != j.pid()) {
                refusal = pe.label + " is pid " + pe.process.pid() + ", not pid " + j.pid();
            }
        }
        if (refusal != null) {
            err.message("refused a rendezvous connection claiming to be PE " + j.rank() + " (pid " + j.pid() + "): " + refusal);
            j.connection().refuse(refusal);
            return;
        }
        PeProcess pe = pes[j.rank()];
        pe.connection = j.connection();
        pe.peerPid = j.pid();
        pe.inits = 1;
        j.connection().welcome(pe.rank, pes.length);
    }

    /**
     * A PE that finalized initialises again: it takes part once more, as its next init, unless a PE
     * has already exited after fewer init/finalize pairs (then nobody could complete that init's
     * collectives: the PE is refused and the job fails).
     */
    private void rejoin(PeProcess pe) {
        if (pe.exited) {
            return;
        }
        if (!pe.finalized) {
            fail(pe.name() + " asked to join the job again without finalizing first", POLICY_STATUS);
            return;
        }
        int init = pe.inits + 1;
        String refusal = failed ? "the job is failing" : null;
        for (PeProcess other : pes) {
            if (refusal == null && other.exited && other.inits > 0 && other.inits < init) {
                refusal = pe.name() + " called init #" + init + " but " + other.name() + " exited after "
                        + pairs(other.inits) + "; " + SAME_COUNT;
            }
        }
        if (refusal != null) {
            pe.connection.refuseRejoin(refusal);
            if (!failed) {
                fail(refusal, POLICY_STATUS);
            }
            return;
        }
        pe.inits = init;
        pe.finalized = false;
        pe.connection.rejoined(init);
    }

    /** What every mismatch of init/finalize pairs says. */
    private static final String SAME_COUNT =
            "init and finalize are collective: every PE must call them the same number of times";

    /** {@code 1 init/finalize pair}, {@code 2 init/finalize pairs}. */
    private static String pairs(int n) {
        return n + " init/finalize pair" + (n == 1 ? "" : "s");
    }

    /** {@code ""} for a PE's first init (as messages always said), else {@code " of init #k"}. */
    private static String ofInit(int init) {
        return init > 1 ? " of init #" + init : "";
    }

    private void contribute(PeProcess pe, JobEvent.Contribution c) {
        if (failed || pe.finalized || pe.exited) {
            return;
        }
        String kind = CollectiveRound.name(c.kind());
        String entered = pe.name() + " entered " + kind + " #" + c.sequence() + ofInit(pe.inits);
        int init = round != null ? round.init : collectiveInit;
        if (pe.inits < init) {
            fail("collective mismatch: " + entered + " after the other PEs finalized init #" + pe.inits
                    + " and initialised again", POLICY_STATUS);
            return;
        }
        if (round != null && pe.inits > init) {
            fail("collective mismatch: " + entered + " while PEs still wait for it in " + round.name(), POLICY_STATUS);
            return;
        }
        if (round == null && pe.inits > collectiveInit) {
            collectiveInit = pe.inits; // the first collective of the PEs' next init: numbered from 0 again
            nextSequence = 0;
        }
        if (c.sequence() != nextSequence) {
            fail(entered + " but the job is at collective #" + nextSequence + ofInit(collectiveInit), POLICY_STATUS);
            return;
        }
        if (round == null) {
            round = new CollectiveRound(collectiveInit, nextSequence, c.kind(), pes.length);
            for (PeProcess other : pes) {
                String why = cannotJoin(other, round);
                if (why != null) {
                    fail(pe.name() + " entered " + round.name() + " but " + why, POLICY_STATUS);
                    return;
                }
            }
        } else if (round.kind != c.kind()) {
            fail("collective mismatch: " + pe.name() + " called " + kind + " as collective #" + round.sequence
                    + ofInit(round.init) + " while other PEs called " + CollectiveRound.name(round.kind), POLICY_STATUS);
            return;
        } else if (round.hasContributed(pe.rank)) {
            fail(pe.name() + " contributed twice to " + round.name(), POLICY_STATUS);
            return;
        }
        if (round.add(pe.rank, c.data())) {
            byte[] payload = round.resultPayload();
            for (PeProcess each : pes) {
                each.connection.send(RendezvousProtocol.RESULT, payload);
            }
            round = null;
            nextSequence++;
        }
    }

    /**
     * Why {@code other} can never contribute to {@code r}, or null when it has or still may (it is
     * in {@code r}'s init, or in an earlier one that it will finalize before joining again).
     */
    private static String cannotJoin(PeProcess other, CollectiveRound r) {
        if (other.exited) {
            return other.inits > 0 && other.inits < r.init
                    ? other.name() + " exited after " + pairs(other.inits) + "; " + SAME_COUNT
                    : other.name() + " has exited and cannot join it";
        }
        if (other.inits == r.init && other.finalized) {
            return other.name() + " has finalized and cannot join it";
        }
        if (other.inits > r.init) {
            return other.name() + " has finalized init #" + r.init + " and initialised again (collective mismatch)";
        }
        return null;
    }

    private void finalize(PeProcess pe) {
        if (failed || pe.exited) {
            return;
        }
        if (round != null && round.init == pe.inits && !round.hasContributed(pe.rank)) {
            fail(pe.name() + " finalized while other PEs wait for it in " + round.name(), POLICY_STATUS);
            return;
        }
        pe.finalized = true;
        pe.connection.send(RendezvousProtocol.FINALIZED, new byte[0]);
    }

    /**
     * A PE ends the job on purpose ({@code shmem_global_exit}, {@code gasnet_exit}): the job's status
     * is the one it asked for, even 0, and the message names it; the rest are stopped as after a failure.
     */
    private void exitRequested(PeProcess pe, JobEvent.ExitRequest x) {
        if (failed || pe.exited) {
            return;
        }
        deciding = true; // not a failure to look at the host for: the PE said what it wants
        fail(pe.name() + " " + x.call() + ": the job ends with status " + x.status(), x.status(), true);
        deciding = false;
    }

    private void disconnected(PeProcess pe, String detail) {
        if (failed || pe.finalized || pe.exited) {
            return;
        }
        pe.disconnected = true;
        // Its process has probably just died: give the exit event a moment to arrive first.
        checkDisconnectedLater(new JobEvent.DisconnectCheck(pe.rank, detail, nowMillis()));
    }

    private void checkDisconnectedLater(JobEvent.DisconnectCheck check) {
        CompletableFuture.delayedExecutor(DISCONNECT_GRACE_MILLIS, TimeUnit.MILLISECONDS).execute(() -> post(check));
    }

    /**
     * A PE's connection ended a grace period ago and it has not exited: the job fails, with the
     * PE's own status if its process, still alive, exits within {@link #DISCONNECT_EXIT_MILLIS}
     * of the disconnection (then {@link #exited} fails it), else with the policy's status.
     */
    private void disconnectCheck(PeProcess pe, JobEvent.DisconnectCheck check) {
        if (failed || pe.finalized || pe.exited) {
            return;
        }
        boolean exiting = pe.processIsThePe && pe.process != null && pe.process.isAlive();
        if (exiting && nowMillis() - check.disconnectedAtMillis() < DISCONNECT_EXIT_MILLIS) {
            checkDisconnectedLater(check);
            return;
        }
        failPe(pe, pe.name() + " " + check.detail() + " without finalizing", POLICY_STATUS, true);
    }

    /** The connection of a PE this launcher did not start ended: that is its end. */
    private void externalEnded(PeProcess pe, String detail) {
        if (pe.exited) {
            return;
        }
        pe.exited = true;
        pe.disconnected = !pe.finalized;
        pe.status = pe.finalized ? 0 : POLICY_STATUS;
        running--;
        if (!failed && !pe.finalized) {
            failPe(pe, pe.name() + " " + detail + " without finalizing", POLICY_STATUS, true);
        }
    }

    private void joinDeadline() {
        StringJoiner missing = new StringJoiner(", ");
        for (PeProcess pe : pes) {
            if (pe.external() && pe.connection == null && !pe.exited) {
                missing.add(Integer.toString(pe.rank));
            }
        }
        if (!failed && missing.length() > 0) {
            fail("PEs " + missing + " did not join the job within " + EXTERNAL_JOIN_MILLIS / 1000 + " s", POLICY_STATUS);
        }
    }

    /** After SIGKILL time, PEs that cannot be killed from here are counted as ended. */
    private void giveUpOnExternals() {
        for (PeProcess pe : pes) {
            if (pe.external() && !pe.exited) {
                pe.exited = true;
                pe.status = POLICY_STATUS;
                running--;
                if (pe.connection != null) {
                    pe.connection.close();
                }
            }
        }
    }

    /** A PE failed: at once on this host; on named hosts, after a look at the rest of its host. */
    private void failPe(PeProcess pe, String reason, int exitStatus, boolean report) {
        if (hostChecks.applies(pe)) {
            hostChecks.schedule(pe, reason, exitStatus, report);
        } else {
            fail(reason, exitStatus, report);
        }
    }

    private void hostCheck(PeProcess pe, JobEvent.HostCheck h) {
        if (failed) {
            return;
        }
        deciding = true;
        String lost = hostChecks.lostHost(pes, pe);
        if (lost != null) {
            fail(lost + ": " + h.reason(), h.status(), true);
        } else {
            fail(h.reason(), h.status(), h.report());
        }
    }

    private void fail(String reason, int exitStatus) {
        fail(reason, exitStatus, true);
    }

    private void fail(String reason, int exitStatus, boolean report) {
        if (hostChecks.pending() && !deciding) {
            // A PE on a named host failed a moment ago and its host is being looked at: what follows
            // from that (a collective it cannot join) is not the news; the host check reports soon.
            return;
        }
        failed = true;
        status = exitStatus;
        if (report && !launcherStopping.getAsBoolean()) {
            err.message(reason);
        }
        round = null;
        teardown.begin(pes, reason, nowMillis());
    }

    private String stillRunning() {
        StringJoiner s = new StringJoiner(", ");
        for (PeProcess pe : pes) {
            if (!pe.exited) {
                s.add(pe.name() + (pe.finalized ? " (finalized)" : ""));
            }
        }
        return s.toString();
    }
}
