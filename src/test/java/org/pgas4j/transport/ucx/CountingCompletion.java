package org.pgas4j.transport.ucx;

import org.pgas4j.spi.Completion;

/** A completion that counts what an engine signals to it, for the engine's tests. */
final class CountingCompletion implements Completion {
    volatile int local;
    volatile int remote;
    volatile int failures;
    volatile RuntimeException failure;

    @Override
    public void localComplete() {
        local++;
    }

    @Override
    public void remoteComplete() {
        remote++;
    }

    @Override
    public void failed(RuntimeException cause) {
        failure = cause;
        failures++;
    }
}
