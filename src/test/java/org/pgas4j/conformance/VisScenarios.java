package org.pgas4j.conformance;

import static org.pgas4j.conformance.Check.equal;
import static org.pgas4j.conformance.Check.fails;
import static org.pgas4j.conformance.Check.mentions;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Team;
import org.pgas4j.Vis;

/**
 * Vector, indexed and strided RMA ({@link Vis}, GASNet-EX's {@code gex_VIS_*}): each PE writes into
 * and reads from its right neighbour's primordial segment, and checks what arrived in its own.
 */
final class VisScenarios {
    private static final ValueLayout.OfByte B = ValueLayout.JAVA_BYTE;

    private VisScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("vis_stridedPut2d_thenStridedGet", VisScenarios::strided);
        s.put("vis_vectorPutAndGet_chunkBoundariesDiffer", VisScenarios::vector);
        s.put("vis_indexedPutAndGet", VisScenarios::indexed);
        s.put("vis_outOfBoundsAndMismatchedTotals_isBadArg", VisScenarios::errors);
        return s;
    }

    private static MemorySegment own(Client c) {
        return c.primordialEndpoint().boundSegment().orElseThrow().memory();
    }

    private static byte value(int rank, long i) {
        return (byte) (rank * 31 + i * 7 + 1);
    }

    static void strided(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        int left = (w.rank() + w.size() - 1) % w.size();
        own(c).asSlice(0, 8192).fill((byte) 0);
        w.barrier();
        // 16 rows of 8 blocks of 4 bytes: source rows packed (32 bytes), target blocks 8 apart, rows 128 apart
        MemorySegment src = MemorySegment.ofArray(new byte[16 * 32]);
        for (int i = 0; i < src.byteSize(); i++) {
            src.set(B, i, value(w.rank(), i));
        }
        c.vis().putStrided(w, right, 256, new long[] {8, 128}, src, 0, new long[] {4, 32}, 4, new long[] {8, 16});
        w.barrier();
        MemorySegment mine = own(c);
        for (int row = 0; row < 16; row++) {
            for (int blk = 0; blk < 8; blk++) {
                for (int k = 0; k < 4; k++) {
                    long at = 256 + row * 128L + blk * 8L + k;
                    equal(value(left, row * 32L + blk * 4L + k), mine.get(B, at), () -> "strided byte at " + at);
                    equal(0, mine.get(B, at + 4), () -> "gap after block at " + at);
                }
            }
        }
        // read it back from the right neighbour with a strided get: the same bytes as sent
        MemorySegment back = MemorySegment.ofArray(new byte[16 * 32]);
        c.vis().getStrided(w, right, 256, new long[] {8, 128}, back, 0, new long[] {4, 32}, 4, new long[] {8, 16});
        equal(-1, back.mismatch(src), () -> "strided get returns what the strided put wrote");
        w.barrier();
    }

    static void vector(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        int left = (w.rank() + w.size() - 1) % w.size();
        own(c).asSlice(8192, 4096).fill((byte) 0);
        w.barrier();
        MemorySegment src = MemorySegment.ofArray(new byte[64]);
        for (int i = 0; i < 64; i++) {
            src.set(B, i, value(w.rank(), i));
        }
        // local chunks of 3, 5 and 8 bytes; remote chunks of 10 and 6 bytes, far apart
        c.vis().putVector(w, right, new long[] {8192 + 100, 8192 + 1000}, new long[] {10, 6}, src,
                new long[] {0, 10, 40}, new long[] {3, 5, 8});
        w.barrier();
        byte[] expected = new byte[16];
        int k = 0;
        for (long[] chunk : new long[][] {{0, 3}, {10, 5}, {40, 8}}) {
            for (int i = 0; i < chunk[1]; i++) {
                expected[k++] = value(left, chunk[0] + i);
            }
        }
        MemorySegment mine = own(c);
        for (int i = 0; i < 10; i++) {
            int ii = i;
            equal(expected[i], mine.get(B, 8192 + 100 + i), () -> "vector byte " + ii);
        }
        for (int i = 0; i < 6; i++) {
            int ii = i;
            equal(expected[10 + i], mine.get(B, 8192 + 1000 + i), () -> "vector byte " + (10 + ii));
        }
        equal(0, mine.get(B, 8192 + 110), () -> "after the first remote chunk");
        MemorySegment back = MemorySegment.ofArray(new byte[16]);
        c.vis().getVector(w, right, new long[] {8192 + 1000, 8192 + 100}, new long[] {6, 10}, back,
                new long[] {0}, new long[] {16});
        for (int i = 0; i < 16; i++) {
            int ii = i;
            equal(i < 6 ? valueSentAt(w.rank(), 10 + i) : valueSentAt(w.rank(), i - 6), back.get(B, i),
                    () -> "vector get byte " + ii);
        }
        w.barrier();
    }

    /** The byte this PE's vector put carried at packed position p. */
    private static byte valueSentAt(int rank, int p) {
        long[][] chunks = {{0, 3}, {10, 5}, {40, 8}};
        for (long[] ch : chunks) {
            if (p < ch[1]) {
                return value(rank, ch[0] + p);
            }
            p -= (int) ch[1];
        }
        throw new IllegalArgumentException();
    }

    static void indexed(Client c) {
        Team w = c.world();
        int right = (w.rank() + 1) % w.size();
        int left = (w.rank() + w.size() - 1) % w.size();
        own(c).asSlice(16384, 4096).fill((byte) 0);
        w.barrier();
        MemorySegment src = MemorySegment.ofArray(new byte[32]);
        for (int i = 0; i < 32; i++) {
            src.set(B, i, value(w.rank(), i));
        }
        // 4 remote chunks of 8 bytes in reverse order, from 2 local chunks of 16
        c.vis().putIndexed(w, right, new long[] {16384 + 300, 16384 + 200, 16384 + 100, 16384}, 8, src,
                new long[] {0, 16}, 16);
        w.barrier();
        MemorySegment mine = own(c);
        long[] where = {300, 200, 100, 0};
        for (int ch = 0; ch < 4; ch++) {
            for (int i = 0; i < 8; i++) {
                long at = 16384 + where[ch] + i;
                long p = ch * 8L + i;
                equal(value(left, p), mine.get(B, at), () -> "indexed byte at " + at);
            }
        }
        MemorySegment back = MemorySegment.ofArray(new byte[32]);
        c.vis().getIndexed(w, right, new long[] {16384 + 300, 16384 + 200, 16384 + 100, 16384}, 8, back,
                new long[] {0}, 32);
        equal(-1, back.mismatch(src), () -> "indexed get returns what the indexed put wrote");
        w.barrier();
    }

    static void errors(Client c) {
        Team w = c.world();
        long size = c.primordialEndpoint().boundSegment().orElseThrow().size();
        MemorySegment src = MemorySegment.ofArray(new byte[64]);
        BadArgumentException e = fails(BadArgumentException.class, () -> c.vis().putVector(w, 0,
                new long[] {0, size - 4}, new long[] {8, 8}, src, new long[] {0}, new long[] {16}));
        mentions(e.getMessage(), "putVector", "bounds are [0, " + size + ")");
        e = fails(BadArgumentException.class, () -> c.vis().putVector(w, 0, new long[] {0}, new long[] {8}, src,
                new long[] {0}, new long[] {9}));
        mentions(e.getMessage(), "8 bytes", "9");
        e = fails(BadArgumentException.class, () -> c.vis().getIndexed(w, 0, new long[] {0}, 16, src,
                new long[] {56}, 16));
        mentions(e.getMessage(), "local chunk 0", "[0, 64)");
        e = fails(BadArgumentException.class, () -> c.vis().putStrided(w, 0, 0, new long[] {8}, src, 0,
                new long[] {8, 8}, 4, new long[] {2}));
        mentions(e.getMessage(), "putStrided", "one length");
        e = fails(BadArgumentException.class, () -> c.vis().putStrided(w, w.size(), 0, new long[] {8}, src, 0,
                new long[] {8}, 4, new long[] {2}));
        w.barrier();
    }
}
