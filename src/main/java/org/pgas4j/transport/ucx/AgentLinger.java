package org.pgas4j.transport.ucx;

/**
 * When the progress agent keeps spinning after work instead of sleeping on the worker's event fd
 * ({@link UcxProgressAgent}): where it is allowed to (the host has a core for every PE), while a
 * PE thread is parked in a wait (the PE is not computing on that core), and only after two
 * findings of work at most a window apart (a stream: each request sent once the last was
 * answered), for one window after the last. Sporadic work sleeps at once. Time is the caller's
 * {@link System#nanoTime()}, so the rule is tested with chosen times.
 */
final class AgentLinger {
    private final boolean allowed;
    private final long windowNanos;
    private long workedAt;
    private boolean streaming;

    /** A rule with that window, allowed or not, starting with no work found before {@code now}. */
    AgentLinger(boolean allowed, long windowNanos, long now) {
        this.allowed = allowed;
        this.windowNanos = windowNanos;
        this.workedAt = now - 2 * windowNanos;
    }

    /** The agent found work at {@code now}; {@code peWaiting}: a PE thread is parked in a wait. */
    void worked(long now, boolean peWaiting) {
        streaming = allowed && peWaiting && now - workedAt <= windowNanos;
        workedAt = now;
    }

    /** Whether the agent, finding no work at {@code now}, keeps spinning rather than sleeping. */
    boolean lingers(long now) {
        return streaming && now - workedAt < windowNanos;
    }
}
