package org.pgas4j.gaspi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.transport.local.LocalJob;

/**
 * A killed rank shows in the state vector, and the procedures waiting for it fail with
 * PEER_FAILED instead of hanging: in-JVM (a rank's thread dies, the job turns unhealthy) and
 * over {@code shm} (a rank's process halts; the survivors find its process gone).
 */
@Timeout(180)
class GaspiFailureTest {

    @Test
    void aRankThatDiesIsMarkedCorruptAndTheBarrierFailsInsteadOfHanging() {
        Map<Integer, GaspiError> errors = new ConcurrentHashMap<>();
        Map<Integer, byte[]> states = new ConcurrentHashMap<>();
        Map<String, String> props = GaspiConformanceTest.properties();
        props.forEach(System::setProperty);
        try {
            LocalJob.LocalJobException e = assertThrows(LocalJob.LocalJobException.class, () ->
                    LocalJob.run(3, Duration.ofSeconds(90), () -> {
                        Gaspi g = Gaspi.init(60_000);
                        awaitSurvivorsThenDie(g); // rank 1 throws here and never closes its Gaspi
                        try {
                            g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK);
                        } catch (GaspiException x) {
                            errors.put(g.rank(), x.error());
                            states.put(g.rank(), g.stateVector());
                        }
                        // A call involving the dead rank now fails at once.
                        try {
                            g.write(1, 0, 1, 1, 0, 8, 0, Gaspi.BLOCK);
                        } catch (GaspiException x) {
                            errors.put(10 + g.rank(), x.error());
                        }
                        g.close();
                    }));
            assertTrue(e.getMessage().contains("PE 1"), e.getMessage());
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
        for (int r : new int[] {0, 2}) {
            assertEquals(GaspiError.PEER_FAILED, errors.get(r), "rank " + r + "'s barrier");
            assertEquals(GaspiError.PEER_FAILED, errors.get(10 + r), "rank " + r + "'s write to the dead rank");
            assertEquals(Gaspi.STATE_CORRUPT, states.get(r)[1], "rank " + r + " sees rank 1 corrupt");
            assertEquals(Gaspi.STATE_HEALTHY, states.get(r)[r], "rank " + r + " sees itself healthy");
        }
    }

    @Test
    void aHaltedProcessIsMarkedCorruptOverShm() {
        LaunchedJob.Result r = LaunchedJob.run(3, "shm", 60, GaspiConformanceTest.jvmOptions(),
                DyingRankPe.class.getName());
        List<String> lines = r.lines();
        for (int rank : new int[] {0, 2}) {
            String prefix = "[" + rank + "] STATE ";
            String line = lines.stream().filter(l -> l.startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError("rank " + rank + " reported no state: " + r));
            String[] f = line.substring(prefix.length()).split(" ");
            assertEquals("PEER_FAILED", f[0], line);
            assertEquals("1", f[2], "rank 1 is corrupt: " + line);
            assertEquals("0", f[1 + rank], "the reporter is healthy: " + line);
        }
    }

    /** Rank 1 halts right after init; ranks 0 and 2 wait in a barrier and print what they saw. */
    public static final class DyingRankPe {
        private DyingRankPe() {
        }

        /** No arguments. */
        public static void main(String[] args) {
            Gaspi g = Gaspi.init(60_000);
            awaitSurvivorsThenDie(g);
            try {
                g.barrier(Gaspi.GROUP_ALL, Gaspi.BLOCK);
                System.out.println("STATE SUCCESS");
            } catch (GaspiException x) {
                StringBuilder b = new StringBuilder("STATE " + x.error());
                for (byte s : g.stateVector()) {
                    b.append(' ').append(s);
                }
                System.out.println(b);
                System.out.flush();
            }
            g.close();
        }
    }

    /**
     * Every rank creates segment 1; ranks 0 and 2 then notify rank 1 and go on (to the barrier
     * that must fail); rank 1 waits for both notifications, so that the others are past init and
     * the segment's creation, and dies: on the {@code local} transport by throwing (its client is
     * never closed), in a process by halting.
     */
    static void awaitSurvivorsThenDie(Gaspi g) {
        if (g.segmentCreate(1, 64, Gaspi.GROUP_ALL, 60_000, AllocPolicy.INITIALIZED) != GaspiReturn.SUCCESS) {
            throw new IllegalStateException("segmentCreate timed out");
        }
        if (g.rank() != 1) {
            g.notify(1, 1, g.rank(), 1, 0, Gaspi.BLOCK);
            g.wait(0, Gaspi.BLOCK);
            return;
        }
        int[] first = new int[1];
        for (int k = 0; k < 2; k++) {
            g.notifyWaitsome(1, 0, 3, first, Gaspi.BLOCK);
            g.notifyReset(1, first[0]);
        }
        if (LocalJob.currentRank() == 1) {
            throw new IllegalStateException("rank 1 dies on purpose"); // its Gaspi is never closed
        }
        Runtime.getRuntime().halt(7);
    }
}
