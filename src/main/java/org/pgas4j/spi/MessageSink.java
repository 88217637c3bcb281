package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * Where a transport delivers incoming messages: registered by the core with
 * {@link Transport#setMessageSink}, called by the transport inside {@link Transport#progress()}
 * and {@link Transport#pollMessages}, on the polling thread, one message at a time per lane.
 *
 * <p>The bytes are the sender's, unvalidated: the sink checks them before acting on them. They
 * are valid only during the call; once it returns (or throws) the transport reuses them.
 */
@FunctionalInterface
public interface MessageSink {

    /**
     * Delivers one message.
     *
     * @param sourceJobRank the jobrank the sender wrote into the message (to be validated)
     * @param lane {@link Transport#LANE_REQUEST} or {@link Transport#LANE_REPLY}
     * @param buffer the memory holding the message
     * @param headerOffset where in {@code buffer} the message's header starts
     * @param headerLength the header's length in bytes
     * @param payloadOffset where in {@code buffer} the payload starts (8-byte aligned)
     * @param payloadLength the payload's length in bytes
     */
    void deliver(int sourceJobRank, int lane, MemorySegment buffer, long headerOffset, int headerLength,
                 long payloadOffset, int payloadLength);
}
