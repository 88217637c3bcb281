package org.pgas4j.internal.am;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.BadArgumentException;
import org.pgas4j.BadMessageException;
import org.pgas4j.spi.Transport;

/**
 * The messages of the errors active messages detect, at the sender (thrown before anything is
 * sent) and at the receiver (a dropped message). Built only when a check fails, so a passing
 * check allocates nothing.
 */
public final class AmErrors {
    private AmErrors() {
    }

    /** A handler index that is not registered here for {@code category}. */
    public static BadArgumentException badHandler(int pe, String op, int index, AmCategory category, AmHandlerTable.Entry e) {
        if (index < 0 || index >= AmHandlerTable.SIZE) {
            return new BadArgumentException(op + " on PE " + pe + ": handler index " + index + " is outside [0, "
                    + AmHandlerTable.SIZE + "); programs use [" + ActiveMessages.FIRST_CLIENT_INDEX + ", "
                    + (AmHandlerTable.SIZE - 1) + "]");
        }
        if (e == null) {
            return new BadArgumentException(op + " on PE " + pe + ": handler index " + index + " is not registered; "
                    + "register it (the same on every PE) before sending, then barrier");
        }
        return new BadArgumentException(op + " on PE " + pe + ": handler index " + index + " is registered for "
                + e.category() + " messages, not " + category);
    }

    /** An argument count outside [0, 16] or beyond the array. */
    public static BadArgumentException badArgCount(int pe, String op, int count, int[] args) {
        return new BadArgumentException(op + " on PE " + pe + ": argument count " + count + " is outside [0, "
                + ActiveMessages.MAX_ARGS + "]" + (args == null ? "" : " or beyond the " + args.length
                + "-element array"));
    }

    /** A payload length that is negative or above the category's maximum. */
    public static BadArgumentException badLength(int pe, String op, AmCategory category, long length, long max, int jobRank,
                                          int lane) {
        String query = category == AmCategory.LONG ? "maxRequestLong"
                : lane == Transport.LANE_REPLY ? "maxReplyMedium" : "maxRequestMedium";
        return new BadArgumentException(op + " from PE " + pe + " to PE " + jobRank + ": payload length " + length
                + " is outside [0, " + max + "], the largest " + category + " payload (" + query + ")"
                + (category == AmCategory.MEDIUM ? "; send more in several messages, or as LONG into a segment" : ""));
    }

    /** A payload range outside the local buffer, or no buffer. */
    public static BadArgumentException badPayloadRange(int pe, String op, MemorySegment payload, long offset, long length) {
        if (payload == null) {
            return new BadArgumentException(op + " on PE " + pe + ": payload is null but length is " + length);
        }
        return new BadArgumentException(op + " on PE " + pe + ": payload offset " + offset + " and length " + length
                + " are outside the local buffer, whose bounds are [0, " + payload.byteSize() + ")");
    }

    /** An incoming message the receiver dropped. */
    public static BadMessageException dropped(int pe, int source, int lane, int handler, String what) {
        return new BadMessageException("PE " + pe + " dropped an incoming active "
                + (lane == Transport.LANE_REPLY ? "reply" : "request") + " from PE " + source
                + (handler >= 0 ? " to handler " + handler : "") + ": " + what);
    }
}
