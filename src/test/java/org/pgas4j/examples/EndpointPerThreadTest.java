package org.pgas4j.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.testing.LaunchedJob;

/** The endpoint-per-thread example through the launcher: P = 2 and 3 PEs, T = 1 and 4 threads, both transports. */
@Timeout(300)
class EndpointPerThreadTest {

    @ParameterizedTest(name = "P={0} T={1} over {2}")
    @CsvSource({"2, 1, shm", "2, 4, shm", "3, 1, shm", "3, 4, shm", "2, 1, local", "2, 4, local", "3, 1, local",
        "3, 4, local"})
    void everyPeVerifiesTheTeamOfAllEndpointsAndThePairPuts(int pes, int threads, String transport) {
        LaunchedJob.Result r = LaunchedJob.run(pes, transport, 120, List.of(), EndpointPerThread.class.getName(),
                Integer.toString(threads));
        assertEquals(0, r.exitCode(), r::toString);
        long n = (long) pes * threads;
        assertEquals(pes, r.lines().stream().filter(l -> l.contains("team of " + n + " endpoints, allreduce "
                + n * (n - 1) / 2) && l.endsWith("verified")).count(), r::toString);
    }
}
