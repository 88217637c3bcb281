package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgas4j.internal.kinds.CudaRuntime;
import org.pgas4j.testing.LaunchedJob;

/**
 * Which memory-kind classes this host supports: HOST always; HIP and ZE never, with a "not
 * supported on this host" reason; CUDA_UVA after asking the real CUDA runtime, which on these
 * GPU-less machines must say "no CUDA device"; and {@code bin/pgas4j info} lists them.
 */
class MemoryKindClassTest {

    @Test
    void hostIsSupportedAndHipAndZeAreNotSupportedOnThisHost() {
        assertTrue(MemoryKindClass.supportedHere().contains(MemoryKindClass.HOST));
        for (MemoryKindClass c : List.of(MemoryKindClass.HIP, MemoryKindClass.ZE)) {
            assertTrue(c.unavailableReason().orElseThrow().startsWith("not supported on this host"), c.name());
            assertTrue(!MemoryKindClass.supportedHere().contains(c), c.name());
        }
    }

    @Test
    void cudaRuntimeLoadsAndReportsNoDeviceOnAHostWithoutGpu() {
        CudaRuntime.Status s = CudaRuntime.probe();
        assumeTrue(s.library() != null, "needs libcudart installed (it is on this kind of machine): " + s.problem());
        assumeTrue(!Files.exists(Path.of("/dev/nvidia0")), "this host has a GPU: the no-device case cannot be seen");
        assertEquals(0, s.devices(), s::toString);
        assertTrue(s.problem().startsWith("no CUDA device: cudaGetDeviceCount"), s.problem());
        assertTrue(!s.usable(0));
        String reason = MemoryKindClass.CUDA_UVA.unavailableReason().orElseThrow();
        assertTrue(reason.startsWith("no CUDA device"), reason);
    }

    @Test
    void infoListsEveryClassWithItsState() {
        LaunchedJob.Result r = LaunchedJob.launcher(60, List.of("info"));
        assertEquals(0, r.exitCode(), r::toString);
        for (MemoryKindClass c : MemoryKindClass.values()) {
            assertTrue(r.stdout().contains("  " + c.name()), c + " in " + r.stdout());
        }
        assertTrue(r.stdout().matches("(?s).*HOST\\s+available.*"), r::stdout);
        assertTrue(r.stdout().contains("unavailable: not supported on this host: pgas4j has no HIP support"), r::stdout);
    }
}
