package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * Which host each rank runs on: block placement in host order, so that the PEs of one host have
 * consecutive ranks. Hosts left without a PE are not part of the job (and get no node index).
 */
final class Placement {
    /**
     * The place of one rank.
     *
     * @param host the host's name
     * @param node the host's index among the hosts that run PEs
     * @param localRank the rank among the PEs of the host
     * @param localSize the number of PEs on the host
     */
    record Slot(String host, int node, int localRank, int localSize) {
    }

    private final List<Slot> slots;
    private final List<String> nodes;

    private Placement(List<Slot> slots, List<String> nodes) {
        this.slots = List.copyOf(slots);
        this.nodes = List.copyOf(nodes);
    }

    /**
     * Places {@code np} PEs on {@code hosts}, filling each host's slots before the next.
     *
     * @throws UsageException when the hosts have fewer slots than {@code np}
     */
    static Placement block(int np, List<HostList.Host> hosts) {
        int total = hosts.stream().mapToInt(HostList.Host::slots).sum();
        if (total < np) {
            throw new UsageException("-np " + np + " needs " + np + " slots but the hosts have " + total
                    + " (" + describe(hosts) + ")");
        }
        List<Slot> slots = new ArrayList<>();
        List<String> nodes = new ArrayList<>();
        int left = np;
        for (HostList.Host h : hosts) {
            if (left == 0) {
                break;
            }
            int here = Math.min(left, h.slots());
            int node = nodes.size();
            nodes.add(h.name());
            for (int i = 0; i < here; i++) {
                slots.add(new Slot(h.name(), node, i, here));
            }
            left -= here;
        }
        return new Placement(slots, nodes);
    }

    /** The place of {@code rank}. */
    Slot slot(int rank) {
        return slots.get(rank);
    }

    /** The hosts that run PEs, by node index. */
    List<String> nodes() {
        return nodes;
    }

    /** The ranks that run on node {@code node}. */
    List<Integer> ranksOn(int node) {
        List<Integer> ranks = new ArrayList<>();
        for (int r = 0; r < slots.size(); r++) {
            if (slots.get(r).node() == node) {
                ranks.add(r);
            }
        }
        return ranks;
    }

    private static String describe(List<HostList.Host> hosts) {
        StringBuilder b = new StringBuilder();
        for (HostList.Host h : hosts) {
            b.append(b.isEmpty() ? "" : ",").append(h.name()).append(':').append(h.slots());
        }
        return b.toString();
    }
}
