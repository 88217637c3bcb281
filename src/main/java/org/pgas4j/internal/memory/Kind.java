package org.pgas4j.internal.memory;

import org.pgas4j.internal.access.Access;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.KindRules;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.ResourceException;
import org.pgas4j.internal.kinds.DeviceMemory;
import org.pgas4j.internal.kinds.DeviceRuntime;
import org.pgas4j.internal.kinds.FileLink;
import org.pgas4j.internal.kinds.MappedFile;
import org.pgas4j.internal.kinds.NativeDevice;
import org.pgas4j.internal.kinds.ProcMaps;
import org.pgas4j.internal.kinds.SimDevice;

/**
 * The one implementation of {@link MemoryKind}: the class's rules and how it allocates and wraps
 * segment memory. Host segments themselves are the transport's business ({@link Client}); this
 * class covers FILE and the device classes.
 */
public final class Kind implements MemoryKind {
    private static final Access.ClientAccess CLIENTS = Access.clients();
    private static final Access.DeviceBufferAccess DEVICE_BUFFERS = Access.deviceBuffers();
    public static final KindRules HOST_RULES = new KindRules(1, 1, true, true, true, false, true);
    public static final KindRules FILE_RULES = new KindRules(1, 1, true, true, true, true, true);
    public static final KindRules DEVICE_SIM_RULES = new KindRules(SimDevice.ALIGNMENT, 1, true, true, false, false, true);
    /** The rules of the native device classes (CUDA_UVA, HIP, ZE): RMA by copies, no atomics, no load/store. */
    public static final KindRules NATIVE_DEVICE_RULES = new KindRules(1, 1, true, false, false, false, true);

    public static final Kind HOST = new Kind(null, 0, MemoryKindClass.HOST, null, HOST_RULES, null, null);

    private final Client client;
    private final int id;
    private final MemoryKindClass kindClass;
    private final MemoryKindSpec spec;
    private final KindRules rules;
    private final SimDevice sim;
    private final NativeDevice device;
    private final AtomicInteger liveSegments = new AtomicInteger();
    private final Set<DeviceBuffer> buffers = ConcurrentHashMap.newKeySet();
    private volatile boolean destroyed;

    private Kind(Client client, int id, MemoryKindClass kindClass, MemoryKindSpec spec, KindRules rules, SimDevice sim,
                 NativeDevice device) {
        this.client = client;
        this.id = id;
        this.kindClass = kindClass;
        this.spec = spec;
        this.rules = rules;
        this.sim = sim;
        this.device = device;
    }

    /** Creates a kind from {@code spec} for {@code client} ({@code gex_MK_Create}). */
    public static Kind create(Client client, int id, MemoryKindSpec spec) {
        return switch (spec) {
            case MemoryKindSpec.File f -> new Kind(client, id, MemoryKindClass.FILE, f, FILE_RULES, null, null);
            case MemoryKindSpec.DeviceSim d -> new Kind(client, id, MemoryKindClass.DEVICE_SIM, d, DEVICE_SIM_RULES,
                    CLIENTS.kinds(client).simDevice(d.device()), null);
            case MemoryKindSpec.CudaUva c -> new Kind(client, id, MemoryKindClass.CUDA_UVA, c, NATIVE_DEVICE_RULES, null,
                    DeviceRuntime.CUDA.open(c.device(), where(client)));
            case MemoryKindSpec.Hip h -> new Kind(client, id, MemoryKindClass.HIP, h, NATIVE_DEVICE_RULES, null,
                    DeviceRuntime.HIP.open(h.device(), where(client)));
            case MemoryKindSpec.Ze z -> new Kind(client, id, MemoryKindClass.ZE, z, NATIVE_DEVICE_RULES, null,
                    DeviceRuntime.ZE.open(z.device(), z.context(), z.memoryOrdinal(), where(client)));
        };
    }

    private static String where(Client client) {
        return "createMemoryKind on PE " + client.jobRank();
    }

    @Override
    public String className() {
        return kindClass.name();
    }

    @Override
    public MemoryKindClass kindClass() {
        return kindClass;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public Optional<MemoryKindSpec> spec() {
        return Optional.ofNullable(spec);
    }

    @Override
    public KindRules rules() {
        return rules;
    }

    @Override
    public boolean isDevice() {
        return sim != null || device != null;
    }

    public Client client() {
        return client;
    }

    // ---------------------------------------------------------------- segments

    /** Runtime-allocated memory of {@code length} bytes for a segment on PE {@code rank}. */
    public SegmentMemory allocateSegment(long length) {
        checkLive("createSegment");
        if (isDevice()) {
            DeviceMemory m = allocateDevice(length);
            return SegmentMemory.ofDevice(m, m::release);
        }
        MemoryKindSpec.File f = (MemoryKindSpec.File) spec;
        boolean exists = Files.exists(f.path());
        if (f.mode() == MemoryKindSpec.FileMode.CREATE && exists) {
            throw new BadArgumentException("createSegment on PE " + client.jobRank() + ": FILE kind " + id + " is to "
                    + "create " + f.path() + ", which exists (use FileMode.OPEN or CREATE_OR_OPEN)");
        }
        if (f.mode() == MemoryKindSpec.FileMode.OPEN && !exists) {
            throw new BadArgumentException("createSegment on PE " + client.jobRank() + ": FILE kind " + id + " is to "
                    + "open " + f.path() + ", which does not exist");
        }
        MappedFile file;
        try {
            file = MappedFile.map(f.path(), 0, length, f.mode() != MemoryKindSpec.FileMode.OPEN,
                    f.mode() != MemoryKindSpec.FileMode.OPEN);
        } catch (ResourceException e) {
            if (f.mode() == MemoryKindSpec.FileMode.OPEN) {
                throw new BadArgumentException("createSegment on PE " + client.jobRank() + ": " + e.getMessage());
            }
            throw e;
        }
        FileLink.Published link;
        try {
            link = FileLink.publish(f.path(), 0);
        } catch (RuntimeException e) {
            file.release();
            throw e;
        }
        return SegmentMemory.ofHost(file.segment(), link.descriptor(), () -> {
            file.release();
            link.unlink();
        });
    }

    /**
     * Client memory for a segment of a host-addressable kind: for FILE, a shared, writable mapping
     * of this kind's file, found in {@code /proc/self/maps}.
     */
    public SegmentMemory wrapMapping(MemorySegment memory) {
        checkLive("createSegment");
        Path path = ((MemoryKindSpec.File) spec).path();
        ProcMaps.Mapping m = ProcMaps.of(memory.address()).orElse(null);
        String where = "createSegment on PE " + client.jobRank() + ": memory at 0x" + Long.toHexString(memory.address());
        if (m == null || m.file().isEmpty() || !sameFile(m.file().get(), path)) {
            throw new BadArgumentException(where + " is not a mapping of " + path + ", the file of FILE kind " + id
                    + (m != null && m.file().isPresent() ? " (it maps " + m.file().get() + ")" : ""));
        }
        if (!m.shared() || !m.writable()) {
            throw new BadArgumentException(where + " is a " + (m.shared() ? "read-only" : "private") + " mapping of "
                    + path + "; a FILE segment needs a shared, writable one (FileChannel.MapMode.READ_WRITE)");
        }
        if (Long.compareUnsigned(memory.address() + memory.byteSize(), m.end()) > 0) {
            throw new BadArgumentException(where + " with length " + memory.byteSize() + " runs past its mapping");
        }
        FileLink.Published link = FileLink.publish(path, m.fileOffset());
        return SegmentMemory.ofHost(memory, link.descriptor(), link::unlink);
    }

    /** Client device memory {@code [address, address + length)} for a segment. */
    public SegmentMemory wrapDevice(long address, long length) {
        checkLive("createSegment");
        String where = "createSegment on PE " + client.jobRank() + ": ";
        if (length <= 0) {
            throw new BadArgumentException(where + "length " + length + " of device memory must be positive");
        }
        if (address % rules.addressAlignment() != 0 || length % rules.lengthAlignment() != 0) {
            throw new BadArgumentException(where + "device address 0x" + Long.toHexString(address) + " and length "
                    + length + " break the rules of " + this + ": the address must be a multiple of "
                    + rules.addressAlignment() + " and the length of " + rules.lengthAlignment());
        }
        DeviceMemory m = sim != null ? sim.viewOf(address, length) : device.wrap(address, length);
        return SegmentMemory.ofDevice(m, () -> { });
    }

    public void segmentCreated() {
        liveSegments.incrementAndGet();
    }

    public void segmentDestroyed() {
        liveSegments.decrementAndGet();
    }

    // ---------------------------------------------------------------- device buffers

    @Override
    public DeviceBuffer allocate(long bytes) {
        checkLive("allocate");
        if (!isDevice()) {
            throw new BadArgumentException("allocate on PE " + client().jobRank() + ": " + this + " is not a device kind; "
                    + "allocate host memory from an Arena");
        }
        if (bytes <= 0) {
            throw new BadArgumentException("allocate on PE " + client.jobRank() + ": length " + bytes
                    + " must be positive");
        }
        DeviceBuffer b = DEVICE_BUFFERS.create(this, allocateDevice(bytes));
        buffers.add(b);
        return b;
    }

    /** The live buffer of this kind whose range holds {@code address}, or null (CUDA memory from elsewhere). */
    public DeviceBuffer bufferHolding(long address) {
        for (DeviceBuffer b : buffers) {
            if (address - b.address() >= 0 && address - b.address() < b.length()) {
                return b;
            }
        }
        return null;
    }

    private DeviceMemory allocateDevice(long bytes) {
        return sim != null ? sim.allocate(bytes) : device.allocate(bytes);
    }

    public void free(DeviceBuffer b) {
        if (b.isFreed()) {
            throw new IllegalStateException("free: " + b + " was already freed");
        }
        if (CLIENTS.segmentUses(client, b)) {
            throw new BadArgumentException("free on PE " + client.jobRank() + ": " + b + " holds a live segment; "
                    + "destroy the segment first");
        }
        DEVICE_BUFFERS.markFreed(b);
        buffers.remove(b);
        DEVICE_BUFFERS.memory(b).release();
    }

    // ---------------------------------------------------------------- destroy

    @Override
    public void destroy() {
        if (this == HOST) {
            throw new BadArgumentException("destroy: the predefined HOST kind cannot be destroyed");
        }
        checkLive("destroy");
        if (liveSegments.get() > 0 || !buffers.isEmpty()) {
            throw new BadArgumentException("destroy on PE " + client.jobRank() + ": " + this + " still has "
                    + liveSegments.get() + " live segment(s) and " + buffers.size() + " device buffer(s)");
        }
        destroyed = true;
        if (device != null) {
            device.close();
        }
        CLIENTS.kinds(client).destroyed(this);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    /** Frees what is left at client close. */
    public void releaseAtClose() {
        for (DeviceBuffer b : buffers) {
            DEVICE_BUFFERS.markFreed(b);
            DEVICE_BUFFERS.memory(b).release();
        }
        buffers.clear();
        if (!destroyed && device != null) {
            device.close();
        }
        destroyed = true;
    }

    public void checkLive(String op) {
        if (destroyed) {
            throw new BadArgumentException(op + ": " + this + " was destroyed");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        if (this == HOST) {
            return "HOST";
        }
        return kindClass + "#" + id + "[" + spec + "]";
    }
}
