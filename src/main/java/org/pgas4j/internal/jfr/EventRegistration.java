package org.pgas4j.internal.jfr;

import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

/**
 * Registers pgas4j's events with Flight Recorder once the recorder is initialized. The event
 * classes are {@code @Registered(false)}: a registered event class, first used while no recording
 * has ever started, makes JFR build its whole metadata when the class initializes, about 70 ms of
 * CPU in every PE's start on a 2-core machine (docs/benchmarks.md, "Where a PE's start-up went"), for events nobody
 * records. A recording started with the JVM ({@code -XX:StartFlightRecording}, {@code run --jfr})
 * or later ({@code jcmd PID JFR.start}) initializes the recorder; the listener registers the
 * events then, and a recording's settings for them ({@code #threshold=...}) apply from there on.
 */
public final class EventRegistration {
    /** pgas4j's own events of this package. */
    private static final List<Class<? extends Event>> CORE = List.of(BarrierEvent.class, CollectiveEvent.class,
            WaitEvent.class, AmHandlerEvent.class, SegmentEvent.class, EndpointEvent.class, JobAbortEvent.class);
    private static boolean listening;

    private EventRegistration() {
    }

    /** Registers the core's events now if the recorder is initialized, else when it is. Cheap to repeat. */
    public static synchronized void core() {
        if (!listening) {
            listening = true;
            // Called at once when the recorder is initialized already, else when it becomes so.
            FlightRecorder.addListener(new FlightRecorderListener() {
                @Override
                public void recorderInitialized(FlightRecorder recorder) {
                    CORE.forEach(FlightRecorder::register);
                }
            });
        }
    }
}
