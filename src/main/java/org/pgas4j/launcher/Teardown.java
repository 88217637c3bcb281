package org.pgas4j.launcher;

import org.pgas4j.bootstrap.RendezvousProtocol;

/**
 * Stops the rest of a failed job within a few seconds: PEs that joined get ABORT (their watchdog
 * prints why and halts after a grace of about a second); PEs that cannot hear it (never joined,
 * or already finalized) get SIGTERM at once. Whoever still runs {@link #TERM_AFTER_MILLIS} later
 * gets SIGTERM, and {@link #KILL_AFTER_MILLIS} later SIGKILL, with its descendants.
 */
final class Teardown {
    /** Time for aborted PEs to stop by themselves before SIGTERM. */
    static final long TERM_AFTER_MILLIS = 2_000;
    /** Time after the start of the teardown before SIGKILL. */
    static final long KILL_AFTER_MILLIS = 4_000;

    private long termAt = Long.MAX_VALUE;
    private long killAt = Long.MAX_VALUE;

    /** Whether the teardown has begun. */
    boolean started() {
        return killAt != Long.MAX_VALUE;
    }

    /** Begins the teardown at {@code nowMillis}, telling joined PEs {@code reason}. */
    void begin(PeProcess[] pes, String reason, long nowMillis) {
        byte[] abort = RendezvousProtocol.text(reason);
        for (PeProcess pe : pes) {
            if (pe.exited) {
                continue;
            }
            if ((!pe.joinedAndActive() || !pe.connection.send(RendezvousProtocol.ABORT, abort)) && !pe.external()) {
                pe.process.destroy();
            }
        }
        termAt = nowMillis + TERM_AFTER_MILLIS;
        killAt = nowMillis + KILL_AFTER_MILLIS;
    }

    /** Whether the time for SIGKILL has come: PEs that cannot be killed (external ones) are given up on. */
    boolean pastKill() {
        return killAt == Long.MAX_VALUE - 1;
    }

    /** When {@link #step} next has something to do. */
    long nextMillis() {
        return termAt != Long.MAX_VALUE ? termAt : killAt;
    }

    /** Sends SIGTERM or SIGKILL to the PEs still running, when their time has come. */
    void step(PeProcess[] pes, long nowMillis) {
        if (nowMillis >= termAt) {
            termAt = Long.MAX_VALUE;
            for (PeProcess pe : pes) {
                if (!pe.external() && pe.process.isAlive()) {
                    pe.process.destroy();
                }
            }
        }
        if (nowMillis >= killAt) {
            killAt = Long.MAX_VALUE - 1; // stays "started", never fires again
            for (PeProcess pe : pes) {
                if (!pe.external()) {
                    killForcibly(pe.process);
                }
            }
        }
    }

    /** SIGKILL to a process and every descendant of it. */
    static void killForcibly(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        if (p.isAlive()) {
            p.destroyForcibly();
        }
    }
}
