package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.JobAbortedException;
import org.pgas4j.transport.local.LocalJob;

/**
 * A PE waiting in {@code waitUntil} for a variable that a peer will never set, because the peer
 * died, fails within moments naming the failure instead of hanging (in-JVM: the peer's thread
 * throws; the job turns unhealthy, and nothing else would wake the waiter).
 */
@Timeout(120)
class ShmemWaitFailureTest {

    @Test
    void aWaitForAPeerThatDiedFailsInsteadOfHanging() {
        Map<Integer, Throwable> seen = new ConcurrentHashMap<>();
        long started = System.nanoTime();
        LocalJob.LocalJobException e = assertThrows(LocalJob.LocalJobException.class, () ->
                LocalJob.run(3, Duration.ofSeconds(60), () -> {
                    Shmem shmem = Shmem.init();
                    SymmetricArray flag = shmem.calloc(ShmemType.LONG, 1);
                    shmem.barrierAll();
                    if (shmem.myPe() == 1) {
                        throw new IllegalStateException("PE 1 gives up before setting the flag");
                    }
                    try {
                        shmem.waitUntil(flag, 0, Cmp.EQ, 1); // PE 1 would have set it
                    } catch (JobAbortedException x) {
                        seen.put(shmem.myPe(), x);
                        throw x;
                    }
                }));
        double seconds = (System.nanoTime() - started) / 1e9;
        assertTrue(e.getMessage().contains("PE 1"), e.getMessage());
        for (int pe : new int[] {0, 2}) {
            Throwable x = seen.get(pe);
            assertTrue(x != null && x.getMessage().contains("the job is failing")
                    && x.getMessage().contains("shmem wait"), "PE " + pe + ": " + x);
        }
        assertTrue(seconds < 30, "the waiters failed after " + seconds + " s");
    }
}
