package org.pgas4j.transport.local;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;
import org.pgas4j.Settings;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.MappedMemory;
import org.pgas4j.spi.MessageRingDescriptor;
import org.pgas4j.spi.MessageService;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.RingMessageService;
import org.pgas4j.spi.Transport;

/**
 * The {@code local} transport: PEs are threads of one JVM. Every PE's memory is a shared-arena
 * segment that every thread reaches directly; descriptors are ids into the job's
 * {@link LocalFabric}. Messages travel through the same rings as on {@code shm}
 * ({@link RingMessageService}), in a segment of an automatic arena per PE. It runs the same
 * conformance suite as {@code shm}, so a program can be debugged in an IDE as one process.
 */
final class LocalTransport implements Transport {
    private static final long PAGE = 4096;
    private static final Thread OTHER_THREAD = new Thread(() -> { });

    private final LocalFabric fabric;
    private final Arena controlArena = Arena.ofShared();
    private final MemorySegment control;
    private final RingMessageService messages;
    private volatile boolean closed;

    LocalTransport(LocalFabric fabric, int rank, long controlBytes) {
        this.fabric = fabric;
        this.control = controlArena.allocate(Math.ceilDiv(controlBytes, PAGE) * PAGE, PAGE);
        fabric.setControl(rank, control);
        long ringSize = Settings.AM_RING_SIZE.value();
        // An automatic arena: freed with the job, after the last PE thread let go of it.
        MemorySegment rings = Arena.ofAuto().allocate(MessageRingDescriptor.laneBytes(ringSize), PAGE);
        fabric.setMessages(rank, rings);
        this.messages = new RingMessageService(rank, fabric.size(), ringSize, rings, fabric::messages);
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public MemorySegment localControl() {
        return control;
    }

    @Override
    public RemoteMemory peerControl(int jobRank) {
        return new MappedMemory(fabric.control(jobRank), null);
    }

    @Override
    public long maxSegmentSize() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getFreeMemorySize();
        }
        return Long.MAX_VALUE;
    }

    @Override
    public long allocationGranule() {
        return PAGE;
    }

    @Override
    public LocalMemory allocate(long bytes) {
        Arena arena = Arena.ofShared();
        MemorySegment memory;
        try {
            memory = arena.allocate(bytes, PAGE); // zero-filled
        } catch (OutOfMemoryError e) {
            arena.close();
            throw new ResourceException("cannot allocate a segment of " + bytes + " bytes", e);
        }
        long id = fabric.export(memory);
        return new LocalMemory(memory, descriptor(id), () -> {
            fabric.unexport(id);
            if (arena.scope().isAlive()) {
                arena.close();
            }
        });
    }

    @Override
    public LocalMemory export(MemorySegment clientMemory) {
        if (!clientMemory.isAccessibleBy(OTHER_THREAD)) {
            throw new BadArgumentException("client memory for the local transport must be reachable by every PE "
                    + "thread: allocate it from a shared, automatic or global Arena, not a confined one");
        }
        long id = fabric.export(clientMemory);
        return new LocalMemory(clientMemory, descriptor(id), () -> fabric.unexport(id));
    }

    private static byte[] descriptor(long id) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(id).array();
    }

    @Override
    public RemoteMemory attach(int jobRank, byte[] descriptor, long size) {
        if (descriptor.length != Long.BYTES) {
            throw new ResourceException("malformed segment descriptor from PE " + jobRank);
        }
        long id = ByteBuffer.wrap(descriptor).order(ByteOrder.LITTLE_ENDIAN).getLong();
        MemorySegment memory = fabric.exported(id);
        if (memory == null || memory.byteSize() < size) {
            throw new ResourceException("PE " + jobRank + " published memory " + id + " that is no longer exported");
        }
        return new MappedMemory(memory.asSlice(0, size), null);
    }

    /** {@inheritDoc} Every PE's messages go through rings in memory both map. */
    @Override
    public boolean messagesThroughSharedMemory(int jobRank) {
        return true;
    }

    @Override
    public MessageService messageService() {
        return messages;
    }

    @Override
    public int progress() {
        return messages.progress();
    }

    @Override
    public boolean healthy() {
        return !closed && fabric.healthy();
    }

    @Override
    public String failureReason() {
        return fabric.failure();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            // The control region stays allocated: slower peers may still be leaving their last barrier.
        }
    }
}
