package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;
import jdk.jfr.StackTrace;

/** A segment created or destroyed (an instant event). */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(SegmentEvent.NAME)
@Label("Segment")
@Category({"pgas4j", "Memory"})
@Description("A segment created or destroyed on this PE")
@StackTrace(true)
public final class SegmentEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.Segment";
    private static final SegmentEvent PROBE = new SegmentEvent();

    @Label("PE")
    @Description("Job rank of the PE that owns the segment")
    int pe;

    @Label("Action")
    @Description("create or destroy")
    String action;

    @Label("Segment Id")
    @Description("The segment's id on its PE")
    long segmentId;

    @Label("Memory Kind")
    @Description("The memory kind the segment lives in (HOST, FILE, DEVICE_SIM, CUDA_UVA ...)")
    String kind;

    @Label("Size")
    @Description("The segment's length")
    @DataAmount
    long size;

    @Label("Client Allocated")
    @Description("Whether the program provided the memory (else pgas4j allocated it)")
    boolean clientAllocated;

    /** Records a segment's creation or destruction when a recording wants it. */
    public static void emit(int pe, String action, long segmentId, String kind, long size, boolean clientAllocated) {
        if (PROBE.isEnabled()) {
            SegmentEvent e = new SegmentEvent();
            e.pe = pe;
            e.action = action;
            e.segmentId = segmentId;
            e.kind = kind;
            e.size = size;
            e.clientAllocated = clientAllocated;
            e.commit();
        }
    }
}
