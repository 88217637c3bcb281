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
}
