package org.pgas4j.transport.shm;

import org.pgas4j.bootstrap.ShmFiles;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.pgas4j.ResourceException;
import org.pgas4j.Settings;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.bootstrap.HeldFile;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.MappedMemory;
import org.pgas4j.spi.MessageRingDescriptor;
import org.pgas4j.spi.MessageService;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.RingMessageService;
import org.pgas4j.spi.Transport;

/**
 * The {@code shm} transport: PEs are processes on one host. Runtime-allocated memory and control
 * regions live in shared files that every PE maps, so the core reaches them by plain loads,
 * stores and copies; client-allocated memory, which peers cannot map, is reached by cross-memory
 * attach. Every memory operation completes inside its call; progress only delivers messages,
 * which travel through each PE's rings ({@link RingMessageService}) in a shared file of its own,
 * created at open and mapped by a peer on its first message to this PE.
 *
 * <p>No file keeps a name while in use: each is created as {@code pgas4j-<job>-<rank>-<what>},
 * held open by its creator and unlinked at once ({@link HeldFile}); peers open it through the
 * creator's descriptor. Open ends with one bootstrap allgather of where every PE's control and
 * message files are. So the kernel frees every file when the last process mapping it ends, also
 * when every PE of a node is killed with SIGKILL.
 *
 * <p>Descriptors: {@code 'F'} followed by a {@link HeldFile.Reference} (a mapped file), or
 * {@code 'C'} followed by pid, address and length (client memory, little-endian longs).
 */
final class ShmTransport implements Transport {
    private static final long PAGE = 4096;
    private static final byte FILE = 'F';
    private static final byte CLIENT = 'C';

    private final Bootstrap bootstrap;
    private final String jobId;
    private final int rank;
    private final long controlBytes;
    private final SharedFile control;
    private final long messageBytes;
    private final SharedFile messageFile;
    private final RingMessageService messages;
    /** Where every PE's control file is, by job rank (this PE's own included). */
    private final HeldFile.Reference[] controlFiles;
    /** Where every PE's message file is, by job rank. */
    private final HeldFile.Reference[] messageFiles;
    private final List<SharedFile> peerMessageFiles = new ArrayList<>();
    private final AtomicLong fileCounter = new AtomicLong();
    private volatile boolean closed;

    ShmTransport(Bootstrap bootstrap, long controlBytes) {
        this.bootstrap = bootstrap;
        this.jobId = bootstrap.jobId();
        this.rank = bootstrap.rank();
        this.controlBytes = roundUp(controlBytes);
        this.control = SharedFile.create(ShmFiles.file(jobId, rank, "ctl"), this.controlBytes);
        try {
            long ringSize = Settings.AM_RING_SIZE.value();
            this.messageBytes = roundUp(MessageRingDescriptor.laneBytes(ringSize));
            this.messageFile = SharedFile.create(ShmFiles.file(jobId, rank, "am"), messageBytes);
            this.messages = new RingMessageService(rank, bootstrap.size(), ringSize, messageFile.segment(),
                    this::mapPeerMessages);
        } catch (RuntimeException e) {
            control.release();
            throw e;
        }
        try {
            int size = bootstrap.size();
            this.controlFiles = new HeldFile.Reference[size];
            this.messageFiles = new HeldFile.Reference[size];
            ByteBuffer mine = ByteBuffer.allocate(2 * HeldFile.REFERENCE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            control.reference().writeTo(mine);
            messageFile.reference().writeTo(mine);
            byte[][] all = bootstrap.allgather(mine.array());
            for (int j = 0; j < size; j++) {
                if (all[j].length != 2 * HeldFile.REFERENCE_BYTES) {
                    throw new ResourceException("PE " + j + " sent " + all[j].length + " bytes of shm file references, not "
                            + 2 * HeldFile.REFERENCE_BYTES);
                }
                ByteBuffer b = ByteBuffer.wrap(all[j]).order(ByteOrder.LITTLE_ENDIAN);
                controlFiles[j] = HeldFile.Reference.readFrom(b);
                messageFiles[j] = HeldFile.Reference.readFrom(b);
            }
        } catch (RuntimeException e) {
            control.release();
            messageFile.release();
            throw e;
        }
    }

    private MemorySegment mapPeerMessages(int jobRank) {
        SharedFile file = SharedFile.open(messageFiles[jobRank], jobRank, messageBytes);
        synchronized (peerMessageFiles) {
            peerMessageFiles.add(file);
        }
        return file.segment();
    }

    private static long roundUp(long bytes) {
        return Math.ceilDiv(bytes, PAGE) * PAGE;
    }

    @Override
    public String name() {
        return "shm";
    }

    @Override
    public MemorySegment localControl() {
        return control.segment();
    }

    @Override
    public RemoteMemory peerControl(int jobRank) {
        if (jobRank == rank) {
            return new MappedMemory(control.segment(), null);
        }
        SharedFile peer = SharedFile.open(controlFiles[jobRank], jobRank, controlBytes);
        return new MappedMemory(peer.segment(), peer::release);
    }

    @Override
    public long maxSegmentSize() {
        return ShmFiles.largestSegment();
    }

    @Override
    public long allocationGranule() {
        return PAGE;
    }

    @Override
    public LocalMemory allocate(long bytes) {
        Path path = ShmFiles.file(jobId, rank, "s" + fileCounter.incrementAndGet());
        SharedFile file = SharedFile.create(path, bytes);
        ByteBuffer d = ByteBuffer.allocate(1 + HeldFile.REFERENCE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        file.reference().writeTo(d.put(FILE));
        return new LocalMemory(file.segment(), d.array(), file::release);
    }

    @Override
    public LocalMemory export(MemorySegment clientMemory) {
        if (!CrossMemoryAttach.available()) {
            // No cross-memory attach here: an empty descriptor sends peers to the owner (the AM fallback).
            return new LocalMemory(clientMemory, new byte[0], () -> { });
        }
        ByteBuffer d = ByteBuffer.allocate(1 + 3 * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        d.put(CLIENT).putLong(ProcessHandle.current().pid()).putLong(clientMemory.address())
                .putLong(clientMemory.byteSize());
        return new LocalMemory(clientMemory, d.array(), () -> { });
    }

    @Override
    public RemoteMemory attach(int jobRank, byte[] descriptor, long size) {
        if (descriptor.length == 0) {
            throw new ResourceException("empty segment descriptor from PE " + jobRank);
        }
        if (descriptor[0] == FILE && descriptor.length == 1 + HeldFile.REFERENCE_BYTES) {
            HeldFile.Reference ref = HeldFile.Reference.readFrom(
                    ByteBuffer.wrap(descriptor, 1, HeldFile.REFERENCE_BYTES).order(ByteOrder.LITTLE_ENDIAN));
            // Only a file that PE holds: a descriptor is input too.
            if (ref.pid() != controlFiles[jobRank].pid()) {
                throw new ResourceException("PE " + jobRank + " published a segment file of process " + ref.pid()
                        + ", not of its own " + controlFiles[jobRank].pid());
            }
            SharedFile file = SharedFile.open(ref, jobRank, size);
            return new MappedMemory(file.segment(), file::release);
        }
        if (descriptor[0] == CLIENT && descriptor.length == 1 + 3 * Long.BYTES) {
            ByteBuffer d = ByteBuffer.wrap(descriptor, 1, 3 * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            long pid = d.getLong();
            long address = d.getLong();
            long length = d.getLong();
            if (length < size) {
                throw new ResourceException("PE " + jobRank + " published " + size + " bytes over " + length);
            }
            return new CmaMemory((int) pid, address, size);
        }
        throw new ResourceException("unknown segment descriptor type " + descriptor[0] + " from PE " + jobRank);
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
        return !closed && bootstrap.healthy();
    }

    @Override
    public String failureReason() {
        return bootstrap.failureReason();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            control.release();
            messageFile.release();
            synchronized (peerMessageFiles) {
                peerMessageFiles.forEach(SharedFile::release);
            }
        }
    }
}
