package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;

/** One member's part of a data collective (broadcast, reduce, allreduce, gather, scatter, alltoall ...). */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(CollectiveEvent.NAME)
@Label("Collective")
@Category({"pgas4j", "Collectives"})
@Description("A data collective of a team, from the start of this member's part to its end")
public final class CollectiveEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.Collective";
    private static final CollectiveEvent PROBE = new CollectiveEvent();

    @Label("PE")
    @Description("Job rank of the PE")
    int pe;

    @Label("Team")
    @Description("Name of the team (world is the job's team)")
    String team;

    @Label("Team Size")
    @Description("Number of members of the team")
    int teamSize;

    @Label("Team Rank")
    @Description("This member's rank in the team")
    int teamRank;

    @Label("Kind")
    @Description("The operation: broadcast, reduce, allreduce, gather, allgather, allgatherv, scatter, alltoall;"
            + " with NB when non-blocking (then timed on the team's worker thread)")
    String kind;

    @Label("Bytes")
    @Description("The size the caller gave: the broadcast's bytes, count times element size for reductions,"
            + " bytes per member for gather, allgather, scatter and alltoall, this member's bytes for allgatherv")
    @DataAmount
    long bytes;

    /** Whether a recording has this event enabled. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A begun event when a recording wants it, else null (no allocation). */
    public static CollectiveEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        CollectiveEvent e = new CollectiveEvent();
        e.begin();
        return e;
    }

    /**
     * Ends this event and fills it in; true when it should be committed (it lasted at least the
     * threshold). The caller commits, so that the event's stack trace starts at the caller.
     */
    public boolean ready(String team, int teamSize, int teamRank, int pe, String kind, long bytes) {
        end();
        if (!shouldCommit()) {
            return false;
        }
        this.team = team;
        this.teamSize = teamSize;
        this.teamRank = teamRank;
        this.pe = pe;
        this.kind = kind;
        this.bytes = bytes;
        return true;
    }
}
