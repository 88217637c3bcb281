package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cutting and waiting of {@link PutPieces}, against requests recorded in memory: a UCX request
 * that fails after its start, or that cannot start, cannot be provoked on demand over a real
 * endpoint (the data landing through real UCX is {@link UcxPutPiecesTest}'s).
 */
class PutPiecesTest {
    private static final long PIECE = PutPieces.PIECE;

    /** The error status the wait of failing request {@code request} reports: one of its own. */
    private static int waitStatus(long request) {
        return (int) -(10 + request);
    }

    /** Requests numbered from 1 in order of their start; fails the start or the wait of chosen ones. */
    private static final class RecordedRequests implements PutPieces.Requests {
        final List<long[]> starts = new ArrayList<>();
        final List<Long> waits = new ArrayList<>();
        final Set<Long> outstanding = new HashSet<>();
        final Set<Long> failingWaits = new HashSet<>();
        long failingStart = -1;
        int mostOutstanding;

        @Override
        public long start(long offset, long length) {
            long request = starts.size() + 1;
            if (request == failingStart) {
                throw new UcxException("ucp_put_nbx", -3);
            }
            starts.add(new long[] {offset, length});
            outstanding.add(request);
            mostOutstanding = Math.max(mostOutstanding, outstanding.size());
            return request;
        }

        @Override
        public void await(long request) {
            assertTrue(outstanding.remove(request), "request " + request + " waited for once, after its start");
            waits.add(request);
            if (failingWaits.contains(request)) {
                throw new UcxException("ucp_put_nbx", waitStatus(request));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {PIECE + 1, 2 * PIECE, 2 * PIECE + 8, 4 * PIECE + 13, PutPieces.IN_FLIGHT * PIECE,
            PutPieces.IN_FLIGHT * PIECE + 1, 40 * PIECE + 3})
    void piecesCoverThePutInOrderAndAreAllWaitedFor(long length) {
        RecordedRequests requests = new RecordedRequests();
        new PutPieces().put(length, requests);
        long expectedPieces = (length + PIECE - 1) / PIECE;
        assertEquals(expectedPieces, requests.starts.size());
        long next = 0;
        for (long[] piece : requests.starts) {
            assertEquals(next, piece[0], "each piece starts where the one before ended");
            assertTrue(piece[1] > 0 && piece[1] <= PIECE, "piece of " + piece[1] + " bytes");
            next += piece[1];
        }
        assertEquals(length, next, "the pieces cover the put exactly");
        assertTrue(requests.outstanding.isEmpty(), "every piece waited for before the put returns");
        assertEquals(expectedPieces, requests.waits.size());
        assertTrue(requests.mostOutstanding <= PutPieces.IN_FLIGHT, "at most " + PutPieces.IN_FLIGHT
                + " outstanding, saw " + requests.mostOutstanding);
        assertEquals(Math.min(expectedPieces, PutPieces.IN_FLIGHT), requests.mostOutstanding,
                "pieces are started without waiting for the ones before, up to the bound");
    }

    @Test
    void onlyPutsLongerThanAPieceAreCut() {
        assertFalse(PutPieces.inPieces(PIECE));
        assertTrue(PutPieces.inPieces(PIECE + 1));
        assertFalse(PutPieces.inPieces(8));
    }

    @Test
    void aPieceThatFailsIsThrownAfterEveryStartedPieceIsWaitedFor() {
        RecordedRequests requests = new RecordedRequests();
        requests.failingWaits.add(2L);
        requests.failingWaits.add(3L);
        UcxException e = assertThrows(UcxException.class, () -> new PutPieces().put(4 * PIECE, requests));
        assertTrue(e.getMessage().contains("ucp_put_nbx"), e.getMessage());
        assertEquals(4, requests.starts.size(), "the pieces were all started before the first wait");
        assertEquals(List.of(1L, 2L, 3L, 4L), requests.waits, "and all waited for");
        assertTrue(requests.outstanding.isEmpty());
    }

    @Test
    void aFailureWhileWaitingForRoomStartsNoFurtherPiece() {
        RecordedRequests requests = new RecordedRequests();
        requests.failingWaits.add(1L); // waited for when the 17th piece needs room
        assertThrows(UcxException.class, () -> new PutPieces().put(40 * PIECE, requests));
        assertEquals(PutPieces.IN_FLIGHT, requests.starts.size(), "no piece started after the failure");
        assertEquals(PutPieces.IN_FLIGHT, requests.waits.size());
        assertTrue(requests.outstanding.isEmpty(), "the started pieces were still waited for");
    }

    @Test
    void aPieceThatCannotStartIsThrownAfterTheStartedOnesAreWaitedFor() {
        RecordedRequests requests = new RecordedRequests();
        requests.failingStart = 3;
        UcxException e = assertThrows(UcxException.class, () -> new PutPieces().put(5 * PIECE, requests));
        assertEquals(2, requests.starts.size());
        assertEquals(List.of(1L, 2L), requests.waits);
        assertTrue(requests.outstanding.isEmpty());
        assertTrue(e.getMessage().contains("ucp_put_nbx"), e.getMessage());
    }

    @Test
    void theFirstFailureIsTheOneThrown() {
        RecordedRequests requests = new RecordedRequests();
        requests.failingWaits.add(1L);
        requests.failingWaits.add(2L);
        PutPieces pieces = new PutPieces();
        UcxException first = assertThrows(UcxException.class, () -> pieces.put(2 * PIECE, requests));
        assertEquals(waitStatus(1), first.status(), first.getMessage());
        // The same instance serves the next put: nothing of the failed one is left over.
        RecordedRequests next = new RecordedRequests();
        pieces.put(3 * PIECE, next);
        assertEquals(List.of(1L, 2L, 3L), next.waits);
    }
}
