package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * One CUDA or HIP device driven through its runtime with java.lang.foreign: {@code Malloc},
 * {@code Free}, {@code Memcpy} in the three directions, IPC handles for same-host peers
 * ({@code IpcGetMemHandle}, {@code IpcOpenMemHandle}, {@code IpcCloseMemHandle}),
 * {@code PointerGetAttributes} to check client memory, and the runtime's error names. Every call
 * first makes the device current ({@code SetDevice}), so the runtime works in the device's primary
 * context, as seed 000 section 6.5 asks.
 */
public final class CudaStyleDevice extends NativeDevice {
    /** {@code cudaMemcpyHostToDevice} / {@code hipMemcpyHostToDevice}; D2H and D2D follow. */
    static final int MEMCPY_HOST_TO_DEVICE = 1;
    static final int MEMCPY_DEVICE_TO_HOST = 2;
    static final int MEMCPY_DEVICE_TO_DEVICE = 3;
    /** {@code CUDA_IPC_HANDLE_SIZE} / {@code HIP_IPC_HANDLE_SIZE}. */
    static final int IPC_HANDLE_SIZE = 64;
    /** {@code cudaIpcMemHandle_t} / {@code hipIpcMemHandle_t}: 64 opaque bytes, passed by value. */
    static final StructLayout IPC_HANDLE = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(IPC_HANDLE_SIZE,
            ValueLayout.JAVA_BYTE).withName("reserved"));
    /**
     * The two leading fields of {@code struct cudaPointerAttributes} and {@code hipPointerAttribute_t}
     * (HIP 5: {@code memoryType}, HIP 6 and CUDA: {@code type}), the only ones read.
     */
    static final StructLayout POINTER_ATTRIBUTES_HEAD = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("type"),
            ValueLayout.JAVA_INT.withName("device"));
    /**
     * Room for the whole attributes struct of any release: CUDA 13 appended {@code long reserved[8]}
     * (88 bytes), HIP 5 has 32; the runtime writes all of it.
     */
    static final long POINTER_ATTRIBUTES_ROOM = 256;
    /** {@code cudaMemoryTypeDevice}; HIP 6 agrees, HIP 5 ({@code hipMemoryTypeDevice}) says 1. */
    static final int MEMORY_TYPE_DEVICE = 2;
    static final int HIP5_MEMORY_TYPE_DEVICE = 1;
    /** {@code cudaIpcMemLazyEnablePeerAccess}; HIP 6 agrees, HIP 5's {@code hipIpcMemLazyEnablePeerAccess} is 0. */
    static final int IPC_LAZY_ENABLE_PEER_ACCESS = 1;
    static final int HIP5_IPC_LAZY_ENABLE_PEER_ACCESS = 0;

    private final CudaStyleRuntime runtime;
    private final int ordinal;
    private final int memoryTypeDevice;
    private final int ipcFlags;
    private final MethodHandle setDevice;
    private final MethodHandle malloc;
    private final MethodHandle free;
    private final MethodHandle memcpy;
    private final MethodHandle streamSynchronize;
    private final MethodHandle ipcGet;
    private final MethodHandle ipcOpen;
    private final MethodHandle ipcClose;
    private final MethodHandle pointerAttributes;
    private final MethodHandle errorName;

    CudaStyleDevice(CudaStyleRuntime runtime, int ordinal, DeviceRuntime.Loaded lib, int major) {
        super(runtime.runtimeName() + " device " + ordinal);
        this.runtime = runtime;
        this.ordinal = ordinal;
        boolean hip5 = runtime == DeviceRuntime.HIP && major < 6;
        this.memoryTypeDevice = hip5 ? HIP5_MEMORY_TYPE_DEVICE : MEMORY_TYPE_DEVICE;
        this.ipcFlags = hip5 ? HIP5_IPC_LAZY_ENABLE_PEER_ACCESS : IPC_LAZY_ENABLE_PEER_ACCESS;
        this.setDevice = lib.handle(runtime.function("SetDevice"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT));
        this.malloc = lib.handle(runtime.function("Malloc"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.free = lib.handle(runtime.function("Free"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG));
        // Critical: host buffers may be Java arrays; the copy is synchronous, so the array cannot move meanwhile.
        this.memcpy = lib.handle(runtime.function("Memcpy"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT),
                Linker.Option.critical(true));
        this.streamSynchronize = lib.handle(runtime.function("StreamSynchronize"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
        this.ipcGet = lib.handle(runtime.function("IpcGetMemHandle"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.ipcOpen = lib.handle(runtime.function("IpcOpenMemHandle"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, IPC_HANDLE, ValueLayout.JAVA_INT));
        this.ipcClose = lib.handle(runtime.function("IpcCloseMemHandle"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG));
        this.pointerAttributes = lib.handle(runtime.function("PointerGetAttributes"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.errorName = lib.handle(runtime.function("GetErrorName"), FunctionDescriptor.of(ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT));
    }

    /** The device's ordinal. */
    public int ordinal() {
        return ordinal;
    }

    @Override
    boolean canCopyFrom(NativeDevice other) {
        return other instanceof CudaStyleDevice c && c.runtime == runtime; // unified addressing: any device's pointer
    }

    @Override
    long malloc(long bytes) {
        return callForAddress(runtime.function("Malloc") + "(" + bytes + ")",
                out -> (int) malloc.invokeExact(out, bytes));
    }

    @Override
    void free(long address) {
        call(runtime.function("Free"), () -> (int) free.invokeExact(address));
    }

    @Override
    void copy(MemorySegment dst, MemorySegment src, long length, Direction direction) {
        int kind = switch (direction) {
            case HOST_TO_DEVICE -> MEMCPY_HOST_TO_DEVICE;
            case DEVICE_TO_HOST -> MEMCPY_DEVICE_TO_HOST;
            case DEVICE_TO_DEVICE -> MEMCPY_DEVICE_TO_DEVICE;
        };
        call(runtime.function("Memcpy"), () -> (int) memcpy.invokeExact(dst, src, length, kind));
        if (direction != Direction.DEVICE_TO_HOST) {
            // Memcpy returns before a copy into device memory has landed (from pageable host memory once
            // the bytes are staged, device to device at once); other processes reading the memory (by
            // IPC handle, after a barrier) are not ordered after it, so wait for the default stream.
            call(runtime.function("StreamSynchronize"), () -> (int) streamSynchronize.invokeExact(0L));
        }
    }

    @Override
    byte[] ipcHandle(long address) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(IPC_HANDLE);
            call(runtime.function("IpcGetMemHandle"), () -> (int) ipcGet.invokeExact(h, address));
            return h.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    @Override
    long ipcOpen(byte[] handle) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(IPC_HANDLE);
            MemorySegment.copy(handle, 0, h, ValueLayout.JAVA_BYTE, 0, Math.min(handle.length, IPC_HANDLE_SIZE));
            return callForAddress(runtime.function("IpcOpenMemHandle"), out -> (int) ipcOpen.invokeExact(out, h,
                    ipcFlags));
        }
    }

    @Override
    void ipcClose(long address) {
        call(runtime.function("IpcCloseMemHandle"), () -> (int) ipcClose.invokeExact(address));
    }

    @Override
    String notMine(long address) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment attrs = a.allocate(POINTER_ATTRIBUTES_ROOM, 8);
            int[] err = new int[1];
            call(runtime.function("PointerGetAttributes"), () -> {
                err[0] = (int) pointerAttributes.invokeExact(attrs, address);
                return 0; // its error is an answer here, not a failure
            });
            int type = attrs.get(ValueLayout.JAVA_INT, POINTER_ATTRIBUTES_HEAD.byteOffset(
                    MemoryLayout.PathElement.groupElement("type")));
            int device = attrs.get(ValueLayout.JAVA_INT, POINTER_ATTRIBUTES_HEAD.byteOffset(
                    MemoryLayout.PathElement.groupElement("device")));
            if (err[0] == 0 && type == memoryTypeDevice && device == ordinal) {
                return null;
            }
            return runtime.function("PointerGetAttributes") + ": " + (err[0] != 0 ? nameOrCode(err[0])
                    : "memory type " + type + " on device " + device);
        }
    }

    private String nameOrCode(int err) {
        try {
            return errorName(err);
        } catch (Throwable t) {
            return "error " + err;
        }
    }

    @Override
    void current() throws Throwable {
        check((int) setDevice.invokeExact(ordinal), runtime.function("SetDevice") + "(" + ordinal + ")");
    }

    @Override
    String errorName(int code) throws Throwable {
        return DeviceRuntime.Loaded.string((MemorySegment) errorName.invokeExact(code));
    }
}
