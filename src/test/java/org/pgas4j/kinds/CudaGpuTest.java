package org.pgas4j.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgas4j.Client;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.transport.local.LocalJob;

/**
 * CUDA_UVA on a real GPU: jobs of several processes sharing device 0 put into, get from and copy
 * device to device between each other's device segments (opened by CUDA IPC handle), reach client
 * device buffers through their owner, and use the device through the OpenSHMEM and GASPI facades;
 * the in-JVM transport does the same between PEs of one process. Skipped, with the reason, on a
 * host without a usable CUDA device; {@code DeviceRuntimeTest} runs the same core checks on a mock.
 */
@Timeout(300)
class CudaGpuTest {

    private static void needsADevice() {
        String problem = MemoryKindClass.CUDA_UVA.unavailableReason().orElse(null);
        assumeTrue(problem == null, "needs a CUDA device with unified addressing; this host has none: " + problem);
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 4})
    void processesReachEachOthersDeviceSegments(int n) {
        needsADevice();
        expectOk(n, "core", List.of());
    }

    @Test
    void throughTheOwnerOnActiveMessages() {
        needsADevice();
        expectOk(3, "core", List.of("--jvm-arg", "-Dpgas4j.rma.path=am"));
    }

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 3})
    void anOpenShmemSpaceOnTheDevice(int n) {
        needsADevice();
        expectOk(n, "shmem", List.of());
    }

    @Test
    void aGaspiSegmentOverADeviceBuffer() {
        needsADevice();
        expectOk(2, "gaspi", List.of());
    }

    @Test
    void pesOfOneProcessReachEachOthersDeviceSegments() throws Exception {
        needsADevice();
        LocalJob.run(2, Duration.ofMinutes(2), () -> {
            try (Client c = Client.init()) {
                CudaGpuPe.core(c);
            }
        });
    }

    private static void expectOk(int n, String mode, List<String> options) {
        LaunchedJob.Result r = LaunchedJob.run(n, "shm", 180, options, CudaGpuPe.class.getName(), mode);
        System.out.println(r.stdout()); // the figures, for the record
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(n, r.lines().stream().filter(l -> l.endsWith(mode + " OK")).count(), r::toString);
    }
}
