package org.pgas4j.spi;

/**
 * The {@link Completion} of a fetching transport atomic started without waiting
 * ({@link RemoteMemory#atomicNB}): it also receives the value the location held before.
 */
public interface AtomicCompletion extends Completion {

    /**
     * The value the location held before the operation (a 4-byte one in the low 32 bits,
     * zero-extended); signalled once, before {@link #remoteComplete()}.
     */
    void fetched(long old);
}
