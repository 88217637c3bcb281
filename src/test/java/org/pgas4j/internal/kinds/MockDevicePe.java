package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.pgas4j.Client;
import org.pgas4j.kinds.CudaGpuPe;

/**
 * One PE of a launched job on a MOCK device runtime (found through {@code PGAS4J_LIBRARY_PATH}):
 * on the mock CUDA ({@code cuda}) it runs the real-GPU scenario of {@link CudaGpuPe}, on the mock
 * Level Zero loader ({@code ze}) the exchange of {@code DeviceRuntimeTest}; either way the PEs,
 * separate processes, open each other's segments by IPC handle. Then it prints what the mock counted
 * in this process: "PE i: ipc opens N, open mappings M, live allocations L, ...". Run by
 * {@code DeviceRuntimeTest}.
 */
public final class MockDevicePe {
    private MockDevicePe() {
    }

    /** {@code args[0]}: the mock library's path; {@code args[1]}: {@code cuda} or {@code ze}. */
    public static void main(String[] args) throws Throwable {
        boolean ze = args[1].equals("ze");
        int rank;
        try (Client c = Client.init()) {
            rank = c.jobRank();
            if (ze) {
                org.pgas4j.MemoryKind kind = c.createMemoryKind(org.pgas4j.MemoryKindSpec.Ze.onDevice(0, 0));
                DeviceRuntimeTest.DeviceSegments.exchange(c, kind);
            } else {
                CudaGpuPe.core(c);
            }
        }
        SymbolLookup mock = SymbolLookup.libraryLookup(Path.of(args[0]), Arena.global());
        String last = ze ? ", live contexts " + counter(mock, "mock_live_contexts")
                : ", unsynchronized copies " + counter(mock, "mock_unsynchronized_copies");
        System.out.println("PE " + rank + ": ipc opens " + counter(mock, "mock_ipc_opens") + ", open mappings "
                + counter(mock, "mock_open_mappings") + ", live allocations " + counter(mock, "mock_live_allocations")
                + last);
    }

    private static int counter(SymbolLookup mock, String name) throws Throwable {
        return (int) Linker.nativeLinker().downcallHandle(mock.find(name).orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT)).invokeExact();
    }
}
