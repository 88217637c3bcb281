package org.pgas4j.internal.coll;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Settings;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.internal.JobHealth;
import org.pgas4j.internal.SyncCompletion;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * Point-to-point messages between the members of one team, through the team's channel of each
 * member's collective scratch: the layer every collective algorithm is written on. A sender
 * pushes a chunk into one of the receiver's inbox slots reserved for it and release-stores the
 * chunk's sequence number there; the receiver acquire-loads it, copies the chunk out and stores the
 * same number into the sender's ack line, which frees that slot for a later chunk. Messages longer
 * than a chunk are cut into chunks; {@link #sendRecv} interleaves the two directions chunk by
 * chunk, so two members exchanging long messages never wait on each other.
 *
 * <p><b>Two slots a sender.</b> Chunk k goes into slot (k - 1) mod D and waits only for chunk k - D
 * to be consumed, so with D = 2 the sender copies the next chunk in while the receiver copies the
 * last one out: each byte crosses between the two cores once either way, and the two copies of a
 * long message overlap instead of taking turns (a 1 MiB broadcast between 2 PEs on 2 cores, 128
 * KiB chunks taking turns: 3.7-4.4 GB/s; two slots of 64 KiB, the receiver zeroing each chunk it
 * has read (see receiveChunk): 11.4-11.6). D is 1 where two slots would carry less than
 * {@link #MIN_PIPELINED_CHUNK} each (large teams in the default scratch, or the minimum scratch):
 * there chunks are small and a chunk's own cost counts more than the overlap.
 *
 * <pre>
 *   channel of member m (N members, D slots a sender, chunk capacity C):
 *   0                N*64                 N*64 + N*D*(64+C)
 *   +----------------+--------------------+
 *   | ack[0..N)      | inbox[0..N)        |
 *   +----------------+--------------------+
 *   ack[d]:   one 64-byte line: the last chunk number from m that member d has consumed
 *   inbox[s]: D slots, each a 64-byte header (0 seq | 8 length | 16 more) + C data bytes, written
 *             by member s only
 * </pre>
 *
 * Not thread-safe: a team runs one collective at a time.
 */
public final class Mailboxes {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final long LINE = 64;
    private static final long SEQ = 0;
    private static final long LENGTH = 8;
    private static final long MORE = 16;
    /** The least chunk worth a second slot per sender (see the class comment). */
    static final long MIN_PIPELINED_CHUNK = 4096;
    /**
     * Zeroes copied over a chunk the receiver has consumed (a copy between whole segments creates
     * no slice, so this allocates nothing).
     */
    private static final MemorySegment ZEROES = Arena.global().allocate(4096);

    private final int rank;
    private final int size;
    private final long chunk;
    /** Slots per sender: 2, or 1 where two would each carry less than {@link #MIN_PIPELINED_CHUNK}. */
    private final int depth;
    /** {@link Settings#COLL_ZERO_READ_CHUNKS}, read when the team is made. */
    private final boolean zeroReadChunks;
    private final MemorySegment own;
    private final MemorySegment[] peerDirect;
    private final RemoteMemory[] peerMemory;
    private final long[] peerBase;
    private final long[] sent;
    private final long[] received;
    private final Transport transport;
    private final IdleStrategy idle;
    private final JobHealth health;
    private final MemorySegment header = MemorySegment.ofArray(new long[3]);
    private boolean lastMore;

    /**
     * Mailboxes of member {@code rank} of a team whose members' scratch is reached through
     * {@code memberScratch} (team rank order), on channel {@code channel}.
     */
    public Mailboxes(int rank, RemoteMemory[] memberScratch, MemorySegment ownChannel, int channel,
                     long channelBytes, Transport transport, IdleStrategy idle, JobHealth health) {
        this(rank, memberScratch, sameBase(memberScratch.length, channel * channelBytes), ownChannel, channelBytes,
                transport, idle, health);
    }

    /**
     * Mailboxes of member {@code rank} over scratch regions of {@code bytes} bytes each, member m's at
     * {@code memberBase[m]} in {@code memberMemory[m]} (client-provided scratch in bound segments);
     * {@code own} is this member's region.
     *
     * @throws org.pgas4j.ResourceException if {@code bytes} is below {@link #minimumBytes} for the team's size
     */
    public Mailboxes(int rank, RemoteMemory[] memberMemory, long[] memberBase, MemorySegment own, long bytes,
                     Transport transport, IdleStrategy idle, JobHealth health) {
        this.rank = rank;
        this.size = memberMemory.length;
        this.depth = slotsPerSender(bytes, size);
        this.chunk = chunkBytes(bytes, size);
        this.zeroReadChunks = Settings.COLL_ZERO_READ_CHUNKS.value();
        if (chunk < LINE) {
            throw new org.pgas4j.ResourceException("a team of " + size + " members needs at least " + minimumBytes(size)
                    + " bytes of collective scratch per member, not " + bytes);
        }
        this.own = own;
        this.peerDirect = new MemorySegment[size];
        this.peerMemory = memberMemory;
        this.peerBase = memberBase.clone();
        for (int m = 0; m < size; m++) {
            MemorySegment d = memberMemory[m].directView();
            peerDirect[m] = d == null ? null : d.asSlice(peerBase[m], bytes);
        }
        this.sent = new long[size];
        this.received = new long[size];
        this.transport = transport;
        this.idle = idle;
        this.health = health;
    }

    private static long[] sameBase(int n, long base) {
        long[] b = new long[n];
        java.util.Arrays.fill(b, base);
        return b;
    }

    /** The least scratch per member a team of {@code size} members can work with (one 64-byte chunk per sender). */
    public static long minimumBytes(int size) {
        return size * LINE + size * (LINE + LINE);
    }

    /** The scratch per member recommended for a team of {@code size}: two 16 KiB slots per sender. */
    public static long recommendedBytes(int size) {
        return size * LINE + size * 2 * (LINE + 16 * 1024L);
    }

    /** Bytes one chunk carries. */
    public long chunkBytes() {
        return chunk;
    }

    /** Slots per sender in a region of {@code bytes} for {@code size} members: 2, or 1 where two would be small. */
    static int slotsPerSender(long bytes, int size) {
        return halfSlotChunk(bytes, size) >= MIN_PIPELINED_CHUNK ? 2 : 1;
    }

    /** Bytes one chunk carries in a region of {@code bytes} for {@code size} members (below 64: too small). */
    static long chunkBytes(long bytes, int size) {
        return slotsPerSender(bytes, size) == 2 ? halfSlotChunk(bytes, size) : (perSender(bytes, size) - LINE) & ~(LINE - 1);
    }

    private static long perSender(long bytes, int size) {
        return (bytes - size * LINE) / size;
    }

    private static long halfSlotChunk(long bytes, int size) {
        return (perSender(bytes, size) / 2 - LINE) & ~(LINE - 1);
    }

    private static long ack(int member) {
        return member * LINE;
    }

    /** Where the slot of chunk number {@code k} (from 1) from {@code sender} begins. */
    private long inbox(int sender, long k) {
        return size * LINE + (sender * depth + ((k - 1) & (depth - 1))) * (LINE + chunk); // depth: 1 or 2
    }

    /** Sends {@code length} bytes of {@code src} from {@code offset} to member {@code dst}. */
    public void send(int dst, MemorySegment src, long offset, long length) {
        long pos = 0;
        do {
            long n = Math.min(chunk, length - pos);
            sendChunk(dst, src, offset + pos, n, pos + n < length);
            pos += n;
        } while (pos < length);
    }

    /**
     * Receives one message from member {@code src} into {@code dst} at {@code offset}; returns its
     * length.
     *
     * @throws IllegalStateException if the message exceeds {@code capacity} (members disagree on
     *         the collective's arguments)
     */
    public long receive(int src, MemorySegment dst, long offset, long capacity) {
        long pos = 0;
        do {
            pos += receiveChunk(src, dst, offset + pos, capacity - pos);
        } while (lastMore);
        return pos;
    }

    /**
     * Sends to {@code dst} and receives from {@code src} at the same time, chunk by chunk; returns
     * the length received.
     */
    public long sendRecv(int dst, MemorySegment sendBuf, long sendOffset, long sendLength,
                         int src, MemorySegment recvBuf, long recvOffset, long recvCapacity) {
        long sentPos = 0;
        long recvPos = 0;
        boolean sending = true;
        boolean receiving = true;
        while (sending || receiving) {
            if (sending) {
                long n = Math.min(chunk, sendLength - sentPos);
                sendChunk(dst, sendBuf, sendOffset + sentPos, n, sentPos + n < sendLength);
                sentPos += n;
                sending = sentPos < sendLength;
            }
            if (receiving) {
                recvPos += receiveChunk(src, recvBuf, recvOffset + recvPos, recvCapacity - recvPos);
                receiving = lastMore;
            }
        }
        return recvPos;
    }

    private void sendChunk(int dst, MemorySegment src, long offset, long n, boolean more) {
        long k = ++sent[dst];
        awaitAtLeast(ack(dst), k - depth, "the ack of member ", dst); // the slot's last chunk is consumed
        long box = inbox(rank, k);
        MemorySegment d = peerDirect[dst];
        if (d != null) {
            MemorySegment.copy(src, offset, d, box + LINE, n);
            d.set(ValueLayout.JAVA_LONG, box + LENGTH, n);
            d.set(ValueLayout.JAVA_LONG, box + MORE, more ? 1 : 0);
            LONG.setVolatile(d, box + SEQ, k); // publishes the chunk: everything above is visible first
        } else {
            long base = peerBase[dst] + box;
            put(dst, base + LINE, src, offset, n);
            header.set(ValueLayout.JAVA_LONG, 0, k);
            header.set(ValueLayout.JAVA_LONG, 8, n);
            header.set(ValueLayout.JAVA_LONG, 16, more ? 1 : 0);
            put(dst, base + LENGTH, header, 8, 16);
            put(dst, base + SEQ, header, 0, 8);
        }
    }

    private long receiveChunk(int src, MemorySegment dst, long offset, long capacity) {
        long k = ++received[src];
        long box = inbox(src, k);
        awaitAtLeast(box + SEQ, k, "a message from member ", src);
        long n = own.get(ValueLayout.JAVA_LONG, box + LENGTH);
        lastMore = own.get(ValueLayout.JAVA_LONG, box + MORE) != 0;
        if (n > capacity) {
            throw new IllegalStateException("collective: member " + src + " sent " + n + " bytes where member " + rank
                    + " expected at most " + capacity + "; the members passed different counts");
        }
        MemorySegment.copy(own, box + LINE, dst, offset, n);
        MemorySegment d = peerDirect[src];
        if (d != null) {
            if (zeroReadChunks) {
                // The sender writes this slot next, from its core: on some CPUs it gets lines this
                // core last wrote faster than lines both hold for reading (Settings#COLL_ZERO_READ_CHUNKS).
                zero(box + LINE, n);
            }
            LONG.setVolatile(d, ack(rank), k);
        } else {
            header.set(ValueLayout.JAVA_LONG, 0, k);
            put(src, peerBase[src] + ack(rank), header, 0, 8);
        }
        return n;
    }

    private void zero(long offset, long length) {
        for (long done = 0; done < length; done += ZEROES.byteSize()) {
            MemorySegment.copy(ZEROES, 0, own, offset + done, Math.min(ZEROES.byteSize(), length - done));
        }
    }

    private void put(int member, long offset, MemorySegment src, long srcOffset, long length) {
        SyncCompletion c = SyncCompletion.forThisThread();
        peerMemory[member].put(offset, src, srcOffset, length, c);
        c.await(null);
    }

    private void awaitAtLeast(long offset, long value, String what, int member) {
        int i = 0;
        while ((long) LONG.getAcquire(own, offset) < value) {
            if (idle.pastSpinning(i)) {
                transport.progress();
                if ((i & 63) == 0 && !health.ok()) {
                    throw health.aborted("a collective, for " + what + member);
                }
            }
            i = idle.idle(i);
            if (i == 0) {
                transport.progress(); // a park that a message ended: deliver what woke it now, not after the spins
            }
        }
    }
}
