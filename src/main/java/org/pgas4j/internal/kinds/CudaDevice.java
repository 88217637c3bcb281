package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;

/**
 * One CUDA device with unified addressing, driven through the CUDA runtime with
 * java.lang.foreign: allocation, the three copy directions and IPC handles for same-host peers.
 * Every call first makes the device current ({@code cudaSetDevice}), so the runtime works in the
 * device's primary context, as seed 000 section 6.5 asks. Created only after {@link CudaRuntime#probe()}
 * found the device usable; on hosts without a GPU nothing here runs (and nothing here can be
 * tested: the kind's creation refuses first).
 */
public final class CudaDevice {
    private static final int H2D = 1;
    private static final int D2H = 2;
    private static final int D2D = 3;
    private static final int IPC_LAZY_ENABLE_PEER_ACCESS = 1;
    private static final MemoryLayout IPC_HANDLE = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(64,
            ValueLayout.JAVA_BYTE));
    /** {@code struct cudaPointerAttributes}: type, device, devicePointer, hostPointer. */
    private static final long ATTR_TYPE = 0;
    private static final long ATTR_DEVICE = 4;
    private static final int MEMORY_TYPE_DEVICE = 2;

    private final int ordinal;
    private final MethodHandle setDevice;
    private final MethodHandle malloc;
    private final MethodHandle free;
    private final MethodHandle memcpy;
    private final MethodHandle ipcGet;
    private final MethodHandle ipcOpen;
    private final MethodHandle ipcClose;
    private final MethodHandle pointerAttributes;
    private final MethodHandle errorName;

    private CudaDevice(int ordinal, SymbolLookup cudart) {
        Linker linker = Linker.nativeLinker();
        this.ordinal = ordinal;
        this.setDevice = handle(linker, cudart, "cudaSetDevice", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT));
        this.malloc = handle(linker, cudart, "cudaMalloc", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.free = handle(linker, cudart, "cudaFree", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
        // Critical: host buffers may be Java arrays; the copy is synchronous, so the array cannot move meanwhile.
        this.memcpy = linker.downcallHandle(cudart.find("cudaMemcpy").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), Linker.Option.critical(true));
        this.ipcGet = handle(linker, cudart, "cudaIpcGetMemHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.ipcOpen = handle(linker, cudart, "cudaIpcOpenMemHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, IPC_HANDLE, ValueLayout.JAVA_INT));
        this.ipcClose = handle(linker, cudart, "cudaIpcCloseMemHandle", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG));
        this.pointerAttributes = handle(linker, cudart, "cudaPointerGetAttributes",
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        this.errorName = handle(linker, cudart, "cudaGetErrorName", FunctionDescriptor.of(ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT));
    }

    /**
     * Device {@code ordinal}, checked with the probe: the runtime loads, the device exists and has
     * unified addressing.
     *
     * @throws ResourceException naming what is missing ("no CUDA device: ...")
     */
    public static CudaDevice open(int ordinal) {
        CudaRuntime.Status s = CudaRuntime.probe();
        if (s.problem() != null) {
            throw new ResourceException("CUDA_UVA device " + ordinal + ": " + s.problem());
        }
        if (ordinal < 0 || ordinal >= s.devices()) {
            throw new BadArgumentException("CUDA_UVA device " + ordinal + " does not exist; this host has "
                    + s.devices() + " CUDA device(s)");
        }
        if (!s.usable(ordinal)) {
            throw new BadArgumentException("CUDA device " + ordinal + " lacks unified addressing, which CUDA_UVA "
                    + "requires (seed 000 section 6.5)");
        }
        return new CudaDevice(ordinal, SymbolLookup.libraryLookup(s.library(), Arena.global()));
    }

    /** The device's ordinal. */
    public int ordinal() {
        return ordinal;
    }

    /** Allocates {@code bytes} of device memory ({@code cudaMalloc}) and zeroes it. */
    public DeviceMemory allocate(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            current();
            check((int) malloc.invokeExact(out, bytes), "cudaMalloc(" + bytes + ")");
            long ptr = out.get(ValueLayout.ADDRESS, 0).address();
            CudaMemory m = new CudaMemory(this, ptr, bytes, true);
            MemorySegment zeros = a.allocate(Math.min(bytes, 1 << 20));
            for (long done = 0; done < bytes; done += zeros.byteSize()) {
                m.copyFromHost(done, zeros, 0, Math.min(zeros.byteSize(), bytes - done));
            }
            return m;
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException("cudaMalloc on device " + ordinal + " failed: " + t, t);
        }
    }

    /**
     * Client memory {@code [address, address + length)} of this device, checked with
     * {@code cudaPointerGetAttributes}.
     *
     * @throws BadArgumentException when the address is not device memory of this device
     */
    public DeviceMemory wrap(long address, long length) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment attrs = a.allocate(64, 8);
            current();
            int err = (int) pointerAttributes.invokeExact(attrs, address);
            if (err != 0 || attrs.get(ValueLayout.JAVA_INT, ATTR_TYPE) != MEMORY_TYPE_DEVICE
                    || attrs.get(ValueLayout.JAVA_INT, ATTR_DEVICE) != ordinal) {
                throw new BadArgumentException("address 0x" + Long.toHexString(address) + " is not memory of CUDA "
                        + "device " + ordinal + " (cudaPointerGetAttributes: " + name(err) + ")");
            }
            return new CudaMemory(this, address, length, false);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException("cudaPointerGetAttributes failed: " + t, t);
        }
    }

    /** Opens a same-host peer's allocation from its IPC handle ({@code cudaIpcOpenMemHandle}). */
    public DeviceMemory open(byte[] handle, long size) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(IPC_HANDLE);
            MemorySegment.copy(handle, 0, h, ValueLayout.JAVA_BYTE, 0, 64);
            MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            current();
            check((int) ipcOpen.invokeExact(out, h, IPC_LAZY_ENABLE_PEER_ACCESS), "cudaIpcOpenMemHandle");
            long ptr = out.get(ValueLayout.ADDRESS, 0).address();
            return new CudaMemory(this, ptr, size, false) {
                @Override
                public void release() {
                    call("cudaIpcCloseMemHandle", () -> (int) ipcClose.invokeExact(ptr));
                }
            };
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException("cudaIpcOpenMemHandle failed: " + t, t);
        }
    }

    byte[] ipcHandle(long address) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment h = a.allocate(IPC_HANDLE);
            current();
            check((int) ipcGet.invokeExact(h, address), "cudaIpcGetMemHandle");
            return h.toArray(ValueLayout.JAVA_BYTE);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException("cudaIpcGetMemHandle failed: " + t, t);
        }
    }

    void copy(MemorySegment dst, MemorySegment src, long length, int direction) {
        call("cudaMemcpy", () -> (int) memcpy.invokeExact(dst, src, length, direction));
    }

    void copyToDevice(long address, MemorySegment src, long length) {
        copy(MemorySegment.ofAddress(address), src, length, H2D);
    }

    void copyToHost(MemorySegment dst, long address, long length) {
        copy(dst, MemorySegment.ofAddress(address), length, D2H);
    }

    void copyDeviceToDevice(long dst, long src, long length) {
        copy(MemorySegment.ofAddress(dst), MemorySegment.ofAddress(src), length, D2D);
    }

    void free(long address) {
        call("cudaFree", () -> (int) free.invokeExact(address));
    }

    private interface NativeCall {
        int invoke() throws Throwable;
    }

    private void call(String what, NativeCall call) {
        try {
            current();
            check(call.invoke(), what);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException(what + " on CUDA device " + ordinal + " failed: " + t, t);
        }
    }

    private void current() throws Throwable {
        check((int) setDevice.invokeExact(ordinal), "cudaSetDevice(" + ordinal + ")");
    }

    private void check(int err, String what) throws Throwable {
        if (err != 0) {
            throw new ResourceException(what + " on CUDA device " + ordinal + " returned " + err + " (" + name(err) + ")");
        }
    }

    private String name(int err) throws Throwable {
        MemorySegment text = (MemorySegment) errorName.invokeExact(err);
        return text.reinterpret(256).getString(0);
    }

    private static MethodHandle handle(Linker linker, SymbolLookup lib, String name, FunctionDescriptor fd) {
        return linker.downcallHandle(lib.find(name).orElseThrow(() -> new ResourceException(
                "the CUDA runtime lacks " + name)), fd);
    }
}
