package org.pgas4j.internal.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.transport.local.LocalJob;

/**
 * The device runtimes behind CUDA_UVA, HIP and ZE, on a host without an AMD or Intel GPU: the real
 * HIP runtime and Level Zero loader (installed by bin/test) load and report precisely why no kind
 * can be created; a missing or broken library is a reason, never a crash; creating a kind fails
 * with that reason. The device paths themselves (allocation, zeroing, copies in every direction,
 * client memory checks, IPC between PEs, release) run against MOCK libraries compiled from C at
 * test time, as every test that uses one says in its name.
 */
@Timeout(120)
class DeviceRuntimeTest {
    @TempDir
    Path dir;

    // ------------------------------------------------------------------ the real libraries, no device

    @Test
    @Needs(SystemComponent.HIP)
    void theHipRuntimeLoadsAndReportsNoDevice() {
        assumeTrue(!Files.exists(Path.of("/dev/kfd")), "this host has an AMD GPU driver: the no-device case cannot be seen");
        DeviceRuntime.Status s = DeviceRuntime.HIP.probe();
        assertNotNull(s.library(), s::reason);
        assertTrue(s.library().getFileName().toString().startsWith("libamdhip64.so"), s.library()::toString);
        // The runtime's own version: 5.2.21153 from this machine kind's Debian package, 5.7.31921 on the GPU host.
        assertTrue(s.version().matches("\\d+\\.\\d+\\.\\d+"), s.version());
        assertEquals(0, s.devices());
        assertEquals(DeviceRuntime.Problem.NO_DEVICE, s.problem(), s.reason());
        assertEquals("no HIP device: hipGetDeviceCount returned 100 (hipErrorNoDevice)", s.reason());
        assertEquals(List.of(), s.usableDevices());
        assertEquals(s.reason(), MemoryKindClass.HIP.unavailableReason().orElseThrow());
        assertEquals(s.library() + " (version " + s.version() + ")", MemoryKindClass.HIP.library().orElseThrow());
    }

    @Test
    @Needs(SystemComponent.LEVEL_ZERO)
    void theLevelZeroLoaderLoadsAndReportsNoDriver() {
        assumeTrue(!Files.exists(Path.of("/dev/dri")), "this host has a DRM driver: the no-driver case cannot be seen");
        DeviceRuntime.Status s = DeviceRuntime.ZE.probe();
        assertNotNull(s.library(), s::reason);
        assertEquals("libze_loader.so.1", s.library().getFileName().toString());
        assertTrue(s.version().startsWith("1.8."), s.version());
        assertEquals(DeviceRuntime.Problem.NO_DRIVER, s.problem(), s.reason());
        assertEquals("no Level Zero driver: zeInit returned 0x78000001 (ZE_RESULT_ERROR_UNINITIALIZED)", s.reason());
        assertEquals(s.reason(), MemoryKindClass.ZE.unavailableReason().orElseThrow());
        assertTrue(MemoryKindClass.ZE.library().orElseThrow().endsWith("libze_loader.so.1 (version " + s.version() + ")"));
    }

    @Test
    void creatingHipAndZeKindsWithoutADeviceFailsWithTheReason() throws Exception {
        String hip = MemoryKindClass.HIP.unavailableReason().orElse(null);
        String ze = MemoryKindClass.ZE.unavailableReason().orElse(null);
        assumeTrue(hip != null && ze != null, "this host has a HIP or Level Zero device");
        LocalJob.run(1, Duration.ofMinutes(1), () -> {
            try (Client c = Client.init()) {
                BadArgumentException e = assertThrows(BadArgumentException.class,
                        () -> c.createMemoryKind(new MemoryKindSpec.Hip(0)));
                assertEquals("createMemoryKind on PE 0: HIP kinds cannot be created on this host: " + hip, e.getMessage());
                e = assertThrows(BadArgumentException.class, () -> c.createMemoryKind(new MemoryKindSpec.Ze(1, 2, 0)));
                assertEquals("createMemoryKind on PE 0: ZE kinds cannot be created on this host: " + ze, e.getMessage());
                e = assertThrows(BadArgumentException.class, () -> MemoryKindSpec.Ze.onDevice(0, 0));
                assertEquals("MemoryKindSpec.Ze.onDevice: ZE kinds cannot be created on this host: " + ze, e.getMessage());
                assertEquals(List.of(), c.visibleDevices(MemoryKindClass.HIP));
                assertEquals(List.of(), c.visibleDevices(MemoryKindClass.ZE));
            }
        });
    }

    // ------------------------------------------------------------------ missing and broken libraries

    @Test
    void aMissingLibraryIsNamedWithWhereItWasLookedFor() throws Throwable {
        withLibraryPath(() -> {
            for (DeviceRuntime r : List.of(DeviceRuntime.CUDA, DeviceRuntime.HIP, DeviceRuntime.ZE)) {
                DeviceRuntime.Status s = r.probe();
                assertEquals(DeviceRuntime.Problem.NO_LIBRARY, s.problem(), r.className());
                assertNull(s.library());
                assertTrue(s.libraryText().isEmpty());
            }
            assertEquals("no HIP library: libamdhip64.so or libamdhip64.so.6 or libamdhip64.so.5 is not installed in the "
                    + "directories of pgas4j.library.path [" + dir + "] (Debian package libamdhip64-5)",
                    DeviceRuntime.HIP.probe().reason());
            assertEquals("no Level Zero library: libze_loader.so.1 or libze_loader.so is not installed in the "
                    + "directories of pgas4j.library.path [" + dir + "] (Debian package libze1)",
                    DeviceRuntime.ZE.probe().reason());
            assertEquals("no CUDA library: libcudart.so or libcudart.so.13 or libcudart.so.12 is not installed in the "
                    + "directories of pgas4j.library.path [" + dir + "]", DeviceRuntime.CUDA.probe().reason());
            return null;
        });
    }

    @Test
    void anInvalidLibraryPathIsAReasonNotAnException() throws Throwable {
        withLibraryPath("relative/dir", () -> {
            DeviceRuntime.Status s = DeviceRuntime.ZE.probe();
            assertEquals(DeviceRuntime.Problem.NO_LIBRARY, s.problem());
            assertTrue(s.reason().startsWith("no Level Zero library: ") && s.reason().contains("relative/dir"), s.reason());
            assertEquals(s.reason(), MemoryKindClass.ZE.unavailableReason().orElseThrow());
            return null;
        });
    }

    @Test
    void aLibraryThatIsNotOneIsAReasonNotACrash() throws Throwable {
        Files.writeString(dir.resolve("libamdhip64.so"), "not an ELF file\n");
        withLibraryPath(() -> {
            DeviceRuntime.Status s = DeviceRuntime.HIP.probe();
            assertEquals(DeviceRuntime.Problem.BROKEN_LIBRARY, s.problem(), s.reason());
            assertTrue(s.reason().startsWith("the HIP library at " + dir.resolve("libamdhip64.so") + " could not be used: "),
                    s.reason());
            return null;
        });
    }

    @Test
    @Needs(SystemComponent.GCC)
    void aLibraryWithoutTheFunctionsIsAReasonNotACrash() throws Throwable {
        org.pgas4j.testing.CHeaderCheck.sharedLibrary(dir, "int zeInit(unsigned flags) { return 0; }\n",
                "libze_loader.so.1");
        withLibraryPath(() -> {
            DeviceRuntime.Status s = DeviceRuntime.ZE.probe();
            assertEquals(DeviceRuntime.Problem.BROKEN_LIBRARY, s.problem(), s.reason());
            assertTrue(s.reason().endsWith("lacks zeDriverGet"), s.reason());
            return null;
        });
    }

    // ------------------------------------------------------------------ the device paths, on MOCK libraries

    @Test
    @Needs(SystemComponent.GCC)
    void zeKindOnAMockLoaderValidatesTheRecordCopiesAndReleasesEverything() throws Throwable {
        Path lib = mock("mock_ze_loader.c", "libze_loader.so.1");
        withLibraryPath(() -> {
            DeviceRuntime.Status s = DeviceRuntime.ZE.probe();
            assertNull(s.problem(), s::reason);
            assertEquals(lib + " (version 9.8.7)", MemoryKindClass.ZE.library().orElseThrow());
            assertEquals(1, s.devices());
            LocalJob.run(2, Duration.ofMinutes(1), () -> {
                try (Client c = Client.init()) {
                    assertEquals(List.of(0), c.visibleDevices(MemoryKindClass.ZE));
                    MemoryKindSpec.Ze spec = MemoryKindSpec.Ze.onDevice(0, 0);
                    String where = "createMemoryKind on PE " + c.jobRank() + ": ";
                    refused(c, new MemoryKindSpec.Ze(spec.device() + 8, 0, 0), where + "ZE device 0x"
                            + Long.toHexString(spec.device() + 8) + " is not a device the Level Zero loader reports (its "
                            + "devices: [0x" + Long.toHexString(spec.device()) + "])");
                    refused(c, new MemoryKindSpec.Ze(spec.device(), 0, 1), where + "ZE memory ordinal 1 is out of range: "
                            + "device 0x" + Long.toHexString(spec.device()) + " has 1 memory ordinal(s) "
                            + "(zeDeviceGetMemoryProperties)");
                    refused(c, new MemoryKindSpec.Ze(spec.device(), 0x10, 0), where + "ZE context 0x10 is not a Level "
                            + "Zero context of this process (no readable memory is mapped there); pass 0 to let pgas4j create one");
                    long notAContext = Arena.ofAuto().allocate(64).address();
                    refused(c, new MemoryKindSpec.Ze(spec.device(), notAContext, 0), where + "ZE context 0x"
                            + Long.toHexString(notAContext) + " is not usable: zeContextGetStatus returned 0x78000005 "
                            + "(ZE_RESULT_ERROR_INVALID_NULL_HANDLE)");
                    DeviceSegments.exchange(c, c.createMemoryKind(spec));
                }
            });
            // The application's own context (made here with the mock's zeContextCreate): the kind uses it and leaves it.
            long context = mockContext(lib);
            LocalJob.run(1, Duration.ofMinutes(1), () -> {
                try (Client c = Client.init()) {
                    MemoryKind k = c.createMemoryKind(new MemoryKindSpec.Ze(MemoryKindSpec.Ze.onDevice(0, 0).device(),
                            context, 0));
                    org.pgas4j.Segment seg = c.createSegment(k, 4096);
                    DeviceSegments.roundTrip(seg, 4096);
                    seg.destroy();
                    k.destroy();
                }
            });
            assertEquals(1, mockCounter(lib, "mock_live_contexts"), "the application's context outlives the kind");
            assertEquals(0, (int) mockFunction(lib, "zeContextDestroy", java.lang.foreign.FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG)).invokeExact(context));
            return null;
        });
        assertEquals(0, mockCounter(lib, "mock_live_allocations"), "device memory left allocated");
        assertNoIpcOpenInOneProcess(lib);
        assertEquals(0, mockCounter(lib, "mock_live_contexts"), "contexts left alive");
        assertEquals(0, mockCounter(lib, "mock_live_command_lists"), "command lists left alive");
    }

    @Test
    @Needs(SystemComponent.GCC)
    void hipKindOnAMockHip5RuntimeAllocatesCopiesWrapsAndReachesPeers() throws Throwable {
        Path lib = mock("mock_cuda_style.c", "libamdhip64.so");
        withLibraryPath(() -> {
            DeviceRuntime.Status s = DeviceRuntime.HIP.probe();
            assertNull(s.problem(), s::reason);
            assertEquals("5.2.21153", s.version());
            LocalJob.run(2, Duration.ofMinutes(1), () -> {
                try (Client c = Client.init()) {
                    assertEquals(List.of(0, 1), c.visibleDevices(MemoryKindClass.HIP));
                    refused(c, new MemoryKindSpec.Hip(2), "createMemoryKind on PE " + c.jobRank() + ": HIP device 2 "
                            + "does not exist; this host has 2 HIP device(s)");
                    MemoryKind mine = c.createMemoryKind(new MemoryKindSpec.Hip(c.jobRank()));
                    MemoryKind other = c.createMemoryKind(new MemoryKindSpec.Hip(1 - c.jobRank()));
                    var buffer = other.allocate(4096);
                    BadArgumentException e = assertThrows(BadArgumentException.class,
                            () -> c.createSegment(mine, buffer.address(), 4096));
                    assertTrue(e.getMessage().endsWith("is not memory of HIP device " + c.jobRank()
                            + " (hipPointerGetAttributes: memory type 1 on device " + (1 - c.jobRank()) + ")"),
                            e.getMessage());
                    var wrapped = c.createSegment(other, buffer.address() + 256, 1024);
                    DeviceSegments.roundTrip(wrapped, 1024);
                    wrapped.destroy();
                    buffer.free();
                    other.destroy();
                    DeviceSegments.exchange(c, mine);
                }
            });
            return null;
        });
        assertEquals(0, mockCounter(lib, "mock_live_allocations"), "device memory left allocated");
        assertNoIpcOpenInOneProcess(lib);
    }

    @Test
    @Needs(SystemComponent.GCC)
    void cudaUvaKindOnAMockCuda13RuntimeRequiresUnifiedAddressingCopiesAndReachesPeers() throws Throwable {
        Path lib = mock("mock_cuda_style.c", "libcudart.so", "-DMOCK_CUDA");
        withLibraryPath(() -> {
            DeviceRuntime.Status s = DeviceRuntime.CUDA.probe();
            assertNull(s.problem(), s::reason);
            assertEquals("13.0", s.version());
            assertEquals(List.of(0), s.usableDevices(), "device 1 of the mock lacks unified addressing");
            LocalJob.run(2, Duration.ofMinutes(1), () -> {
                try (Client c = Client.init()) {
                    assertEquals(List.of(0), c.visibleDevices(MemoryKindClass.CUDA_UVA));
                    refused(c, new MemoryKindSpec.CudaUva(1), "createMemoryKind on PE " + c.jobRank() + ": CUDA device 1 "
                            + "lacks unified addressing (cudaDevAttrUnifiedAddressing), which CUDA_UVA requires (seed 000 "
                            + "section 6.5)");
                    MemoryKind k = c.createMemoryKind(new MemoryKindSpec.CudaUva(0));
                    var buffer = k.allocate(4096);
                    var wrapped = c.createSegment(k, buffer.address() + 256, 1024); // cudaPointerGetAttributes says yes
                    DeviceSegments.roundTrip(wrapped, 1024);
                    wrapped.destroy();
                    buffer.free();
                    DeviceSegments.exchange(c, k);
                }
            });
            return null;
        });
        assertEquals(0, mockCounter(lib, "mock_live_allocations"), "device memory left allocated");
        assertNoIpcOpenInOneProcess(lib);
    }

    /**
     * The real-GPU scenario of {@link org.pgas4j.kinds.CudaGpuPe} (peer device segments, device to
     * device, client buffers, bounds, refused atomics), run here on the mock CUDA by three PEs of
     * one JVM: its checks are themselves checked on every machine, not only where a GPU is lent.
     */
    @Test
    @Needs(SystemComponent.GCC)
    void theGpuScenarioPassesOnAMockCudaInOneJvm() throws Throwable {
        Path lib = mock("mock_cuda_style.c", "libcudart.so", "-DMOCK_CUDA");
        withLibraryPath(() -> {
            LocalJob.run(3, Duration.ofMinutes(2), () -> {
                try (Client c = Client.init()) {
                    org.pgas4j.kinds.CudaGpuPe.core(c);
                }
            });
            return null;
        });
        assertEquals(0, mockCounter(lib, "mock_live_allocations"), "device memory left allocated");
        assertTrue(mockCounter(lib, "mock_stream_syncs") > 0, "copies into device memory wait for the stream");
        assertEquals(0, mockCounter(lib, "mock_unsynchronized_copies"), "a copy was issued while one into device "
                + "memory might not have landed");
    }

    /**
     * A 1 MiB put through the owner (the active-message fallback) into a CUDA segment of a peer, on
     * the mock CUDA by two PEs of one JVM: the owner copies it into device memory in the largest
     * pieces the rings carry (each copy into device memory waits for the stream once), not in the
     * 16 KiB pieces of host memory (64 copies; on an H100 each runtime call cost so much that three
     * such PEs moved 0.05 GB/s). The bytes land whole.
     */
    @Test
    @Needs(SystemComponent.GCC)
    void putsThroughTheOwnerIntoAMockCudaSegmentTravelInLargePieces() throws Throwable {
        Path lib = mock("mock_cuda_style.c", "libcudart.so", "-DMOCK_CUDA");
        int size = 1 << 20;
        int[] copies = new int[1];
        System.setProperty("pgas4j.rma.path", "am");
        try {
            withLibraryPath(() -> {
                LocalJob.run(2, Duration.ofMinutes(1), () -> {
                    try (Client c = Client.init(); Arena arena = Arena.ofShared()) {
                        MemoryKind k = c.createMemoryKind(new MemoryKindSpec.CudaUva(0));
                        org.pgas4j.Segment device = c.createSegment(k, size);
                        org.pgas4j.Endpoint ep = c.createEndpoint(
                                java.util.EnumSet.of(org.pgas4j.EndpointCapability.RMA, org.pgas4j.EndpointCapability.AM),
                                java.util.EnumSet.noneOf(org.pgas4j.AccelerationHint.class));
                        ep.bindSegment(device);
                        c.world().publishBoundSegments(ep);
                        org.pgas4j.Team pair = c.pair(c.primordialEndpoint(), ep.index());
                        org.pgas4j.Segment source = c.createSegment(MemoryKind.HOST, size);
                        for (int i = 0; i < size; i++) {
                            source.memory().set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + i / 4099));
                        }
                        c.world().barrier();
                        if (c.jobRank() == 0) {
                            int before = mockCounter(lib, "mock_stream_syncs");
                            c.rma().put(pair, 1, 0, source, 0, size); // remotely complete on return
                            copies[0] = mockCounter(lib, "mock_stream_syncs") - before;
                        }
                        c.world().barrier();
                        if (c.jobRank() == 1) {
                            org.pgas4j.Segment landed = c.createSegment(MemoryKind.HOST, size);
                            device.copyTo(0, landed.memory(), 0, size);
                            assertEquals(-1L, landed.memory().mismatch(source.memory()), "the put's bytes in device memory");
                        }
                        c.world().barrier();
                        device.destroy();
                    } catch (Throwable t) {
                        throw new RuntimeException(t);
                    }
                });
                return null;
            });
        } finally {
            System.clearProperty("pgas4j.rma.path");
        }
        assertTrue(copies[0] >= 1 && copies[0] <= 9, "copies into device memory for a 1 MiB put through the owner: "
                + copies[0] + " (16 KiB pieces would be 64; a 1 MiB ring carries pieces of about 128 KiB)");
    }

    /**
     * The same scenario between processes: launched PEs on the mock CUDA open each other's
     * segments by IPC handle (the mock maps the owner's memory from its handle, as a driver does),
     * put, get and copy device to device through them, and close every mapping and free every
     * allocation; with more PEs than cores too.
     */
    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 3})
    @Needs(SystemComponent.GCC)
    void cudaPeersInOtherProcessesOpenEachOthersSegmentsByIpcHandleOnAMockCuda(int n) throws Throwable {
        Path lib = mock("mock_cuda_style.c", "libcudart.so", "-DMOCK_CUDA");
        peersOpenEachOthersSegments(n, lib, "cuda", "unsynchronized copies 0");
    }

    /** The same with the mock Level Zero loader: its IPC open and close between processes. */
    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {2, 3})
    @Needs(SystemComponent.GCC)
    void zePeersInOtherProcessesOpenEachOthersSegmentsByIpcHandleOnAMockLoader(int n) throws Throwable {
        Path lib = mock("mock_ze_loader.c", "libze_loader.so.1");
        peersOpenEachOthersSegments(n, lib, "ze", "live contexts 0");
    }

    /** Launches {@link MockDevicePe} in {@code mode} on the mock {@code lib} and checks each PE's counters. */
    private void peersOpenEachOthersSegments(int n, Path lib, String mode, String lastCounter) {
        org.pgas4j.testing.LaunchedJob.Result r = org.pgas4j.testing.LaunchedJob.run(n, "shm", 120, List.of(),
                java.util.Map.of("PGAS4J_LIBRARY_PATH", dir.toString()), MockDevicePe.class.getName(), lib.toString(),
                mode);
        assertEquals(0, r.exitCode(), r::toString);
        for (int pe = 0; pe < n; pe++) {
            String prefix = "PE " + pe + ": ipc opens ";
            String line = r.lines().stream().filter(l -> l.contains(prefix)).findFirst().orElseThrow(
                    () -> new AssertionError("no counters from a PE in " + r));
            int opens = Integer.parseInt(line.substring(line.indexOf(prefix) + prefix.length()).split(",")[0]);
            assertTrue(opens >= 1, "the PE opened its neighbour's segment by IPC handle: " + line);
            assertTrue(line.endsWith("open mappings 0, live allocations 0, " + lastCounter),
                    "every mapping closed, every allocation freed: " + line);
        }
    }

    private static void refused(Client c, MemoryKindSpec spec, String message) {
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> c.createMemoryKind(spec));
        assertEquals(message, e.getMessage());
    }

    /**
     * Compiles the mock {@code source} (a resource beside this class, after the mocks' shared part)
     * with {@code flags} into {@code dir/fileName}.
     */
    private Path mock(String source, String fileName, String... flags) throws IOException, InterruptedException {
        return org.pgas4j.testing.CHeaderCheck.sharedLibrary(dir, resource("mock_allocations.c") + resource(source),
                fileName, flags);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DeviceRuntimeTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Calls the mock's {@code int name(void)} (the same library the runtime loaded: the same counters). */
    /** The PEs, threads of one process, reached each other's segments without opening an IPC handle. */
    private static void assertNoIpcOpenInOneProcess(Path lib) throws Throwable {
        assertEquals(0, mockCounter(lib, "mock_ipc_opens"), "PEs of one process reach each other's segments without "
                + "opening their IPC handles (which the runtimes, and the mock, refuse in the exporting process)");
    }

    private static int mockCounter(Path lib, String name) throws Throwable {
        return (int) mockFunction(lib, name, java.lang.foreign.FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
    }

    /** A function of the mock library, loaded once more by path: the same library as the runtime's, the same state. */
    private static java.lang.invoke.MethodHandle mockFunction(Path lib, String name,
            java.lang.foreign.FunctionDescriptor fd) {
        return java.lang.foreign.Linker.nativeLinker().downcallHandle(java.lang.foreign.SymbolLookup.libraryLookup(lib,
                Arena.global()).find(name).orElseThrow(), fd);
    }

    /** A context the application creates itself with the mock loader's zeDriverGet and zeContextCreate. */
    private static long mockContext(Path lib) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment count = a.allocate(ValueLayout.JAVA_INT);
            count.set(ValueLayout.JAVA_INT, 0, 1);
            MemorySegment driver = a.allocate(ValueLayout.ADDRESS);
            assertEquals(0, (int) mockFunction(lib, "zeDriverGet", java.lang.foreign.FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS)).invokeExact(count, driver));
            MemorySegment desc = a.allocate(ZeRuntime.CONTEXT_DESC);
            desc.set(ValueLayout.JAVA_INT, 0, ZeRuntime.STRUCTURE_TYPE_CONTEXT_DESC);
            MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            assertEquals(0, (int) mockFunction(lib, "zeContextCreate", java.lang.foreign.FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS))
                    .invokeExact(driver.get(ValueLayout.ADDRESS, 0), desc, out));
            return out.get(ValueLayout.ADDRESS, 0).address();
        }
    }

    /** What {@link #withLibraryPath} runs. */
    private interface Body<T> {
        T call() throws Throwable;
    }

    /** Runs {@code body} with pgas4j.library.path set to the test's directory (only its libraries are found). */
    private <T> T withLibraryPath(Body<T> body) throws Throwable {
        return withLibraryPath(dir.toString(), body);
    }

    /** Runs {@code body} with pgas4j.library.path set to {@code value}. */
    private static <T> T withLibraryPath(String value, Body<T> body) throws Throwable {
        String previous = System.getProperty("pgas4j.library.path");
        System.setProperty("pgas4j.library.path", value);
        try {
            return body.call();
        } finally {
            if (previous == null) {
                System.clearProperty("pgas4j.library.path");
            } else {
                System.setProperty("pgas4j.library.path", previous);
            }
        }
    }

    /** Host buffers for the device paths. */
    private static MemorySegment bytes(long n, int seed) {
        MemorySegment m = Arena.ofAuto().allocate(n);
        for (long i = 0; i < n; i++) {
            m.set(ValueLayout.JAVA_BYTE, i, (byte) (seed + i * 7));
        }
        return m;
    }

    /** What every device kind must do with its segments, on one PE and between two. */
    static final class DeviceSegments {
        private DeviceSegments() {
        }

        /** A new segment reads as zeroes; host to device and back returns the bytes. */
        static void roundTrip(org.pgas4j.Segment seg, long n) {
            MemorySegment back = Arena.ofAuto().allocate(n);
            back.fill((byte) 1);
            seg.copyTo(0, back, 0, n);
            assertEquals(-1, back.mismatch(Arena.ofAuto().allocate(n)), "a new segment reads as zeroes");
            MemorySegment data = bytes(n, 3);
            seg.copyFrom(0, data, 0, n);
            seg.copyTo(0, back, 0, n);
            assertEquals(-1, back.mismatch(data), "host to device and back");
        }

        /**
         * Each PE creates a segment of {@code kind}, publishes it, puts into its right neighbour's
         * (reached by IPC handle) and gets it back; then everything is destroyed.
         */
        static void exchange(Client c, MemoryKind kind) {
            long n = 64 << 10;
            org.pgas4j.Segment seg = c.createSegment(kind, n);
            roundTrip(seg, n);
            var ep = c.createEndpoint(java.util.EnumSet.of(org.pgas4j.EndpointCapability.RMA,
                    org.pgas4j.EndpointCapability.AM), java.util.EnumSet.noneOf(org.pgas4j.AccelerationHint.class));
            ep.bindSegment(seg);
            c.world().publishBoundSegments(ep);
            var team = c.pair(c.primordialEndpoint(), ep.index());
            org.pgas4j.Segment source = c.createSegment(kind, n);
            source.copyFrom(0, bytes(n, 10 + c.jobRank()), 0, n);
            int right = (c.jobRank() + 1) % c.jobSize();
            c.rma().put(team, right, 0, source, 0, n);
            c.world().barrier();
            MemorySegment got = Arena.ofAuto().allocate(n);
            seg.copyTo(0, got, 0, n);
            int left = (c.jobRank() + c.jobSize() - 1) % c.jobSize();
            assertEquals(-1, got.mismatch(bytes(n, 10 + left)), "the left neighbour's put");
            source.copyFrom(0, Arena.ofAuto().allocate(n), 0, n);
            c.rma().get(team, right, 0, source, 0, n);
            source.copyTo(0, got, 0, n);
            assertEquals(-1, got.mismatch(bytes(n, 10 + c.jobRank())), "the get from the right neighbour");
            c.world().barrier();
            assertFalse(kind.isDestroyed());
        }
    }
}
