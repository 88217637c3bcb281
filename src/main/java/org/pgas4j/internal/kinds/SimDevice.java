package org.pgas4j.internal.kinds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;
import org.pgas4j.bootstrap.HeldFile;
import org.pgas4j.bootstrap.ShmFiles;

/**
 * One simulated device as one PE sees it: allocates device memory (each allocation a job file in
 * the shared-memory directory, nameless once created and held open so that same-host peers can
 * open it by IPC handle, see {@link HeldFile}), gives it device
 * addresses in a range of its own, enforces the per-PE capacity and finds the allocation a device
 * address belongs to.
 */
public final class SimDevice {
    /** Device addresses of device d start at BASE + d * SPAN: they never look like host addresses. */
    private static final long BASE = 0x5100_0000_0000_0000L;
    private static final long SPAN = 1L << 44;
    /** Allocations are aligned like cudaMalloc's. */
    public static final long ALIGNMENT = 256;

    private final int ordinal;
    private final long capacity;
    private final String jobId;
    private final int rank;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong cursor = new AtomicLong();
    private final AtomicLong files = new AtomicLong();
    private final TreeMap<Long, SimMemory> live = new TreeMap<>();

    /** Device {@code ordinal} of PE {@code rank} of job {@code jobId}, with {@code capacity} bytes for it. */
    public SimDevice(int ordinal, long capacity, String jobId, int rank) {
        this.ordinal = ordinal;
        this.capacity = capacity;
        this.jobId = jobId;
        this.rank = rank;
    }

    /** The device's ordinal. */
    public int ordinal() {
        return ordinal;
    }

    /** Bytes this PE may allocate on the device in all. */
    public long capacity() {
        return capacity;
    }

    /** Bytes this PE has allocated on the device now. */
    public long used() {
        return used.get();
    }

    /**
     * Allocates {@code bytes} of zeroed device memory ({@code cudaMalloc}).
     *
     * @throws ResourceException when the device's capacity would be exceeded or the host has no room
     */
    public SimMemory allocate(long bytes) {
        long rounded = Math.ceilDiv(bytes, ALIGNMENT) * ALIGNMENT;
        long now = used.addAndGet(rounded);
        if (now > capacity) {
            used.addAndGet(-rounded);
            throw new ResourceException("simulated device " + ordinal + " of PE " + rank + " is out of memory: "
                    + bytes + " bytes requested, " + (now - rounded) + " of " + capacity
                    + " in use (pgas4j.devsim.capacity)");
        }
        Path path = ShmFiles.file(jobId, rank, "dev" + ordinal + "-" + files.incrementAndGet());
        MappedFile file;
        try {
            file = MappedFile.createHeld(path, rounded); // nameless from here: nothing outlives the job's processes
        } catch (RuntimeException e) {
            used.addAndGet(-rounded);
            throw e;
        }
        long address = BASE + ordinal * SPAN + cursor.getAndAdd(rounded);
        SimMemory m = new SimMemory(file.segment().asSlice(0, bytes), address, SimMemory.handle(0, address, file.reference()),
                SimMemory.unmapper(file, () -> forget(address, rounded)));
        synchronized (live) {
            live.put(address, m);
        }
        return m;
    }

    private void forget(long address, long rounded) {
        synchronized (live) {
            live.remove(address);
        }
        used.addAndGet(-rounded);
    }

    /**
     * The live allocation that holds {@code [address, address + length)}, as a view of exactly that
     * range.
     *
     * @throws BadArgumentException when no single live allocation of this device holds the range
     */
    public SimMemory viewOf(long address, long length) {
        synchronized (live) {
            Map.Entry<Long, SimMemory> e = live.floorEntry(address);
            if (e == null || address - e.getKey() > e.getValue().size() - length || length <= 0) {
                throw new BadArgumentException("device address 0x" + Long.toHexString(address) + " with length "
                        + length + " is not inside one live allocation of simulated device " + ordinal + " of PE "
                        + rank);
            }
            return e.getValue().view(address - e.getKey(), length);
        }
    }

    /**
     * Opens a same-host peer's memory from its IPC handle ({@code cudaIpcOpenMemHandle}): the
     * device file that PE {@code owner} holds open.
     *
     * @throws ResourceException for a handle that is not one, or a file the peer no longer holds
     */
    public static SimMemory open(byte[] handle, long size, int owner) {
        if (handle == null || handle.length != SimMemory.HANDLE_BYTES) {
            throw new ResourceException("PE " + owner + " published a malformed simulated-device IPC handle");
        }
        ByteBuffer h = ByteBuffer.wrap(handle).order(ByteOrder.LITTLE_ENDIAN);
        long fileOffset = h.getLong();
        long address = h.getLong();
        if (fileOffset < 0) {
            throw new ResourceException("PE " + owner + " published a simulated-device handle at offset " + fileOffset);
        }
        MappedFile file = MappedFile.openHeld(HeldFile.Reference.readFrom(h), owner, fileOffset, size);
        return new SimMemory(file.segment(), address, handle.clone(), SimMemory.unmapper(file, () -> { }));
    }
}
