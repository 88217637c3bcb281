package org.pgas4j.internal.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.Client;
import org.pgas4j.Collectives;
import org.pgas4j.DataType;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;
import org.pgas4j.TeamScratch;
import org.pgas4j.transport.local.LocalJob;

/**
 * The team mailboxes' layout (one slot per sender, or two where each carries at least 4 KiB) and
 * messages of every length around a chunk's boundaries in each layout, through broadcasts (one
 * direction, slots reused as a message goes on) and allreduces (both directions at once), on
 * in-JVM jobs of 2, 3 and 5 PEs (more PEs than this machine's cores), whose members reach each
 * other's scratch directly, as over shm; with the receiver zeroing what it has read and without
 * ({@code pgas4j.coll.zero}). The remote path (puts into a peer's mailbox) runs in the
 * UCX conformance sets.
 */
@Timeout(180)
class MailboxesTest {
    private static final long LINE = 64;

    /** Scratch for {@code n} members with two slots of exactly 4 KiB per sender. */
    private static long twoSlotsOf4KiB(int n) {
        return n * LINE + n * 2 * (LINE + Mailboxes.MIN_PIPELINED_CHUNK);
    }

    @Test
    void twoSlotsPerSenderWhereEachCarriesAtLeast4KiB() {
        for (int n : new int[] {1, 2, 3, 8, 64}) {
            assertEquals(1, Mailboxes.slotsPerSender(Mailboxes.minimumBytes(n), n), "minimum, " + n);
            assertEquals(LINE, Mailboxes.chunkBytes(Mailboxes.minimumBytes(n), n), "minimum, " + n);
            assertEquals(2, Mailboxes.slotsPerSender(Mailboxes.recommendedBytes(n), n), "recommended, " + n);
            assertEquals(16 * 1024, Mailboxes.chunkBytes(Mailboxes.recommendedBytes(n), n), "recommended, " + n);
            assertEquals(2, Mailboxes.slotsPerSender(twoSlotsOf4KiB(n), n), "two of 4 KiB, " + n);
            assertEquals(4096, Mailboxes.chunkBytes(twoSlotsOf4KiB(n), n), "two of 4 KiB, " + n);
            // A line less per sender: two slots would carry 4,032 bytes, so one slot takes it all.
            long lineLess = twoSlotsOf4KiB(n) - n * LINE;
            assertEquals(1, Mailboxes.slotsPerSender(lineLess, n), "a line less, " + n);
            assertEquals(8192, Mailboxes.chunkBytes(lineLess, n), "a line less, " + n);
        }
    }

    @Test
    void everyLayoutFitsItsRegionInWholeLines() {
        for (int n = 1; n <= 9; n++) {
            for (long bytes = Mailboxes.minimumBytes(n); bytes < Mailboxes.minimumBytes(n) + 80_000; bytes += 37) {
                int slots = Mailboxes.slotsPerSender(bytes, n);
                long chunk = Mailboxes.chunkBytes(bytes, n);
                String what = n + " members, " + bytes + " bytes: " + slots + " slots of " + chunk;
                assertTrue(chunk >= LINE && chunk % LINE == 0, what);
                assertTrue(n * LINE + n * slots * (LINE + chunk) <= bytes, what);
            }
        }
    }

    @ParameterizedTest(name = "{0} PEs, pgas4j.coll.zero={1}")
    @CsvSource({"2, true", "3, true", "5, true", "2, false", "5, false"})
    void messagesAroundChunkBoundariesArriveWholeInEveryLayout(int pes, boolean zeroReadChunks) {
        long[] layouts = {Mailboxes.minimumBytes(pes), twoSlotsOf4KiB(pes) - pes * LINE, twoSlotsOf4KiB(pes),
                Mailboxes.recommendedBytes(pes)};
        Map<String, String> previous = new HashMap<>();
        for (String p : List.of("pgas4j.segment.size", "pgas4j.coll.zero")) {
            previous.put(p, System.getProperty(p));
        }
        System.setProperty("pgas4j.segment.size", "1m");
        System.setProperty("pgas4j.coll.zero", Boolean.toString(zeroReadChunks));
        try {
            LocalJob.run(pes, Duration.ofSeconds(150), () -> {
                // A wrong byte is recorded, not thrown at once: a PE that left the collectives would
                // wait in close's barrier while the others wait for its messages.
                String problem = null;
                try (Client c = Client.init(); Arena arena = Arena.ofConfined()) {
                    for (long scratch : layouts) {
                        Team t = c.world().dup(TeamScratch.symmetric(0, scratch));
                        long chunk = Mailboxes.chunkBytes(scratch, pes);
                        for (long length : new long[] {0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 2 * chunk + 1,
                                3 * chunk + 5}) {
                            String what = "scratch " + scratch + " (chunks of " + chunk + "), " + length + " bytes";
                            problem = firstOf(problem, broadcast(c.collectives(), t, arena, length, what));
                            problem = firstOf(problem, allreduce(c.collectives(), t, arena, (length + 7) / 8, what));
                        }
                        t.destroy();
                    }
                }
                if (problem != null) {
                    throw new AssertionError(problem);
                }
            });
        } finally {
            previous.forEach((p, v) -> {
                if (v == null) {
                    System.clearProperty(p);
                } else {
                    System.setProperty(p, v);
                }
            });
        }
    }

    private static String firstOf(String first, String next) {
        return first != null ? first : next;
    }

    /** Broadcasts {@code length} bytes and returns what arrived wrong here, or null. */
    private static String broadcast(Collectives coll, Team t, Arena arena, long length, String what) {
        int root = (int) (length % t.size());
        MemorySegment src = arena.allocate(Math.max(1, length));
        MemorySegment dst = arena.allocate(Math.max(1, length));
        for (long i = 0; i < length; i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + root));
        }
        coll.broadcast(t, root, dst, src, length);
        for (long i = 0; i < length; i++) {
            byte b = dst.get(ValueLayout.JAVA_BYTE, i);
            if (b != (byte) (i * 31 + root)) {
                return "broadcast from member " + root + ", " + what + ": member " + t.rank() + " has byte " + i
                        + " = " + b + ", not " + (byte) (i * 31 + root);
            }
        }
        return null;
    }

    /** Sums {@code count} longs over the team and returns what came out wrong here, or null. */
    private static String allreduce(Collectives coll, Team t, Arena arena, long count, String what) {
        MemorySegment src = arena.allocate(Math.max(8, count * 8), 8);
        MemorySegment dst = arena.allocate(Math.max(8, count * 8), 8);
        for (long i = 0; i < count; i++) {
            src.setAtIndex(ValueLayout.JAVA_LONG, i, t.rank() * 1_000_003L + i);
        }
        coll.allreduce(t, dst, src, DataType.LONG, count, ReduceOp.SUM);
        long n = t.size();
        for (long i = 0; i < count; i++) {
            long expected = 1_000_003L * n * (n - 1) / 2 + n * i;
            long got = dst.getAtIndex(ValueLayout.JAVA_LONG, i);
            if (got != expected) {
                return "allreduce of " + count + " longs, " + what + ": member " + t.rank() + " has element " + i
                        + " = " + got + ", not " + expected;
            }
        }
        return null;
    }
}
