package org.pgas4j.transport.hybrid;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.pgas4j.ResourceException;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.MessageService;
import org.pgas4j.spi.MessageSink;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The {@code hybrid} transport: the {@code shm} transport among the PEs of this host and the
 * {@code ucx} transport to the PEs of other hosts, chosen per peer at open from the hosts the
 * launcher placed the PEs on (the bootstrap's node index, so that network namespaces standing in
 * for hosts count as hosts).
 *
 * <p><b>One memory, two ways in.</b> The control region is a shared file that same-host peers map
 * and that UCX registers for the others (with UCX's key area behind the core's part). Every
 * runtime-allocated segment is a shared file registered with UCX too, published with a
 * {@link HybridDescriptor} holding both transports' descriptors; a peer takes the part that
 * matches where it runs. Client memory is exported both ways (cross-memory attach and UCX
 * registration); same-host peers fall back to UCX where cross-memory attach is missing.
 *
 * <p><b>Messages</b> to a same-host peer go through the shm rings, to others as UCX active
 * messages; progress and polling serve both. <b>Atomics</b>: same-host peers update mapped memory
 * with the processor's atomic instructions, remote peers with UCX's atomics, which over the tcp
 * and shared-memory transports are performed at the target with the same instructions (the same
 * promise the {@code ucx} transport alone makes).
 */
final class HybridTransport implements Transport {
    private final Bootstrap bootstrap;
    private final int rank;
    private final long controlBytes;
    private final boolean[] sameHost;
    private final Transport shm;
    private final Transport ucx;
    private final ReleaseQuarantine quarantine = new ReleaseQuarantine(ReleaseQuarantine.DEFAULT_BYTES);
    private volatile boolean closed;

    /** The shm part's messages, whose doorbell this PE's threads sleep on. */
    private final MessageService shmMessages;
    /** The ucx part's messages, which ring that doorbell too. */
    private final MessageService ucxMessages;

    private HybridTransport(Bootstrap bootstrap, long controlBytes, boolean[] sameHost, Transport shm, Transport ucx) {
        this.bootstrap = bootstrap;
        this.rank = bootstrap.rank();
        this.controlBytes = controlBytes;
        this.sameHost = sameHost;
        this.shm = shm;
        this.ucx = ucx;
        this.shmMessages = shm.messageService();
        this.ucxMessages = ucx.messageService();
        // One sleep hears both parts: a message from another host rings the shm part's doorbell too.
        ucxMessages.alsoRing(shmMessages.doorbell());
    }

    /**
     * Opens this PE's side (collective: a bootstrap allgather of host indices, then the ucx
     * transport's own).
     *
     * @param bootstrap the PE's start-up channel
     * @param controlBytes the control region the core asked for
     * @param shmProvider opens the shm transport with a control region of the given size
     * @param ucxOpener opens the ucx transport over a given control region
     * @param controlRegionBytes the shared control file's size: the core's part and UCX's key area
     */
    static HybridTransport open(Bootstrap bootstrap, long controlBytes, ShmOpener shmProvider, UcxOpener ucxOpener,
                                long controlRegionBytes) {
        boolean[] sameHost = sameHostPeers(bootstrap);
        Transport shm = shmProvider.open(bootstrap, controlRegionBytes);
        try {
            boolean[] otherHosts = new boolean[sameHost.length];
            for (int j = 0; j < otherHosts.length; j++) {
                otherHosts[j] = !sameHost[j];
            }
            Transport ucx = ucxOpener.open(bootstrap, controlBytes, shm.localControl(), otherHosts);
            return new HybridTransport(bootstrap, controlBytes, sameHost, shm, ucx);
        } catch (RuntimeException | Error e) {
            shm.close();
            throw e;
        }
    }

    /** Opens the shm part. */
    @FunctionalInterface
    interface ShmOpener {
        /** Opens it with a control region of {@code controlRegionBytes}. */
        Transport open(Bootstrap bootstrap, long controlRegionBytes);
    }

    /** Opens the ucx part. */
    @FunctionalInterface
    interface UcxOpener {
        /**
         * Opens it over {@code control}, of which the core uses the first {@code controlBytes},
         * connecting only to the PEs {@code reach} marks.
         */
        Transport open(Bootstrap bootstrap, long controlBytes, MemorySegment control, boolean[] reach);
    }

    /** Which PEs run on this PE's host, from every PE's host index (one bootstrap allgather). */
    private static boolean[] sameHostPeers(Bootstrap bootstrap) {
        int mine = bootstrap.location().node();
        byte[][] all = bootstrap.allgather(ByteBuffer.allocate(Integer.BYTES).putInt(mine).array());
        boolean[] same = new boolean[all.length];
        for (int j = 0; j < all.length; j++) {
            same[j] = ByteBuffer.wrap(all[j]).getInt() == mine;
        }
        return same;
    }

    private Transport to(int jobRank) {
        return sameHost[jobRank] ? shm : ucx;
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    public MemorySegment localControl() {
        return shm.localControl().asSlice(0, controlBytes);
    }

    @Override
    public RemoteMemory peerControl(int jobRank) {
        return to(jobRank).peerControl(jobRank);
    }

    @Override
    public long maxSegmentSize() {
        return shm.maxSegmentSize();
    }

    @Override
    public long allocationGranule() {
        return shm.allocationGranule();
    }

    @Override
    public LocalMemory allocate(long bytes) {
        LocalMemory file = shm.allocate(bytes);
        LocalMemory registered;
        try {
            registered = ucx.export(file.segment());
        } catch (RuntimeException e) {
            file.release();
            throw e;
        }
        if (registered.descriptor().length == 0) {
            registered.release();
            file.release();
            throw new ResourceException("UCX could not register a " + bytes + "-byte shared segment of PE " + rank
                    + " for the peers on other hosts");
        }
        byte[] descriptor;
        try {
            descriptor = new HybridDescriptor(file.descriptor(), registered.descriptor()).encode();
        } catch (RuntimeException e) {
            registered.release();
            file.release();
            throw e;
        }
        long size = file.segment().byteSize();
        return new LocalMemory(file.segment(), descriptor, () -> {
            registered.release();
            quarantine.add(size, file::release);
        });
    }

    @Override
    public LocalMemory export(MemorySegment clientMemory) {
        LocalMemory attachable = shm.export(clientMemory);
        LocalMemory registered = ucx.export(clientMemory);
        Runnable release = () -> {
            registered.release();
            attachable.release();
        };
        if (registered.descriptor().length == 0) {
            // Peers on other hosts can only go through this PE: so do all (the AM fallback).
            return new LocalMemory(clientMemory, new byte[0], release);
        }
        byte[] descriptor;
        try {
            descriptor = new HybridDescriptor(attachable.descriptor(), registered.descriptor()).encode();
        } catch (RuntimeException e) {
            release.run();
            throw e;
        }
        return new LocalMemory(clientMemory, descriptor, release);
    }

    @Override
    public RemoteMemory attach(int jobRank, byte[] descriptor, long size) {
        HybridDescriptor d = HybridDescriptor.decode(descriptor, jobRank);
        if (sameHost[jobRank] && d.shm().length > 0) {
            return shm.attach(jobRank, d.shm(), size);
        }
        if (d.ucx().length == 0) {
            throw new ResourceException("PE " + jobRank + " published a segment without a UCX part");
        }
        return ucx.attach(jobRank, d.ucx(), size);
    }

    @Override
    public int progress() {
        return shm.progress() + ucx.progress();
    }

    @Override
    public void flushImplicit() {
        ucx.flushImplicit(); // the shm part's puts are complete when issued
    }

    @Override
    public void setMessageSink(MessageSink sink) {
        shm.setMessageSink(sink);
        ucx.setMessageSink(sink);
    }

    @Override
    public int maxMessageLength(int jobRank, int lane) {
        return to(jobRank).maxMessageLength(jobRank, lane);
    }

    @Override
    public long claimMessage(int jobRank, int lane, int headerLength, int payloadLength) {
        return to(jobRank).claimMessage(jobRank, lane, headerLength, payloadLength);
    }

    @Override
    public MemorySegment messageBuffer(int jobRank, int lane) {
        return to(jobRank).messageBuffer(jobRank, lane);
    }

    @Override
    public void commitMessage(int jobRank, int lane, long claim) {
        to(jobRank).commitMessage(jobRank, lane, claim);
    }

    @Override
    public void abortMessage(int jobRank, int lane, long claim) {
        to(jobRank).abortMessage(jobRank, lane, claim);
    }

    @Override
    public int pollMessages(int lane, int limit) {
        int n = shm.pollMessages(lane, limit);
        return n < limit ? n + ucx.pollMessages(lane, limit - n) : n;
    }

    /**
     * Parks on the shm part's doorbell, which the ucx part rings too: a message from a peer on this
     * host or on another ends the park at once, and the ucx part's progress thread knows that a PE
     * thread sleeps (it lingers after work as it does alone).
     */
    @Override
    public boolean parkUntilMessage(long nanos) {
        return shmMessages.parkUntilMessage(nanos, ucxMessages);
    }

    /** Sleeps on the shm part's doorbell and {@code word} together; the ucx part rings that doorbell too. */
    @Override
    public boolean parkUntilMessageOrWake(long nanos, MemorySegment word, long offset, int expected) {
        return shmMessages.parkUntilMessageOrWake(nanos, word, offset, expected, ucxMessages);
    }

    /** {@inheritDoc} The PEs of this host exchange messages through the shm transport's rings. */
    @Override
    public boolean messagesThroughSharedMemory(int jobRank) {
        return sameHost[jobRank];
    }

    @Override
    public boolean sharesHostWith(int jobRank) {
        return sameHost[jobRank];
    }

    @Override
    public boolean healthy() {
        return !closed && shm.healthy() && ucx.healthy();
    }

    @Override
    public String failureReason() {
        String r = shm.failureReason();
        return r != null ? r : ucx.failureReason();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            ucx.close(); // deregisters the shared files before they are unmapped
        } finally {
            quarantine.close();
            shm.close();
        }
    }
}
