package org.pgas4j.internal.am;

import org.pgas4j.internal.access.Access;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.AtomicResult;
import org.pgas4j.BadArgumentException;
import org.pgas4j.BadMessageException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.Event;
import org.pgas4j.Segment;
import org.pgas4j.Team;
import org.pgas4j.internal.AtomicExecutor;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.memory.KindCodes;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.Transport;

/**
 * The active-message fallback of {@link Atomics} (DESIGN.md, "the AM fallback"): an atomic on
 * memory this process does not map (client memory a peer reaches by cross-memory attach, later
 * device memory) travels as an internal request to the owner, whose handler performs it with
 * {@link AtomicExecutor} on its own memory, the very instructions the direct path uses, and
 * replies with the old value. So atomics of both paths on one location are atomic with respect
 * to each other.
 *
 * <p>Request (SHORT, index {@link #REQUEST}): id, type, op, offset, operand 1, operand 2 (longs as
 * two ints, low first). Reply (SHORT, index {@link #REPLY}): id, status, old value, the location's
 * address at the owner. The owner checks again what only it can: the segment is still bound and
 * live, the location lies in it, and its absolute address is aligned; a refusal comes back as a
 * status and fails the requester's event with the same {@link BadArgumentException} the direct
 * path throws. Costs one event and one pending entry per operation: it is the slow path.
 */
public final class AmAtomicFallback {
    private static final Access.AmAccess AMS = Access.ams();
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.EndpointAccess ENDPOINTS = Access.endpoints();
    private static final Access.EventAccess EVENTS = Access.events();
    private static final Access.SegmentAccess SEGMENTS = Access.segments();
    /** The internal handler index of an atomic request. */
    public static final int REQUEST = 1;
    /** The internal handler index of its reply. */
    public static final int REPLY = 2;

    private static final int OK = 0;
    private static final int MISALIGNED = 1;
    private static final int OUT_OF_BOUNDS = 2;
    private static final int NO_SEGMENT = 3;
    private static final int BAD_OP = 4;
    private static final int NO_ATOMICS = 5;
    private static final int REQUEST_ARGS = 9;
    private static final int REPLY_ARGS = 6;

    /** An operation waiting for its reply. */
    private record Pending(Completion completion, AtomicResult result, Team team, int rank, PeerTarget target,
                           long offset, int type, String name) {
    }

    private final Client client;
    private final AmInjector injector;
    private final Transport transport;
    private final IdleStrategy idle;
    private final HandlerContext context;
    private final AtomicInteger ids = new AtomicInteger();
    private final ConcurrentHashMap<Integer, Pending> pending = new ConcurrentHashMap<>();
    /** The owner's reply arguments: request handlers run one at a time per client. */
    private final int[] replyArgs = new int[REPLY_ARGS];

    public AmAtomicFallback(Client client, ActiveMessages am, AmInjector injector, Transport transport, IdleStrategy idle,
                     HandlerContext context) {
        this.client = client;
        this.injector = injector;
        this.transport = transport;
        this.idle = idle;
        this.context = context;
        AMS.registerInternal(am, REQUEST, AmCategory.SHORT, this::perform);
        AMS.registerInternal(am, REPLY, AmCategory.SHORT, this::completed);
    }

    /**
     * Starts the atomic at its owner; the returned event completes when the reply arrived, with
     * the old value in {@code result} (when not null).
     */
    public Event start(PeerTarget t, Team team, int rank, long offset, int type, int op, long operand1, long operand2,
                AtomicResult result, String name) {
        Event event = EVENTS.create(transport, idle, context);
        int id = ids.incrementAndGet();
        pending.put(id, new Pending(EVENTS.completion(event), result, team, rank, t, offset, type, name));
        int[] args = {id, type, op, (int) offset, (int) (offset >>> 32), (int) operand1, (int) (operand1 >>> 32),
            (int) operand2, (int) (operand2 >>> 32)};
        try {
            injector.request(team, rank, AmCategory.SHORT, REQUEST, REQUEST_ARGS, 0, 0, 0, 0, args, null, 0, 0, 0, name);
        } catch (RuntimeException e) {
            pending.remove(id);
            throw e;
        }
        return event;
    }

    /** The owner's handler: performs the atomic on its own memory and replies. */
    private void perform(AmToken token) {
        long offset = join(token.arg(3), token.arg(4));
        int type = token.arg(1);
        int status = OK;
        long old = 0;
        long address = 0;
        Endpoint ep = CLIENTS.endpointOrNull(client, token.endpoint());
        Segment s = ep == null ? null : ENDPOINTS.bound(ep);
        if (s == null || s.isDestroyed()) {
            status = NO_SEGMENT;
        } else {
            int size = type >= AtomicExecutor.INT && type <= AtomicExecutor.DOUBLE ? AtomicExecutor.byteSize(type) : 8;
            MemorySegment memory = SEGMENTS.atomicMemory(s);
            address = memory == null ? 0 : memory.address() + offset;
            if (memory == null) {
                status = NO_ATOMICS;
            } else if (offset < 0 || offset > s.size() - size) {
                status = OUT_OF_BOUNDS;
            } else if ((address & (size - 1)) != 0) {
                status = MISALIGNED;
            } else {
                try {
                    old = AtomicExecutor.apply(memory, offset, type, token.arg(2),
                            join(token.arg(5), token.arg(6)), join(token.arg(7), token.arg(8)));
                } catch (IllegalArgumentException e) {
                    status = BAD_OP;
                }
            }
        }
        replyArgs[0] = token.arg(0);
        replyArgs[1] = status;
        replyArgs[2] = (int) old;
        replyArgs[3] = (int) (old >>> 32);
        replyArgs[4] = (int) address;
        replyArgs[5] = (int) (address >>> 32);
        token.replyShort(REPLY, replyArgs, REPLY_ARGS);
    }

    /** The requester's handler: completes the operation's event. */
    private void completed(AmToken token) {
        Pending p = pending.remove(token.arg(0));
        if (p == null) {
            throw new BadMessageException("PE " + client.jobRank() + " got an atomic reply from PE "
                    + token.sourceJobRank() + " for operation " + token.arg(0) + ", which it is not waiting for");
        }
        int status = token.arg(1);
        if (status == OK) {
            if (p.result() != null) {
                EVENTS.complete(p.result(), join(token.arg(2), token.arg(3)));
            }
            p.completion().localComplete();
            p.completion().remoteComplete();
        } else {
            p.completion().failed(refusal(p, status, join(token.arg(4), token.arg(5))));
        }
    }

    private RuntimeException refusal(Pending p, int status, long address) {
        PeerTarget t = p.target();
        String where = p.name() + " from PE " + client.jobRank() + ": segment " + t.segmentId + " of rank " + p.rank()
                + " of team " + p.team().name() + " (PE " + t.jobRank + ", endpoint " + t.endpoint + ")";
        return switch (status) {
            case MISALIGNED -> AtomicErrors.misaligned(client.jobRank(), p.team(), p.rank(), t, p.offset(), address,
                    AtomicExecutor.byteSize(p.type()), p.name());
            case NO_SEGMENT -> new BadArgumentException(where + " was destroyed or unbound at its owner before the "
                    + "atomic at offset " + p.offset() + " arrived");
            case OUT_OF_BOUNDS -> new BadArgumentException(where + ": offset " + p.offset() + " is outside the segment "
                    + "its owner has now");
            case NO_ATOMICS -> new BadArgumentException(where + " is memory of a kind without atomics (" + KindCodes
                    .classOf(t.kindCode) + "); use RMA, or keep atomic variables in host memory");
            default -> new BadArgumentException(where + ": the owner refused atomic type code " + p.type()
                    + " with this op (status " + status + ")");
        };
    }

    private static long join(int low, int high) {
        return (low & 0xFFFF_FFFFL) | (long) high << 32;
    }
}
