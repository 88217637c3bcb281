package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.internal.IdleStrategy;
import org.pgas4j.spi.Completion;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The event contract for transports that complete later (a network transport): completion is
 * delivered by the transport's progress, which waiting drives. The shared-memory transports
 * complete inside the call, so this deferred path is exercised here with a transport whose
 * progress completes one queued operation per call.
 */
@Timeout(10)
class EventTest {

    /** A transport whose operations complete only when progress is called. */
    private static final class DeferredTransport implements Transport {
        final Queue<Runnable> pending = new ArrayDeque<>();
        int progressCalls;
        boolean healthy = true;

        @Override
        public int progress() {
            progressCalls++;
            Runnable r = pending.poll();
            if (r != null) {
                r.run();
                return 1;
            }
            return 0;
        }

        @Override
        public boolean healthy() {
            return healthy;
        }

        @Override
        public String name() {
            return "deferred";
        }

        @Override
        public MemorySegment localControl() {
            throw new UnsupportedOperationException();
        }

        @Override
        public RemoteMemory peerControl(int jobRank) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long maxSegmentSize() {
            return 0;
        }

        @Override
        public long allocationGranule() {
            return 1;
        }

        @Override
        public LocalMemory allocate(long bytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public LocalMemory export(MemorySegment clientMemory) {
            throw new UnsupportedOperationException();
        }

        @Override
        public RemoteMemory attach(int jobRank, byte[] descriptor, long size) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    private final DeferredTransport transport = new DeferredTransport();
    private final IdleStrategy idle = new IdleStrategy(1, 1, 1000);

    private Event deferred(boolean fail) {
        Event e = new Event(transport, idle);
        Completion c = e.completion();
        transport.pending.add(() -> {
            c.localComplete();
            if (fail) {
                c.failed(new IllegalStateException("link down"));
            } else {
                c.remoteComplete();
            }
        });
        return e;
    }

    @Test
    void doneIsAlreadyComplete() {
        assertTrue(Event.DONE.test());
        Event.DONE.waitFor();
        assertEquals(0, transport.progressCalls);
    }

    @Test
    void testAdvancesProgressOnceAndWaitDrivesItToCompletion() {
        Event a = deferred(false);
        Event b = deferred(false);
        assertTrue(a.test(), "the first progress call completes the first operation");
        assertEquals(1, transport.progressCalls);
        b.waitFor();
        assertTrue(b.test());
    }

    @Test
    void failureIsRethrownByTestAndWait() {
        Event e = deferred(true);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, e::waitFor);
        assertEquals("link down", thrown.getMessage());
        assertThrows(IllegalStateException.class, e::test);
    }

    @Test
    void waitSomeReturnsACompletedIndexAndSkipsNulls() {
        Event a = deferred(false);
        Event b = deferred(false);
        assertEquals(1, Event.waitSome(null, a, b)); // a completes on the first progress
        assertEquals(-1, Event.waitSome(null, null));
        assertEquals(-1, Event.testSome(new Event[0]));
        Event.waitAll(b, null, Event.DONE);
        assertTrue(Event.testAll(a, b, null));
    }

    @Test
    void waitingOnAFailingJobThrowsJobAborted() {
        Event never = new Event(transport, idle);
        transport.healthy = false;
        assertThrows(JobAbortedException.class, never::waitFor);
    }
}
