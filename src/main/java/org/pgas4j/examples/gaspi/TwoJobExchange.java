package org.pgas4j.examples.gaspi;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.pgas4j.gaspi.AllocPolicy;
import org.pgas4j.gaspi.Gaspi;
import org.pgas4j.gaspi.GaspiReturn;
import org.pgas4j.gaspi.MemoryDescription;

/**
 * Seed 003's use case: two independent GASPI applications on one host exchange data through the
 * same memory, without a copy. Each job maps the same file and binds the mapping as its segment 0
 * ({@code gaspi_segment_use} with a FILE description); the writer job's ranks fill it (half of
 * each block by local stores, half by GASPI writes into a neighbour's segment, which is the same
 * memory), the reader job's ranks read it straight out of their own segment.
 *
 * <pre>
 * bin/pgas4j run -np 2 org.pgas4j.examples.gaspi.TwoJobExchange writer /tmp/exchange.seg 42 3 &amp;
 * bin/pgas4j run -np 3 org.pgas4j.examples.gaspi.TwoJobExchange reader /tmp/exchange.seg 42 2
 * </pre>
 * Arguments: the role, the file, a run number both jobs agree on (so that a file left by an
 * earlier run is not mistaken for this one's), and the other job's number of ranks.
 *
 * <p>What the jobs agree on: the file, its layout ({@link #size}: a header block, then one block per
 * writer rank) and the run number. The GASPI runtimes of the two jobs know nothing of each other,
 * so the synchronisation between the jobs is the application's: here a flag word in the header
 * (the writer's rank 0 release-stores the run number once every writer rank's data is in, after
 * a barrier of the writer job; readers acquire-load it) and an acknowledgement counter (each
 * reader rank adds one atomically when it has checked the data; the writer job ends only after
 * every reader rank did).
 */
public final class TwoJobExchange {
    /** Bytes of the header and of each writer rank's block: a multiple of every common page size. */
    static final long BLOCK = 1 << 16;
    private static final long READY = 0;
    private static final long ACKS = 8;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private TwoJobExchange() {
    }

    /** The file's size for {@code writers} writer ranks. */
    static long size(int writers) {
        return BLOCK * (1 + writers);
    }

    /** Runs the example on this rank. */
    public static void main(String[] args) throws IOException {
        boolean writer = args[0].equals("writer");
        Path file = Path.of(args[1]);
        long run = Long.parseLong(args[2]);
        int others = Integer.parseInt(args[3]);
        try (Gaspi gaspi = Gaspi.init(Gaspi.BLOCK); Arena arena = Arena.ofShared();
             FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                     StandardOpenOption.WRITE)) {
            int writers = writer ? gaspi.ranks() : others;
            long size = size(writers);
            MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            check(gaspi.segmentUse(0, new MemoryDescription.File(file), map, size, Gaspi.GROUP_ALL, Gaspi.BLOCK),
                    "segmentUse");
            if (writer) {
                write(gaspi, map, run, others);
            } else {
                read(gaspi, map, run, writers);
            }
            check(gaspi.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier");
            gaspi.segmentDelete(0);
        }
    }

    static long word(long run, int rank, long i) {
        return run * 1_000_000_007L + rank * 65_537L + i;
    }

    private static void write(Gaspi gaspi, MemorySegment map, long run, int readers) {
        int me = gaspi.rank();
        int right = (me + 1) % gaspi.ranks();
        long block = BLOCK * (1 + me);
        // The first half by local stores into this rank's segment (the mapping)...
        for (long i = 0; i < BLOCK / 2; i += 8) {
            map.set(ValueLayout.JAVA_LONG, block + i, word(run, me, i));
        }
        // ...the second half by a GASPI write from a segment GASPI allocated into the right
        // neighbour's segment 0 (which is this same memory: every writer rank binds the file).
        gaspi.segmentAlloc(1, BLOCK / 2, AllocPolicy.UNINITIALIZED);
        MemorySegment stage = gaspi.segmentPtr(1);
        for (long i = BLOCK / 2; i < BLOCK; i += 8) {
            stage.set(ValueLayout.JAVA_LONG, i - BLOCK / 2, word(run, me, i));
        }
        check(gaspi.write(1, 0, right, 0, block + BLOCK / 2, BLOCK / 2, 0, Gaspi.BLOCK), "write");
        check(gaspi.wait(0, Gaspi.BLOCK), "wait");
        check(gaspi.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK), "barrier"); // every writer's data is in
        gaspi.segmentDelete(1);
        if (me == 0) {
            LONG.setVolatile(map, ACKS, 0L);
            LONG.setRelease(map, READY, run); // after the data and the reset counter
            System.out.println("writer: " + gaspi.ranks() + " blocks written, waiting for " + readers + " readers");
            long deadline = System.nanoTime() + 120_000_000_000L;
            while ((long) LONG.getAcquire(map, ACKS) < readers) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the readers did not acknowledge within 120 s");
                }
                Thread.onSpinWait();
                Thread.yield();
            }
            System.out.println("writer: every reader acknowledged");
        }
    }

    private static void read(Gaspi gaspi, MemorySegment map, long run, int writers) {
        int me = gaspi.rank();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while ((long) LONG.getAcquire(map, READY) != run) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the writer job did not publish run " + run + " within 120 s");
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        // No copy between the jobs: the reader's segment is the writer's memory.
        MemorySegment segment = gaspi.segmentPtr(0);
        long checked = 0;
        for (int w = 0; w < writers; w++) {
            long block = BLOCK * (1 + w);
            for (long i = 0; i < BLOCK; i += 8) {
                long v = segment.get(ValueLayout.JAVA_LONG, block + i);
                if (v != word(run, w, i)) {
                    throw new IllegalStateException("reader rank " + me + ": block " + w + " word " + i + " is " + v);
                }
                checked++;
            }
        }
        LONG.getAndAdd(map, ACKS, 1L);
        System.out.println("reader rank " + me + ": " + checked + " words of " + writers + " writer ranks read in place");
    }

    private static void check(GaspiReturn r, String what) {
        if (r != GaspiReturn.SUCCESS) {
            throw new IllegalStateException(what + " returned " + r);
        }
    }
}
