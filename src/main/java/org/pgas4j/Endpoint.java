package org.pgas4j;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.internal.access.Access;

/**
 * A communication endpoint of a client (GASNet-EX's {@code gex_EP_t}, seed 000 section 3). The
 * primordial endpoint, index 0, exists from {@link Client#init()}; others come from
 * {@link Client#createEndpoint}. Endpoints are independent: RMA, atomics and active messages
 * through different endpoints take no common lock, so threads with an endpoint each do not
 * serialise on each other. An endpoint may have one bound segment; once the
 * binding is published (see {@link Team#publishBoundSegments(Endpoint...)}), peers address that
 * segment by (team, rank, offset).
 */
public final class Endpoint {
    static {
        Access.register((Access.EndpointAccess) Endpoint::bound);
    }

    private final Client client;
    private final int index;
    private final Set<EndpointCapability> capabilities;
    private final Set<AccelerationHint> hints;
    private volatile Segment bound;

    Endpoint(Client client, int index, Set<EndpointCapability> capabilities, Set<AccelerationHint> hints) {
        this.client = client;
        this.index = index;
        this.capabilities = Collections.unmodifiableSet(capabilities.isEmpty()
                ? EnumSet.noneOf(EndpointCapability.class) : EnumSet.copyOf(capabilities));
        this.hints = Collections.unmodifiableSet(hints.isEmpty()
                ? EnumSet.noneOf(AccelerationHint.class) : EnumSet.copyOf(hints));
    }

    /**
     * The capabilities requested at creation (seed 000 section 3.1 rule 9: the endpoint has at
     * least these); for the primordial endpoint RMA, AM, COLL and AD.
     */
    public Set<EndpointCapability> capabilities() {
        return capabilities;
    }

    /** The acceleration hints given at creation, unmodified ({@code gex_EP_QueryFlags}, section 3.1 open issue 3). */
    public Set<AccelerationHint> hints() {
        return hints;
    }

    /** Whether this is the primordial endpoint (index 0, created by {@link Client#init()}). */
    public boolean isPrimordial() {
        return index == 0;
    }

    /** Where this endpoint lives: this PE's jobrank and the index (seed 000 section 3.4). */
    public EndpointLocation location() {
        return new EndpointLocation(client.jobRank(), index);
    }

    /** The endpoint index: 0 for the primordial endpoint, unique within the client ({@code gex_EP_QueryIndex}). */
    public int index() {
        return index;
    }

    /** The owning client ({@code gex_EP_QueryClient}). */
    public Client client() {
        return client;
    }

    /** The bound segment, if any ({@code gex_EP_QuerySegment}). */
    public Optional<Segment> boundSegment() {
        return Optional.ofNullable(bound);
    }

    Segment bound() {
        return bound;
    }

    /**
     * Binds {@code segment} to this endpoint ({@code gex_EP_BindSegment}). The binding is not
     * visible to peers until published.
     *
     * @throws BadArgumentException if this endpoint already has a bound segment, the segment is
     *         null, destroyed, or belongs to another client
     */
    public void bindSegment(Segment segment) {
        client.checkOpen("bindSegment");
        if (segment != null && segment.kind().isDevice() && index == 0) {
            throw new BadArgumentException("bindSegment: segment " + segment.id() + " of PE " + client.jobRank()
                    + " is device memory (" + segment.kind() + "); it cannot be bound to the primordial endpoint "
                    + "(seed 000 section 3.6 rule 5): create an endpoint for it");
        }
        if (segment == null) {
            throw new BadArgumentException("bindSegment: segment is null (GEX_SEGMENT_INVALID) for endpoint "
                    + index + " of PE " + client.jobRank());
        }
        if (segment.client() != client) {
            throw new BadArgumentException("bindSegment: segment " + segment.id() + " belongs to another client than endpoint "
                    + index + " of PE " + client.jobRank());
        }
        if (segment.isDestroyed()) {
            throw new BadArgumentException("bindSegment: segment " + segment.id() + " of PE " + client.jobRank()
                    + " was destroyed");
        }
        synchronized (this) {
            if (bound != null) {
                throw new BadArgumentException("bindSegment: endpoint " + index + " of PE " + client.jobRank()
                        + " already has segment " + bound.id() + " bound; a binding cannot be replaced");
            }
            bound = segment;
        }
    }

    @Override
    public String toString() {
        return "Endpoint[" + index + " of PE " + client.jobRank() + "]";
    }
}
