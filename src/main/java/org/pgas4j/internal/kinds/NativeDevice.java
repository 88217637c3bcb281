package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;

/**
 * One device of a {@link DeviceRuntime}, as a memory kind uses it: allocation (zeroed), client
 * memory checked to be the device's, same-host peers' memory opened by IPC handle, and copies in
 * the three directions. The shared behaviour lives here; a runtime supplies the primitives
 * ({@link CudaStyleDevice} for CUDA and HIP, {@link ZeDevice} for Level Zero). Created only after
 * the runtime's probe found the device usable, so on hosts without one nothing here runs.
 */
public abstract sealed class NativeDevice permits CudaStyleDevice, ZeDevice {
    /** The direction of a copy. */
    enum Direction {
        /** Host memory to device memory. */
        HOST_TO_DEVICE,
        /** Device memory to host memory. */
        DEVICE_TO_HOST,
        /** Device memory to device memory. */
        DEVICE_TO_DEVICE
    }

    /** Zeroing writes at most this many bytes per copy. */
    private static final long ZERO_CHUNK = 1 << 20;

    private final String label;

    NativeDevice(String label) {
        this.label = label;
    }

    /** The device in messages ("CUDA device 0", "ZE device 0x5555..."). */
    public final String label() {
        return label;
    }

    /** Allocates {@code bytes} of device memory and zeroes it. */
    public final DeviceMemory allocate(long bytes) {
        long ptr = malloc(bytes);
        NativeDeviceMemory m = new NativeDeviceMemory(this, ptr, bytes, NativeDeviceMemory.Origin.ALLOCATED, null);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment zeros = a.allocate(Math.min(bytes, ZERO_CHUNK));
            for (long done = 0; done < bytes; done += zeros.byteSize()) {
                m.copyFromHost(done, zeros, 0, Math.min(zeros.byteSize(), bytes - done));
            }
        } catch (RuntimeException e) {
            m.release();
            throw e;
        }
        return m;
    }

    /**
     * Client memory {@code [address, address + length)}, checked to be memory of this device.
     *
     * @throws BadArgumentException when it is not
     */
    public final DeviceMemory wrap(long address, long length) {
        String problem = notMine(address);
        if (problem != null) {
            throw new BadArgumentException("address 0x" + Long.toHexString(address) + " is not memory of " + label + " ("
                    + problem + ")");
        }
        return new NativeDeviceMemory(this, address, length, NativeDeviceMemory.Origin.WRAPPED, null);
    }

    /**
     * Opens a same-host peer's allocation of {@code size} bytes from its IPC handle (a handle this
     * process exported itself gives a view of its own allocation: the runtimes refuse to open those).
     *
     * @param closesDevice whether releasing the memory also {@link #close() closes} this device
     *     (a device opened for that one peer segment)
     */
    public final DeviceMemory open(byte[] handle, long size, boolean closesDevice) {
        NativeDeviceMemory mine = NativeDeviceMemory.exportedHere(this, handle, size, closesDevice ? this : null);
        if (mine != null) {
            return mine; // the runtimes refuse to open a handle in the process that exported it
        }
        long address;
        try {
            address = ipcOpen(handle);
        } catch (RuntimeException e) {
            if (closesDevice) {
                close();
            }
            throw e;
        }
        return new NativeDeviceMemory(this, address, size, NativeDeviceMemory.Origin.OPENED, closesDevice ? this : null);
    }

    /** Releases what the device holds for itself (a Level Zero context or command list it created). */
    public void close() {
    }

    /** Whether device memory of {@code other} can be a copy's source for this device's copies. */
    abstract boolean canCopyFrom(NativeDevice other);

    /** Allocates {@code bytes} of device memory; returns its device address. */
    abstract long malloc(long bytes);

    /** Frees an allocation of {@link #malloc}. */
    abstract void free(long address);

    /** Copies {@code length} bytes, synchronously: on return the copy is complete. */
    abstract void copy(MemorySegment dst, MemorySegment src, long length, Direction direction);

    /** The IPC handle of an allocation of {@link #malloc}. */
    abstract byte[] ipcHandle(long address);

    /** Opens a peer's allocation from its IPC handle; returns its address in this process. */
    abstract long ipcOpen(byte[] handle);

    /** Closes a peer's allocation opened with {@link #ipcOpen}. */
    abstract void ipcClose(long address);

    /** Why {@code address} is not memory of this device (the runtime's answer), or null when it is. */
    abstract String notMine(long address);

    /** The runtime's name of an error code. */
    abstract String errorName(int code) throws Throwable;

    /** A native call returning the runtime's error code. */
    interface NativeCall {
        /** Makes the call; returns the runtime's status (0: success). */
        int invoke() throws Throwable;
    }

    /** A native call returning an address through an out-parameter. */
    interface AddressCall {
        /** Makes the call with {@code out}, room for one address; returns the runtime's status. */
        int invoke(MemorySegment out) throws Throwable;
    }

    /** Runs {@code call} with the device current; a non-zero status is a {@link ResourceException} naming it. */
    final void call(String what, NativeCall call) {
        try {
            current();
            check(call.invoke(), what);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new ResourceException(what + " on " + label + " failed: " + t, t);
        }
    }

    /** Runs {@code call} with room for one address and returns the address it stored there. */
    final long callForAddress(String what, AddressCall call) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(java.lang.foreign.ValueLayout.ADDRESS);
            call(what, () -> call.invoke(out));
            return out.get(java.lang.foreign.ValueLayout.ADDRESS, 0).address();
        }
    }

    /** Makes the device current for the calls that follow on this thread (CUDA's and HIP's set-device). */
    void current() throws Throwable {
    }

    /** Throws a {@link ResourceException} naming the call, the device and the error when {@code err != 0}. */
    final void check(int err, String what) throws Throwable {
        if (err != 0) {
            throw new ResourceException(what + " on " + label + " returned " + err + " (" + errorName(err) + ")");
        }
    }
}
