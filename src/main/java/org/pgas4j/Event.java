package org.pgas4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.am.HandlerContext;
import org.pgas4j.internal.jfr.WaitEvent;
import org.pgas4j.internal.stats.Stats;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.Transport;
import org.pgas4j.internal.access.Access;

/**
 * The completion of one non-blocking operation (GASNet-EX's {@code gex_Event_t}), returned by
 * the {@code NB} forms of {@link Rma}. An event completes once: for a put when the data is visible
 * at the target (remote completion), for a get when the data is in the destination. The source of
 * a put may be reused as soon as the {@code NB} call returns (local completion is immediate).
 *
 * <p>An operation that completed inside the initiating call returns {@link #DONE}, a shared
 * already-complete event, so the common shared-memory case allocates nothing. {@code null} entries
 * are ignored by the array forms, like {@code GEX_EVENT_INVALID}.
 */
public final class Event {
    static {
        Access.register(new Access.EventAccess() {
            @Override
            public Event create(Transport transport, IdleStrategy idle, HandlerContext context) {
                return new Event(transport, idle, context);
            }

            @Override
            public Completion completion(Event e) {
                return e.completion();
            }

            @Override
            public void complete(AtomicResult r, long value) {
                r.complete(value);
            }
        });
    }

    /** An event that is already complete: what an operation returns when it completed at once. */
    public static final Event DONE = new Event(null, null);

    private static final int PENDING = 0;
    private static final int COMPLETE = 1;
    private static final int FAILED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Event.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Transport transport;
    private final IdleStrategy idle;
    private final HandlerContext context;
    private volatile int state;
    private volatile RuntimeException failure;

    Event(Transport transport, IdleStrategy idle) {
        this(transport, idle, null);
    }

    /** A pending event whose waits refuse to run inside an active-message handler of {@code context}'s client. */
    Event(Transport transport, IdleStrategy idle, HandlerContext context) {
        this.transport = transport;
        this.idle = idle;
        this.context = context;
        this.state = transport == null ? COMPLETE : PENDING;
    }

    /** The completion a transport signals for this event: remote completion completes it. */
    Completion completion() {
        return new Completion() {
            @Override
            public void localComplete() {
                // Local completion happens before the initiating call returns; nothing to record.
            }

            @Override
            public void remoteComplete() {
                STATE.compareAndSet(Event.this, PENDING, COMPLETE);
            }

            @Override
            public void failed(RuntimeException cause) {
                failure = cause;
                STATE.compareAndSet(Event.this, PENDING, FAILED);
            }
        };
    }

    /**
     * Whether the operation is complete, advancing progress once if it is not
     * ({@code gex_Event_Test}).
     *
     * @throws RuntimeException the operation's failure, if it failed
     */
    public boolean test() {
        int s = state;
        if (s == PENDING && transport != null) {
            transport.progress();
            s = state;
        }
        if (s == FAILED) {
            throw failure;
        }
        return s == COMPLETE;
    }

    /**
     * Waits until the operation is complete, advancing progress ({@code gex_Event_Wait}).
     *
     * @throws RuntimeException the operation's failure, if it failed
     * @throws JobAbortedException if the job fails meanwhile
     * @throws IllegalStateException inside an active-message handler (a handler must not block)
     */
    public void waitFor() {
        if (context != null) {
            context.checkBlocking("Event.waitFor");
        }
        if (Stats.ON && context != null && context.stats != null && !test()) {
            long t0 = System.nanoTime();
            awaitCompletion();
            context.stats.waited(Stats.WAIT_EVENT, System.nanoTime() - t0);
            return;
        }
        awaitCompletion();
    }

    private void awaitCompletion() {
        int i = 0;
        WaitEvent jfr = null;
        while (!test()) {
            if (i == 0 && jfr == null) { // i is 0 again after a park a message ended
                jfr = WaitEvent.start(); // null unless a JFR recording wants long waits
            }
            if ((i & 63) == 63 && !transport.healthy()) {
                throw new JobAbortedException("the job is failing (" + JobHealth.why(transport)
                        + ") while waiting for an event");
            }
            i = idle.idle(i);
        }
        if (jfr != null && jfr.ready(context != null ? context.jobRank() : -1, "Event.waitFor")) {
            jfr.commit();
        }
    }

    /** Waits for every non-null event ({@code gex_Event_WaitAll}). */
    public static void waitAll(Event... events) {
        for (Event e : events) {
            if (e != null) {
                e.waitFor();
            }
        }
    }

    /** Whether every non-null event is complete ({@code gex_Event_TestAll}). */
    public static boolean testAll(Event... events) {
        boolean all = true;
        for (Event e : events) {
            if (e != null && !e.test()) {
                all = false;
            }
        }
        return all;
    }

    /**
     * The index of a complete event, or -1 when none is complete yet or every entry is null
     * ({@code gex_Event_TestSome}).
     */
    public static int testSome(Event... events) {
        for (int i = 0; i < events.length; i++) {
            if (events[i] != null && events[i].test()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Waits until at least one non-null event is complete and returns its index
     * ({@code gex_Event_WaitSome}); -1 when every entry is null.
     */
    public static int waitSome(Event... events) {
        IdleStrategy strategy = null;
        for (Event e : events) {
            if (e != null) {
                strategy = e.idle != null ? e.idle : strategy;
                if (e.context != null) {
                    e.context.checkBlocking("Event.waitSome");
                }
            }
        }
        int i = 0;
        WaitEvent jfr = null;
        while (true) {
            if (i == 1 && jfr == null) {
                jfr = WaitEvent.start(); // null unless a JFR recording wants long waits
            }
            boolean any = false;
            for (int k = 0; k < events.length; k++) {
                Event e = events[k];
                if (e != null) {
                    any = true;
                    if (e.test()) {
                        if (jfr != null && jfr.ready(e.context != null ? e.context.jobRank() : -1, "Event.waitSome")) {
                            jfr.commit();
                        }
                        return k;
                    }
                }
            }
            if (!any) {
                return -1;
            }
            i = strategy.idle(i);
        }
    }
}
