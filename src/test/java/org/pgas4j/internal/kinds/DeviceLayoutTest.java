package org.pgas4j.internal.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.CHeaderCheck;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * The struct layouts and constants the device runtimes pass to their libraries, checked against
 * the C headers with gcc (as {@code UcxLayoutTest} does for UCX): Level Zero's
 * {@code level_zero/ze_api.h} (libze-dev), HIP's {@code hip/hip_runtime_api.h} (libamdhip64-dev)
 * and, where the CUDA toolkit is installed, CUDA's {@code cuda_runtime_api.h}. Each check is
 * skipped with the reason when its headers are missing.
 */
@Timeout(120)
@Needs(SystemComponent.GCC)
class DeviceLayoutTest {
    private static final Path CUDA_INCLUDE = Path.of("/usr/local/cuda/include");

    @TempDir
    Path dir;

    @Test
    @Needs(SystemComponent.LEVEL_ZERO_HEADERS)
    void levelZeroLayoutsAndConstantsMatchZeApiH() throws Exception {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("ZE_RESULT_SUCCESS", (long) ZeRuntime.RESULT_SUCCESS);
        m.put("ZE_STRUCTURE_TYPE_CONTEXT_DESC", (long) ZeRuntime.STRUCTURE_TYPE_CONTEXT_DESC);
        m.put("ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC", (long) ZeRuntime.STRUCTURE_TYPE_COMMAND_QUEUE_DESC);
        m.put("ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC", (long) ZeRuntime.STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC);
        m.put("ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES",
                (long) ZeRuntime.STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES);
        m.put("ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS", (long) ZeRuntime.COMMAND_QUEUE_MODE_SYNCHRONOUS);
        m.put("ZE_MEMORY_TYPE_DEVICE", (long) ZeRuntime.MEMORY_TYPE_DEVICE);
        m.put("ZE_MAX_IPC_HANDLE_SIZE", (long) ZeRuntime.MAX_IPC_HANDLE_SIZE);
        m.put("ZEL_COMPONENT_STRING_SIZE", (long) ZeRuntime.COMPONENT_STRING_SIZE);
        m.put("sizeof(ze_result_t)", 4L);
        m.put("sizeof(ze_device_handle_t)", 8L);
        ZeRuntime.RESULT_NAMES.forEach((code, name) -> m.put(name, (long) code));
        List<StructLayout> structs = List.of(ZeRuntime.CONTEXT_DESC, ZeRuntime.DEVICE_MEM_ALLOC_DESC,
                ZeRuntime.COMMAND_QUEUE_DESC, ZeRuntime.MEMORY_ALLOCATION_PROPERTIES, ZeRuntime.IPC_MEM_HANDLE,
                ZeRuntime.LOADER_VERSION, ZeRuntime.COMPONENT_VERSION);
        CHeaderCheck check = new CHeaderCheck(dir, List.of("level_zero/ze_api.h", "level_zero/loader/ze_loader.h"),
                List.of()).structs(structs).constants(m);
        assertEquals(List.of(), check.differences(), "Java and ze_api.h differ");
    }

    @Test
    @Needs(SystemComponent.HIP_HEADERS)
    void hipConstantsMatchHipRuntimeApiH() throws Exception {
        Map<String, Long> m = common("hip", "HIP_IPC_HANDLE_SIZE", "hipPointerAttribute_t", "memoryType");
        // The constants that changed in HIP 6 are pgas4j's HIP 5 values: the installed headers must be HIP 5.
        m.put("HIP_VERSION_MAJOR", 5L);
        m.put("hipMemoryTypeDevice", (long) CudaStyleDevice.HIP5_MEMORY_TYPE_DEVICE);
        m.put("hipIpcMemLazyEnablePeerAccess", (long) CudaStyleDevice.HIP5_IPC_LAZY_ENABLE_PEER_ACCESS);
        m.put("sizeof(hipError_t)", 4L);
        CHeaderCheck check = new CHeaderCheck(dir, List.of("hip/hip_runtime_api.h"), List.of("-D__HIP_PLATFORM_AMD__"))
                .structs(List.of(CudaStyleDevice.IPC_HANDLE.withName("hipIpcMemHandle_t"))).constants(m);
        assertEquals(List.of(), check.differences(), "Java and hip_runtime_api.h differ");
    }

    @Test
    void cudaConstantsMatchCudaRuntimeApiH() throws Exception {
        assumeTrue(Files.isReadable(CUDA_INCLUDE.resolve("cuda_runtime_api.h")), "needs the CUDA toolkit's headers in "
                + CUDA_INCLUDE + " (no Debian package provides them here)");
        Map<String, Long> m = common("cuda", "CUDA_IPC_HANDLE_SIZE", "struct cudaPointerAttributes", "type");
        m.put("cudaErrorStubLibrary", (long) CudaStyleRuntime.ERROR_STUB_LIBRARY);
        m.put("cudaDevAttrUnifiedAddressing", (long) CudaStyleRuntime.CUDA_ATTR_UNIFIED_ADDRESSING);
        m.put("cudaMemoryTypeDevice", (long) CudaStyleDevice.MEMORY_TYPE_DEVICE);
        m.put("cudaIpcMemLazyEnablePeerAccess", (long) CudaStyleDevice.IPC_LAZY_ENABLE_PEER_ACCESS);
        m.put("sizeof(cudaError_t)", 4L);
        CHeaderCheck check = new CHeaderCheck(dir, List.of("cuda_runtime_api.h"), List.of("-I" + CUDA_INCLUDE))
                .structs(List.of(CudaStyleDevice.IPC_HANDLE.withName("cudaIpcMemHandle_t"))).constants(m);
        assertEquals(List.of(), check.differences(), "Java and cuda_runtime_api.h differ");
    }

    /** The constants CUDA and HIP share under their own prefixes, and the pointer attributes pgas4j reads. */
    private static Map<String, Long> common(String prefix, String handleSize, String attributes, String typeField) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(prefix + "Success", 0L);
        m.put(prefix + "ErrorNoDevice", (long) CudaStyleRuntime.ERROR_NO_DEVICE);
        m.put(prefix + "ErrorInsufficientDriver", (long) CudaStyleRuntime.ERROR_INSUFFICIENT_DRIVER);
        m.put(prefix + "MemcpyHostToDevice", (long) CudaStyleDevice.MEMCPY_HOST_TO_DEVICE);
        m.put(prefix + "MemcpyDeviceToHost", (long) CudaStyleDevice.MEMCPY_DEVICE_TO_HOST);
        m.put(prefix + "MemcpyDeviceToDevice", (long) CudaStyleDevice.MEMCPY_DEVICE_TO_DEVICE);
        m.put(handleSize, (long) CudaStyleDevice.IPC_HANDLE_SIZE);
        StructLayout head = CudaStyleDevice.POINTER_ATTRIBUTES_HEAD;
        m.put("offsetof(" + attributes + ", " + typeField + ")",
                head.byteOffset(MemoryLayout.PathElement.groupElement("type")));
        m.put("offsetof(" + attributes + ", device)", head.byteOffset(MemoryLayout.PathElement.groupElement("device")));
        m.put("sizeof(" + attributes + ") <= " + CudaStyleDevice.POINTER_ATTRIBUTES_ROOM, 1L); // the room pgas4j gives it
        return m;
    }
}
