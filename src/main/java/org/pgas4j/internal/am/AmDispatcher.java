package org.pgas4j.internal.am;

import org.pgas4j.internal.access.Access;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmHandler;
import org.pgas4j.AmToken;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.Segment;
import org.pgas4j.internal.jfr.AmHandlerEvent;
import org.pgas4j.spi.MessageSink;
import org.pgas4j.spi.Transport;

/**
 * Receives active messages from the transport (it is the client's {@link MessageSink}): validates
 * each one before using any of it, then runs its handler in handler context with the lane's
 * token. A message that fails validation is dropped, never acted on, and reported as a
 * {@link BadMessageException} naming the sender; a handler's exception is reported likewise. The
 * report is thrown by the client's next poll, request or close ({@link HandlerContext}).
 *
 * <p>Checked, in order: the lane; the sender's jobrank is in the job; the header's length holds
 * exactly its argument count (at most 16); the flags match the lane; the category is known; the
 * handler index is registered here for that category; the target endpoint exists here; the
 * reserved word is 0; a SHORT message has no payload; a MEDIUM message no Long fields; a LONG
 * message no inline payload, and its offset and length lie inside the target endpoint's bound,
 * live segment.
 */
public final class AmDispatcher implements MessageSink {
    private static final Access.AmAccess AMS = Access.ams();
    private static final AmCategory[] CATEGORIES = AmCategory.values();
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.EndpointAccess ENDPOINTS = Access.endpoints();
    private static final Access.SegmentAccess SEGMENTS = Access.segments();
    private final Client client;
    private final int jobRank;
    private final int jobSize;
    private final AmHandlerTable table;
    private final HandlerContext context;
    private final AmToken requestToken;
    private final AmToken replyToken;

    public AmDispatcher(Client client, AmHandlerTable table, HandlerContext context, AmInjector injector) {
        this.client = client;
        this.jobRank = client.jobRank();
        this.jobSize = client.jobSize();
        this.table = table;
        this.context = context;
        this.requestToken = AMS.createToken(injector, Transport.LANE_REQUEST);
        this.replyToken = AMS.createToken(injector, Transport.LANE_REPLY);
    }

    @Override
    public void deliver(int source, int lane, MemorySegment b, long headerOffset, int headerLength, long payloadOffset,
                        int payloadLength) {
        if (lane != Transport.LANE_REQUEST && lane != Transport.LANE_REPLY) {
            context.fail(AmErrors.dropped(jobRank, source, lane, -1, "the transport delivered it on unknown lane " + lane));
            return;
        }
        if (source < 0 || source >= jobSize) {
            drop(source, lane, -1, "it claims to come from PE " + source + ", outside the job of " + jobSize + " PEs");
            return;
        }
        if (headerLength < AmHeader.ARGS || headerLength > AmHeader.MAX_LENGTH) {
            drop(source, lane, -1, "its header of " + headerLength + " bytes is outside [" + AmHeader.ARGS + ", "
                    + AmHeader.MAX_LENGTH + "]");
            return;
        }
        int word = b.get(JAVA_INT, headerOffset + AmHeader.WORD);
        int handler = AmHeader.handler(word);
        int nargs = AmHeader.nargs(word);
        if (AmHeader.length(nargs) != headerLength) {
            drop(source, lane, handler, "its header of " + headerLength + " bytes does not hold the " + nargs
                    + " arguments it announces");
            return;
        }
        int expectedFlags = lane == Transport.LANE_REPLY ? AmHeader.FLAG_REPLY : 0;
        boolean longInline = (AmHeader.flags(word) & AmHeader.FLAG_LONG_INLINE) != 0;
        if ((AmHeader.flags(word) & ~AmHeader.FLAG_LONG_INLINE) != expectedFlags) {
            drop(source, lane, handler, "its flags 0x" + Integer.toHexString(AmHeader.flags(word))
                    + " do not match its lane");
            return;
        }
        int code = AmHeader.category(word);
        AmCategory category = code >= 0 && code < CATEGORIES.length ? CATEGORIES[code] : null;
        if (category == null) {
            drop(source, lane, handler, "its category code " + AmHeader.category(word) + " is unknown");
            return;
        }
        AmHandlerTable.Entry entry = table.entry(handler);
        if (entry == null) {
            drop(source, lane, handler, "handler index " + handler + " is not registered on PE " + jobRank
                    + " (register every handler on every PE before any PE sends, then barrier)");
            return;
        }
        if (entry.category() != category) {
            drop(source, lane, handler, "handler index " + handler + " is registered for " + entry.category()
                    + " messages here, the message is " + category);
            return;
        }
        int endpoint = b.get(JAVA_INT, headerOffset + AmHeader.TARGET_ENDPOINT);
        int sourceEndpoint = b.get(JAVA_INT, headerOffset + AmHeader.SOURCE_ENDPOINT);
        Endpoint ep = CLIENTS.endpointOrNull(client, endpoint);
        if (ep == null || sourceEndpoint < 0) {
            drop(source, lane, handler, "it names endpoint " + endpoint + " of PE " + jobRank + " (from endpoint "
                    + sourceEndpoint + "), which does not exist");
            return;
        }
        long longOffset = b.get(JAVA_LONG, headerOffset + AmHeader.LONG_OFFSET);
        long longLength = b.get(JAVA_LONG, headerOffset + AmHeader.LONG_LENGTH);
        if (b.get(JAVA_INT, headerOffset + AmHeader.RESERVED) != 0) {
            drop(source, lane, handler, "its reserved header word is not 0");
            return;
        }
        if (longInline && category != AmCategory.LONG) {
            drop(source, lane, handler, "a " + category + " message is flagged as carrying a Long payload inline");
            return;
        }
        MemorySegment payloadBuffer = b;
        long offset = payloadOffset;
        long length = payloadLength;
        switch (category) {
            case SHORT -> {
                if (payloadLength != 0 || longOffset != 0 || longLength != 0) {
                    drop(source, lane, handler, "a SHORT message carries a payload (" + payloadLength + " bytes, Long "
                            + longOffset + "+" + longLength + ")");
                    return;
                }
                payloadBuffer = null;
            }
            case MEDIUM -> {
                if (longOffset != 0 || longLength != 0) {
                    drop(source, lane, handler, "a MEDIUM message has Long fields " + longOffset + "+" + longLength);
                    return;
                }
            }
            case LONG -> {
                Segment s = ENDPOINTS.bound(ep);
                if (payloadLength != (longInline ? longLength : 0)) {
                    drop(source, lane, handler, "a LONG message carries " + payloadLength + " bytes inline for a"
                            + (longInline ? "n inline" : " written") + " payload of " + longLength);
                    return;
                }
                if (s == null || s.isDestroyed()) {
                    drop(source, lane, handler, "it is LONG but endpoint " + endpoint + " of PE " + jobRank
                            + " has no bound, live segment");
                    return;
                }
                if (longOffset < 0 || longLength < 0 || longLength > ActiveMessages.MAX_LONG_PAYLOAD
                        || longOffset > s.size() - longLength) {
                    drop(source, lane, handler, "its Long payload at offset " + longOffset + " and length "
                            + longLength + " is outside segment " + s.id() + " of endpoint " + endpoint
                            + ", whose bounds are [0, " + s.size() + ")");
                    return;
                }
                if (longInline) {
                    s.copyFrom(longOffset, b, payloadOffset, longLength); // before the handler, as if put
                }
                // Device memory is not host-addressable: the handler sees an empty payload, the data is in place.
                payloadBuffer = SEGMENTS.hostView(s) != null ? SEGMENTS.hostView(s) : MemorySegment.ofArray(new byte[0]);
                if (SEGMENTS.hostView(s) == null) {
                    longLength = 0;
                }
                offset = longOffset;
                length = longLength;
            }
        }
        run(lane == Transport.LANE_REPLY ? replyToken : requestToken, entry.handler(), lane, b, headerOffset, source,
                sourceEndpoint, endpoint, handler, category, nargs, payloadBuffer, offset, length);
    }

    private void run(AmToken token, AmHandler handler, int lane, MemorySegment b, long headerOffset, int source,
                     int sourceEndpoint, int endpoint, int index, AmCategory category, int nargs,
                     MemorySegment payloadBuffer, long offset, long length) {
        int[] args = AMS.argBuffer(token);
        for (int i = 0; i < nargs; i++) {
            args[i] = b.get(JAVA_INT, headerOffset + AmHeader.ARGS + 4L * i);
        }
        AMS.bind(token, source, sourceEndpoint, endpoint, index, category, nargs, payloadBuffer, offset, length);
        context.enter(lane);
        AmHandlerEvent jfr = AmHandlerEvent.start(); // null unless a JFR recording wants slow handlers
        try {
            handler.handle(token);
            if (jfr != null
                    && jfr.ready(jobRank, index, category.name(), lane == Transport.LANE_REPLY, source, length)) {
                jfr.commit();
            }
        } catch (Throwable t) {
            context.fail(t);
        } finally {
            context.exit(lane);
            AMS.unbind(token);
        }
    }

    private void drop(int source, int lane, int handler, String what) {
        context.fail(AmErrors.dropped(jobRank, source, lane, handler, what));
    }
}
