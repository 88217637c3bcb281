package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import org.pgas4j.transport.local.LocalJob;

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
    void fileAndDeviceSimAreSupportedEverywhere() {
        assertTrue(MemoryKindClass.supportedHere().containsAll(List.of(MemoryKindClass.FILE, MemoryKindClass.DEVICE_SIM)));
        assertTrue(MemoryKindClass.FILE.rules().persistent());
        assertTrue(!MemoryKindClass.DEVICE_SIM.rules().directLoadStore());
        assertTrue(!MemoryKindClass.CUDA_UVA.rules().atomics());
    }

    @Test
    void creatingACudaKindOnAHostWithoutGpuFailsWithNoCudaDevice() throws Exception {
        CudaRuntime.Status s = CudaRuntime.probe();
        assumeTrue(s.problem() != null, "this host has a usable CUDA device: the no-device case cannot be seen");
        LocalJob.run(1, Duration.ofMinutes(1), () -> {
            try (Client c = Client.init()) {
                ResourceException e = assertThrows(ResourceException.class,
                        () -> c.createMemoryKind(new MemoryKindSpec.CudaUva(0)));
                assertTrue(e.getMessage().contains("CUDA_UVA device 0: " + s.problem()), e.getMessage());
                assertEquals(List.of(), c.visibleDevices(MemoryKindClass.CUDA_UVA));
            }
        });
    }

    @Test
    void cudaSegmentRoundTripOnAGpu() throws Exception {
        String problem = CudaRuntime.probe().problem();
        assumeTrue(problem == null, "needs a CUDA device with unified addressing; this host has none: " + problem);
        LocalJob.run(1, Duration.ofMinutes(1), () -> {
            try (Client c = Client.init()) {
                MemoryKind k = c.createMemoryKind(new MemoryKindSpec.CudaUva(0));
                Segment seg = c.createSegment(k, 1 << 20);
                MemorySegment host = Arena.ofAuto().allocate(8);
                host.set(ValueLayout.JAVA_LONG, 0, 42);
                seg.copyFrom(0, host, 0, 8);
                MemorySegment back = Arena.ofAuto().allocate(8);
                seg.copyTo(0, back, 0, 8);
                assertEquals(42, back.get(ValueLayout.JAVA_LONG, 0));
                seg.destroy();
                k.destroy();
            }
        });
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
        assertTrue(r.stdout().matches("(?s).*FILE\\s+available\\s+rules: RMA yes, atomics yes, load/store yes, persistent yes.*"),
                r::stdout);
    }
}
