package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.pgas4j.ResourceException;

/**
 * One Level Zero device in one context, driven through the loader with java.lang.foreign:
 * {@code zeMemAllocDevice} on the record's memory ordinal, {@code zeMemFree}, copies in every
 * direction through one synchronous immediate command list ({@code zeCommandListCreateImmediate},
 * {@code zeCommandListAppendMemoryCopy}: the append returns when the copy has completed), IPC
 * handles for same-host peers ({@code zeMemGetIpcHandle}, {@code zeMemOpenIpcHandle},
 * {@code zeMemCloseIpcHandle}) and {@code zeMemGetAllocProperties} to check client memory. A
 * context of 0 in the record makes pgas4j create one on the device's driver, destroyed at
 * {@link #close()}.
 */
public final class ZeDevice extends NativeDevice {
    private final long device;
    private final long context;
    private final boolean ownContext;
    private final int memoryOrdinal;
    private final long commandList;
    private final MethodHandle allocDevice;
    private final MethodHandle memFree;
    private final MethodHandle appendCopy;
    private final MethodHandle ipcGet;
    private final MethodHandle ipcOpen;
    private final MethodHandle ipcClose;
    private final MethodHandle allocProperties;
    private final MethodHandle listDestroy;
    private final MethodHandle contextDestroy;

    ZeDevice(ZeRuntime runtime, DeviceRuntime.Loaded lib, long driver, long device, long context, int memoryOrdinal)
            throws Throwable {
        super("ZE device 0x" + Long.toHexString(device) + " (memory ordinal " + memoryOrdinal + ")");
        this.device = device;
        this.memoryOrdinal = memoryOrdinal;
        FunctionDescriptor returnsStatus = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG);
        this.allocDevice = lib.handle("zeMemAllocDevice", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        this.memFree = lib.handle("zeMemFree", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG));
        // Critical: host buffers may be Java arrays; the list is synchronous, so the array cannot move meanwhile.
        this.appendCopy = lib.handle("zeCommandListAppendMemoryCopy", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG), Linker.Option.critical(true));
        this.ipcGet = lib.handle("zeMemGetIpcHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        this.ipcOpen = lib.handle("zeMemOpenIpcHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ZeRuntime.IPC_MEM_HANDLE, ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS));
        this.ipcClose = lib.handle("zeMemCloseIpcHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        this.allocProperties = lib.handle("zeMemGetAllocProperties", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        this.listDestroy = lib.handle("zeCommandListDestroy", returnsStatus);
        this.contextDestroy = lib.handle("zeContextDestroy", returnsStatus);
        MethodHandle contextCreate = lib.handle("zeContextCreate", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MethodHandle listCreate = lib.handle("zeCommandListCreateImmediate", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        this.ownContext = context == 0;
        try (Arena a = Arena.ofConfined()) {
            if (ownContext) {
                MemorySegment desc = a.allocate(ZeRuntime.CONTEXT_DESC);
                desc.set(ValueLayout.JAVA_INT, 0, ZeRuntime.STRUCTURE_TYPE_CONTEXT_DESC);
                context = callForAddress("zeContextCreate", out -> (int) contextCreate.invokeExact(driver, desc, out));
            }
            this.context = context;
            MemorySegment queue = a.allocate(ZeRuntime.COMMAND_QUEUE_DESC);
            queue.set(ValueLayout.JAVA_INT, 0, ZeRuntime.STRUCTURE_TYPE_COMMAND_QUEUE_DESC);
            queue.set(ValueLayout.JAVA_INT, offset("mode"), ZeRuntime.COMMAND_QUEUE_MODE_SYNCHRONOUS);
            long ctx = context;
            try {
                this.commandList = callForAddress("zeCommandListCreateImmediate", out -> (int) listCreate.invokeExact(ctx,
                        device, queue, out));
            } catch (RuntimeException e) {
                if (ownContext) {
                    call("zeContextDestroy", () -> (int) contextDestroy.invokeExact(ctx));
                }
                throw e;
            }
        }
    }

    private static long offset(String field) {
        return ZeRuntime.COMMAND_QUEUE_DESC.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** The {@code ze_device_handle_t}. */
    public long device() {
        return device;
    }

    /** The {@code ze_context_handle_t} the device's memory lives in. */
    public long context() {
        return context;
    }

    @Override
    public void close() {
        call("zeCommandListDestroy", () -> (int) listDestroy.invokeExact(commandList));
        if (ownContext) {
            call("zeContextDestroy", () -> (int) contextDestroy.invokeExact(context));
        }
    }

    @Override
    boolean canCopyFrom(NativeDevice other) {
        return other instanceof ZeDevice z && z.context == context;
    }

    @Override
    long malloc(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment desc = a.allocate(ZeRuntime.DEVICE_MEM_ALLOC_DESC);
            desc.set(ValueLayout.JAVA_INT, 0, ZeRuntime.STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC);
            desc.set(ValueLayout.JAVA_INT, ZeRuntime.DEVICE_MEM_ALLOC_DESC.byteOffset(
                    MemoryLayout.PathElement.groupElement("ordinal")), memoryOrdinal);
            return callForAddress("zeMemAllocDevice(" + bytes + ")", out -> (int) allocDevice.invokeExact(context, desc,
                    bytes, 0L, device, out));
        }
    }

    @Override
    void free(long address) {
        call("zeMemFree", () -> (int) memFree.invokeExact(context, address));
    }

    @Override
    synchronized void copy(MemorySegment dst, MemorySegment src, long length, Direction direction) {
        // One immediate command list per device: appends are serialised, as Level Zero requires.
        call("zeCommandListAppendMemoryCopy", () -> (int) appendCopy.invokeExact(commandList, dst, src, length, 0L, 0,
                0L));
    }

    @Override
    byte[] ipcHandle(long address) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(ZeRuntime.IPC_MEM_HANDLE);
            call("zeMemGetIpcHandle", () -> (int) ipcGet.invokeExact(context, address, h));
            return h.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    @Override
    long ipcOpen(byte[] handle) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(ZeRuntime.IPC_MEM_HANDLE);
            MemorySegment.copy(handle, 0, h, ValueLayout.JAVA_BYTE, 0, Math.min(handle.length,
                    ZeRuntime.MAX_IPC_HANDLE_SIZE));
            return callForAddress("zeMemOpenIpcHandle", out -> (int) ipcOpen.invokeExact(context, device, h, 0, out));
        }
    }

    @Override
    void ipcClose(long address) {
        call("zeMemCloseIpcHandle", () -> (int) ipcClose.invokeExact(context, address));
    }

    @Override
    String notMine(long address) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment props = a.allocate(ZeRuntime.MEMORY_ALLOCATION_PROPERTIES);
            props.set(ValueLayout.JAVA_INT, 0, ZeRuntime.STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES);
            MemorySegment owner = a.allocate(ValueLayout.ADDRESS);
            int[] err = new int[1];
            call("zeMemGetAllocProperties", () -> {
                err[0] = (int) allocProperties.invokeExact(context, address, props, owner);
                return 0; // its error is an answer here, not a failure
            });
            int type = props.get(ValueLayout.JAVA_INT, ZeRuntime.MEMORY_ALLOCATION_PROPERTIES.byteOffset(
                    MemoryLayout.PathElement.groupElement("type")));
            long on = owner.get(ValueLayout.ADDRESS, 0).address();
            if (err[0] == ZeRuntime.RESULT_SUCCESS && type == ZeRuntime.MEMORY_TYPE_DEVICE && on == device) {
                return null;
            }
            return "zeMemGetAllocProperties: " + (err[0] != 0 ? ZeRuntime.resultName(err[0])
                    : "memory type " + type + " on device 0x" + Long.toHexString(on));
        } catch (ResourceException e) {
            return e.getMessage();
        }
    }

    @Override
    String errorName(int code) {
        return ZeRuntime.resultName(code);
    }
}
