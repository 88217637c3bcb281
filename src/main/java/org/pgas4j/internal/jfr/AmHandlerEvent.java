package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;
import jdk.jfr.Threshold;

/** An active-message handler run that took at least the threshold (1 ms unless the recording says otherwise). */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(AmHandlerEvent.NAME)
@Label("Slow AM Handler")
@Category({"pgas4j", "Active Messages"})
@Description("An active-message handler run that lasted at least the threshold; handlers run inside progress, so"
        + " a slow one delays every message behind it")
@Threshold("1 ms")
public final class AmHandlerEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.AmHandler";
    private static final AmHandlerEvent PROBE = new AmHandlerEvent();

    @Label("PE")
    @Description("Job rank of the PE that ran the handler")
    int pe;

    @Label("Handler")
    @Description("The handler's index in the handler table")
    int handler;

    @Label("Category")
    @Description("SHORT, MEDIUM or LONG")
    String category;

    @Label("Reply")
    @Description("Whether the message was a reply (else a request)")
    boolean reply;

    @Label("Source PE")
    @Description("Job rank of the PE that sent the message")
    int sourcePe;

    @Label("Payload")
    @Description("Payload bytes the handler saw")
    @DataAmount
    long payloadBytes;

    /** Whether a recording has this event enabled. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A begun event when a recording wants it, else null (no allocation). */
    public static AmHandlerEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        AmHandlerEvent e = new AmHandlerEvent();
        e.begin();
        return e;
    }

    /**
     * Ends this event and fills it in; true when it should be committed (it lasted at least the
     * threshold). The caller commits, so that the event's stack trace starts at the caller.
     */
    public boolean ready(int pe, int handler, String category, boolean reply, int sourcePe, long payloadBytes) {
        end();
        if (!shouldCommit()) {
            return false;
        }
        this.pe = pe;
        this.handler = handler;
        this.category = category;
        this.reply = reply;
        this.sourcePe = sourcePe;
        this.payloadBytes = payloadBytes;
        return true;
    }
}
