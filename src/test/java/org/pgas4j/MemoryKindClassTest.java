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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.internal.kinds.DeviceRuntime;
import org.pgas4j.testing.LaunchedJob;

/**
 * Which memory-kind classes this host supports: HOST always; CUDA_UVA, HIP and ZE after asking the
 * real runtimes, which on these GPU-less machines must say which piece is missing (library, driver
 * or device); and {@code bin/pgas4j info} lists them with the library each found.
 */
class MemoryKindClassTest {

    @Test
    void hostIsSupportedAndHipAndZeSayWhatIsMissingOnAHostWithoutTheirDevices() {
        assertTrue(MemoryKindClass.supportedHere().contains(MemoryKindClass.HOST));
        assumeTrue(!Files.exists(Path.of("/dev/kfd")) && !Files.exists(Path.of("/dev/dri")),
                "this host has an AMD or Intel GPU driver");
        Map<MemoryKindClass, String> prefixes = Map.of(MemoryKindClass.HIP, "no HIP ", MemoryKindClass.ZE,
                "no Level Zero ");
        prefixes.forEach((c, prefix) -> {
            String reason = c.unavailableReason().orElseThrow();
            assertTrue(reason.matches(prefix + "(library|driver|device): .*"), reason);
            assertTrue(!MemoryKindClass.supportedHere().contains(c), c.name());
        });
    }

    @Test
    void cudaRuntimeLoadsAndReportsNoDriverOrDeviceOnAHostWithoutGpu() {
        DeviceRuntime.Status s = DeviceRuntime.CUDA.probe();
        assumeTrue(s.library() != null, "needs libcudart installed (it is on this kind of machine): " + s.reason());
        assumeTrue(!Files.exists(Path.of("/dev/nvidia0")), "this host has a GPU: the no-device case cannot be seen");
        assertEquals(0, s.devices(), s::toString);
        assertTrue(s.reason().matches("no CUDA (driver|device): cudaGetDeviceCount returned \\d+ \\(cuda\\w+\\)"),
                s.reason());
        assertTrue(!s.usable(0));
        assertEquals(s.reason(), MemoryKindClass.CUDA_UVA.unavailableReason().orElseThrow());
        assertTrue(MemoryKindClass.CUDA_UVA.library().orElseThrow().startsWith(s.library() + " (version "),
                MemoryKindClass.CUDA_UVA.library()::toString);
    }

    @Test
    void fileAndDeviceSimAreSupportedEverywhere() {
        assertTrue(MemoryKindClass.supportedHere().containsAll(List.of(MemoryKindClass.FILE, MemoryKindClass.DEVICE_SIM)));
        assertTrue(MemoryKindClass.FILE.rules().persistent());
        assertTrue(!MemoryKindClass.DEVICE_SIM.rules().directLoadStore());
        assertTrue(!MemoryKindClass.CUDA_UVA.rules().atomics());
    }

    @Test
    void creatingACudaKindOnAHostWithoutGpuFailsWithTheReason() throws Exception {
        String reason = MemoryKindClass.CUDA_UVA.unavailableReason().orElse(null);
        assumeTrue(reason != null, "this host has a usable CUDA device: the no-device case cannot be seen");
        LocalJob.run(1, Duration.ofMinutes(1), () -> {
            try (Client c = Client.init()) {
                BadArgumentException e = assertThrows(BadArgumentException.class,
                        () -> c.createMemoryKind(new MemoryKindSpec.CudaUva(0)));
                assertEquals("createMemoryKind on PE 0: CUDA_UVA kinds cannot be created on this host: " + reason,
                        e.getMessage());
                assertEquals(List.of(), c.visibleDevices(MemoryKindClass.CUDA_UVA));
            }
        });
    }

    @Test
    void cudaSegmentRoundTripOnAGpu() throws Exception {
        String problem = MemoryKindClass.CUDA_UVA.unavailableReason().orElse(null);
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
    void infoListsEveryClassWithItsStateAndLibrary() {
        LaunchedJob.Result r = LaunchedJob.launcher(60, List.of("info"));
        assertEquals(0, r.exitCode(), r::toString);
        for (MemoryKindClass c : MemoryKindClass.values()) {
            assertTrue(r.stdout().contains("  " + c.name()), c + " in " + r.stdout());
        }
        assertTrue(r.stdout().matches("(?s).*HOST\\s+available.*"), r::stdout);
        for (MemoryKindClass c : List.of(MemoryKindClass.CUDA_UVA, MemoryKindClass.HIP, MemoryKindClass.ZE)) {
            String state = c.unavailableReason().map(why -> "unavailable: " + why).orElse("available");
            assertTrue(r.stdout().contains(String.format("  %-10s %s%n  %-10s library: %s%n", c, state, "",
                    c.library().orElse("none found"))), c + " in " + r.stdout());
        }
        assertTrue(r.stdout().matches("(?s).*FILE\\s+available\\s+rules: RMA yes, atomics yes, load/store yes, persistent yes.*"),
                r::stdout);
    }

    @Test
    void infoWithAnEmptyLibraryPathSaysNoLibraryFound(@TempDir Path empty) {
        LaunchedJob.Result r = LaunchedJob.launcher(60, List.of("info"), Map.of("PGAS4J_LIBRARY_PATH", empty.toString()));
        assertEquals(0, r.exitCode(), r::toString);
        String where = " is not installed in the directories of pgas4j.library.path [" + empty + "]";
        assertTrue(r.stdout().contains(String.format("  %-10s unavailable: no HIP library: libamdhip64.so or "
                + "libamdhip64.so.6 or libamdhip64.so.5%s (Debian package libamdhip64-5)%n  %-10s library: none found%n",
                "HIP", where, "")), r::stdout);
        assertTrue(r.stdout().contains(String.format("  %-10s unavailable: no Level Zero library: libze_loader.so.1 or "
                + "libze_loader.so%s (Debian package libze1)%n  %-10s library: none found%n", "ZE", where, "")),
                r::stdout);
        assertTrue(r.stdout().contains("unavailable: no CUDA library: libcudart.so"), r::stdout);
    }
}
