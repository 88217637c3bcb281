package org.pgas4j.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.transport.local.LocalJob;

/** {@code Mpi.init(Client)}: the facade over a client the program owns, on the local transport (3 PEs). */
@Timeout(120)
class MpiOverClientTest {

    @Test
    void theFacadeRunsOverAnExistingClientAndLeavesItOpen() {
        LocalJob.run(3, Duration.ofSeconds(90), () -> {
            Client client = Client.init(1 << 20);
            try {
                Mpi mpi = Mpi.init(client);
                Comm w = mpi.world();
                assertEquals(client.jobRank(), w.rank());
                MemorySegment inbox = mpi.rmaMalloc(64);
                int right = (w.rank() + 1) % w.size();
                w.put(new long[] {10L + w.rank()}, 1, Datatype.LONG, right, 2, 1, Datatype.LONG, 4);
                w.accept(inbox, 64, 8, 4, 1);
                assertEquals(10L + (w.rank() + w.size() - 1) % w.size(), inbox.getAtIndex(ValueLayout.JAVA_LONG, 2));
                mpi.close();
                assertTrue(mpi.isClosed());
                assertFalse(client.isClosed(), "the client given to init stays open");
                client.world().barrier();
            } finally {
                client.close();
            }
        });
    }

    @Test
    void aClientWithoutASegmentIsRefused() {
        LocalJob.run(1, Duration.ofSeconds(60), () -> {
            Client client = Client.init(0);
            try {
                BadArgumentException e = assertThrows(BadArgumentException.class, () -> Mpi.init(client));
                assertTrue(e.getMessage().contains("no primordial segment"), e.getMessage());
            } finally {
                client.close();
            }
        });
        assertThrows(BadArgumentException.class, () -> Mpi.init(null));
    }
}
