package org.pgas4j.launcher;

import java.util.List;
import java.util.StringJoiner;

/** Tells whether a host of a job is lost: every PE it ran that has not finalized is gone. */
final class HostLoss {
    private HostLoss() {
    }

    /**
     * {@code host h2 lost all its PEs (2, 3)}: every PE of the host that had not finalized has
     * exited or lost its connection; or null while one of them still runs and is connected.
     *
     * @param pes the job's PEs by rank
     * @param placement where they run
     * @param node the host to look at
     */
    static String describe(PeProcess[] pes, Placement placement, int node) {
        List<Integer> ranks = placement.ranksOn(node);
        StringJoiner gone = new StringJoiner(", ");
        for (int rank : ranks) {
            PeProcess pe = pes[rank];
            if (pe.finalized) {
                continue;
            }
            if (!pe.exited && !pe.disconnected) {
                return null;
            }
            gone.add(Integer.toString(rank));
        }
        return "host " + placement.nodes().get(node) + " lost " + (ranks.size() == 1 ? "its PE (" : "all its PEs (")
                + gone + ")";
    }
}
