package org.pgas4j;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.internal.memory.HostCopy;
import org.pgas4j.junit.PgasTest;
import org.pgas4j.junit.Rank;

/**
 * The direct RMA path on {@code shm} (PEs are processes, each peer's segment a shared mapping)
 * with lengths just below, at and just above the {@code memmove} threshold of {@link HostCopy}
 * and far above it, at unaligned offsets on both sides, in every completion form: every byte
 * arrives and comes back; a put or get ending exactly at the segment's end is made, and one
 * crossing it is refused with the core's BadArgumentException before anything is written. The
 * same for a segment's local {@link Segment#copyFrom} and {@link Segment#copyTo}.
 */
class DirectCopyPathTest {
    private static final long[] LOCAL_OFFSETS = {0, 1, 7};
    private static final long[] REMOTE_OFFSETS = {0, 3, 4093};

    /** A segment of {@code size} bytes whose byte i is {@code (i * 13 + seed) & 0xff}. */
    private static MemorySegment pattern(Arena arena, long size, int seed) {
        MemorySegment s = arena.allocate(size, 4096);
        for (long i = 0; i < size; i++) {
            s.set(JAVA_BYTE, i, (byte) (i * 13 + seed));
        }
        return s;
    }

    private static byte[] range(MemorySegment s, long offset, long length) {
        return s.asSlice(offset, length).toArray(JAVA_BYTE);
    }

    @PgasTest(pes = 2, transport = PgasTest.Transport.SHM, properties = "pgas4j.segment.size=1m", timeoutSeconds = 120)
    void putsAndGetsAroundTheThresholdArriveWhole(Client c, Team world, @Rank int rank) {
        long t = HostCopy.memmoveMin();
        assertEquals(32 * 1024, t, "the default threshold");
        Rma rma = c.rma();
        int peer = 1 - rank;
        long[] lengths = {t - 1, t, t + 1, 8 * t + 5};
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = pattern(arena, 9 * t, rank + 1);
            MemorySegment back = arena.allocate(9 * t, 4096);
            int form = 0;
            for (long length : lengths) {
                for (long lo : LOCAL_OFFSETS) {
                    for (long ro : REMOTE_OFFSETS) {
                        switch (form++ % 3) {
                            case 0 -> rma.put(world, peer, ro, src, lo, length);
                            case 1 -> rma.putNB(world, peer, ro, src, lo, length).waitFor();
                            default -> {
                                rma.putNBI(world, peer, ro, src, lo, length);
                                rma.waitNbi();
                            }
                        }
                        back.fill((byte) 0);
                        long bo = (lo + 5) % 8;
                        if ((form & 1) == 0) {
                            rma.get(world, peer, ro, back, bo, length);
                        } else {
                            rma.getNB(world, peer, ro, back, bo, length).waitFor();
                        }
                        assertArrayEquals(range(src, lo, length), range(back, bo, length),
                                () -> length + " bytes from local offset " + lo + " to remote " + ro);
                    }
                }
            }
        }
        world.barrier();
    }

    /**
     * Array puts and gets of each element type around the memmove threshold, each made twice (the
     * second goes through {@code ArrayMemmove}'s kept view of the array): every element arrives and
     * comes back, and the bytes around the remote range stay as they were.
     */
    @PgasTest(pes = {2, 3}, transport = PgasTest.Transport.SHM, properties = "pgas4j.segment.size=1m",
            timeoutSeconds = 120)
    void arrayPutsAndGetsAroundTheThresholdArriveWhole(Client c, Team world, @Rank int rank) {
        long t = HostCopy.memmoveMin();
        Rma rma = c.rma();
        int peer = (rank + 1) % world.size();
        long remote = 4093; // unaligned in the peer's segment
        for (int longs : new int[] {(int) (t / 8) - 1, (int) (t / 8), (int) (t / 8) + 1, (int) t + 5}) {
            long[] src = new long[longs + 3];
            for (int i = 0; i < src.length; i++) {
                src[i] = i * 0x9E3779B97F4A7C15L + rank;
            }
            for (int repeat = 0; repeat < 2; repeat++) {
                rma.put(world, peer, remote, src, 3, longs);
                long[] back = new long[longs + 2];
                rma.get(world, peer, remote, back, 1, longs);
                rma.get(world, peer, remote, back, 1, longs); // the second get goes through the view
                assertArrayEquals(java.util.Arrays.copyOfRange(src, 3, 3 + longs),
                        java.util.Arrays.copyOfRange(back, 1, 1 + longs), longs + " longs, round " + repeat);
                assertEquals(0, back[0]);
                assertEquals(0, back[longs + 1]);
            }
            byte[] bytes = new byte[longs * 8 + 1];
            java.util.Arrays.fill(bytes, (byte) (0x11 * (rank + 1)));
            rma.put(world, peer, remote - 1, bytes, 1, longs * 8);
            rma.put(world, peer, remote - 1, bytes, 1, longs * 8);
            byte[] around = new byte[longs * 8 + 2];
            rma.get(world, peer, remote - 2, around, 0, around.length);
            assertEquals((byte) 0x11 * (rank + 1), around[1]);
            assertEquals((byte) 0x11 * (rank + 1), around[around.length - 2]);
            world.barrier(); // every PE checked its peer's range before the next size is put there
        }
        int[] ints = new int[(int) t];
        java.util.Arrays.setAll(ints, i -> i ^ rank);
        double[] doubles = new double[(int) t / 4];
        java.util.Arrays.setAll(doubles, i -> i * 0.5 + rank);
        for (int repeat = 0; repeat < 2; repeat++) {
            rma.put(world, peer, 8, ints, 0, ints.length);
            int[] ib = new int[ints.length];
            rma.get(world, peer, 8, ib, 0, ib.length);
            assertArrayEquals(ints, ib);
            rma.put(world, peer, 8, doubles, 0, doubles.length);
            double[] db = new double[doubles.length];
            rma.get(world, peer, 8, db, 0, db.length);
            assertArrayEquals(doubles, db);
        }
        world.barrier();
    }

    @PgasTest(pes = 2, transport = PgasTest.Transport.SHM, properties = "pgas4j.segment.size=1m", timeoutSeconds = 120)
    void theSegmentsEndIsReachedAndNeverCrossed(Client c, Team world, @Rank int rank) {
        long t = HostCopy.memmoveMin();
        Rma rma = c.rma();
        int peer = 1 - rank;
        Segment own = c.primordialEndpoint().boundSegment().orElseThrow();
        long size = own.size();
        long length = t + 9;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = pattern(arena, length + 64, 40 + rank);
            MemorySegment back = arena.allocate(length + 64, 4096);
            // A put and a get that end exactly at the peer's segment's end.
            rma.put(world, peer, size - length, src, 3, length);
            rma.get(world, peer, size - length, back, 1, length);
            assertArrayEquals(range(src, 3, length), range(back, 1, length));
            // One byte further: refused, and the peer's bytes stay as they were.
            assertThrows(BadArgumentException.class, () -> rma.put(world, peer, size - length + 1, src, 0, length));
            assertThrows(BadArgumentException.class,
                    () -> rma.putNBI(world, peer, size - length + 1, src, 0, length));
            assertThrows(BadArgumentException.class, () -> rma.put(world, peer, size - length, src, 65, length));
            rma.waitNbi();
            back.fill((byte) 0);
            rma.get(world, peer, size - length, back, 1, length);
            assertArrayEquals(range(src, 3, length), range(back, 1, length), "a refused put wrote nothing");
            MemorySegment untouched = pattern(arena, length + 64, 99);
            byte[] before = range(untouched, 0, length + 64);
            assertThrows(BadArgumentException.class,
                    () -> rma.get(world, peer, size - length + 1, untouched, 0, length));
            assertThrows(BadArgumentException.class,
                    () -> rma.get(world, peer, size - length, untouched, 65, length));
            assertArrayEquals(before, range(untouched, 0, length + 64), "a refused get wrote nothing");

            // From this PE's own segment (a shared mapping) to the peer's, mapping to mapping.
            world.barrier(); // the peer's puts into this segment are done
            long staging = 4 * t + 1; // apart from where the peer puts now
            own.copyFrom(staging, src, 0, length);
            rma.put(world, peer, 5, own.memory(), staging, length);
            rma.get(world, peer, 5, back, 0, length);
            assertArrayEquals(range(src, 0, length), range(back, 0, length));

            // A segment's local copies, to its end and refused past it.
            own.copyFrom(size - length, src, 2, length);
            back.fill((byte) 0);
            own.copyTo(size - length, back, 7, length);
            assertArrayEquals(range(src, 2, length), range(back, 7, length));
            assertThrows(BadArgumentException.class, () -> own.copyFrom(size - length + 1, src, 0, length));
            assertThrows(BadArgumentException.class, () -> own.copyTo(size - length + 1, back, 0, length));
            assertArrayEquals(range(src, 2, length), range(own.memory(), size - length, length),
                    "a refused copyFrom wrote nothing");
        }
        world.barrier();
    }
}
