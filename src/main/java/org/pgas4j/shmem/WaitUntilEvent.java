package org.pgas4j.shmem;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;
import jdk.jfr.Threshold;

/**
 * A shmem wait_until (or its all/any/some forms, signal waits included) that took at least the
 * threshold (1 ms unless the recording says otherwise): the facade's counterpart of the core's
 * {@code org.pgas4j.Wait}, kept in the facade since facades import no internal package. Begun
 * only once the first check failed.
 */
@Registered(false) // registered once Flight Recorder is initialized: registerWhenRecording
@Name(WaitUntilEvent.NAME)
@Label("Long shmem wait_until")
@Category({"pgas4j", "Waits"})
@Description("A shmem wait_until (all, any, some, signal) on this PE's symmetric memory that lasted at least the"
        + " threshold")
@Threshold("1 ms")
final class WaitUntilEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    static final String NAME = "org.pgas4j.shmem.WaitUntil";
    private static final WaitUntilEvent PROBE = new WaitUntilEvent();
    private static boolean listening;

    @Label("PE")
    @Description("Job rank of the PE that waited")
    int pe;

    @Label("Kind")
    @Description("Which wait: shmem.waitUntil (signal waits too), shmem.waitUntilAll, shmem.waitUntilAny,"
            + " shmem.waitUntilSome")
    String kind;

    /**
     * Registers this event with Flight Recorder now if it is initialized, else when a recording
     * starts: as the core's events are (its {@code EventRegistration}), since a registered event
     * class makes JFR build its metadata, about 70 ms, even when nothing records.
     */
    static synchronized void registerWhenRecording() {
        if (!listening) {
            listening = true;
            FlightRecorder.addListener(new FlightRecorderListener() {
                @Override
                public void recorderInitialized(FlightRecorder recorder) {
                    FlightRecorder.register(WaitUntilEvent.class);
                }
            });
        }
    }

    /** A begun event when a recording wants it, else null (no allocation). */
    static WaitUntilEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        WaitUntilEvent e = new WaitUntilEvent();
        e.begin();
        return e;
    }

    /**
     * Ends this event and fills it in; true when it should be committed (it lasted at least the
     * threshold). The caller commits, so that the event's stack trace starts at the caller.
     */
    boolean ready(int pe, String kind) {
        end();
        if (!shouldCommit()) {
            return false;
        }
        this.pe = pe;
        this.kind = kind;
        return true;
    }
}
