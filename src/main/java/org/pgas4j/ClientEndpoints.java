package org.pgas4j;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.internal.ControlRegion;
import org.pgas4j.internal.Directory;
import org.pgas4j.internal.jfr.EndpointEvent;
import org.pgas4j.internal.kinds.DeviceRemoteMemory;
import org.pgas4j.internal.memory.KindCodes;
import org.pgas4j.internal.memory.PeerTargets;
import org.pgas4j.spi.MappedMemory;
import org.pgas4j.spi.RemoteMemory;

/**
 * The endpoints of one client and what they publish: creates them (the primordial one here,
 * the others at {@link Client#createEndpoint}, with indices that are never reused), names a
 * peer's endpoint by index ({@link Client#pair}), and writes and reads the endpoint slots of the
 * directories in the control regions, where each endpoint's bound segment is published.
 *
 * <p>The client keeps a reference to {@link #table()} and reads it directly: incoming active
 * messages check their endpoint index against it, and that lookup stays one array load.
 */
final class ClientEndpoints {
    private final Client client;
    private final int jobRank;
    private final Endpoint[] table;
    private int next = 1; // guarded by table
    private final Directory directory;
    private final RemoteMemory[] peerControls;
    private final PeerTargets targets;

    /**
     * @param directory this PE's directory, in its control region
     * @param peerControls every PE's control region as this PE reaches it
     * @param targets told of every change of this PE's directory
     */
    ClientEndpoints(Client client, int jobRank, int slots, Directory directory, RemoteMemory[] peerControls,
                    PeerTargets targets) {
        this.client = client;
        this.jobRank = jobRank;
        this.directory = directory;
        this.peerControls = peerControls;
        this.targets = targets;
        this.table = new Endpoint[slots];
        this.table[0] = new Endpoint(client, 0,
                EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM, EndpointCapability.VIS, EndpointCapability.COLL,
                        EndpointCapability.AD),
                EnumSet.noneOf(AccelerationHint.class));
        EndpointEvent.emit(jobRank, 0, table[0].capabilities());
    }

    /** The endpoints by index, null where none was created yet; filled only here. */
    Endpoint[] table() {
        return table;
    }

    /** {@link Client#createEndpoint} once the client is known to be open. */
    Endpoint create(Set<EndpointCapability> capabilities, Set<AccelerationHint> hints) {
        if (capabilities == null || capabilities.isEmpty()) {
            throw new BadArgumentException("createEndpoint on PE " + jobRank + ": no capability requested; ask for at "
                    + "least one of " + EndpointCapability.supportedOnCreatedEndpoints());
        }
        if (hints == null) {
            throw new BadArgumentException("createEndpoint on PE " + jobRank + ": hints is null (pass an empty set)");
        }
        Set<EndpointCapability> unsupported = EnumSet.copyOf(capabilities);
        unsupported.removeAll(EndpointCapability.supportedOnCreatedEndpoints());
        if (!unsupported.isEmpty()) {
            throw new BadArgumentException("createEndpoint on PE " + jobRank + ": capabilities " + unsupported
                    + " are not supported on created endpoints in this release (supported: "
                    + EndpointCapability.supportedOnCreatedEndpoints() + ")");
        }
        synchronized (table) {
            int index = next;
            if (index >= table.length) {
                throw new ResourceException("createEndpoint on PE " + jobRank + ": all " + table.length
                        + " endpoints of the client have been created (pgas4j.endpoints.max, the primordial one "
                        + "included; indices are not reused)");
            }
            Endpoint ep = new Endpoint(client, index, capabilities, hints);
            table[index] = ep;
            next = index + 1;
            EndpointEvent.emit(jobRank, index, capabilities);
            return ep;
        }
    }

    /** {@link Client#pair} once the client is known to be open. */
    Team pair(Endpoint local, int remoteIndex) {
        if (local == null || local.client() != client) {
            throw new BadArgumentException("pair: the local endpoint " + local + " is not an endpoint of PE " + jobRank);
        }
        if (remoteIndex < 0 || remoteIndex >= table.length) {
            throw new BadArgumentException("pair: remote endpoint index " + remoteIndex + " is outside [0, "
                    + table.length + ") (pgas4j.endpoints.max)");
        }
        return Team.pair(client, local, remoteIndex);
    }

    /** Publishes the segment bound to {@code ep} in this PE's directory. */
    void publish(Endpoint ep) {
        Segment s = ep.bound();
        s.checkLive("publishBoundSegments");
        synchronized (directory) {
            directory.publish(ep.index(), s.id(), s.size(), KindCodes.of(s), s.descriptor());
            targets.announceDirectoryChange();
        }
    }

    /** Marks {@code segment} destroyed in the directory slot of every endpoint it is bound to. */
    void unpublish(Segment segment) {
        for (Endpoint ep : table) {
            if (ep != null && ep.bound() == segment) {
                synchronized (directory) {
                    if (directory.markDestroyed(ep.index(), segment.id())) {
                        targets.announceDirectoryChange();
                    }
                }
            }
        }
    }

    /** The published segment of endpoint {@code ep} of PE {@code j}, read from its directory. */
    Optional<Team.BoundSegment> published(int j, int ep) {
        Directory.Slot slot = Directory.read(peerControls[j], ep);
        if (slot.state() != ControlRegion.STATE_PUBLISHED) {
            return Optional.empty();
        }
        return Optional.of(new Team.BoundSegment(new EndpointLocation(j, ep), slot.segmentId(), slot.size()));
    }

    /** Opens this PE's own bound segment of endpoint {@code ep} as a target's memory. */
    RemoteMemory openOwn(int ep, long segmentId, String who, String operation) {
        Segment own = table[ep].bound();
        if (own == null || own.id() != segmentId || own.isDestroyed()) {
            throw new BadArgumentException(operation + " from PE " + jobRank + ": segment " + segmentId
                    + " of " + who + " is no longer bound or was destroyed");
        }
        return own.device() != null ? new DeviceRemoteMemory(own.device(), false) : new MappedMemory(own.hostView(), null);
    }
}
