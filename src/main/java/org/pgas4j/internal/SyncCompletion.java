package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * A completion one thread waits on for a blocking operation that did not take a direct path.
 * Reused per thread, so a blocking operation allocates nothing.
 */
public final class SyncCompletion implements Completion {
    private static final ThreadLocal<SyncCompletion> PER_THREAD = ThreadLocal.withInitial(SyncCompletion::new);
    private static final IdleStrategy IDLE = idle(false);
    private static final IdleStrategy IDLE_OVERSUBSCRIBED = idle(true);

    /** The thresholds of a blocking operation's wait, on a host with more PEs than cores or not. */
    private static IdleStrategy idle(boolean oversubscribed) {
        return new IdleStrategy(200, 100, 20_000, oversubscribed);
    }

    /**
     * The idle strategy of {@link #await(Runnable, IdleStrategy)} for waits that deliver the
     * messages of {@code transport}: the thresholds of {@link #await(Runnable)}, with parks that a
     * message ends (an owner's reply, in the active-message fallback), on a host with more PEs than
     * cores ({@code oversubscribed}) or not. Make it once per client.
     */
    public static IdleStrategy idleWokenBy(Transport transport, boolean oversubscribed) {
        return (oversubscribed ? IDLE_OVERSUBSCRIBED : IDLE).withWakeups(transport);
    }

    private volatile boolean done;
    private volatile RuntimeException failure;

    /** This thread's completion, reset for a new operation. */
    public static SyncCompletion forThisThread() {
        SyncCompletion c = PER_THREAD.get();
        c.done = false;
        c.failure = null;
        return c;
    }

    /** A blocking get with no transport progress to drive (used for control-region reads). */
    static void getBlocking(RemoteMemory from, long offset, MemorySegment dst, long dstOffset, long length) {
        SyncCompletion c = forThisThread();
        from.get(offset, dst, dstOffset, length, c);
        c.await(null);
    }

    /**
     * A blocking put, remotely complete when it returns, with no transport progress to drive
     * (used for control-region writes: the directory-change notices of {@code Client}).
     */
    public static void putBlocking(RemoteMemory to, long offset, MemorySegment src, long srcOffset, long length) {
        SyncCompletion c = forThisThread();
        to.put(offset, src, srcOffset, length, c);
        c.await(null);
    }

    /**
     * Waits until the operation completed remotely, driving {@code progress} (may be null) while
     * waiting; rethrows the operation's failure.
     */
    public void await(Runnable progress) {
        await(progress, IDLE);
    }

    /**
     * {@link #await(Runnable)} idling by {@code idle}, which {@link #idleWokenBy} made when
     * {@code progress} delivers messages.
     */
    public void await(Runnable progress, IdleStrategy idle) {
        int i = 0;
        while (!done) {
            RuntimeException f = failure;
            if (f != null) {
                throw f;
            }
            if (progress != null) {
                progress.run();
            }
            i = idle.idle(i);
        }
    }

    /**
     * {@link #await(Runnable, IdleStrategy)} driving {@code transport}'s progress, for an operation
     * whose completion another PE must send (the acknowledgements of a fallback RMA): a failing
     * job, a dead owner among others, ends the wait with a {@link org.pgas4j.JobAbortedException}
     * from {@code health} instead of a wait that never ends. Where the host has a core per PE
     * ({@code idle} not oversubscribed), a turn that delivered something starts the idling over.
     */
    public void await(Transport transport, IdleStrategy idle, JobHealth health) {
        int i = 0;
        int turns = 0;
        while (!done) {
            RuntimeException f = failure;
            if (f != null) {
                throw f;
            }
            if ((++turns & 1023) == 0 && !health.ok()) { // a dead owner never acknowledges
                throw health.aborted("an RMA waiting for its completion");
            }
            // Where the host has a core per PE, a turn that delivered something (the owner's replies
            // stream in microseconds apart) starts the idling over: a wait that counted on would
            // yield between replies (a system call each, a microsecond or more in a virtual machine)
            // halfway through a 1 MiB get. With more PEs than cores the owner may need this core:
            // the count goes on, so the wait gives it away as before.
            i = transport.progress() > 0 && !idle.oversubscribed() ? 0 : idle.idle(i);
        }
    }

    @Override
    public void localComplete() {
        // A blocking call returns only after remote completion, which implies local completion.
    }

    @Override
    public void remoteComplete() {
        done = true;
    }

    @Override
    public void failed(RuntimeException cause) {
        failure = cause;
    }
}
