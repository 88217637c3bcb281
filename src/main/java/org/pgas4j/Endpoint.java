package org.pgas4j;

import java.util.Optional;

/**
 * A communication endpoint of a client (GASNet-EX's {@code gex_EP_t}). The primordial endpoint,
 * index 0, exists from {@link Client#init()}. An endpoint may have one bound segment; once the
 * binding is published (see {@link Team#publishBoundSegments(Endpoint...)}), peers address that
 * segment by (team, rank, offset).
 */
public final class Endpoint {
    private final Client client;
    private final int index;
    private volatile Segment bound;

    Endpoint(Client client, int index) {
        this.client = client;
        this.index = index;
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
