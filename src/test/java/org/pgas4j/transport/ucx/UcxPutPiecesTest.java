package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Puts from native memory long enough to go as pieces ({@link PutPieces}) through each of the
 * engine's put paths: implicit, with a completion, blocking. Every byte lands where it belongs and
 * none beside the range, the put is locally complete on return (the source is overwritten then),
 * and remotely complete at the path's completion point. Two engines of one JVM over tcp on the
 * loopback device, the target progressed by its agent; skipped when libucp is not installed.
 */
class UcxPutPiecesTest {
    private static final long PIECE = PutPieces.PIECE;
    /** Where in the target's memory the puts start: not a multiple of a piece. */
    private static final long AT = 4096 + 24;
    private static final byte UNTOUCHED = (byte) 0xEE;

    /** The engine's put paths, each with its completion point. */
    enum PutPath {
        /** {@link UcxEngine#putImplicit}, remotely complete once {@link UcxEngine#flushImplicit()} completes. */
        IMPLICIT,
        /** {@link UcxEngine#put}, remotely complete when its completion says so. */
        WITH_COMPLETION,
        /** {@link UcxEngine#putBlocking}, remotely complete on return. */
        BLOCKING
    }

    static Stream<Arguments> pathsAndLengths() {
        long[] lengths = {PIECE, PIECE + 1, 3 * PIECE + 5, PutPieces.IN_FLIGHT * PIECE + 4097};
        return Stream.of(PutPath.values()).flatMap(path -> LongStream.of(lengths).mapToObj(n -> Arguments.of(path, n)));
    }

    @ParameterizedTest
    @MethodSource("pathsAndLengths")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void putsLandWholeAtTheirCompletionPoint(PutPath path, long length) {
        check(length, (origin, ep, key, remote, src) -> {
            CountingCompletion c = new CountingCompletion();
            switch (path) {
                case IMPLICIT -> origin.putImplicit(ep, key, remote, src, 0, length, c);
                case WITH_COMPLETION -> origin.put(ep, key, remote, src, 0, length, c);
                case BLOCKING -> origin.putBlocking(ep, key, remote, src, 0, length);
            }
            src.fill((byte) -1); // the put is locally complete: its source may change
            if (path == PutPath.BLOCKING) {
                return;
            }
            assertEquals(1, c.local, "locally complete on return");
            if (path == PutPath.IMPLICIT) {
                origin.flushImplicit();
            }
            awaitRemote(origin, c);
            assertNull(c.failure);
        });
    }

    /** One put of the test: issues it from {@code src} to {@code remote} and waits for its remote completion. */
    private interface Put {
        void put(UcxEngine origin, UcpEndpoint ep, UcpRemoteKey key, long remote, MemorySegment src);
    }

    /** Runs {@code put} with a source of {@code length} patterned bytes and checks the target's memory after it. */
    private static void check(long length, Put put) {
        long bytes = AT + length + 4096;
        try (AgentEnginePair pair = AgentEnginePair.open(bytes); Arena arena = Arena.ofConfined()) {
            MemorySegment target = pair.memory.segment();
            target.fill(UNTOUCHED);
            MemorySegment src = arena.allocate(length);
            MemorySegment expected = arena.allocate(length);
            for (long i = 0; i < length; i++) {
                expected.set(JAVA_BYTE, i, (byte) (i * 31 + i / PIECE)); // a piece out of place shows
            }
            src.copyFrom(expected);
            put.put(pair.origin, pair.toTarget(), pair.key, pair.memory.address() + AT, src);
            MemorySegment landed = target.asSlice(AT, length);
            assertEquals(-1, landed.mismatch(expected), () -> "first wrong byte at " + landed.mismatch(expected)
                    + " of " + length);
            assertEquals(UNTOUCHED, target.get(JAVA_BYTE, AT - 1), "the byte before the range");
            assertEquals(UNTOUCHED, target.get(JAVA_BYTE, AT + length), "the byte after the range");
        }
    }

    private static void awaitRemote(UcxEngine origin, CountingCompletion c) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (c.remote < 1) {
            origin.progress();
            assertTrue(System.nanoTime() < deadline, "no remote completion within 20 s");
        }
        assertEquals(1, c.remote, "remote completion signalled once");
    }
}
