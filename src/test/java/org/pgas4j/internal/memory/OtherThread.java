package org.pgas4j.internal.memory;

import java.util.concurrent.atomic.AtomicReference;

/** Runs a body on a thread of its own, for the tests of what a segment confined to this one refuses. */
final class OtherThread {
    private OtherThread() {
    }

    /** What {@code body} threw on another thread, or null when it returned. */
    static Throwable thrownBy(Runnable body) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        return thrown.get();
    }
}
