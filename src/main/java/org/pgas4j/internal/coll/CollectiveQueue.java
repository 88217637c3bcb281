package org.pgas4j.internal.coll;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.pgas4j.spi.Completion;

/**
 * Runs a team's non-blocking collectives, in the order they were initiated, on a worker thread
 * of the team started on first use. A blocking collective called while non-blocking ones are
 * queued goes through the queue too, so a team's collectives always run in initiation order.
 */
public final class CollectiveQueue {
    private final String name;
    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();
    private Thread worker;
    private volatile boolean closed;

    /** A queue whose worker thread is named after {@code name}. */
    public CollectiveQueue(String name) {
        this.name = name;
    }

    /** Whether no collective is queued or running. */
    public boolean idle() {
        return submitted.get() == finished.get();
    }

    /** Queues {@code task}; {@code completion} learns when it finished or how it failed. */
    public synchronized void submit(Runnable task, Completion completion) {
        if (closed) {
            throw new IllegalStateException("team " + name + " was destroyed");
        }
        submitted.incrementAndGet();
        tasks.add(() -> {
            try {
                task.run();
                completion.localComplete();
                completion.remoteComplete();
            } catch (RuntimeException | AssertionError e) {
                completion.failed(e instanceof RuntimeException r ? r : new IllegalStateException(e));
            } finally {
                finished.incrementAndGet();
            }
        });
        if (worker == null) {
            worker = Thread.ofPlatform().daemon().name("pgas4j-coll-" + name).start(this::work);
        }
    }

    private void work() {
        try {
            while (!closed || !tasks.isEmpty()) {
                Runnable r = tasks.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                if (r != null) {
                    r.run();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the worker once the queue is empty. */
    public synchronized void close() {
        closed = true;
    }
}
