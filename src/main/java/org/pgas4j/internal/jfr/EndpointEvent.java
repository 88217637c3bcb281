package org.pgas4j.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;

/** An endpoint created (an instant event). */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(EndpointEvent.NAME)
@Label("Endpoint Created")
@Category({"pgas4j", "Memory"})
@Description("An endpoint created on this PE (the primordial one at Client.init included)")
public final class EndpointEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.EndpointCreate";
    private static final EndpointEvent PROBE = new EndpointEvent();

    @Label("PE")
    @Description("Job rank of the PE")
    int pe;

    @Label("Endpoint")
    @Description("The endpoint's index on its PE (0 is the primordial endpoint)")
    int endpoint;

    @Label("Capabilities")
    @Description("What the endpoint can do (RMA, AM, VIS, COLL ...)")
    String capabilities;

    /** Records an endpoint's creation when a recording wants it. */
    public static void emit(int pe, int endpoint, Object capabilities) {
        if (PROBE.isEnabled()) {
            EndpointEvent e = new EndpointEvent();
            e.pe = pe;
            e.endpoint = endpoint;
            e.capabilities = String.valueOf(capabilities);
            e.commit();
        }
    }
}
