package org.pgas4j.bench;

import org.pgas4j.Client;

/** Checks shared by the benchmark PEs. */
final class PeChecks {
    private PeChecks() {
    }

    /**
     * Fails unless the job has exactly {@code pes} PEs.
     *
     * @throws IllegalStateException naming the job size found
     */
    static void requirePes(Client client, int pes) {
        if (client.jobSize() != pes) {
            throw new IllegalStateException("this benchmark PE needs a job of exactly " + pes + " PEs, not "
                    + client.jobSize() + "; run it through 'pgas4j bench'");
        }
    }
}
