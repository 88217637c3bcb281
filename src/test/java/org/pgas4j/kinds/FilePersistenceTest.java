package org.pgas4j.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.testing.LaunchedJob;

/**
 * FILE segments are persistent: one job writes a pattern into a FILE segment from every PE
 * (through RMA into PE 0's segment) and exits; a second job, with fresh processes, opens the same
 * file and finds every PE's pattern, locally and by RMA. Run with more PEs than cores too.
 */
@Timeout(180)
class FilePersistenceTest {

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 5})
    void aSecondJobFindsWhatTheFirstWrote(int n, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("persistent.dat");
        LaunchedJob.Result write = LaunchedJob.run(n, "shm", 60, List.of(), FilePersistencePe.class.getName(),
                "write", file.toString());
        assertEquals(0, write.exitCode(), write::toString);
        assertEquals(n, write.lines().stream().filter(l -> l.endsWith(" OK")).count(), write::toString);
        assertEquals((long) FilePersistencePe.SLICE * n, Files.size(file));

        LaunchedJob.Result read = LaunchedJob.run(n, "shm", 60, List.of(), FilePersistencePe.class.getName(),
                "read", file.toString());
        assertEquals(0, read.exitCode(), read::toString);
        assertEquals(n, read.lines().stream().filter(l -> l.endsWith(" OK")).count(), read::toString);
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2})
    void openingAMissingFileFailsTheJobNamingIt(int n, @TempDir Path dir) {
        Path file = dir.resolve("never-written.dat");
        LaunchedJob.Result read = LaunchedJob.run(n, "shm", 60, List.of(), FilePersistencePe.class.getName(),
                "read", file.toString());
        assertTrue(read.exitCode() != 0, read::toString);
        assertTrue(read.toString().contains("does not exist"), read::toString);
    }
}
