package org.pgas4j.internal.jfr;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/** What pgas4j does with the running recordings themselves. */
public final class Recordings {
    private Recordings() {
    }

    /**
     * Stops every running recording that has a destination, which writes its file: called before
     * {@code Runtime.halt}, which skips JFR's own dump at exit. Never throws.
     */
    public static void writeBeforeHalt() {
        try {
            if (!FlightRecorder.isInitialized()) {
                return;
            }
            for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
                if (r.getState() == RecordingState.RUNNING && r.getDestination() != null) {
                    r.stop();
                }
            }
        } catch (RuntimeException | Error e) {
            // Best effort: the PE is halting anyway.
        }
    }
}
