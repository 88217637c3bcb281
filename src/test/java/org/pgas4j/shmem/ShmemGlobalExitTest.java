package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.JobAbortedException;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.transport.local.LocalJob;

/**
 * {@code shmem_global_exit} from one PE while the others wait in a barrier: the job ends promptly
 * with that status, the launcher names the PE, nothing is left in /dev/shm; on every transport
 * (the in-JVM job through {@link LocalJob} and through the launcher's {@code --transport local}).
 * Also the facade's lifecycle: {@code queryInitialized} and init/finalize pairs one after another.
 */
@Timeout(300)
class ShmemGlobalExitTest {
    private static final Path SHM = Path.of("/dev/shm");

    /** The files of job {@code jobId} in /dev/shm (other jobs may run beside this test). */
    private static Set<String> shmFiles(String jobId) throws IOException {
        try (Stream<Path> s = Files.list(SHM)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(jobId)).collect(Collectors.toSet());
        }
    }

    @ParameterizedTest(name = "{0} N={1}: PE {2} calls globalExit({3})")
    @CsvSource({"shm, 3, 2, 7", "shm, 5, 0, 3", "shm, 2, 1, 0", "shm, 1, 0, 5", "local, 3, 1, 9", "ucx, 3, 2, 4"})
    void theJobEndsWithTheStatusAndNamesThePe(String transport, int n, int caller, int status) throws IOException {
        if (transport.equals("ucx") && org.pgas4j.transport.ucx.UcpLibrary.unavailableReason() != null) {
            return;
        }
        long t0 = System.nanoTime();
        LaunchedJob.Result r = LaunchedJob.run(n, transport, 120, List.of(),
                transport.equals("ucx") ? Map.of("UCX_TLS", "tcp", "UCX_NET_DEVICES", "lo") : Map.of(),
                GlobalExitPe.class.getName(), Integer.toString(caller), Integer.toString(status));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(status, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("PE " + caller) && r.stderr().contains("shmem_global_exit(" + status + ")")
                && r.stderr().contains("the job ends with status " + status), r::toString);
        assertFalse(r.stdout().contains("UNREACHED"), r::toString);
        assertTrue(seconds < 60, "the job took " + seconds + " s to end");
        String job = r.lines().stream().filter(l -> l.contains("JOB ")).findFirst().orElseThrow(() ->
                new AssertionError("no PE printed its job id: " + r)).replaceAll(".*JOB ", "").trim();
        assertTrue(job.length() >= 8, job);
        assertEquals(Set.of(), shmFiles(job), "files the job left in /dev/shm");
    }

    @Test
    void inAnInJvmJobTheOthersWaitsThrowAndTheJobCarriesTheStatus() {
        Map<Integer, Throwable> seen = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        LocalJob.LocalJobException e = assertThrows(LocalJob.LocalJobException.class, () ->
                LocalJob.run(4, Duration.ofSeconds(60), () -> {
                    Shmem shmem = Shmem.init();
                    try {
                        if (shmem.myPe() == 2) {
                            Thread.sleep(300);
                            shmem.globalExit(300); // low 8 bits: 44
                        } else {
                            shmem.barrierAll();
                        }
                    } catch (JobAbortedException x) {
                        seen.put(shmem.myPe(), x);
                        throw x;
                    }
                }));
        assertTrue((System.nanoTime() - t0) / 1e9 < 30, "the job ended promptly");
        assertEquals(44, e.exitStatus(), e::toString);
        assertTrue(e.getMessage().contains("PE 2 called shmem_global_exit(300)"), e.getMessage());
        assertEquals(Set.of(0, 1, 2, 3), seen.keySet(), "every PE saw the job end: " + seen);
    }

    @Test
    void queryInitializedFollowsTheHandleAndPairsRunOneAfterAnother() {
        LocalJob.run(3, Duration.ofSeconds(60), () -> {
            for (int pair = 0; pair < 3; pair++) {
                Shmem shmem = pair == 1 ? Shmem.initThread(ThreadLevel.SERIALIZED) : Shmem.init();
                assertTrue(shmem.queryInitialized());
                assertEquals(pair == 1 ? ThreadLevel.SERIALIZED : ThreadLevel.SINGLE, shmem.queryThread());
                SymmetricArray a = shmem.calloc(ShmemType.LONG, 1);
                shmem.ctxDefault().atomicInc(a, 0, 0);
                shmem.barrierAll();
                if (shmem.myPe() == 0) {
                    assertEquals(shmem.nPes(), shmem.ctxDefault().atomicFetch(a, 0, 0));
                }
                shmem.close();
                assertFalse(shmem.queryInitialized());
                assertThrows(IllegalStateException.class, () -> shmem.setLock(a, 0));
            }
        });
    }
}
