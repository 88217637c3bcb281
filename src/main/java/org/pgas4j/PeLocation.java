package org.pgas4j;

/**
 * Where a PE runs among the hosts of its job, as the launcher placed it (GASNet-EX's
 * {@code gex_System_QueryHostInfo}): the index of its host, the number of hosts, and the PE's rank
 * among the PEs of its host and their number. A job on one host is host 0 of 1, and the local
 * rank is the job rank. Obtained from {@link Client#location()}.
 *
 * @param host the index of this PE's host, {@code 0 <= host < hosts}
 * @param hosts the number of hosts the job spans
 * @param localRank this PE's rank among the PEs of its host, {@code 0 <= localRank < localSize}
 * @param localSize the number of PEs on this PE's host
 * @param hostName the name the launcher gave this host, or {@code localhost} on one host
 */
public record PeLocation(int host, int hosts, int localRank, int localSize, String hostName) {

    /**
     * Checks the ranges.
     *
     * @throws IllegalArgumentException when the values are not a place in a job
     */
    public PeLocation {
        if (hosts < 1 || host < 0 || host >= hosts || localSize < 1 || localRank < 0 || localRank >= localSize
                || hostName == null) {
            throw new IllegalArgumentException("host " + host + " of " + hosts + ", local rank " + localRank + " of "
                    + localSize + " on " + hostName + " is not a place in a job");
        }
    }
}
