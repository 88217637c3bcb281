package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;

/** One member's barrier, from entry to return: how long this PE waited for the team. */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(BarrierEvent.NAME)
@Label("Barrier")
@Category({"pgas4j", "Collectives"})
@Description("A barrier of a team, from this member's entry to its return: the time spent waiting for the other"
        + " members")
public final class BarrierEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.Barrier";
    private static final BarrierEvent PROBE = new BarrierEvent();

    @Label("PE")
    @Description("Job rank of the PE that waited")
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
    @Description("barrier (blocking) or barrierNB (non-blocking, timed on the team's worker thread)")
    String kind;

    /** Whether a recording has this event enabled. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A begun event when a recording wants it, else null (no allocation). */
    public static BarrierEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        BarrierEvent e = new BarrierEvent();
        e.begin();
        return e;
    }

    /**
     * Ends this event and fills it in; true when it should be committed (it lasted at least the
     * threshold). The caller commits, so that the event's stack trace starts at the caller.
     */
    public boolean ready(String team, int teamSize, int teamRank, int pe, String kind) {
        end();
        if (!shouldCommit()) {
            return false;
        }
        this.team = team;
        this.teamSize = teamSize;
        this.teamRank = teamRank;
        this.pe = pe;
        this.kind = kind;
        return true;
    }
}
