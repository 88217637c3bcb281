package org.pgas4j.internal.am;

import org.pgas4j.internal.access.Access;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.BadArgumentException;
import org.pgas4j.BadMessageException;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.Segment;
import org.pgas4j.Settings;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.memory.HostCopy;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The active-message fallback of RMA (DESIGN.md, "the AM fallback"): a peer's segment that this
 * process cannot reach directly (device memory without IPC, a peer on another host, client memory
 * with {@code pgas4j.rma.path=am}) becomes a {@link RemoteMemory} whose put and get are internal
 * requests, and the owner performs them on its segment with the kind's copy functions
 * ({@link Segment#copyFrom}, {@link Segment#copyTo}). One mechanism makes every kind reachable
 * over every transport.
 *
 * <p>A put is cut into Medium requests ({@link #PUT}: operation id, offset, segment id; the
 * chunk as payload), each acknowledged by a Short reply ({@link #PUT_ACK}: id, status). A get
 * sends Short requests ({@link #GET}: id, offset, length), each answered by a Medium
 * reply with the bytes ({@link #GET_DATA}: id, status, offset). The operation completes when
 * every chunk is acknowledged or arrived.
 *
 * <p><b>Pipelining.</b> A chunk is at most {@code pgas4j.am.fallback.chunk} (16 KiB) where the
 * messages travel through shared memory (256 KiB over a network, and where either side of the
 * transfer is a GPU's memory) and the largest Medium both lanes carry (an eighth of the ring), and
 * every chunk of an operation is sent at once: the requester
 * waits only for room in the owner's ring, never for a chunk's reply before the next. Bytes are
 * copied once on each side: the requester's payload straight into the ring record (from a local
 * device segment by its kind's copy function, {@link #put(RemoteMemory, long, Segment, long, long,
 * Completion)}), the owner from the record straight into its segment; a get's reply is written by
 * the owner's segment straight into the requester's reply ring (device memory by its copy
 * function), and copied from there into the destination (a local device segment by its copy
 * function, {@link #get(RemoteMemory, long, Segment, long, long, Completion)}).
 *
 * <p>The owner checks what only it can: the segment is live
 * and holds the range, and for a put that it is still the one resolved (same id; a get's four
 * arguments carry no segment id, so a get racing a re-publication reads the new segment); a
 * refusal fails the operation with a
 * {@link BadArgumentException}. Allocates per operation: it is the slow path.
 */
public final class AmRmaFallback {
    private static final Access.AmAccess AMS = Access.ams();
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.EndpointAccess ENDPOINTS = Access.endpoints();
    private static final Access.SegmentAccess SEGMENTS = Access.segments();
    public static final int PUT = 3;
    public static final int PUT_ACK = 4;
    public static final int GET = 5;
    public static final int GET_DATA = 6;
    /**
     * Largest chunk to an owner whose messages travel through shared memory
     * ({@code pgas4j.am.fallback.chunk}): small enough to stay in the cache between the two copies.
     */
    private static final long MAX_SHARED_MEMORY_CHUNK = Settings.AM_FALLBACK_CHUNK.value();
    /**
     * Largest chunk to any other owner (over a network each message has a cost of its own, and
     * the bytes cross it anyway): beyond this, bigger messages did not move bytes faster. Also the
     * largest chunk where either side is a GPU's memory, whose runtime's copy call has a cost of
     * its own (on an H100, 3 PEs each putting 1 MiB through the owner into its neighbour's CUDA
     * memory: 0.04-0.05 GB/s in 16 KiB pieces, 0.94-1.05 in 128 KiB ones, 1.24-1.31 in 256 KiB).
     */
    private static final long MAX_NETWORK_CHUNK = 256 << 10;

    private static final int OK = 0;
    private static final int NO_SEGMENT = 1;
    private static final int OUT_OF_BOUNDS = 2;

    /** An operation waiting for its chunks. */
    private static final class Pending {
        final Completion completion;
        final AtomicInteger remaining;
        final MemorySegment dst;
        /** A get's local destination segment when it is not host-addressable (device memory), else null. */
        final Segment dstSegment;
        final long dstOffset;
        final long base;
        final String what;
        volatile RuntimeException failure;

        Pending(Completion completion, int chunks, MemorySegment dst, Segment dstSegment, long dstOffset, long base,
                String what) {
            this.completion = completion;
            this.remaining = new AtomicInteger(chunks);
            this.dst = dst;
            this.dstSegment = dstSegment;
            this.dstOffset = dstOffset;
            this.base = base;
            this.what = what;
        }
    }

    private final Client client;
    private final AmInjector injector;
    private final Transport transport;
    private final AtomicInteger ids = new AtomicInteger();
    private final ConcurrentHashMap<Integer, Pending> pending = new ConcurrentHashMap<>();
    /** The owner's check result, reused for the same reason. */
    private final int[] status = new int[1];

    public AmRmaFallback(Client client, ActiveMessages am, AmInjector injector, Transport transport) {
        this.client = client;
        this.injector = injector;
        this.transport = transport;
        AMS.registerInternal(am, PUT, AmCategory.MEDIUM, this::performPut);
        AMS.registerInternal(am, PUT_ACK, AmCategory.SHORT, this::putAcknowledged);
        AMS.registerInternal(am, GET, AmCategory.SHORT, this::performGet);
        AMS.registerInternal(am, GET_DATA, AmCategory.MEDIUM, this::getArrived);
    }

    /** The segment {@code segmentId} that endpoint {@code endpoint} of PE {@code jobRank} published, reached through its owner. */
    public RemoteMemory memoryOf(int jobRank, int endpoint, long segmentId, long size, MemoryKindClass kindClass) {
        long request = injector.maxMedium(jobRank, Transport.LANE_REQUEST);
        long reply = injector.maxMedium(jobRank, Transport.LANE_REPLY);
        boolean sharedMemory = transport.messagesThroughSharedMemory(jobRank);
        long hostChunk = chunk(sharedMemory, false, MAX_SHARED_MEMORY_CHUNK, request, reply);
        long deviceChunk = chunk(sharedMemory, true, MAX_SHARED_MEMORY_CHUNK, request, reply);
        return new ThroughOwner(jobRank, endpoint, (int) segmentId, size,
                isGpu(kindClass) ? deviceChunk : hostChunk, deviceChunk, kindClass);
    }

    /** Whether memory of this class is a GPU's, copied by its runtime's calls (not DEVICE_SIM's host memory). */
    static boolean isGpu(MemoryKindClass kindClass) {
        return ClientKinds.runtime(kindClass) != null;
    }

    /**
     * The largest chunk to an owner: {@code sharedMemoryChunk} where messages travel through
     * shared memory and neither side is a GPU's memory ({@code gpu}), else {@link #MAX_NETWORK_CHUNK},
     * and never more than the largest Medium of either lane; a multiple of 8.
     */
    static long chunk(boolean throughSharedMemory, boolean gpu, long sharedMemoryChunk, long maxRequestMedium,
                      long maxReplyMedium) {
        long largest = throughSharedMemory && !gpu ? sharedMemoryChunk : MAX_NETWORK_CHUNK;
        return Math.min(largest, Math.min(maxRequestMedium, maxReplyMedium)) & -8;
    }

    /** A peer's segment whose owner performs every access. */
    /** Whether {@code memory} is a peer's memory this PE reaches only through the owner's handlers. */
    public static boolean isThroughOwner(RemoteMemory memory) {
        return memory instanceof ThroughOwner;
    }

    /**
     * A put into {@code memory} (a segment reached through its owner: {@link #isThroughOwner})
     * from the local segment {@code src} of any kind, whose copy function writes each chunk
     * straight into its message: no staging through host memory, no wait between chunks.
     * Locally complete on return.
     */
    public static void put(RemoteMemory memory, long offset, Segment src, long srcOffset, long length,
                           Completion completion) {
        ((ThroughOwner) memory).put(offset, null, src, srcOffset, length, completion);
    }

    /**
     * A get from {@code memory} (reached through its owner: {@link #isThroughOwner}) into the
     * local segment {@code dst} of any kind: every chunk is requested at once and each reply is
     * copied by {@code dst}'s copy function straight from the message.
     */
    public static void get(RemoteMemory memory, long offset, Segment dst, long dstOffset, long length,
                           Completion completion) {
        ((ThroughOwner) memory).get(offset, null, dst, dstOffset, length, completion);
    }

    private final class ThroughOwner implements RemoteMemory {
        private final int jobRank;
        private final int endpoint;
        private final int segmentId;
        private final long size;
        /** The piece of a transfer whose local side is host memory. */
        private final long chunk;
        /** The piece of a transfer whose local side is a GPU's memory. */
        private final long deviceChunk;
        private final MemoryKindClass kindClass;

        ThroughOwner(int jobRank, int endpoint, int segmentId, long size, long chunk, long deviceChunk,
                     MemoryKindClass kindClass) {
            this.jobRank = jobRank;
            this.endpoint = endpoint;
            this.segmentId = segmentId;
            this.size = size;
            this.chunk = chunk;
            this.deviceChunk = deviceChunk;
            this.kindClass = kindClass;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public MemorySegment directView() {
            return null;
        }

        @Override
        public void put(long offset, MemorySegment src, long srcOffset, long length, Completion completion) {
            put(offset, src, null, srcOffset, length, completion);
        }

        /**
         * Sends every chunk without waiting for any acknowledgement (the ring's room is the only
         * limit), each copied from {@code src} (or, when null, from {@code srcSegment} with its
         * kind's copy function) straight into its message.
         */
        void put(long offset, MemorySegment src, Segment srcSegment, long srcOffset, long length,
                 Completion completion) {
            if (length == 0) {
                completion.localComplete();
                completion.remoteComplete();
                return;
            }
            long chunk = chunkFor(srcSegment);
            int id = start(new Pending(completion, (int) Math.ceilDiv(length, chunk), null, null, 0, offset,
                    what("put", offset, length)));
            for (long done = 0; done < length; done += chunk) {
                long n = Math.min(chunk, length - done);
                long at = offset + done;
                if (srcSegment != null) {
                    injector.requestInternal(jobRank, endpoint, PUT, id, (int) at, (int) (at >>> 32), segmentId,
                            srcSegment, srcOffset + done, (int) n, "put");
                } else {
                    injector.requestInternal(jobRank, endpoint, AmCategory.MEDIUM, PUT, 4, id, (int) at,
                            (int) (at >>> 32), segmentId, src, srcOffset + done, n, "put");
                }
            }
            completion.localComplete(); // every chunk was copied into its message
        }

        @Override
        public void get(long offset, MemorySegment dst, long dstOffset, long length, Completion completion) {
            get(offset, dst, null, dstOffset, length, completion);
        }

        /**
         * Sends every chunk's request at once; each reply is copied from the message straight into
         * {@code dst} (or, when null, into {@code dstSegment} with its kind's copy function).
         */
        void get(long offset, MemorySegment dst, Segment dstSegment, long dstOffset, long length,
                 Completion completion) {
            if (length == 0) {
                completion.localComplete();
                completion.remoteComplete();
                return;
            }
            long chunk = chunkFor(dstSegment);
            int id = start(new Pending(completion, (int) Math.ceilDiv(length, chunk), dst, dstSegment, dstOffset,
                    offset, what("get", offset, length)));
            for (long done = 0; done < length; done += chunk) {
                long at = offset + done;
                int n = (int) Math.min(chunk, length - done);
                injector.requestInternal(jobRank, endpoint, AmCategory.SHORT, GET, 4, id, (int) at, (int) (at >>> 32),
                        n, null, 0, 0, "get");
            }
        }

        /** The piece of a transfer with {@code local} (null: host memory) on this side. */
        private long chunkFor(Segment local) {
            return local != null && isGpu(local.kind().kindClass()) ? deviceChunk : chunk;
        }

        private String what(String op, long offset, long length) {
            return op + " from PE " + client.jobRank() + " of " + length + " bytes at offset " + offset + " of segment "
                    + segmentId + " (" + kindClass + ") of PE " + jobRank + ", endpoint " + endpoint
                    + ", through its owner";
        }

        @Override
        public void release() {
            // Nothing is mapped.
        }
    }

    private int start(Pending p) {
        int id = ids.incrementAndGet();
        pending.put(id, p);
        return id;
    }

    // ---------------------------------------------------------------- owner

    private Segment ownSegment(AmToken token, long offset, long length, int[] status) {
        Endpoint ep = CLIENTS.endpointOrNull(client, token.endpoint());
        Segment s = ep == null ? null : ENDPOINTS.bound(ep);
        if (s == null || s.isDestroyed()) {
            status[0] = NO_SEGMENT;
            return null;
        }
        if (offset < 0 || length < 0 || offset > s.size() - length) {
            status[0] = OUT_OF_BOUNDS;
            return null;
        }
        status[0] = OK;
        return s;
    }

    private void performPut(AmToken token) {
        long offset = join(token.arg(1), token.arg(2));
        Segment s = ownSegment(token, offset, token.payloadLength(), status);
        if (s != null && (int) s.id() != token.arg(3)) {
            status[0] = NO_SEGMENT;
            s = null;
        }
        if (s != null) {
            s.copyFrom(offset, token.payload(), 0, token.payloadLength());
        }
        token.replyShort(PUT_ACK, token.arg(0), status[0]);
    }

    private void performGet(AmToken token) {
        long offset = join(token.arg(1), token.arg(2));
        int length = token.arg(3);
        Segment s = ownSegment(token, offset, length, status);
        MemorySegment host = s == null ? null : SEGMENTS.hostView(s);
        if (host != null) { // host-addressable: the reply copies straight from the segment
            token.replyMedium(GET_DATA, host, offset, length, token.arg(0), status[0], token.arg(1), token.arg(2));
            return;
        }
        if (s != null) { // device memory: its copy function writes straight into the reply
            injector.replyInternal(token, GET_DATA, token.arg(0), status[0], token.arg(1), token.arg(2), s, offset,
                    length, "get");
            return;
        }
        token.replyMedium(GET_DATA, MemorySegment.NULL, 0, 0, token.arg(0), status[0], token.arg(1), token.arg(2));
    }

    // ---------------------------------------------------------------- requester

    private void putAcknowledged(AmToken token) {
        chunkDone(token, token.arg(1));
    }

    private void getArrived(AmToken token) {
        int st = token.arg(1);
        Pending p = pending.get(token.arg(0));
        if (p != null && st == OK) {
            long at = join(token.arg(2), token.arg(3));
            if (p.dstSegment != null) {
                p.dstSegment.copyFrom(p.dstOffset + (at - p.base), token.payload(), 0, token.payloadLength());
            } else {
                HostCopy.copy(token.payload(), 0, p.dst, p.dstOffset + (at - p.base), token.payloadLength());
            }
        }
        chunkDone(token, st);
    }

    private void chunkDone(AmToken token, int st) {
        int id = token.arg(0);
        Pending p = pending.get(id);
        if (p == null) {
            throw new BadMessageException("PE " + client.jobRank() + " got an RMA reply from PE "
                    + token.sourceJobRank() + " for operation " + id + ", which it is not waiting for");
        }
        if (st != OK && p.failure == null) {
            p.failure = new BadArgumentException(p.what + ": " + (st == NO_SEGMENT
                    ? "the owner no longer has that segment bound and live (destroyed or replaced)"
                    : "the range is outside the segment its owner has now"));
        }
        if (p.remaining.decrementAndGet() == 0) {
            pending.remove(id);
            if (p.failure != null) {
                p.completion.failed(p.failure);
            } else {
                p.completion.localComplete();
                p.completion.remoteComplete();
            }
        }
    }

    private static long join(int low, int high) {
        return (low & 0xFFFF_FFFFL) | (long) high << 32;
    }
}
