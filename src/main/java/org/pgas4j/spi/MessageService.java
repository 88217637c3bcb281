package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;

/**
 * A transport's message lanes, as one object: what {@link Transport}'s message methods do, for a
 * transport that keeps them in a service of its own ({@link Transport#messageService()}) rather
 * than implementing each method. The methods mean what their {@link Transport} namesakes mean.
 */
public interface MessageService {

    /** See {@link Transport#setMessageSink}. */
    void setSink(MessageSink sink);

    /** See {@link Transport#maxMessageLength}. */
    int maxMessageLength(int jobRank, int lane);

    /** See {@link Transport#claimMessage}. */
    long claim(int jobRank, int lane, int headerLength, int payloadLength);

    /** See {@link Transport#messageBuffer}. */
    MemorySegment buffer(int jobRank, int lane);

    /** See {@link Transport#commitMessage}. */
    void commit(int jobRank, int lane, long claim);

    /** See {@link Transport#abortMessage}. */
    void abort(int jobRank, int lane, long claim);

    /** See {@link Transport#pollMessages}. */
    int poll(int lane, int limit);

    /** See {@link Transport#parkUntilMessage}; parks for {@code nanos} (and returns false) by default. */
    default boolean parkUntilMessage(long nanos) {
        LockSupport.parkNanos(nanos);
        return false;
    }

    /**
     * See {@link Transport#parkUntilMessageOrWake}. By default a sleep on the word, which a
     * message ends only at its timeout (false: no message was seen).
     */
    default boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected) {
        Futex.await(word, offset, expected, nanos);
        return false;
    }

    /**
     * {@link #parkUntilMessageOrWake(long, MemorySegment, long, int)} for a transport made of
     * parts, as {@link #parkUntilMessage(long, MessageService)} is for {@link #parkUntilMessage(long)}.
     *
     * @throws UnsupportedOperationException by default: a service without a doorbell
     */
    default boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected,
                                           MessageService other) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no doorbell to sleep on");
    }

    /**
     * {@link #parkUntilMessage(long)} for a transport made of parts (shared memory within a host,
     * UCX between hosts): sleeps on this service's {@link #doorbell()}, and also ends when a
     * message arrives through {@code other}, which must ring that doorbell too
     * ({@link #alsoRing}). Allocates nothing.
     *
     * @param nanos the longest park (below one second)
     * @param other the other part's service
     * @return whether a message arrived (or was waiting) through either
     * @throws UnsupportedOperationException by default: a service without a doorbell
     */
    default boolean parkUntilMessage(long nanos, MessageService other) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no doorbell to sleep on");
    }

    /**
     * The doorbell a PE thread of this service sleeps on ({@link Doorbell}), or null for a service
     * whose parks end at their timer only.
     */
    default Doorbell doorbell() {
        return null;
    }

    /**
     * Whether a message for this PE is published here and not yet delivered: volatile loads, for a
     * thread that has armed a doorbell this service rings and checks before it sleeps.
     */
    default boolean hasMessage() {
        return false;
    }

    /**
     * From now on also rings {@code bell} after each message (or acknowledgement a wait may be
     * for) that arrives here for this PE: a transport made of parts whose PE threads sleep on
     * another part's doorbell ({@link #parkUntilMessage(long, MessageService)}) calls it once when
     * it opens.
     *
     * @throws UnsupportedOperationException by default: a service that rings no doorbell
     */
    default void alsoRing(Doorbell bell) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " rings no doorbell");
    }

    /**
     * A PE thread begins ({@code true}) or ends a sleep on another service's doorbell that a
     * message arriving here ends ({@link #parkUntilMessage(long, MessageService)}): a service whose
     * progress thread behaves differently while PE threads sleep learns it. Nothing by default.
     */
    default void sleepingElsewhere(boolean asleep) {
    }
}
