package org.pgas4j.junit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the PE threads of an in-JVM job tell: each PE's thread, phases (with when it entered
 * them), failure, what it left open and its stack at the timeout. Thread-safe.
 */
final class LocalPeRecords implements PeProgress {
    private final Pe[] pes;

    LocalPeRecords(int size) {
        pes = new Pe[size];
        for (int r = 0; r < size; r++) {
            pes[r] = new Pe();
        }
    }

    /** One PE's record. */
    private static final class Pe {
        Thread thread;
        final List<Phase> phases = new ArrayList<>();
        final List<Long> enteredAt = new ArrayList<>();
        Throwable failure;
        PeResources leftOpen;
        StackTraceElement[] stackAtTimeout;
    }

    /** The calling thread runs PE {@code rank}. */
    synchronized void started(int rank) {
        pes[rank].thread = Thread.currentThread();
    }

    @Override
    public synchronized void entered(int rank, Phase phase) {
        pes[rank].phases.add(phase);
        pes[rank].enteredAt.add(System.nanoTime());
    }

    @Override
    public synchronized void leftOpen(int rank, PeResources resources) {
        pes[rank].leftOpen = resources;
    }

    /** PE {@code rank} threw {@code failure}. */
    synchronized void failed(int rank, Throwable failure) {
        pes[rank].failure = failure;
        entered(rank, Phase.FAILED);
    }

    /** Keeps the stack of every PE thread that has not ended: called at the timeout. */
    synchronized void snapshotStacks() {
        for (Pe pe : pes) {
            if (pe.thread != null && !last(pe).ended()) {
                pe.stackAtTimeout = pe.thread.getStackTrace();
            }
        }
    }

    /** Whether some PE had not ended by {@code deadlineNanos}. */
    synchronized boolean anyRunningAt(long deadlineNanos) {
        for (Pe pe : pes) {
            if (runningAt(pe, deadlineNanos)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits up to {@code grace} for every PE thread to end; returns a sentence for each still
     * running, which is left behind as a daemon thread.
     */
    List<String> awaitThreads(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        List<String> problems = new ArrayList<>();
        for (int r = 0; r < pes.length; r++) {
            Thread t;
            synchronized (this) {
                t = pes[r].thread;
            }
            if (t == null) {
                continue;
            }
            try {
                t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                problems.add("PE " + r + " of " + pes.length + " is still running after the job ended (thread " + t.getName()
                        + ", " + activePhase(r).description() + "): it waits in something that neither the job's failure "
                        + "nor an interrupt ends, so it is left running as a daemon thread");
            }
        }
        return problems;
    }

    /** Releases what failed PEs left open, once their threads have ended. */
    void releaseLeftOpen() {
        for (Pe pe : pes) {
            PeResources open;
            synchronized (this) {
                open = pe.thread != null && pe.thread.isAlive() ? null : pe.leftOpen;
                pe.leftOpen = null;
            }
            if (open != null) {
                open.abandon();
            }
        }
    }

    /**
     * Each PE's result; {@code timedOut}: whether the job ran out of time at {@code deadlineNanos};
     * {@code testClass}: whose frames say where a PE was.
     */
    synchronized List<PeResult> results(boolean timedOut, long deadlineNanos, Class<?> testClass) {
        List<PeResult> results = new ArrayList<>();
        for (int r = 0; r < pes.length; r++) {
            Pe pe = pes[r];
            boolean running = timedOut && runningAt(pe, deadlineNanos);
            Phase where = running ? phaseAt(pe, deadlineNanos) : activePhase(r);
            StackTraceElement[] stack = running ? pe.stackAtTimeout : null;
            String place = stack != null && where == Phase.IN_METHOD ? StackPlace.of(stack, testClass) : null;
            results.add(new PeResult(r, last(pe), where, pe.failure, running, stack, place));
        }
        return results;
    }

    private static Phase last(Pe pe) {
        return pe.phases.isEmpty() ? Phase.STARTING : pe.phases.getLast();
    }

    private synchronized Phase activePhase(int rank) {
        Phase where = Phase.STARTING;
        for (Phase p : pes[rank].phases) {
            if (!p.ended()) {
                where = p;
            }
        }
        return where;
    }

    private static Phase phaseAt(Pe pe, long nanos) {
        Phase where = Phase.STARTING;
        for (int i = 0; i < pe.phases.size() && pe.enteredAt.get(i) - nanos <= 0; i++) {
            where = pe.phases.get(i);
        }
        return where.ended() ? Phase.STARTING : where;
    }

    private static boolean runningAt(Pe pe, long nanos) {
        for (int i = 0; i < pe.phases.size(); i++) {
            if (pe.phases.get(i).ended()) {
                return pe.enteredAt.get(i) - nanos > 0;
            }
        }
        return true;
    }
}
