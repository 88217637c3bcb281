package org.pgas4j;

import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.am.AmInjector;
import org.pgas4j.spi.Transport;
import org.pgas4j.internal.access.Access;

/**
 * The message a handler is running for (GASNet-EX's {@code gex_Token_t} with
 * {@code gex_Token_Info}): who sent it, its arguments and payload, and how to reply. Valid only
 * while the handler runs, on its thread; a token kept beyond that refuses to reply.
 *
 * <p>A request's handler may reply once, with any category ({@code replyShort},
 * {@code replyMedium}, {@code replyLong}), to the requesting endpoint; a reply's handler may not
 * reply. Replies travel on a lane of their own, so a reply never waits behind requests and the
 * handler cannot deadlock on it; it may wait for room while the requester drains its replies.
 */
public final class AmToken {
    static {
        Access.register(new Access.AmAccess() {
            @Override
            public AmToken createToken(AmInjector injector, int lane) {
                return new AmToken(injector, lane);
            }

            @Override
            public int[] argBuffer(AmToken t) {
                return t.argBuffer();
            }

            @Override
            public void bind(AmToken t, int source, int sourceEndpoint, int endpoint, int handler, AmCategory category,
                             int nargs, MemorySegment payloadBuffer, long payloadOffset, long payloadLength) {
                t.bind(source, sourceEndpoint, endpoint, handler, category, nargs, payloadBuffer, payloadOffset,
                        payloadLength);
            }

            @Override
            public void unbind(AmToken t) {
                t.unbind();
            }

            @Override
            public void registerInternal(ActiveMessages am, int index, AmCategory category, AmHandler handler) {
                am.registerInternal(index, category, handler);
            }
        });
    }

    private static final MemorySegment EMPTY = MemorySegment.ofArray(new byte[0]);

    private final AmInjector injector;
    private final int lane;
    private final int[] args = new int[ActiveMessages.MAX_ARGS];
    private Thread owner;
    private boolean replied;
    private int source;
    private int sourceEndpoint;
    private int endpoint;
    private int handler;
    private AmCategory category;
    private int nargs;
    private MemorySegment payloadBuffer;
    private long payloadOffset;
    private long payloadLength;

    AmToken(AmInjector injector, int lane) {
        this.injector = injector;
        this.lane = lane;
    }

    /** Makes this token the one of a message about to be handled on the calling thread. */
    void bind(int source, int sourceEndpoint, int endpoint, int handler, AmCategory category, int nargs,
              MemorySegment payloadBuffer, long payloadOffset, long payloadLength) {
        this.source = source;
        this.sourceEndpoint = sourceEndpoint;
        this.endpoint = endpoint;
        this.handler = handler;
        this.category = category;
        this.nargs = nargs;
        this.payloadBuffer = payloadBuffer;
        this.payloadOffset = payloadOffset;
        this.payloadLength = payloadLength;
        this.replied = false;
        this.owner = Thread.currentThread();
    }

    /** Where the dispatcher copies the arguments before {@link #bind}. */
    int[] argBuffer() {
        return args;
    }

    /** The handler returned: the token no longer refers to a message. */
    void unbind() {
        owner = null;
        payloadBuffer = null;
    }

    /** The jobrank of the sending PE ({@code gex_TI_SRCRANK}). */
    public int sourceJobRank() {
        return source;
    }

    /** The index of the sending endpoint on its PE: where a reply goes. */
    public int sourceEndpoint() {
        return sourceEndpoint;
    }

    /** The index of the receiving endpoint on this PE ({@code gex_TI_EP}). */
    public int endpoint() {
        return endpoint;
    }

    /** The handler index the message named ({@code gex_TI_INDEX}). */
    public int handlerIndex() {
        return handler;
    }

    /** The message's category. */
    public AmCategory category() {
        return category;
    }

    /** Whether the message is a reply ({@code gex_TI_IS_REQ} false). */
    public boolean isReply() {
        return lane == Transport.LANE_REPLY;
    }

    /** How many int arguments the message carries, 0 to {@link ActiveMessages#MAX_ARGS}. */
    public int argCount() {
        return nargs;
    }

    /**
     * Argument {@code i}.
     *
     * @throws BadArgumentException if {@code i} is not in [0, {@link #argCount()})
     */
    public int arg(int i) {
        if (i < 0 || i >= nargs) {
            throw new BadArgumentException("AmToken.arg: index " + i + " is outside [0, " + nargs + "), the arguments "
                    + "of this message from PE " + source + " to handler " + handler);
        }
        return args[i];
    }

    /** The payload's length in bytes: 0 for SHORT. */
    public long payloadLength() {
        return payloadLength;
    }

    /**
     * The payload: for MEDIUM a view of the transport's buffer, valid until the handler returns
     * (copy what must outlive it); for LONG the range of the bound segment it was written to; for
     * SHORT an empty segment.
     *
     * @throws IllegalStateException outside the handler
     */
    public MemorySegment payload() {
        checkActive("payload");
        return payloadLength == 0 ? EMPTY : payloadBuffer.asSlice(payloadOffset, payloadLength);
    }

    /** For LONG, the offset in the receiving endpoint's bound segment where the payload lies; else 0. */
    public long longOffset() {
        return category == AmCategory.LONG ? payloadOffset : 0;
    }

    /** The largest Medium payload a reply to this message may carry ({@code gex_Token_MaxReplyMedium}). */
    public long maxReplyMedium() {
        return injector.maxMedium(source, Transport.LANE_REPLY);
    }

    // ---------------------------------------------------------------- replies

    /** Replies with a SHORT message of no arguments to {@code handler} at the requester ({@code gex_AM_ReplyShort0}). */
    public void replyShort(int handler) {
        reply(AmCategory.SHORT, handler, 0, 0, 0, 0, 0, null, null, 0, 0, 0, "replyShort");
    }

    /** Replies with a SHORT message of one argument. */
    public void replyShort(int handler, int a0) {
        reply(AmCategory.SHORT, handler, 1, a0, 0, 0, 0, null, null, 0, 0, 0, "replyShort");
    }

    /** Replies with a SHORT message of two arguments. */
    public void replyShort(int handler, int a0, int a1) {
        reply(AmCategory.SHORT, handler, 2, a0, a1, 0, 0, null, null, 0, 0, 0, "replyShort");
    }

    /** Replies with a SHORT message of three arguments. */
    public void replyShort(int handler, int a0, int a1, int a2) {
        reply(AmCategory.SHORT, handler, 3, a0, a1, a2, 0, null, null, 0, 0, 0, "replyShort");
    }

    /** Replies with a SHORT message of four arguments. */
    public void replyShort(int handler, int a0, int a1, int a2, int a3) {
        reply(AmCategory.SHORT, handler, 4, a0, a1, a2, a3, null, null, 0, 0, 0, "replyShort");
    }

    /** Replies with a SHORT message of the first {@code count} (at most 16) ints of {@code args}. */
    public void replyShort(int handler, int[] args, int count) {
        reply(AmCategory.SHORT, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), null, 0, 0, 0, "replyShort");
    }

    /**
     * Replies with a MEDIUM message: {@code length} bytes of {@code payload} from {@code offset},
     * copied before this returns, and no arguments ({@code gex_AM_ReplyMedium0}).
     */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length) {
        reply(AmCategory.MEDIUM, handler, 0, 0, 0, 0, 0, null, payload, offset, length, 0, "replyMedium");
    }

    /** Replies with a MEDIUM message and one argument. */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length, int a0) {
        reply(AmCategory.MEDIUM, handler, 1, a0, 0, 0, 0, null, payload, offset, length, 0, "replyMedium");
    }

    /** Replies with a MEDIUM message and two arguments. */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length, int a0, int a1) {
        reply(AmCategory.MEDIUM, handler, 2, a0, a1, 0, 0, null, payload, offset, length, 0, "replyMedium");
    }

    /** Replies with a MEDIUM message and three arguments. */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length, int a0, int a1, int a2) {
        reply(AmCategory.MEDIUM, handler, 3, a0, a1, a2, 0, null, payload, offset, length, 0, "replyMedium");
    }

    /** Replies with a MEDIUM message and four arguments. */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length, int a0, int a1, int a2,
                            int a3) {
        reply(AmCategory.MEDIUM, handler, 4, a0, a1, a2, a3, null, payload, offset, length, 0, "replyMedium");
    }

    /** Replies with a MEDIUM message and the first {@code count} ints of {@code args}. */
    public void replyMedium(int handler, MemorySegment payload, long offset, long length, int[] args, int count) {
        reply(AmCategory.MEDIUM, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), payload, offset, length, 0, "replyMedium");
    }

    /**
     * Replies with a LONG message: {@code length} bytes of {@code payload} from {@code offset} are
     * written to {@code dstOffset} in the requesting endpoint's bound segment before its handler
     * runs, with no arguments ({@code gex_AM_ReplyLong0}).
     */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset) {
        reply(AmCategory.LONG, handler, 0, 0, 0, 0, 0, null, payload, offset, length, dstOffset, "replyLong");
    }

    /** Replies with a LONG message and one argument. */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0) {
        reply(AmCategory.LONG, handler, 1, a0, 0, 0, 0, null, payload, offset, length, dstOffset, "replyLong");
    }

    /** Replies with a LONG message and two arguments. */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1) {
        reply(AmCategory.LONG, handler, 2, a0, a1, 0, 0, null, payload, offset, length, dstOffset, "replyLong");
    }

    /** Replies with a LONG message and three arguments. */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1,
                          int a2) {
        reply(AmCategory.LONG, handler, 3, a0, a1, a2, 0, null, payload, offset, length, dstOffset, "replyLong");
    }

    /** Replies with a LONG message and four arguments. */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset, int a0, int a1,
                          int a2, int a3) {
        reply(AmCategory.LONG, handler, 4, a0, a1, a2, a3, null, payload, offset, length, dstOffset, "replyLong");
    }

    /** Replies with a LONG message and the first {@code count} ints of {@code args}. */
    public void replyLong(int handler, MemorySegment payload, long offset, long length, long dstOffset, int[] args,
                          int count) {
        reply(AmCategory.LONG, handler, count, 0, 0, 0, 0, AmInjector.nonNull(args), payload, offset, length, dstOffset, "replyLong");
    }

    private void reply(AmCategory cat, int replyHandler, int count, int a0, int a1, int a2, int a3, int[] array,
                       MemorySegment payload, long offset, long length, long dstOffset, String op) {
        checkActive(op);
        if (lane == Transport.LANE_REPLY) {
            throw new IllegalStateException(op + " on PE " + injector.jobRank() + ": the handler of a reply (from PE "
                    + source + ", handler " + handler + ") cannot reply; only a request's handler may");
        }
        if (replied) {
            throw new IllegalStateException(op + " on PE " + injector.jobRank() + ": the handler of the request from PE "
                    + source + " (handler " + handler + ") already replied; a handler may reply at most once");
        }
        injector.reply(this, cat, replyHandler, count, a0, a1, a2, a3, array, payload, offset, length, dstOffset, op);
        replied = true;
    }

    private void checkActive(String op) {
        if (owner != Thread.currentThread()) {
            throw new IllegalStateException(op + " on PE " + injector.jobRank() + ": this token is not the one of a "
                    + "handler running on this thread; a token is valid only while its handler runs");
        }
    }
}
