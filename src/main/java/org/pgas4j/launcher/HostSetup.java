package org.pgas4j.launcher;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a job's PEs run, decided before anything is started: the placement on the named hosts
 * (none without {@code --hosts}), each host's spawner, the rendezvous address and the variables
 * forwarded to the PEs.
 */
final class HostSetup {
    private final Placement placement;
    private final List<Spawner> nodeSpawners;
    private final Spawner single;
    private final InetAddress rendezvousAddress;
    private final Map<String, String> forwarded;

    private HostSetup(Placement placement, List<Spawner> nodeSpawners, Spawner single, InetAddress rendezvousAddress,
                      Map<String, String> forwarded) {
        this.placement = placement;
        this.nodeSpawners = nodeSpawners;
        this.single = single;
        this.rendezvousAddress = rendezvousAddress;
        this.forwarded = forwarded;
    }

    /**
     * Decides the setup of {@code options}.
     *
     * @throws UsageException when the hosts, the spawner, the address or a variable is wrong
     */
    static HostSetup of(RunOptions options) {
        HostOptions h = options.hostOptions();
        Map<String, String> forwarded = PeVariables.forwarded(System.getenv(), h.forwardedVariables());
        Spawners spawners = new Spawners(h.spawner());
        if (!h.placed()) {
            return new HostSetup(null, List.of(), new LocalSpawner(),
                    RendezvousAddress.choose(h.rendezvousAddress(), List.of()), forwarded);
        }
        Placement placement = Placement.block(options.np(), h.hosts());
        List<Spawner> nodeSpawners = new ArrayList<>();
        List<String> remote = new ArrayList<>();
        for (String host : placement.nodes()) {
            Spawner s = spawners.forHost(host);
            nodeSpawners.add(s);
            if (!(s instanceof LocalSpawner)) {
                remote.add(host);
            }
        }
        return new HostSetup(placement, List.copyOf(nodeSpawners), null,
                RendezvousAddress.choose(h.rendezvousAddress(), remote), forwarded);
    }

    /** The placement, or null when every PE runs on this host. */
    Placement placement() {
        return placement;
    }

    /** The place of {@code rank}, or null when every PE runs on this host. */
    Placement.Slot slot(int rank) {
        return placement == null ? null : placement.slot(rank);
    }

    /** The number of hosts that run PEs. */
    int nodeCount() {
        return placement == null ? 1 : placement.nodes().size();
    }

    /** The spawner of {@code rank}. */
    Spawner spawner(int rank) {
        return placement == null ? single : nodeSpawners.get(placement.slot(rank).node());
    }

    /** The address the rendezvous listens on. */
    InetAddress rendezvousAddress() {
        return rendezvousAddress;
    }

    /** The variables forwarded to every PE. */
    Map<String, String> forwarded() {
        return forwarded;
    }
}
