package org.pgas4j.mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.internal.stats.PeStats;
import org.pgas4j.internal.stats.Stats;

/**
 * The shared-memory fast path of the facade's small messages (requests, notices, small GET
 * data): per (origin, target) a single-producer single-consumer ring of {@link #SLOTS} slots in the
 * target's registered segment, written by the origin straight into the target's memory through
 * the core's {@link org.pgas4j.Team#localView local view} of it (the header and payload, then a
 * release store of the slot's sequence number, so that the target sees the data first) and polled
 * by the target in its own memory. Used only towards processes in the core's
 * {@link org.pgas4j.Client#neighbourhood() neighbourhood} (whose segments the core maps: every
 * process on {@code shm} and {@code local}, those of the host on {@code hybrid}, this process
 * alone on {@code ucx}); everything else, a full ring and a
 * message too large for a slot take the active-message path, whose arrivals the sequence numbers
 * of {@link Arrivals} put back in issue order.
 *
 * <p>Region (at the same offset of every process's registered segment, zeroed at start): for
 * each origin o, its ring ({@link #SLOTS} x {@link #SLOT} bytes); for each target t, one 64-byte
 * line holding how many of this process's messages t has consumed (t writes it every
 * {@link #ACK_EVERY} messages: the origin's credit); for each servicer s, a ring of
 * {@link #NOTES} longs of notices ({@code sequence << 32 | request id}, one store each: a
 * request's completion costs the servicer one put); and the notices' credit lines. Slot:
 * {@code [sequence + 1 (long) | type (int) | payload length (int) | 7 int arguments | payload]}.
 *
 * <p>Used by the program's thread only (one thread at a time, as the whole {@code Mpi}).
 */
final class Mailbox {
    static final int SLOTS = 16;
    /** A 4 KiB request with its header, type map and checksum fits a slot. */
    static final int SLOT = 4352;
    static final int HEADER = 48;
    static final int MAX_PAYLOAD = SLOT - HEADER;
    static final int ACK_EVERY = SLOTS / 4;
    /** Notices (a serviced request's id) travel in rings of single longs: {@code sequence << 32 | id}, one store. */
    static final int NOTES = 64;
    private static final long RING = (long) SLOTS * SLOT;
    private static final long LINE = 64;
    private static final VarHandle SEQ = ValueLayout.JAVA_LONG.varHandle();

    /** Receives what {@link #poll} finds; the payload is valid only during the call. */
    interface Sink {
        void deliver(int type, int source, int[] args, MemorySegment m, long at, long length);
    }

    private final Rma rma;
    private final Team world;
    private final MemorySegment local;
    private final long base;
    private final int me;
    private final int jobSize;
    private final int[] mapped;
    private final boolean[] isMapped;
    private final Peer[] peers;
    /** Each mapped process's registered segment as this process maps it (stores reach it directly), or null. */
    private final MemorySegment[] views;
    private final long[] sent;
    private final long[] received;
    private final long[] acked;
    private final long[] notesSent;
    private final long[] notesReceived;
    private final long[] notesAcked;
    private final MemorySegment staging;
    private final int[] args = new int[Wire.ARGS];
    /** This process's statistics counters ({@link Stats#ON}), or null: direct stores count as the core's puts. */
    private final PeStats stats;

    /** The bytes of the region for a job of {@code jobSize} processes. */
    static long bytes(int jobSize) {
        return jobSize * (RING + LINE + NOTES * 8L + LINE);
    }

    Mailbox(Rma rma, Team world, MemorySegment local, long base, int me, int jobSize, int[] neighbourhood,
            MemorySegment staging) {
        this.rma = rma;
        this.world = world;
        this.local = local;
        this.base = base;
        this.me = me;
        this.jobSize = jobSize;
        this.mapped = neighbourhood.clone();
        this.isMapped = new boolean[jobSize];
        this.peers = new Peer[jobSize];
        this.views = new MemorySegment[jobSize];
        for (int j : neighbourhood) {
            isMapped[j] = true;
            views[j] = world.localView(j).orElse(null);
        }
        this.sent = new long[jobSize];
        this.received = new long[jobSize];
        this.acked = new long[jobSize];
        this.notesSent = new long[jobSize];
        this.notesReceived = new long[jobSize];
        this.notesAcked = new long[jobSize];
        this.staging = staging;
        this.stats = Stats.ON ? PeStats.of(world.client().jobId(), me) : null;
        local.asSlice(base, bytes(jobSize)).fill((byte) 0);
        VarHandle.fullFence();
    }

    private long ring(int origin) {
        return base + origin * RING;
    }

    private long creditLine(int target) {
        return base + jobSize * RING + target * LINE;
    }

    private long noteRing(int origin) {
        return base + jobSize * (RING + LINE) + origin * NOTES * 8L;
    }

    private long noteCreditLine(int target) {
        return base + jobSize * (RING + LINE + NOTES * 8L) + target * LINE;
    }

    /**
     * Tells {@code origin} that its request {@code id} (not 0) is serviced, with one store into its
     * notice ring; false (nothing sent) when the origin is not mapped or its ring is full.
     */
    boolean sendNotice(int origin, int id) {
        if (!isMapped[origin]) {
            return false;
        }
        long n = notesSent[origin];
        if (n - (long) SEQ.getAcquire(local, noteCreditLine(origin)) >= NOTES) {
            return false;
        }
        putLongRelease(origin, noteRing(me) + (n % NOTES) * 8, ((n + 1) << 32) | (id & 0xffffffffL));
        notesSent[origin] = n + 1;
        return true;
    }

    /**
     * Stores {@code value} at {@code offset} of process {@code j}'s registered segment, visible
     * after every store before it: directly where it is mapped, else with the core's putLong.
     */
    private void putLongRelease(int j, long offset, long value) {
        MemorySegment v = views[j];
        if (v != null) {
            SEQ.setRelease(v, offset, value);
            if (Stats.ON && stats != null) {
                stats.count(Stats.PUT, j, Long.BYTES); // the core's putLong it replaces
            }
        } else {
            rma.putLong(peer(j), offset, value);
        }
    }

    private Peer peer(int j) {
        Peer p = peers[j];
        if (p == null) {
            p = rma.peer(world, j);
            peers[j] = p;
        }
        return p;
    }

    /**
     * The offset in {@link #view(int) view(target)} of the slot in which a message of
     * {@code length} payload bytes to {@code target} may be composed (its payload from
     * {@code slot + HEADER}) and then {@link #publish published}; -1 when it cannot go this way:
     * the target is not mapped here, its ring is full, or the message does not fit a slot.
     */
    long claim(int target, long length) {
        return views[target] == null ? -1 : freeSlot(target, length);
    }

    /** The offset of the next slot of this process's ring at {@code target}, or -1 (not mapped, full, too long). */
    private long freeSlot(int target, long length) {
        if (!isMapped[target] || length > MAX_PAYLOAD) {
            return -1;
        }
        long n = sent[target];
        if (n - (long) SEQ.getAcquire(local, creditLine(target)) >= SLOTS) {
            return -1;
        }
        return ring(me) + (n % SLOTS) * SLOT;
    }

    /** Process {@code target}'s registered segment as mapped here, where {@link #claim} slots lie. */
    MemorySegment view(int target) {
        return views[target];
    }

    /**
     * Publishes the slot {@link #claim} gave for {@code target}, its payload of {@code length}
     * bytes composed: writes the header, then the sequence number, which the target sees only
     * after everything else.
     */
    void publish(int target, long slot, int type, int[] a, int argc, long length) {
        MemorySegment v = views[target];
        writeHeader(v, slot, type, a, argc, length);
        long n = sent[target];
        SEQ.setRelease(v, slot, n + 1);
        sent[target] = n + 1;
        if (Stats.ON && stats != null) {
            stats.count(Stats.PUT, target, HEADER + length); // the core's put and putLong it replaces, as one put
        }
    }

    /**
     * Sends {@code length} bytes of {@code src} from {@code srcAt} with {@code argc} arguments as a
     * message of {@code type} to {@code target}; false (nothing sent) when the target is not
     * mapped, its ring is full or the message does not fit a slot.
     */
    boolean send(int target, int type, int[] a, int argc, MemorySegment src, long srcAt, long length) {
        long slot = freeSlot(target, length);
        if (slot < 0) {
            return false;
        }
        if (views[target] != null) {
            if (length > 0) {
                MemorySegment.copy(src, srcAt, views[target], slot + HEADER, length);
            }
            publish(target, slot, type, a, argc, length);
            return true;
        }
        // mapped by the transport but with no view here: the slot through the core's RMA
        MemorySegment s = staging;
        writeHeader(s, 0, type, a, argc, length);
        if (length > 0) {
            MemorySegment.copy(src, srcAt, s, HEADER, length);
        }
        long n = sent[target];
        rma.put(world, target, slot + 8, s, 8, HEADER - 8 + length); // visible on return
        rma.putLong(peer(target), slot, n + 1);
        sent[target] = n + 1;
        return true;
    }

    /** Writes a slot's header after its sequence word: type, payload length, the arguments (zero-filled). */
    private static void writeHeader(MemorySegment m, long slot, int type, int[] a, int argc, long length) {
        m.set(Wire.INT, slot + 8, type);
        m.set(Wire.INT, slot + 12, (int) length);
        for (int i = 0; i < Wire.ARGS; i++) {
            m.set(Wire.INT, slot + 16 + 4L * i, i < argc ? a[i] : 0);
        }
    }

    /**
     * Delivers every notice and message waiting in the rings of mapped origins, each ring in
     * order (a notice as a {@link Wire#NOTICE} whose first argument is the id); returns how many.
     */
    int poll(Sink sink) {
        int found = 0;
        for (int o : mapped) {
            long k = notesReceived[o];
            long ring = noteRing(o);
            long v;
            while ((v = (long) SEQ.getAcquire(local, ring + (k % NOTES) * 8)) >>> 32 == ((k + 1) & 0xffffffffL)) {
                k++;
                notesReceived[o] = k;
                found++;
                args[0] = (int) v;
                sink.deliver(Wire.NOTICE, o, args, local, 0, 0);
                if (k - notesAcked[o] >= NOTES / 4) {
                    notesAcked[o] = k;
                    putLongRelease(o, noteCreditLine(me), k);
                }
            }
        }
        for (int o : mapped) {
            long n = received[o];
            long ring = ring(o);
            long slot = ring + (n % SLOTS) * SLOT;
            while ((long) SEQ.getAcquire(local, slot) == n + 1) {
                int type = local.get(Wire.INT, slot + 8);
                int length = local.get(Wire.INT, slot + 12);
                for (int i = 0; i < Wire.ARGS; i++) {
                    args[i] = local.get(Wire.INT, slot + 16 + 4L * i);
                }
                if (length < 0 || length > MAX_PAYLOAD) {
                    throw new IllegalStateException("MPI mailbox from PE " + o + ": slot of " + length + " bytes");
                }
                n++;
                received[o] = n;
                found++;
                sink.deliver(type, o, args, local, slot + HEADER, length);
                if (n - acked[o] >= ACK_EVERY) {
                    acked[o] = n;
                    putLongRelease(o, creditLine(me), n);
                }
                slot = ring + (n % SLOTS) * SLOT;
            }
        }
        return found;
    }
}
