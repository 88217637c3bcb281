package org.pgas4j.shmem;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.pgas4j.Rma;

/**
 * The communication contexts of one {@link Shmem}: {@code SHMEM_CTX_DEFAULT} and those created
 * since, and what concerns them all: completing their operations before a barrier, a free or
 * finalize, and retiring them when their team, a space or OpenSHMEM goes.
 */
final class ShmemContexts {
    private final ShmemContext defaultContext;
    private final Rma rma;
    /** Copy-on-write: threads of a PE create and destroy contexts while others quiet them all (MULTIPLE). */
    private final List<ShmemContext> created = new CopyOnWriteArrayList<>();
    /** Whether a context may hold events (gets, atomics not complete in their call) the next barrier must wait for. */
    private boolean eventsKept;

    ShmemContexts(Shmem shmem, ShmemTeam world) {
        this.rma = shmem.client().rma();
        this.defaultContext = new ShmemContext(shmem, world, 0, true);
    }

    /** {@code SHMEM_CTX_DEFAULT}. */
    ShmemContext defaultContext() {
        return defaultContext;
    }

    /** A new context on {@code team}. */
    ShmemContext create(Shmem shmem, ShmemTeam team, int options) {
        ShmemContext c = new ShmemContext(shmem, team, options, false);
        created.add(c);
        return c;
    }

    /** Forgets a destroyed context. */
    void forget(ShmemContext context) {
        created.remove(context);
    }

    /** Completes the outstanding operations of every context on {@code team} (before it goes). */
    void quietAllOf(ShmemTeam team) {
        for (ShmemContext c : created) {
            if (c.team() == team) {
                c.quietIfLive();
            }
        }
    }

    /** Ends the hot paths' use of every context on {@code team} (destroyed). */
    void retireAllOf(ShmemTeam team) {
        for (ShmemContext c : created) {
            if (c.team() == team) {
                c.retire();
            }
        }
    }

    /** Drops every context's handles of a destroyed space. */
    void forget(MemorySpace space) {
        defaultContext.forget(space);
        for (ShmemContext c : created) {
            c.forget(space);
        }
    }

    /** Completes the outstanding operations of every live context, the default first. */
    void quietAll() {
        defaultContext.quiet();
        for (ShmemContext c : created) {
            c.quietIfLive();
        }
    }

    /** Finalize's first half: completes every live context's operations, the default last. */
    void quietBeforeClose() {
        for (ShmemContext c : created) {
            c.quietIfLive();
        }
        defaultContext.quiet();
    }

    /** Finalize's second half: ends the hot paths' use of every context. */
    void retireAll() {
        defaultContext.retire();
        for (ShmemContext c : created) {
            c.retire();
        }
    }

    /**
     * {@link #quietAll()} before a world barrier: the barrier's own fence orders direct-path puts,
     * so the core's implicit-completion wait (and its fence) runs only when something is outstanding.
     */
    void quietAllBeforeBarrier() {
        if (eventsKept) {
            eventsKept = false;
            defaultContext.waitPending();
            for (ShmemContext c : created) {
                if (!c.isDestroyed() && c.team().isValid()) {
                    c.waitPending();
                }
            }
        }
        if (rma.nbiOutstanding() != 0) {
            rma.waitNbi();
        }
    }

    /** Notes that a context keeps an event for its next quiet, so that the next barrier looks at every context. */
    void eventKept() {
        eventsKept = true;
    }
}
