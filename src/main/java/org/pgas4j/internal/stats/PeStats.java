package org.pgas4j.internal.stats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One PE's counters. Each thread that counts gets its own array, registered once (the only lock,
 * on the thread's first count); after that a count is a thread-local lookup and two plain
 * {@code long} increments in the thread's own array: no lock, no allocation, no shared cache
 * line. The arrays are summed at job end ({@link #snapshot()}), after the closing barrier, when
 * the threads that count have stopped.
 *
 * <p>Array layout, with {@code K} = {@link Stats#KINDS}, {@code n} = job size and
 * {@code W} = {@link Stats#WAITS}: first the operations of fixed size ({@link #countSized}), one
 * count per (target, kind, size) at {@code [target * 12 + kind * 4 + log2(bytes)]} with no bytes
 * counter (first, and target-major, so that the index is a constant plus a multiple of the target:
 * no field is loaded to find it); then, from {@code S = 12n}, operations {@code [S + kind * n + target]},
 * bytes {@code [S + K * n + kind * n + target]}, wait counts {@code [S + 2Kn + wait]} and wait
 * nanoseconds {@code [S + 2Kn + W + wait]}. {@link #snapshot()} folds the fixed-size counts into the
 * operations and bytes.
 */
public final class PeStats {
    private static final int MAGIC = 0x50475354; // "PGST"
    private static final Map<String, PeStats> LIVE = new ConcurrentHashMap<>();

    private final String jobId;
    private final int rank;
    private final int size;
    /** Where the operations start; before them, the fixed-size operations. */
    private final int opsBase;
    private final int bytesBase;
    private final int waitBase;
    private final long startNanos = System.nanoTime();
    private final List<long[]> arrays = new ArrayList<>(); // guarded by itself
    private final ThreadLocal<long[]> local = ThreadLocal.withInitial(this::register);
    /** The thread that made the client (a PE's main thread), whose array is found without a thread-local lookup. */
    private final Thread owner = Thread.currentThread();
    private final long[] ownerCounters;

    private PeStats(String jobId, int rank, int size) {
        this.jobId = jobId;
        this.rank = rank;
        this.size = size;
        this.opsBase = SIZED_PER_TARGET * size;
        this.bytesBase = opsBase + Stats.KINDS * size;
        this.waitBase = opsBase + 2 * Stats.KINDS * size;
        this.ownerCounters = register();
    }

    /** The counters of PE {@code rank} of job {@code jobId}, made now and found by {@link #of}. */
    public static PeStats open(String jobId, int rank, int size) {
        PeStats s = new PeStats(jobId, rank, size);
        LIVE.put(key(jobId, rank), s);
        return s;
    }

    /** The live counters of PE {@code rank} of job {@code jobId}, or null (statistics off, or closed). */
    public static PeStats of(String jobId, int rank) {
        return LIVE.get(key(jobId, rank));
    }

    private static String key(String jobId, int rank) {
        return jobId + "/" + rank;
    }

    private long[] register() {
        long[] a = new long[waitBase + 2 * Stats.WAITS];
        synchronized (arrays) {
            arrays.add(a);
        }
        return a;
    }

    /** Counts one operation of {@code kind} to PE {@code target} moving {@code bytes} bytes. */
    public void count(int kind, int target, long bytes) {
        long[] c = Thread.currentThread() == owner ? ownerCounters : local.get();
        int i = kind * size + target;
        c[opsBase + i]++;
        c[bytesBase + i] += bytes;
    }

    /** The kinds {@link #countSized} takes: {@link Stats#PUT}, {@link Stats#GET} and {@link Stats#ATOMIC}. */
    private static final int SIZED_KINDS = 3;
    /** Fixed-size counters per target: {@link #SIZED_KINDS} kinds of 1, 2, 4 and 8 bytes. */
    private static final int SIZED_PER_TARGET = SIZED_KINDS * 4;

    /**
     * Counts one operation of {@code kind} ({@link Stats#PUT}, {@link Stats#GET} or
     * {@link Stats#ATOMIC}) to PE {@code target} moving {@code 1 << log2Bytes} bytes (1 to 8) into
     * {@code counters}, the calling thread's ({@link #threadCounters()}, or {@link #ownerCounters()}
     * from the owner thread): one increment instead of {@link #count}'s two, for the scalar puts,
     * gets and atomics, whose size is known where they are counted; the bytes are added up at
     * {@link #snapshot()}. The hot paths keep the owner's array and thread in fields of their own,
     * so that a count is a thread comparison and one increment.
     */
    public static void countSized(long[] counters, int kind, int log2Bytes, int target) {
        counters[target * SIZED_PER_TARGET + (kind << 2) + log2Bytes]++;
    }

    /** The calling thread's counters (registered at its first count). */
    public long[] threadCounters() {
        return Thread.currentThread() == owner ? ownerCounters : local.get();
    }

    /** The thread that opened these counters (a PE's main thread). */
    public Thread owner() {
        return owner;
    }

    /** The counters of {@link #owner()}: to be counted into only from that thread. */
    public long[] ownerCounters() {
        return ownerCounters;
    }

    /** Counts one wait of {@code wait} kind that took {@code nanos}. */
    public void waited(int wait, long nanos) {
        long[] c = Thread.currentThread() == owner ? ownerCounters : local.get();
        c[waitBase + wait]++;
        c[waitBase + Stats.WAITS + wait] += nanos;
    }

    /** Every thread's counters summed. */
    public long[] snapshot() {
        long[] all = new long[waitBase + 2 * Stats.WAITS];
        synchronized (arrays) {
            for (long[] a : arrays) {
                for (int i = 0; i < all.length; i++) {
                    all[i] += a[i];
                }
            }
        }
        long[] sum = java.util.Arrays.copyOfRange(all, opsBase, all.length);
        for (int kind = 0; kind < SIZED_KINDS; kind++) {
            for (int log2 = 0; log2 < 4; log2++) {
                for (int target = 0; target < size; target++) {
                    long n = all[target * SIZED_PER_TARGET + (kind << 2) + log2];
                    sum[kind * size + target] += n;
                    sum[Stats.KINDS * size + kind * size + target] += n << log2;
                }
            }
        }
        return sum;
    }

    /**
     * The operations ({@code bytes} false) or bytes of kinds {@code [from, to)} to every target in
     * a {@link #snapshot()}.
     */
    public long total(long[] snapshot, int from, int to, boolean bytes) {
        long s = 0;
        for (int i = from * size; i < to * size; i++) {
            s += snapshot[(bytes ? Stats.KINDS * size : 0) + i];
        }
        return s;
    }

    /** The waits of every kind ({@code nanos} false) or the nanoseconds they took, in a {@link #snapshot()}. */
    public long waitTotal(long[] snapshot, boolean nanos) {
        long s = 0;
        for (int w = 0; w < Stats.WAITS; w++) {
            s += snapshot[2 * Stats.KINDS * size + (nanos ? Stats.WAITS : 0) + w];
        }
        return s;
    }

    /** Withdraws these counters from {@link #of} and encodes them for the launcher ({@link PeReport#decode}). */
    public byte[] close() {
        LIVE.remove(key(jobId, rank), this);
        return encode();
    }

    /**
     * The counters so far, encoded as {@link #close()} does; also callable from another thread while
     * the PE's threads still count (a job that is being aborted), then the sums may miss the last
     * counts.
     */
    public byte[] encode() {
        return write(rank, size, hostName(), System.nanoTime() - startNanos, Stats.KIND_NAMES, Stats.WAIT_NAMES,
                snapshot());
    }

    /**
     * The encoding of {@link #close()}: a header, then {@code values} laid out as a {@link #snapshot()}
     * (operations and bytes by kind and target, wait counts, wait nanoseconds).
     */
    private static byte[] write(int rank, int size, String host, long elapsedNanos, List<String> kinds,
                                List<String> waits, long[] values) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(rank);
            out.writeInt(size);
            out.writeUTF(host);
            out.writeLong(elapsedNanos);
            out.writeInt(kinds.size());
            for (String k : kinds) {
                out.writeUTF(k);
            }
            out.writeInt(waits.size());
            for (String w : waits) {
                out.writeUTF(w);
            }
            for (long v : values) {
                out.writeLong(v);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /**
     * One PE's counters as received.
     *
     * @param rank the PE
     * @param size the job's size
     * @param host where it ran
     * @param elapsedNanos from client init to close
     * @param kinds operation kind names
     * @param ops operations, [kind][target]
     * @param bytes bytes, [kind][target]
     * @param waits wait kind names
     * @param waitCounts waits per kind
     * @param waitNanos nanoseconds waited per kind
     */
    public record PeReport(int rank, int size, String host, long elapsedNanos, List<String> kinds, long[][] ops,
                           long[][] bytes, List<String> waits, long[] waitCounts, long[] waitNanos) {

        /** Sum of the wait nanoseconds. */
        public long waitedNanos() {
            long s = 0;
            for (long v : waitNanos) {
                s += v;
            }
            return s;
        }

        /**
         * The counters of one PE's two init/finalize pairs, each encoded by {@link PeStats#close()},
         * added up (operations, bytes, waits and the time from init to close), encoded the same way:
         * a PE that initialises again reports the sum of its pairs.
         *
         * @throws IllegalArgumentException when either is malformed or they are not of one PE
         */
        public static byte[] sum(byte[] earlier, byte[] later) {
            PeReport a = decode(earlier);
            PeReport b = decode(later);
            if (a.rank != b.rank || a.size != b.size || !a.kinds.equals(b.kinds) || !a.waits.equals(b.waits)) {
                throw new IllegalArgumentException("the counters of PE " + b.rank + " of " + b.size
                        + " follow those of PE " + a.rank + " of " + a.size + " (or other kinds)");
            }
            int k = b.kinds.size();
            int w = b.waits.size();
            long[] values = new long[2 * k * b.size + 2 * w];
            int i = 0;
            for (int m = 0; m < 2; m++) {
                long[][] x = m == 0 ? a.ops : a.bytes;
                long[][] y = m == 0 ? b.ops : b.bytes;
                for (int kind = 0; kind < k; kind++) {
                    for (int t = 0; t < b.size; t++) {
                        values[i++] = x[kind][t] + y[kind][t];
                    }
                }
            }
            for (int j = 0; j < w; j++) {
                values[i + j] = a.waitCounts[j] + b.waitCounts[j];
                values[i + w + j] = a.waitNanos[j] + b.waitNanos[j];
            }
            return write(b.rank, b.size, b.host, a.elapsedNanos + b.elapsedNanos, b.kinds, b.waits, values);
        }

        /**
         * Decodes {@link PeStats#close()}'s bytes.
         *
         * @throws IllegalArgumentException when they are not such bytes
         */
        public static PeReport decode(byte[] data) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
                if (in.readInt() != MAGIC) {
                    throw new IllegalArgumentException("not pgas4j statistics");
                }
                int rank = in.readInt();
                int size = in.readInt();
                String host = in.readUTF();
                long elapsed = in.readLong();
                int k = in.readInt();
                if (size < 1 || size > 1 << 20 || k < 0 || k > 1024) {
                    throw new IllegalArgumentException("malformed statistics");
                }
                List<String> kinds = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    kinds.add(in.readUTF());
                }
                int w = in.readInt();
                if (w < 0 || w > 1024) {
                    throw new IllegalArgumentException("malformed statistics");
                }
                List<String> waits = new ArrayList<>();
                for (int i = 0; i < w; i++) {
                    waits.add(in.readUTF());
                }
                long[][] ops = new long[k][size];
                long[][] bytes = new long[k][size];
                for (long[][] m : List.of(ops, bytes)) {
                    for (int i = 0; i < k; i++) {
                        for (int t = 0; t < size; t++) {
                            m[i][t] = in.readLong();
                        }
                    }
                }
                long[] wc = new long[w];
                long[] wn = new long[w];
                for (int i = 0; i < w; i++) {
                    wc[i] = in.readLong();
                }
                for (int i = 0; i < w; i++) {
                    wn[i] = in.readLong();
                }
                return new PeReport(rank, size, host, elapsed, List.copyOf(kinds), ops, bytes, List.copyOf(waits), wc, wn);
            } catch (IOException e) {
                throw new IllegalArgumentException("truncated statistics: " + e.getMessage());
            }
        }
    }
}
