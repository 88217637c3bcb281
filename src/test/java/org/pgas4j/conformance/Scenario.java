package org.pgas4j.conformance;

import org.pgas4j.Client;

/** One conformance check that every PE of a job runs with its own client. */
@FunctionalInterface
interface Scenario {
    /** Runs this PE's part; throws on any deviation. */
    void run(Client client) throws Exception;
}
