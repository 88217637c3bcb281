package org.pgas4j.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.Atomics;
import org.pgas4j.Client;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Team;

/**
 * A PE of {@code bench atomics --transport ucx}: the GUPS-like update rate. PE 0 applies
 * {@code xorLong} to pseudo-random words of a table in PE 1's segment through a {@link Peer}, in
 * batches of {@link #BATCH} each completed by {@code waitNbi} (OpenSHMEM's
 * {@code shmem_long_atomic_xor} then {@code shmem_quiet}, which the native probe times the same
 * way), for a quarter of the plan's seconds untimed, then for its seconds timed, and prints
 * {@code ucx_xor_rate_per_s} (updates per second; the name says where {@code bench} runs it, the
 * PE itself runs over any transport). PE 1 then replays the same sequence on a table of its own
 * and checks that its segment holds exactly that: no update lost, duplicated or misplaced.
 *
 * <p>Argument: the plan's name. Run with 2 PEs.
 */
public final class AtomicsXorRatePe {
    /** The figure: xor updates per second from PE 0 to PE 1. */
    static final String XOR_RATE = "ucx_xor_rate_per_s";
    /** Updates between two completions. */
    static final int BATCH = 1024;
    /** Words of the table (a power of two): 1 MiB. */
    static final int WORDS = 1 << 17;
    /** Where PE 0 leaves the number of updates it made, after the table. */
    private static final long COUNT_OFFSET = (long) WORDS * Long.BYTES;

    private AtomicsXorRatePe() {
    }

    /**
     * Runs one PE.
     *
     * @param args the plan's name (full or quick)
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: AtomicsXorRatePe PLAN");
        }
        double seconds = RmaPlan.QUICK.equals(AtomicsPlan.named(args[0]).name()) ? 0.5 : 2.0;
        try (Client client = Client.init()) {
            PeChecks.requirePes(client, JvmCommands.PES);
            Team world = client.world();
            world.barrier();
            if (world.rank() == 0) {
                Rma rma = client.rma();
                Peer peer = rma.peer(world, 1);
                Atomics atomics = client.atomics();
                long state = 1;
                long updates = 0;
                long warmEnd = System.nanoTime() + (long) (seconds / 4 * 1e9);
                while (System.nanoTime() < warmEnd) {
                    state = batch(atomics, rma, peer, state);
                    updates += BATCH;
                }
                long begin = System.nanoTime();
                long end = begin + (long) (seconds * 1e9);
                long timed = 0;
                long now;
                do {
                    state = batch(atomics, rma, peer, state);
                    timed += BATCH;
                    now = System.nanoTime();
                } while (now < end);
                ResultLine.print(XOR_RATE, timed * 1e9 / (now - begin));
                rma.putLong(peer, COUNT_OFFSET, updates + timed);
            }
            world.barrier();
            if (world.rank() == 1) {
                check(client.primordialEndpoint().boundSegment().orElseThrow().memory());
            }
        }
    }

    /** {@link #BATCH} xors then {@code waitNbi}; returns the generator's next state. */
    private static long batch(Atomics atomics, Rma rma, Peer peer, long state) {
        long s = state;
        for (int i = 0; i < BATCH; i++) {
            s = next(s);
            atomics.xorLong(peer, index(s) * Long.BYTES, s);
        }
        rma.waitNbi();
        return s;
    }

    /** The generator (xorshift64): never 0 from a non-zero state. */
    static long next(long s) {
        s ^= s << 13;
        s ^= s >>> 7;
        s ^= s << 17;
        return s;
    }

    /** The word a state updates. */
    static long index(long s) {
        return (s >>> 11) & (WORDS - 1);
    }

    private static void check(MemorySegment own) {
        long n = own.get(ValueLayout.JAVA_LONG, COUNT_OFFSET);
        long[] expected = new long[WORDS];
        long s = 1;
        for (long i = 0; i < n; i++) {
            s = next(s);
            expected[(int) index(s)] ^= s;
        }
        for (int w = 0; w < WORDS; w++) {
            long v = own.get(ValueLayout.JAVA_LONG, (long) w * Long.BYTES);
            if (v != expected[w]) {
                throw new IllegalStateException("word " + w + " of PE 1's table is 0x" + Long.toHexString(v)
                        + " after " + n + " xor updates, expected 0x" + Long.toHexString(expected[w]));
            }
        }
    }
}
