package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.ResourceException;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Turns a segment request into a pgas4j segment bound to an endpoint of its own and published:
 * {@code gaspi_segment_alloc} (runtime memory) and seed 003's {@code gaspi_segment_bind} (the
 * application's memory, checked against one restriction at a time, each with its own
 * {@link GaspiError}). Never writes a byte of the application's memory.
 */
final class SegmentMaker {
    /** The address alignment every host segment needs: 8, so that atomics reach any aligned word. */
    static final long HOST_ALIGNMENT = 8;
    /** A thread that is not the caller: memory it may not access is confined to its owner. */
    private static final Thread PROBE = Thread.ofVirtual().unstarted(() -> { });

    private final Client client;
    private final Team self;
    private final SegmentTable table;
    private final Map<MemoryDescription, MemoryKind> deviceKinds = new HashMap<>();

    SegmentMaker(Client client, Team self, SegmentTable table) {
        this.client = client;
        this.self = self;
        this.table = table;
    }

    /** {@code gaspi_segment_alloc}: runtime-allocated host memory, zeroed when {@code initialized}. */
    LocalSegment allocate(int id, long size, boolean initialized) {
        String op = "segmentAlloc";
        table.checkFree(op, id);
        checkSize(op, size);
        Segment s;
        try {
            s = client.createSegment(MemoryKind.HOST, size);
        } catch (BadArgumentException | ResourceException e) {
            throw new GaspiException(GaspiError.CORE_REFUSED, op + " of " + size + " bytes: " + e.getMessage(), e);
        }
        if (initialized) {
            s.memory().fill((byte) 0);
        }
        return publish(op, id, s, false, MemoryDescription.HOST, null, size);
    }

    /** Seed 003's {@code gaspi_segment_bind} of host-addressable memory (HOST, FILE). */
    LocalSegment bind(int id, MemoryDescription d, MemorySegment memory, long size) {
        String op = "segmentBind";
        table.checkFree(op, id);
        checkSize(op, size);
        if (d == null) {
            throw new GaspiException(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION, op + ": the memory description is null");
        }
        if (d instanceof MemoryDescription.DeviceSim || d instanceof MemoryDescription.Cuda) {
            checkDeviceUsable(op, d);
            throw new GaspiException(GaspiError.MEMORY_DESCRIPTION_MISMATCH, op + ": " + d + " is device memory, which "
                    + "is not host addressable; bind it by device address (segmentBind(id, description, address, size))");
        }
        if (memory == null) {
            throw new GaspiException(GaspiError.MEMORY_TOO_SMALL, op + ": memory is null");
        }
        if (!memory.isNative()) {
            throw new GaspiException(GaspiError.MEMORY_NOT_NATIVE, op + ": the memory of segment " + id + " is on the "
                    + "Java heap; peers cannot reach it. Allocate it from an Arena (native memory)");
        }
        if (!memory.isAccessibleBy(PROBE)) {
            throw new GaspiException(GaspiError.MEMORY_CONFINED, op + ": the memory of segment " + id + " belongs to a "
                    + "confined arena, which only its owner thread may touch; the runtime reaches segments from other "
                    + "threads. Allocate it from Arena.ofShared(), Arena.ofAuto() or Arena.global()");
        }
        if (memory.isReadOnly()) {
            throw new GaspiException(GaspiError.MEMORY_READ_ONLY, op + ": the memory of segment " + id + " is read-only");
        }
        if (memory.byteSize() < size) {
            throw new GaspiException(GaspiError.MEMORY_TOO_SMALL, op + ": segment " + id + " of " + size + " bytes, but "
                    + "the memory provided has only " + memory.byteSize());
        }
        boolean file = d instanceof MemoryDescription.File;
        long alignment = file ? PageSize.BYTES : HOST_ALIGNMENT;
        if (memory.address() % alignment != 0) {
            throw new GaspiException(GaspiError.MEMORY_NOT_ALIGNED, op + ": the memory of segment " + id + " starts at 0x"
                    + Long.toHexString(memory.address()) + ", not a multiple of " + alignment + " as " + (file
                    ? "a FILE segment (a page)" : "host memory") + " requires");
        }
        if (file && size % PageSize.BYTES != 0) {
            throw new GaspiException(GaspiError.SIZE_NOT_A_MULTIPLE_OF_PAGESIZE, op + ": FILE segment " + id + " of "
                    + size + " bytes is not a multiple of the page size " + PageSize.BYTES);
        }
        MemorySegment view = memory.asSlice(0, size);
        checkNoOverlap(op, id, view);
        MemoryKind kind = MemoryKind.HOST;
        if (file) {
            try {
                kind = client.createMemoryKind(new MemoryKindSpec.File(((MemoryDescription.File) d).path(),
                        MemoryKindSpec.FileMode.OPEN));
            } catch (BadArgumentException | ResourceException e) {
                throw new GaspiException(GaspiError.MEMORY_NOT_A_FILE_MAPPING, op + ": segment " + id + ": "
                        + e.getMessage(), e);
            }
        }
        Segment s;
        try {
            s = client.createSegment(kind, view);
        } catch (BadArgumentException | ResourceException e) {
            if (file) {
                kind.destroy();
            }
            throw new GaspiException(file ? GaspiError.MEMORY_NOT_A_FILE_MAPPING : GaspiError.CORE_REFUSED,
                    op + ": segment " + id + ": " + e.getMessage(), e);
        }
        return publish(op, id, s, true, d, file ? kind : null, size);
    }

    /** Seed 003's {@code gaspi_segment_bind} of device memory (DEVICE_SIM, CUDA) by address. */
    LocalSegment bind(int id, MemoryDescription d, long address, long size) {
        String op = "segmentBind";
        table.checkFree(op, id);
        checkSize(op, size);
        if (!(d instanceof MemoryDescription.DeviceSim || d instanceof MemoryDescription.Cuda)) {
            throw new GaspiException(GaspiError.MEMORY_DESCRIPTION_MISMATCH, op + ": " + d + " is host memory; bind it "
                    + "as a MemorySegment (segmentBind(id, description, memory, size))");
        }
        MemoryKind kind = deviceKind(op, d);
        long alignment = kind.rules().addressAlignment();
        if (address % alignment != 0) {
            throw new GaspiException(GaspiError.MEMORY_NOT_ALIGNED, op + ": device address 0x" + Long.toHexString(address)
                    + " of segment " + id + " is not a multiple of " + alignment + " as " + d + " requires");
        }
        Segment s;
        try {
            s = client.createSegment(kind, address, size);
        } catch (BadArgumentException | ResourceException e) {
            throw new GaspiException(GaspiError.MEMORY_TOO_SMALL, op + ": segment " + id + ": " + e.getMessage(), e);
        }
        return publish(op, id, s, true, d, null, size);
    }

    /** Device memory the application may bind: a buffer of the description's device. */
    DeviceBuffer deviceAllocate(MemoryDescription d, long bytes) {
        return deviceKind("deviceAllocate", d).allocate(bytes);
    }

    /** The memory kind of a device description, made once per description. */
    MemoryKind deviceKind(String op, MemoryDescription d) {
        checkDeviceUsable(op, d);
        MemoryKind k = deviceKinds.get(d);
        if (k == null) {
            MemoryKindSpec spec = d instanceof MemoryDescription.DeviceSim sim ? new MemoryKindSpec.DeviceSim(sim.device())
                    : new MemoryKindSpec.CudaUva(((MemoryDescription.Cuda) d).device());
            try {
                k = client.createMemoryKind(spec);
            } catch (BadArgumentException | ResourceException e) {
                throw new GaspiException(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION, op + ": " + d + ": " + e.getMessage(), e);
            }
            deviceKinds.put(d, k);
        }
        return k;
    }

    private static void checkDeviceUsable(String op, MemoryDescription d) {
        MemoryKindClass c = d instanceof MemoryDescription.Cuda ? MemoryKindClass.CUDA_UVA
                : d instanceof MemoryDescription.DeviceSim ? MemoryKindClass.DEVICE_SIM : null;
        if (c == null) {
            throw new GaspiException(GaspiError.MEMORY_DESCRIPTION_MISMATCH, op + ": " + d + " is not device memory");
        }
        c.unavailableReason().ifPresent(why -> {
            throw new GaspiException(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION, op + ": " + d + " cannot be used on this "
                    + "host: " + why);
        });
    }

    private void checkNoOverlap(String op, int id, MemorySegment view) {
        for (int other : table.ids()) {
            LocalSegment o = table.find(other);
            if (!o.userMemory() || !o.core().kind().rules().directLoadStore()) {
                continue;
            }
            MemorySegment m = o.core().memory();
            long a = view.address();
            long b = m.address();
            if (a < b + m.byteSize() && b < a + view.byteSize()) {
                throw new GaspiException(GaspiError.MEMORY_IN_USE, op + ": the memory of segment " + id + " overlaps "
                        + "segment " + other + " of rank " + client.jobRank() + "; bind each byte at most once");
            }
        }
    }

    private static void checkSize(String op, long size) {
        if (size <= 0) {
            throw new GaspiException(GaspiError.INVALID_SIZE, op + ": size " + size + " must be positive");
        }
    }

    /** Binds {@code s} to a new endpoint, publishes it, and enters it into the table. */
    private LocalSegment publish(String op, int id, Segment s, boolean user, MemoryDescription d, MemoryKind ownKind,
                                 long size) {
        Endpoint ep;
        try {
            ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                    EnumSet.noneOf(AccelerationHint.class));
        } catch (ResourceException e) {
            s.destroy();
            if (ownKind != null) {
                ownKind.destroy();
            }
            throw new GaspiException(GaspiError.TOO_MANY_SEGMENTS, op + ": segment " + id + ": every segment takes an "
                    + "endpoint of its own and endpoints are not reused; raise pgas4j.endpoints.max (" + e.getMessage()
                    + ")", e);
        }
        ep.bindSegment(s);
        self.publishBoundSegments(ep);
        MemorySegment view = s.kind().rules().directLoadStore() ? s.memory().asSlice(0, size) : null;
        LocalSegment l = new LocalSegment(id, s, ep, table.takeArea(), user, d, ownKind, size, view);
        table.put(l);
        table.registered(client.jobRank(), id, new RemoteSegment(ep.index(), size, l.area()));
        return l;
    }

    /** Destroys deleted segment {@code l}'s pgas4j segment (user memory stays as it is) and its own kind. */
    void release(LocalSegment l) {
        l.core().destroy();
        if (l.ownKind() != null) {
            l.ownKind().destroy();
        }
    }

    /** Destroys the device kinds made for descriptions (at close, after every segment). */
    void close() {
        deviceKinds.clear();
    }
}
