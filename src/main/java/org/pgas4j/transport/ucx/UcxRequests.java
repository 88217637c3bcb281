package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.function.Consumer;
import org.pgas4j.spi.AtomicCompletion;
import org.pgas4j.spi.Completion;

/**
 * The outstanding put, get and flush requests of a transport and the {@link Completion}s they
 * signal. A put is tracked in two stages: when its request completes the source is reusable
 * (local completion) and an endpoint flush starts; when the flush completes the data is at the
 * target (remote completion). A get signals both once its request completes, after copying a
 * bounce buffer out to a heap destination. An implicit put is tracked only until its bounce buffer
 * may be reused; its remote completion is that of the worker flush of its batch, which signals
 * the batch's completion once per put. The table lives in parallel arrays that grow only when
 * more requests are outstanding than ever before, so tracking allocates nothing. Used under the
 * engine's lock.
 */
final class UcxRequests {
    private static final byte PUT = 0;
    private static final byte FLUSH = 1;
    private static final byte GET = 2;
    /** An implicit put whose bounce buffer returns at local completion; its remote completion is a batch's. */
    private static final byte IMPLICIT_PUT = 3;
    /** A worker flush completing a batch of implicit puts: its completion is signalled once per put. */
    private static final byte BATCH_FLUSH = 4;

    /** A fetching atomic: its operand and reply in a bounce buffer, its size in {@code length}. */
    private static final byte ATOMIC = 5;

    private final int rank;
    private final UcpWorker worker;
    private final UcxBounceBuffers bounces;
    private final Consumer<UcxException> onFailure;
    private long[] request = new long[64];
    private byte[] stage = new byte[64];
    private UcpEndpoint[] endpoint = new UcpEndpoint[64];
    private Completion[] completion = new Completion[64];
    private MemorySegment[] bounce = new MemorySegment[64];
    private MemorySegment[] heapDst = new MemorySegment[64];
    private long[] heapOffset = new long[64];
    private long[] length = new long[64];
    private int count;
    /** The failure of an implicit put, reported with the next batch to complete. */
    private RuntimeException implicitFailure;

    /**
     * @param rank this PE's jobrank, named in failures
     * @param worker the worker whose requests these are
     * @param bounces where bounce buffers go back
     * @param onFailure told about every failed request (the transport decides whether the job is failing)
     */
    UcxRequests(int rank, UcpWorker worker, UcxBounceBuffers bounces, Consumer<UcxException> onFailure) {
        this.rank = rank;
        this.worker = worker;
        this.bounces = bounces;
        this.onFailure = onFailure;
    }

    /** How many requests are outstanding. */
    int outstanding() {
        return count;
    }

    /**
     * Tracks a started put; {@code bounceBuffer} (or null) is released at local completion.
     */
    void putStarted(long req, UcpEndpoint ep, Completion c, MemorySegment bounceBuffer) {
        add(PUT, req, ep, c, bounceBuffer, null, 0, 0);
    }

    /**
     * Tracks a started get; when {@code bounceBuffer} is not null, its first {@code bytes} are
     * copied to {@code dst} at {@code dstOffset} on completion.
     */
    void getStarted(long req, UcpEndpoint ep, Completion c, MemorySegment bounceBuffer, MemorySegment dst,
            long dstOffset, long bytes) {
        add(GET, req, ep, c, bounceBuffer, dst, dstOffset, bytes);
    }

    /** Tracks an implicit put until its bounce buffer may be reused. */
    void implicitPutStarted(long req, MemorySegment bounceBuffer) {
        add(IMPLICIT_PUT, req, null, null, bounceBuffer, null, 0, 0);
    }

    /** Tracks a started fetching atomic whose reply lands at byte 8 of {@code buffer}. */
    void atomicStarted(long req, AtomicCompletion c, MemorySegment buffer, int size) {
        add(ATOMIC, req, null, c, buffer, null, 0, size);
    }

    /** The old value of a fetching atomic of {@code size} bytes: byte 8 of {@code buffer}, zero-extended. */
    static long reply(MemorySegment buffer, int size) {
        return size == 8 ? buffer.get(ValueLayout.JAVA_LONG, 8) : Integer.toUnsignedLong(buffer.get(ValueLayout.JAVA_INT, 8));
    }

    /**
     * Flushes the worker for a batch of {@code puts} implicit puts, signalling {@code c}'s remote
     * completion once per put when done (or one failure, and the rest as complete: each put counts
     * once either way).
     */
    void startWorkerFlush(Completion c, long puts) {
        long req;
        try {
            req = worker.flushNbx();
        } catch (UcxException e) {
            failBatch(c, puts, e);
            return;
        }
        if (req == 0) {
            completeBatch(c, puts);
        } else {
            add(BATCH_FLUSH, req, null, c, null, null, 0, puts);
        }
    }

    private void completeBatch(Completion c, long puts) {
        RuntimeException failed = implicitFailure;
        implicitFailure = null;
        for (long k = failed == null ? 0 : 1; k < puts; k++) {
            c.remoteComplete();
        }
        if (failed != null) {
            c.failed(failed);
        }
    }

    private void failBatch(Completion c, long puts, UcxException e) {
        onFailure.accept(e);
        implicitFailure = null;
        for (long k = 1; k < puts; k++) {
            c.remoteComplete();
        }
        c.failed(UcxFailures.forCore(e, rank, "a peer"));
    }

    /** A put on {@code ep} is locally complete: flushes the endpoint, signalling remote completion when done. */
    void startFlush(UcpEndpoint ep, Completion c) {
        long req;
        try {
            req = ep.flushNbx();
        } catch (UcxException e) {
            fail(c, e);
            return;
        }
        if (req == 0) {
            c.remoteComplete();
        } else {
            add(FLUSH, req, ep, c, null, null, 0, 0);
        }
    }

    /** Tests every outstanding request once, signalling what completed; returns how many completed. */
    int poll() {
        int done = 0;
        int i = 0;
        while (i < count) {
            int status = worker.poll(request[i]);
            if (status == UcsStatus.IN_PROGRESS) {
                i++;
                continue;
            }
            byte s = stage[i];
            UcpEndpoint ep = endpoint[i];
            Completion c = completion[i];
            MemorySegment b = bounce[i];
            MemorySegment dst = heapDst[i];
            long dstOffset = heapOffset[i];
            long bytes = length[i];
            remove(i);
            done++;
            finish(s, status, ep, c, b, dst, dstOffset, bytes);
        }
        return done;
    }

    private void finish(byte s, int status, UcpEndpoint ep, Completion c, MemorySegment b, MemorySegment dst,
            long dstOffset, long bytes) {
        if (status != UcsStatus.OK) {
            if (b != null) {
                bounces.give(b);
            }
            UcxException e = new UcxException(s == PUT || s == IMPLICIT_PUT ? "ucp_put_nbx" : s == GET ? "ucp_get_nbx"
                    : s == BATCH_FLUSH ? "ucp_worker_flush_nbx" : s == ATOMIC ? "ucp_atomic_op_nbx" : "ucp_ep_flush_nbx",
                    status);
            switch (s) {
                case IMPLICIT_PUT -> {
                    // Reported by the batch that covers it (its flush cannot succeed without it).
                    onFailure.accept(e);
                    implicitFailure = UcxFailures.forCore(e, rank, "a peer");
                }
                case BATCH_FLUSH -> failBatch(c, bytes, e);
                default -> fail(c, e);
            }
            return;
        }
        switch (s) {
            case IMPLICIT_PUT -> bounces.give(b);
            case BATCH_FLUSH -> completeBatch(c, bytes);
            case PUT -> {
                if (b != null) {
                    bounces.give(b);
                }
                c.localComplete();
                startFlush(ep, c);
            }
            case FLUSH -> c.remoteComplete();
            case ATOMIC -> {
                long old = reply(b, (int) bytes);
                bounces.give(b);
                ((AtomicCompletion) c).fetched(old);
                c.localComplete();
                c.remoteComplete();
            }
            default -> {
                if (b != null) {
                    if (dst != null) {
                        MemorySegment.copy(b, 0, dst, dstOffset, bytes);
                    }
                    bounces.give(b);
                }
                c.localComplete();
                c.remoteComplete();
            }
        }
    }

    private void fail(Completion c, UcxException e) {
        onFailure.accept(e);
        c.failed(UcxFailures.forCore(e, rank, "a peer"));
    }

    private void add(byte s, long req, UcpEndpoint ep, Completion c, MemorySegment b, MemorySegment dst, long dstOffset,
            long bytes) {
        if (count == request.length) {
            grow();
        }
        int i = count++;
        request[i] = req;
        stage[i] = s;
        endpoint[i] = ep;
        completion[i] = c;
        bounce[i] = b;
        heapDst[i] = dst;
        heapOffset[i] = dstOffset;
        length[i] = bytes;
    }

    private void remove(int i) {
        int last = --count;
        request[i] = request[last];
        stage[i] = stage[last];
        endpoint[i] = endpoint[last];
        completion[i] = completion[last];
        bounce[i] = bounce[last];
        heapDst[i] = heapDst[last];
        heapOffset[i] = heapOffset[last];
        length[i] = length[last];
        endpoint[last] = null;
        completion[last] = null;
        bounce[last] = null;
        heapDst[last] = null;
    }

    private void grow() {
        int n = request.length * 2;
        request = Arrays.copyOf(request, n);
        stage = Arrays.copyOf(stage, n);
        endpoint = Arrays.copyOf(endpoint, n);
        completion = Arrays.copyOf(completion, n);
        bounce = Arrays.copyOf(bounce, n);
        heapDst = Arrays.copyOf(heapDst, n);
        heapOffset = Arrays.copyOf(heapOffset, n);
        length = Arrays.copyOf(length, n);
    }
}
