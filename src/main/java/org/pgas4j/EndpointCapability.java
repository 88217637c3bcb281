package org.pgas4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * What an endpoint must support ({@code GEX_EP_CAPABILITY_*}, seed 000 section 3.2), requested at
 * {@link Client#createEndpoint}. This release supports {@link #RMA}, {@link #AM}, {@link #COLL}
 * (in teams made by {@link Team#create}), {@link #AD} and {@link #VIS} ({@link Vis}) on every
 * endpoint.
 */
public enum EndpointCapability {
    /** {@code GEX_EP_CAPABILITY_RMA}: put and get ({@link Rma}). */
    RMA,
    /** {@code GEX_EP_CAPABILITY_AM}: active messages ({@link ActiveMessages}). */
    AM,
    /** {@code GEX_EP_CAPABILITY_VIS}: vector, indexed and strided RMA ({@link Vis}). */
    VIS,
    /** {@code GEX_EP_CAPABILITY_COLL}: collectives on teams containing the endpoint. */
    COLL,
    /** {@code GEX_EP_CAPABILITY_AD}: remote atomics ({@link Atomics}). */
    AD;

    /** {@code GEX_EP_CAPABILITY_ALL}: every capability of this family. */
    public static Set<EndpointCapability> all() {
        return EnumSet.allOf(EndpointCapability.class);
    }

    /** The capabilities a non-primordial endpoint of this release can have. */
    public static Set<EndpointCapability> supportedOnCreatedEndpoints() {
        return EnumSet.of(RMA, AM, VIS, COLL, AD);
    }
}
