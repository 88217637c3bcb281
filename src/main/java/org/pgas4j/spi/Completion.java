package org.pgas4j.spi;

/**
 * What a transport signals as an operation progresses. Local completion: the source buffer of
 * a put may be reused. Remote completion: the data is visible at the target (for a get: in the
 * destination buffer). A transport signals local completion no later than remote completion,
 * exactly once each, possibly from inside the initiating call.
 */
public interface Completion {

    /** The source buffer may be reused. */
    void localComplete();

    /** The operation is complete at the target; for a get, the destination holds the data. */
    void remoteComplete();

    /** The operation failed; neither completion will follow. */
    void failed(RuntimeException cause);
}
