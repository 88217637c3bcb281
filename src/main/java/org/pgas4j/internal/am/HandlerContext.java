package org.pgas4j.internal.am;

import org.pgas4j.internal.stats.PeStats;

import java.util.concurrent.atomic.AtomicReference;
import org.pgas4j.spi.Transport;

/**
 * Which threads of a client are running an active-message handler now, and the first failure
 * met while dispatching (a message that failed validation, a handler that threw) not yet
 * reported. Blocking and collective calls ask it first ({@link #checkBlocking}) and throw in
 * handler context. A pending failure is thrown by the next poll, request or close of the client:
 * not by barriers and collectives, where one member throwing would leave the others waiting.
 *
 * <p>Handler context is one field per lane holding the thread whose handler runs, so the check
 * is a {@code Thread.currentThread()} and two loads, not a thread-local lookup.
 */
public final class HandlerContext {
    private final int jobRank;
    private volatile Thread requestHandler;
    private volatile Thread replyHandler;
    private final AtomicReference<Throwable> pending = new AtomicReference<>();

    /** This PE's statistics counters, or null when statistics are off. */
    public final PeStats stats;

    public HandlerContext(int jobRank) {
        this(jobRank, null);
    }

    public HandlerContext(int jobRank, PeStats stats) {
        this.jobRank = jobRank;
        this.stats = stats;
    }

    /** The job rank of the client this context belongs to. */
    public int jobRank() {
        return jobRank;
    }

    /** The calling thread starts running a handler of {@code lane}. */
    public void enter(int lane) {
        if (lane == Transport.LANE_REPLY) {
            replyHandler = Thread.currentThread();
        } else {
            requestHandler = Thread.currentThread();
        }
    }

    /** The handler of {@code lane} returned. */
    public void exit(int lane) {
        if (lane == Transport.LANE_REPLY) {
            replyHandler = null;
        } else {
            requestHandler = null;
        }
    }

    /** Whether the calling thread is running a handler. */
    public boolean inHandler() {
        Thread t = Thread.currentThread();
        return t == requestHandler || t == replyHandler;
    }

    /**
     * The entry check of every call that may block or is collective: throws in handler context.
     *
     * @throws IllegalStateException naming {@code operation} and the rule, in handler context
     */
    public void checkBlocking(String operation) {
        if (inHandler()) {
            throw new IllegalStateException(operation + " on PE " + jobRank + " was called inside an active-message "
                    + "handler: handlers run inside progress and must not block, poll or call collectives; record "
                    + "what to do and do it after the handler returns");
        }
    }

    /**
     * The entry check of a request: handlers may only reply.
     *
     * @throws IllegalStateException naming {@code operation} and the rule, in handler context
     */
    public void checkRequest(String operation) {
        if (inHandler()) {
            throw new IllegalStateException(operation + " on PE " + jobRank + " was called inside an active-message "
                    + "handler: a handler may reply once (token.reply...) but not send requests, which could wait for "
                    + "room without end; send it after the handler returns");
        }
        throwPending();
    }

    /** Records a dispatch failure; the first one is reported, later ones are attached to it. */
    public void fail(Throwable failure) {
        if (!pending.compareAndSet(null, failure)) {
            Throwable first = pending.get();
            if (first != null && first != failure && first.getSuppressed().length < 16) {
                first.addSuppressed(failure);
            }
        }
    }

    /** Throws the pending dispatch failure, if any, clearing it. */
    public void throwPending() {
        if (pending.get() != null) {
            Throwable t = pending.getAndSet(null);
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error e) {
                throw e;
            }
            if (t != null) {
                throw new IllegalStateException("an active-message handler on PE " + jobRank + " failed: " + t, t);
            }
        }
    }
}
