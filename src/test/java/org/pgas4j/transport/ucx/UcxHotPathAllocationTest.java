package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pgas4j.testing.LaunchedJob;
import org.pgas4j.testing.SystemComponent;

/**
 * Over the {@code ucx} transport, warm puts, gets and atomics between two PE processes allocate
 * nothing per operation: each PE ({@link UcxHotPathPe}) measures its thread's allocation over
 * windows of the measured rounds and reports the least, over tcp on the loopback device and over
 * UCX's shared-memory transports.
 * Over tcp 10,000 warm-up rounds: with 2,000, the rounds' runs of xors were still C1's code
 * (no escape analysis) and allocated 8-24 KB over the measured rounds, with the build before
 * aggregated atomics too. Skipped when libucp is not installed.
 */
class UcxHotPathAllocationTest {

    @ParameterizedTest(name = "UCX_TLS={0}")
    @CsvSource({"tcp, 10000, 1000", "'posix,sysv,cma,self', 100000, 50000"})
    void warmOperationsAllocateNothing(String tls, int warmUp, int measured) {
        SystemComponent.UCX.assume();
        LaunchedJob.Result r = LaunchedJob.run(2, "ucx", 240, List.of("--jvm-arg", "-Dpgas4j.segment.size=1m"),
                Map.of("UCX_TLS", tls, "UCX_NET_DEVICES", "lo"), UcxHotPathPe.class.getName(),
                Integer.toString(warmUp), Integer.toString(measured));
        assertEquals(0, r.exitCode(), r::toString);
        List<String> allocations = r.lines().stream().filter(l -> l.contains("ALLOC ")).toList();
        assertEquals(2, allocations.size(), r::toString);
        for (String line : allocations) {
            long bytes = Long.parseLong(line.substring(line.indexOf("ALLOC ") + 6).trim());
            // A handful of bytes of noise (a deoptimisation, a TLAB record) is tolerated; one
            // allocation per operation would be hundreds of kilobytes.
            assertTrue(bytes < 16 * 1024, () -> line + " over the least of windows of " + measured + " rounds: " + r);
        }
    }
}
