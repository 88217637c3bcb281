package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;
import jdk.jfr.Threshold;

/**
 * A wait for another PE that took at least the threshold (1 ms unless the recording says
 * otherwise): an event wait (the shmem facade has its own, {@code org.pgas4j.shmem.WaitUntil}).
 * Begun only once the first check failed, so waits that never wait cost nothing more.
 */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(WaitEvent.NAME)
@Label("Long Wait")
@Category({"pgas4j", "Waits"})
@Description("A wait for another PE's action (an event's completion) that lasted at least the threshold")
@Threshold("1 ms")
public final class WaitEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.Wait";
    private static final WaitEvent PROBE = new WaitEvent();

    @Label("PE")
    @Description("Job rank of the PE that waited")
    int pe;

    @Label("Kind")
    @Description("What was waited for: Event.waitFor, Event.waitSome")
    String kind;

    /** Whether a recording has this event enabled. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A begun event when a recording wants it, else null (no allocation). */
    public static WaitEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        WaitEvent e = new WaitEvent();
        e.begin();
        return e;
    }

    /**
     * Ends this event and fills it in; true when it should be committed (it lasted at least the
     * threshold). The caller commits, so that the event's stack trace starts at the caller.
     */
    public boolean ready(int pe, String kind) {
        end();
        if (!shouldCommit()) {
            return false;
        }
        this.pe = pe;
        this.kind = kind;
        return true;
    }
}
