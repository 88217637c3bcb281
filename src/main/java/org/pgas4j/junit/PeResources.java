package org.pgas4j.junit;

import java.util.List;
import org.pgas4j.Client;
import org.pgas4j.shmem.Shmem;

/** What the extension opened for one PE: its {@link Shmem} or {@link Client}, or nothing. */
final class PeResources {
    private final Shmem shmem;
    private final Client client;

    private PeResources(Shmem shmem, Client client) {
        this.shmem = shmem;
        this.client = client;
    }

    /**
     * Opens what {@code parameters} need on the calling PE: a {@link Shmem} (and so its client) when
     * one is asked for, else a {@link Client} when a client or a team is, else nothing. Collective.
     */
    static PeResources open(PeParameters parameters) {
        if (parameters.needs(PeParameters.Kind.SHMEM)) {
            Shmem shmem = Shmem.init();
            return new PeResources(shmem, shmem.client());
        }
        if (parameters.needs(PeParameters.Kind.CLIENT) || parameters.needs(PeParameters.Kind.TEAM)) {
            return new PeResources(null, Client.init());
        }
        return new PeResources(null, null);
    }

    /**
     * The method's arguments for PE {@code rank} of {@code size}: the opened objects, the rank and
     * count, and {@code fromJUnit}'s entry for every other parameter (an empty list: none).
     */
    Object[] arguments(PeParameters parameters, int rank, int size, List<Object> fromJUnit) {
        Object[] args = new Object[parameters.count()];
        for (int i = 0; i < args.length; i++) {
            args[i] = switch (parameters.kind(i)) {
                case CLIENT -> client;
                case SHMEM -> shmem;
                case TEAM -> client.world();
                case RANK -> rank;
                case PE_COUNT -> size;
                case JUNIT -> fromJUnit.isEmpty() ? null : fromJUnit.get(i);
            };
        }
        return args;
    }

    /** Closes what was opened, as the program would: collective. */
    void close() {
        if (shmem != null) {
            shmem.close();
        } else if (client != null) {
            client.close();
        }
    }

    /**
     * Releases what a failed PE left open, once the job is failing (so the client's close does not
     * wait for the other PEs): from any thread, ignoring what closing throws.
     */
    void abandon() {
        if (client == null) {
            return;
        }
        try {
            client.close();
        } catch (RuntimeException ignored) {
            // The job failed already; what matters is that the memory is released.
        }
    }
}
