package org.pgas4j.gaspi;

import java.lang.foreign.MemorySegment;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Segment;

/**
 * The segment procedures of {@link Gaspi} ({@code gaspi_segment_*}, with seed 003's bind and use):
 * making segments ({@link SegmentMaker}), their notification areas ({@link Management}),
 * registering them with peers ({@link Registration}), and the table of this rank's segments
 * ({@link SegmentTable}).
 */
abstract sealed class GaspiSegmentProcedures extends GaspiGroupProcedures permits Gaspi {
    final Management management;
    final SegmentTable table;
    final SegmentMaker maker;
    final Registration registration;
    final OneSided oneSided;

    GaspiSegmentProcedures(Groups groups, GroupCollectives collectives, int rank, int ranks, Management management,
                           SegmentTable table, SegmentMaker maker, Registration registration, OneSided oneSided) {
        super(groups, collectives, rank, ranks);
        this.management = management;
        this.table = table;
        this.maker = maker;
        this.registration = registration;
        this.oneSided = oneSided;
    }

    /** {@code gaspi_segment_alloc}: GASPI allocates {@code size} bytes as local segment {@code id}. */
    public void segmentAlloc(int id, long size, AllocPolicy policy) {
        checkOpen("segmentAlloc");
        LocalSegment s = maker.allocate(id, size, policy == AllocPolicy.INITIALIZED);
        management.clearArea(s.area());
    }

    /**
     * Seed 003's {@code gaspi_segment_bind}: makes {@code size} bytes of host memory the
     * application owns ({@link MemoryDescription#HOST} or a {@link MemoryDescription.File}
     * mapping) local segment {@code id}, with every capability of an allocated one. Local; the
     * memory is not written. Each violated restriction has its own code: SEGMENT_ID_OUT_OF_RANGE,
     * SEGMENT_ID_IN_USE, TOO_MANY_SEGMENTS, INVALID_SIZE, MEMORY_DESCRIPTION_MISMATCH,
     * MEMORY_NOT_NATIVE, MEMORY_CONFINED, MEMORY_READ_ONLY, MEMORY_TOO_SMALL, MEMORY_NOT_ALIGNED
     * (8 bytes; a page for FILE), SIZE_NOT_A_MULTIPLE_OF_PAGESIZE (FILE), MEMORY_IN_USE (overlaps a
     * bound segment), MEMORY_NOT_A_FILE_MAPPING, UNSUPPORTED_MEMORY_DESCRIPTION.
     */
    public void segmentBind(int id, MemoryDescription description, MemorySegment memory, long size) {
        checkOpen("segmentBind");
        LocalSegment s = maker.bind(id, description, memory, size);
        management.clearArea(s.area());
    }

    /**
     * Seed 003's {@code gaspi_segment_bind} of device memory ({@link MemoryDescription.DeviceSim},
     * {@link MemoryDescription.Cuda}) at {@code address}, for example a buffer of
     * {@code deviceAllocate}. CUDA without a usable device is UNSUPPORTED_MEMORY_DESCRIPTION,
     * with the reason.
     */
    public void segmentBind(int id, MemoryDescription description, long address, long size) {
        checkOpen("segmentBind");
        LocalSegment s = maker.bind(id, description, address, size);
        management.clearArea(s.area());
    }

    /** Device memory of a device description, owned by the application, to bind with {@code segmentBind(int, MemoryDescription, long, long)}. */
    public DeviceBuffer deviceAllocate(MemoryDescription description, long bytes) {
        checkOpen("deviceAllocate");
        return maker.deviceAllocate(description, bytes);
    }

    /** {@code gaspi_segment_register}: makes local segment {@code id} known to {@code rank}, so that it can access it. */
    public GaspiReturn segmentRegister(int id, int rank, long timeout) {
        checkOpen("segmentRegister");
        oneSided.checkRank("segmentRegister", rank);
        return registration.register(id, rank, timeout);
    }

    /**
     * {@code gaspi_segment_create}: collective over {@code group}: alloc, register with every
     * member, barrier. On TIMEOUT call again with the same arguments.
     */
    public GaspiReturn segmentCreate(int id, long size, int group, long timeout, AllocPolicy policy) {
        checkOpen("segmentCreate");
        groups.member("segmentCreate", group);
        if (!resuming(id)) {
            segmentAlloc(id, size, policy);
        }
        return registration.registerWithGroup(table.get("segmentCreate", id), group, timeout, "segmentCreate");
    }

    /**
     * Seed 003's {@code gaspi_segment_use}: collective over {@code group}: bind, then connect and
     * register with every member, then barrier, the timeout shared by all steps (the seed's
     * pseudo code). On TIMEOUT call again with the same arguments: the bind is not repeated.
     */
    public GaspiReturn segmentUse(int id, MemoryDescription description, MemorySegment memory, long size, int group,
                                  long timeout) {
        checkOpen("segmentUse");
        groups.member("segmentUse", group);
        if (!resuming(id)) {
            segmentBind(id, description, memory, size);
        }
        return registration.registerWithGroup(table.get("segmentUse", id), group, timeout, "segmentUse");
    }

    /** {@code segmentUse(int, MemoryDescription, MemorySegment, long, int, long)} for device memory at {@code address}. */
    public GaspiReturn segmentUse(int id, MemoryDescription description, long address, long size, int group,
                                  long timeout) {
        checkOpen("segmentUse");
        groups.member("segmentUse", group);
        if (!resuming(id)) {
            segmentBind(id, description, address, size);
        }
        return registration.registerWithGroup(table.get("segmentUse", id), group, timeout, "segmentUse");
    }

    private boolean resuming(int id) {
        SegmentTable.checkId("segment", id);
        return table.find(id) != null && registration.pending(id);
    }

    /**
     * {@code gaspi_segment_delete}, as seed 003 clarifies it: releases what GASPI acquired for
     * segment {@code id} (its endpoint binding, its notification area, memory GASPI allocated);
     * memory the application bound stays its own, unchanged and usable. Local.
     */
    public void segmentDelete(int id) {
        checkOpen("segmentDelete");
        table.get("segmentDelete", id);
        LocalSegment s = table.remove(id);
        table.registered(myRank, id, null);
        registration.forget(id);
        maker.release(s);
    }

    /** {@code gaspi_segment_num}. */
    public int segmentNum() {
        return table.count();
    }

    /** {@code gaspi_segment_list}: the ids of this rank's segments, ascending. */
    public int[] segmentList() {
        return table.ids().stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code gaspi_segment_max}. */
    public int segmentMax() {
        return table.max();
    }

    /**
     * {@code gaspi_segment_ptr}: the segment's memory, for local loads and stores.
     *
     * @throws GaspiException NOT_HOST_ADDRESSABLE for device memory (use RMA or the kind's copies)
     */
    public MemorySegment segmentPtr(int id) {
        checkOpen("segmentPtr");
        LocalSegment s = table.get("segmentPtr", id);
        if (s.view() == null) {
            throw new GaspiException(GaspiError.NOT_HOST_ADDRESSABLE, "segmentPtr: segment " + id + " is "
                    + s.core().kind() + " memory, which has no host pointer");
        }
        return s.view();
    }

    /** {@code gaspi_segment_size}. */
    public long segmentSize(int id) {
        return table.get("segmentSize", id).size();
    }

    /** The description a segment was bound with ({@link MemoryDescription#HOST} for allocated ones). */
    public MemoryDescription segmentDescription(int id) {
        return table.get("segmentDescription", id).description();
    }

    /** The pgas4j segment under GASPI segment {@code id}, for mixing GASPI with the core API. */
    public Segment coreSegment(int id) {
        return table.get("coreSegment", id).core();
    }
}
