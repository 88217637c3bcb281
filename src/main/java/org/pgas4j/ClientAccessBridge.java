package org.pgas4j;

import org.pgas4j.internal.PeerTarget;
import org.pgas4j.internal.access.Access;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.teams.TeamResources;

/**
 * What the core's machinery (org.pgas4j.internal) reaches of a {@link Client}: its package-private
 * members, handed out through {@link Access}. {@link Client}'s static initialiser registers the one
 * instance; being the only implementation of {@link Access.ClientAccess}, its calls inline as
 * direct ones.
 */
final class ClientAccessBridge implements Access.ClientAccess {
    @Override
    public Endpoint endpointOrNull(Client c, int index) {
        return c.endpointOrNull(index);
    }

    @Override
    public void checkOpen(Client c, String operation) {
        c.checkOpen(operation);
    }

    @Override
    public PeerTarget target(Client c, Team team, int rank, long offset, long length, String operation) {
        return c.target(team, rank, offset, length, operation);
    }

    @Override
    public PeerTarget boundTarget(Client c, int j, int ep, String operation) {
        return c.boundTarget(j, ep, operation);
    }

    @Override
    public boolean segmentUses(Client c, DeviceBuffer b) {
        return c.segments.uses(b);
    }

    @Override
    public ClientKinds kinds(Client c) {
        return c.kinds();
    }

    @Override
    public TeamResources teams(Client c) {
        return c.teamResources();
    }

    @Override
    public int publishedKind(Client c, int j, int ep) {
        return c.publishedKind(j, ep);
    }
}
