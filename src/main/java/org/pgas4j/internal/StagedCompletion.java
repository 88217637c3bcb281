package org.pgas4j.internal;

import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.spi.Completion;

/**
 * The completion of a put staged through host memory in chunks: each chunk may start as soon as
 * the previous one is locally complete (its staging buffer reusable), and the whole put is
 * complete once every chunk is remotely complete. So chunks pipeline through a transport whose
 * remote completion takes a round trip (the active-message fallback). Reused per thread.
 */
public final class StagedCompletion implements Completion {
    private static final ThreadLocal<StagedCompletion> PER_THREAD = ThreadLocal.withInitial(StagedCompletion::new);
    private static final IdleStrategy IDLE = new IdleStrategy(200, 100, 20_000);

    private final AtomicInteger remote = new AtomicInteger();
    private volatile boolean local;
    private volatile RuntimeException failure;

    /** This thread's completion, reset for a new staged put. */
    public static StagedCompletion forThisThread() {
        StagedCompletion c = PER_THREAD.get();
        c.remote.set(0);
        c.failure = null;
        return c;
    }

    /** Call before starting each chunk with this completion. */
    public void chunkStarting() {
        local = false;
        remote.incrementAndGet();
    }

    /**
     * Waits until the chunk started last is locally complete, driving {@code progress}, idling by
     * {@code idle} (null: short parks that end at their timer; see
     * {@link SyncCompletion#idleWokenBy}).
     */
    public void awaitLocal(Runnable progress, IdleStrategy idle) {
        IdleStrategy strategy = idle != null ? idle : IDLE;
        int i = 0;
        while (!local && failure == null) {
            progress.run();
            i = strategy.idle(i);
        }
        throwFailure();
    }

    /**
     * Waits until every chunk is remotely complete, driving {@code progress} and idling as
     * {@link #awaitLocal} does; rethrows a chunk's failure.
     */
    public void awaitAll(Runnable progress, IdleStrategy idle) {
        IdleStrategy strategy = idle != null ? idle : IDLE;
        int i = 0;
        while (remote.get() != 0 && failure == null) {
            progress.run();
            i = strategy.idle(i);
        }
        throwFailure();
    }

    private void throwFailure() {
        RuntimeException f = failure;
        if (f != null) {
            throw f;
        }
    }

    @Override
    public void localComplete() {
        local = true;
    }

    @Override
    public void remoteComplete() {
        local = true;
        remote.decrementAndGet();
    }

    @Override
    public void failed(RuntimeException cause) {
        failure = cause;
        local = true;
        remote.decrementAndGet();
    }
}
