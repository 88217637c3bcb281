package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.Timespan;

/**
 * A periodic sample (every second unless the recording says otherwise) of one PE's statistics
 * counters, totalled over its target PEs: the operations and bytes it initiated since its
 * {@code Client.init}, and its waits. Registered only while statistics are on
 * ({@code pgas4j.stats}): with them off there is nothing to sample and the event never appears.
 * One hook per PE ({@link #register}), removed when its client closes ({@link #unregister}).
 */
@Name(CountersEvent.NAME)
@Label("PE Counters")
@Category({"pgas4j", "Statistics"})
@Description("This PE's communication statistics so far, totalled over its target PEs (pgas4j.stats on)")
@Period("1 s")
public final class CountersEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.Counters";

    // Indexes of the totals array a sampler fills (see register).
    /** Index of the puts' count in a totals array; {@code PUT_BYTES} follows, and so on. */
    public static final int PUTS = 0;
    public static final int PUT_BYTES = 1;
    public static final int GETS = 2;
    public static final int GET_BYTES = 3;
    public static final int ATOMICS = 4;
    public static final int ATOMIC_BYTES = 5;
    public static final int AM_REQUESTS = 6;
    public static final int AM_REQUEST_BYTES = 7;
    public static final int AM_REPLIES = 8;
    public static final int AM_REPLY_BYTES = 9;
    public static final int COLLECTIVES = 10;
    public static final int FACADE_OPERATIONS = 11;
    public static final int WAITS = 12;
    public static final int WAIT_NANOS = 13;
    /** Length of a totals array. */
    public static final int TOTALS = 14;

    private static final CountersEvent PROBE = new CountersEvent();

    @Label("PE")
    @Description("Job rank of the PE")
    int pe;

    @Label("Puts")
    @Description("RMA puts (blocking, NB, NBI)")
    long puts;

    @Label("Put Bytes")
    @DataAmount
    long putBytes;

    @Label("Gets")
    @Description("RMA gets (blocking, NB, NBI)")
    long gets;

    @Label("Get Bytes")
    @DataAmount
    long getBytes;

    @Label("Atomics")
    long atomics;

    @Label("Atomic Bytes")
    @DataAmount
    long atomicBytes;

    @Label("AM Requests")
    @Description("Active-message requests, every category")
    long amRequests;

    @Label("AM Request Bytes")
    @DataAmount
    long amRequestBytes;

    @Label("AM Replies")
    @Description("Active-message replies, every category")
    long amReplies;

    @Label("AM Reply Bytes")
    @DataAmount
    long amReplyBytes;

    @Label("Collectives")
    @Description("Barriers and data collectives of the core's teams")
    long collectives;

    @Label("Facade Operations")
    @Description("Operations the shmem, MPI and GASPI facades counted as they see them (also in the core's counts)")
    long facadeOperations;

    @Label("Waits")
    @Description("Waits of every kind (barriers, collectives, events, NBI, the facades' waits)")
    long waits;

    @Label("Time Waiting")
    @Timespan(Timespan.NANOSECONDS)
    long waitTime;

    /**
     * Registers a periodic hook for PE {@code pe}: when a recording wants the event, it asks
     * {@code sampler} to fill a totals array (indexes {@link #PUTS} ... {@link #WAIT_NANOS}) and
     * commits it. Returns the hook, for {@link #unregister}.
     */
    public static Runnable register(int pe, Sampler sampler) {
        Runnable hook = () -> {
            if (PROBE.isEnabled()) {
                long[] t = new long[TOTALS];
                sampler.fill(t);
                CountersEvent e = new CountersEvent();
                e.pe = pe;
                e.puts = t[PUTS];
                e.putBytes = t[PUT_BYTES];
                e.gets = t[GETS];
                e.getBytes = t[GET_BYTES];
                e.atomics = t[ATOMICS];
                e.atomicBytes = t[ATOMIC_BYTES];
                e.amRequests = t[AM_REQUESTS];
                e.amRequestBytes = t[AM_REQUEST_BYTES];
                e.amReplies = t[AM_REPLIES];
                e.amReplyBytes = t[AM_REPLY_BYTES];
                e.collectives = t[COLLECTIVES];
                e.facadeOperations = t[FACADE_OPERATIONS];
                e.waits = t[WAITS];
                e.waitTime = t[WAIT_NANOS];
                e.commit();
            }
        };
        FlightRecorder.addPeriodicEvent(CountersEvent.class, hook);
        return hook;
    }

    /** Removes a hook {@link #register} returned; never throws. */
    public static void unregister(Runnable hook) {
        try {
            FlightRecorder.removePeriodicEvent(hook);
        } catch (RuntimeException e) {
            // best effort: a closing PE
        }
    }

    /** What a hook samples. */
    @FunctionalInterface
    public interface Sampler {
        /** Fills {@code totals} ({@link #TOTALS} long, zeroed) at the indexes {@link #PUTS} ... {@link #WAIT_NANOS}. */
        void fill(long[] totals);
    }
}
