package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pgas4j.ResourceException;
import org.pgas4j.Settings;
import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.spi.LocalMemory;
import org.pgas4j.spi.MappedMemory;
import org.pgas4j.spi.MessageService;
import org.pgas4j.spi.RemoteMemory;
import org.pgas4j.spi.Transport;

/**
 * The {@code ucx} transport: PEs anywhere UCX reaches (other hosts included), over one UCP
 * context and worker per PE ({@link UcxEngine}) and an endpoint per peer.
 *
 * <p><b>Open.</b> The control region is allocated and registered by UCX ({@code ucp_mem_map}),
 * followed by this PE's key area ({@link UcxKeyStore}); each PE then contributes its host name,
 * worker address, and the control region's address and packed key to one bootstrap allgather
 * ({@link UcxPeerAddress}), and connects to every peer.
 *
 * <p><b>Memory.</b> {@link #allocate} lets UCX allocate and register ({@code ucp_mem_map} with
 * {@code ALLOCATE}, which gives shared-memory transports direct access), {@link #export} registers
 * native client memory (heap memory, or memory UCX refuses, is published with an empty descriptor:
 * peers then go through the owner's active messages). Descriptors: {@link UcxDescriptor}. Peers'
 * memory is a {@link UcxRemoteMemory} without a direct view; this PE's own control region too
 * ({@link UcxOwnControl}), so that all PEs choose the same algorithms.
 *
 * <p><b>Messages</b>: {@link UcxMessages}. <b>Progress</b>: the core's calls of {@link #progress()}
 * and a {@link UcxProgressAgent}. <b>Health</b>: false once the bootstrap reports the job failing,
 * a request failed because a peer is gone, or a message broke the protocol.
 */
final class UcxTransport implements Transport {
    private static final long PAGE = 4096;

    private final Bootstrap bootstrap;
    private final int rank;
    private final int size;
    private final long controlBytes;
    private final MemorySegment givenControl;
    private final boolean storeAllKeys;
    private final boolean[] reach;
    private final UcxEngine engine;
    private UcpMemory control;
    private UcxKeyStore keys;
    private UcxMessages messages;
    private UcxPeerAddress[] peers;
    private UcpRemoteKey[] controlKeys;
    private RemoteMemory[] peerControls;
    private UcxProgressAgent agent;
    private final Map<Long, UcpMemory> registered = new ConcurrentHashMap<>();
    private final Set<UcpRemoteKey> attachedKeys = ConcurrentHashMap.newKeySet();
    private final UcxQuarantine quarantine = new UcxQuarantine(UcxQuarantine.DEFAULT_BYTES);
    private volatile boolean closed;

    private UcxTransport(Bootstrap bootstrap, long controlBytes, MemorySegment givenControl, boolean storeAllKeys,
                         boolean[] reach) {
        this.bootstrap = bootstrap;
        this.rank = bootstrap.rank();
        this.size = bootstrap.size();
        this.controlBytes = controlBytes;
        this.givenControl = givenControl;
        this.storeAllKeys = storeAllKeys;
        this.reach = reach == null ? null : reach.clone();
        this.engine = new UcxEngine(rank);
        engine.setHealth(bootstrap::healthy, bootstrap::failureReason);
    }

    /**
     * Opens this PE's side (collective: every PE of the job calls it, the bootstrap allgather inside).
     *
     * @param bootstrap the PE's start-up channel
     * @param controlBytes the size of the control region the core asked for
     */
    static UcxTransport open(Bootstrap bootstrap, long controlBytes) {
        return open(bootstrap, controlBytes, null, UcxTransportProvider.storeAllKeys(), null);
    }

    /**
     * Opens this PE's side over a control region the caller provides (collective, as
     * {@link #open(Bootstrap, long)}): another transport's mapping of it, which UCX registers
     * ({@code ucp_mem_map} without {@code ALLOCATE}) instead of allocating one, so that the same
     * bytes are reached both ways.
     *
     * @param controlMemory at least {@link #controlRegionBytes(long) controlRegionBytes(controlBytes)}
     *        zero-filled bytes, native, outliving the transport; null to let UCX allocate
     * @param storeAllKeys whether every segment's key goes to the key area (short descriptors)
     * @param reach the PEs this transport serves (null: all); the others get no endpoint, and
     *        asking for their control region or memory is an error
     */
    static UcxTransport open(Bootstrap bootstrap, long controlBytes, MemorySegment controlMemory, boolean storeAllKeys,
                             boolean[] reach) {
        UcxTransport t = new UcxTransport(bootstrap, controlBytes, controlMemory, storeAllKeys, reach);
        try {
            t.start();
            return t;
        } catch (RuntimeException | Error e) {
            t.close();
            throw e;
        }
    }

    /** The bytes of a control region of {@code controlBytes} together with its key area. */
    static long controlRegionBytes(long controlBytes) {
        return roundUp(controlBytes) + UcxKeyStore.AREA_BYTES;
    }

    private void start() {
        long keyArea = roundUp(controlBytes);
        long regionBytes = controlRegionBytes(controlBytes);
        if (givenControl == null) {
            control = engine.context().allocate(regionBytes);
            control.segment().fill((byte) 0);
        } else {
            if (givenControl.byteSize() < regionBytes) {
                throw new IllegalArgumentException("a ucx control region needs " + regionBytes + " bytes, not "
                        + givenControl.byteSize());
            }
            control = engine.context().register(givenControl.asSlice(0, regionBytes));
        }
        keys = new UcxKeyStore(control.segment(), keyArea);
        messages = new UcxMessages(engine, rank, size, Settings.AM_RING_SIZE.value());
        engine.setBackground(messages::drainAll);
        engine.setOnAcknowledged(messages::wake);
        UcxPeerAddress mine = new UcxPeerAddress(hostName(), engine.worker().address(), control.address(),
                control.segment().byteSize(), control.packedKey());
        byte[][] all = bootstrap.allgather(mine.encode());
        peers = new UcxPeerAddress[size];
        byte[][] workers = new byte[size][];
        for (int j = 0; j < size; j++) {
            peers[j] = UcxPeerAddress.decode(all[j], j);
            workers[j] = peers[j].worker();
        }
        engine.connect(workers, rank, reach);
        controlKeys = new UcpRemoteKey[size];
        peerControls = new RemoteMemory[size];
        engine.lock().lock();
        try {
            for (int j = 0; j < size; j++) {
                if (j == rank) {
                    peerControls[j] = new UcxOwnControl(localControl());
                } else if (serves(j)) {
                    controlKeys[j] = engine.endpoint(j).unpack(peers[j].controlKey());
                    peerControls[j] = new UcxRemoteMemory(engine, j, engine.endpoint(j), controlKeys[j],
                            peers[j].controlBase(), controlBytes, true, () -> { });
                }
            }
        } finally {
            engine.lock().unlock();
        }
        int sameHost = 0;
        for (UcxPeerAddress p : peers) {
            sameHost += p.host().equals(mine.host()) ? 1 : 0;
        }
        agent = new UcxProgressAgent(engine, rank, sameHost <= Runtime.getRuntime().availableProcessors());
    }

    /**
     * This host's name, to tell which peers share it: the kernel's ({@code /proc/sys/kernel/hostname},
     * no name service involved), else the JDK's, else a name no other PE has.
     */
    private static String hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or no procfs: ask the JDK.
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-" + ProcessHandle.current().pid();
        }
    }

    private static long roundUp(long bytes) {
        return Math.ceilDiv(bytes, PAGE) * PAGE;
    }

    @Override
    public String name() {
        return "ucx";
    }

    @Override
    public MemorySegment localControl() {
        return control.segment().asSlice(0, controlBytes);
    }

    /** Whether this transport reaches PE {@code jobRank} (itself included). */
    private boolean serves(int jobRank) {
        return reach == null || jobRank == rank || reach[jobRank];
    }

    private IllegalStateException notServed(int jobRank) {
        return new IllegalStateException("PE " + rank + "'s ucx transport does not reach PE " + jobRank
                + ": another transport of this hybrid job does");
    }

    @Override
    public RemoteMemory peerControl(int jobRank) {
        if (!serves(jobRank)) {
            throw notServed(jobRank);
        }
        return peerControls[jobRank];
    }

    @Override
    public long maxSegmentSize() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean m) {
            return m.getFreeMemorySize();
        }
        return Runtime.getRuntime().maxMemory();
    }

    @Override
    public long allocationGranule() {
        return PAGE;
    }

    @Override
    public LocalMemory allocate(long bytes) {
        UcpMemory m;
        engine.lock().lock();
        try {
            m = engine.context().allocate(roundUp(Math.max(bytes, 1)));
        } catch (UcxException e) {
            throw new ResourceException("UCX could not allocate " + bytes + " bytes: " + e.getMessage(), e);
        } finally {
            engine.lock().unlock();
        }
        m.segment().fill((byte) 0);
        return publish(m, m.segment().asSlice(0, bytes), true);
    }

    @Override
    public LocalMemory export(MemorySegment clientMemory) {
        if (!clientMemory.isNative() || clientMemory.byteSize() == 0) {
            return new LocalMemory(clientMemory, new byte[0], () -> { });
        }
        UcpMemory m;
        engine.lock().lock();
        try {
            m = engine.context().register(clientMemory);
        } catch (UcxException e) {
            // UCX cannot register it: an empty descriptor sends peers to the owner (the AM fallback).
            return new LocalMemory(clientMemory, new byte[0], () -> { });
        } finally {
            engine.lock().unlock();
        }
        return publish(m, clientMemory, false);
    }

    private LocalMemory publish(UcpMemory m, MemorySegment view, boolean allocated) {
        byte[] key = m.packedKey();
        UcxDescriptor d;
        try {
            d = key.length <= UcxDescriptor.INLINE_KEY_BYTES && !storeAllKeys
                    ? UcxDescriptor.inline(view.address(), view.byteSize(), key)
                    : keys.store(view.address(), view.byteSize(), key);
        } catch (RuntimeException e) {
            m.close();
            throw e;
        }
        registered.put(view.address(), m);
        UcxDescriptor published = d;
        return new LocalMemory(view, d.encode(), () -> unregister(published, m, allocated));
    }

    /**
     * Forgets a segment. Memory UCX allocated is not unmapped at once but quarantined
     * ({@link UcxQuarantine}): a peer whose access races with the destruction (the core's
     * directory-change notice stops only accesses ordered after it) then writes into dead memory
     * instead of crashing this process, whose UCX would copy into
     * unmapped pages over transports without hardware RMA. Client memory is deregistered at once.
     */
    private void unregister(UcxDescriptor d, UcpMemory m, boolean allocated) {
        if (registered.remove(d.base(), m)) {
            if (d.inlineKey() == null) {
                keys.free(d);
            }
            engine.lock().lock();
            try {
                if (allocated) {
                    quarantine.add(m);
                } else {
                    m.close();
                }
            } finally {
                engine.lock().unlock();
            }
        }
    }

    @Override
    public RemoteMemory attach(int jobRank, byte[] descriptor, long length) {
        if (!serves(jobRank)) {
            throw notServed(jobRank);
        }
        UcxDescriptor d = UcxDescriptor.decode(descriptor, jobRank);
        if (d.length() < length) {
            throw new ResourceException("PE " + jobRank + " published " + d.length() + " bytes, not " + length);
        }
        if (jobRank == rank) {
            UcpMemory m = registered.get(d.base());
            if (m == null) {
                throw new ResourceException("this PE has no ucx segment at 0x" + Long.toHexString(d.base()));
            }
            return new MappedMemory(MemorySegment.ofAddress(d.base()).reinterpret(length), null);
        }
        byte[] key = d.inlineKey() != null ? d.inlineKey() : fetchKey(jobRank, d);
        UcpEndpoint ep = engine.endpoint(jobRank);
        engine.lock().lock();
        UcpRemoteKey rkey;
        try {
            rkey = ep.unpack(key);
        } finally {
            engine.lock().unlock();
        }
        attachedKeys.add(rkey);
        return new UcxRemoteMemory(engine, jobRank, ep, rkey, d.base(), length, false, () -> destroy(rkey));
    }

    private byte[] fetchKey(int jobRank, UcxDescriptor d) {
        if (d.keyOffset() < roundUp(controlBytes) || d.keyOffset() + 8 + d.keyLength() > peers[jobRank].controlLength()) {
            throw new ResourceException("PE " + jobRank + " published a remote key outside its key area");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(8 + d.keyLength(), 8);
            engine.getBlocking(engine.endpoint(jobRank), controlKeys[jobRank], peers[jobRank].controlBase() + d.keyOffset(),
                    buffer, 0, buffer.byteSize());
            long tag = buffer.get(JAVA_LONG, 0);
            if (tag != d.tag()) {
                throw new ResourceException("PE " + jobRank + " no longer holds the remote key of the segment at 0x"
                        + Long.toHexString(d.base()) + " (tag " + tag + ", expected " + d.tag() + ")");
            }
            return buffer.asSlice(8).toArray(JAVA_BYTE);
        }
    }

    private void destroy(UcpRemoteKey rkey) {
        if (attachedKeys.remove(rkey)) {
            engine.lock().lock();
            try {
                rkey.close();
            } finally {
                engine.lock().unlock();
            }
        }
    }

    @Override
    public int pollMessages(int lane, int limit) {
        engine.progress();
        return messages.poll(lane, limit);
    }

    @Override
    public MessageService messageService() {
        return messages;
    }

    @Override
    public int progress() {
        return engine.progress() + messages.progressLanes();
    }

    @Override
    public void flushImplicit() {
        engine.flushImplicit();
    }

    @Override
    public boolean sharesHostWith(int jobRank) {
        return peers[jobRank].host().equals(peers[rank].host());
    }

    @Override
    public boolean healthy() {
        return !closed && bootstrap.healthy() && engine.failure() == null
                && (messages == null || messages.broken() == null);
    }

    /**
     * Why {@link #healthy()} is false because of UCX (a failed request, a broken message), or null.
     *
     * @return the reason, or null
     */
    String failure() {
        String f = engine.failure();
        return f != null ? f : messages == null ? null : messages.broken();
    }

    /** The launcher's reason first (it names the PE and how it ended), else what UCX saw. */
    @Override
    public String failureReason() {
        String launcher = bootstrap.failureReason();
        return launcher != null ? launcher : failure();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (agent != null && bootstrap.healthy()) {
            // Every PE leaves its closing world barrier before any endpoint closes, this PE's
            // progress thread answering meanwhile: a barrier's last signal is a put and a flush,
            // and a peer that saw the put, passed the barrier and closed its endpoint at once
            // reset the flush ("Connection reset by remote peer") and failed the other's close.
            try {
                bootstrap.barrier();
            } catch (RuntimeException e) {
                // The job is failing: close anyway.
            }
        }
        engine.beginClose();
        if (agent != null) {
            agent.close();
        }
        engine.lock().lock();
        try {
            for (UcpRemoteKey k : attachedKeys) {
                k.close();
            }
            attachedKeys.clear();
            if (controlKeys != null) {
                for (UcpRemoteKey k : controlKeys) {
                    if (k != null) {
                        k.close();
                    }
                }
            }
            engine.closeEndpoints(2_000);
            for (UcpMemory m : registered.values()) {
                m.close();
            }
            registered.clear();
            quarantine.close();
            if (control != null) {
                control.close();
            }
            engine.close();
        } finally {
            engine.lock().unlock();
            if (messages != null) {
                messages.close();
            }
        }
    }
}
