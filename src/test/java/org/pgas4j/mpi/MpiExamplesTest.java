package org.pgas4j.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.testing.LaunchedJob;

/**
 * The examples of {@code org.pgas4j.examples.mpi} as jobs on {@code shm}: the Jacobi iteration
 * with PUTC/ACCEPTC halo exchange agrees exactly with the serial computation, and the AVAIL store
 * serves every client's PUTs and GETs.
 */
@Timeout(300)
class MpiExamplesTest {

    @ParameterizedTest(name = "{0} on {1} processes")
    @CsvSource({"Jacobi2d, 1", "Jacobi2d, 3", "Jacobi2d, 5", "AvailStore, 2", "AvailStore, 5"})
    void exampleVerifies(String example, int np) {
        LaunchedJob.Result r = LaunchedJob.run(np, "shm", 120, List.of("--jvm-arg", "-Dpgas4j.mpi.rma.size=4m"),
                "org.pgas4j.examples.mpi." + example, example.equals("Jacobi2d") ? new String[] {"48", "60"}
                        : new String[0]);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("verified") && !r.stdout().contains("NOT VERIFIED"), r::toString);
    }
}
