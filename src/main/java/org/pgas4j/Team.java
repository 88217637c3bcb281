package org.pgas4j;

import org.pgas4j.internal.DisseminationBarrier;

/**
 * An ordered set of endpoints, seen from one member (GASNet-EX's {@code gex_TM_t}: the team and
 * this process's member of it together). Point-to-point calls name their peer by (team, rank);
 * {@link Client#world()} is the primordial team of every PE's primordial endpoint, ranked by
 * jobrank.
 */
public final class Team {
    private final Client client;
    private final String name;
    private final Endpoint endpoint;
    private final int rank;
    private final int[] jobRanks;
    private final int[] endpointIndices;
    private final DisseminationBarrier barrier;

    Team(Client client, String name, Endpoint endpoint, int rank, int[] jobRanks, int[] endpointIndices,
         DisseminationBarrier barrier) {
        this.client = client;
        this.name = name;
        this.endpoint = endpoint;
        this.rank = rank;
        this.jobRanks = jobRanks;
        this.endpointIndices = endpointIndices;
        this.barrier = barrier;
    }

    /** This member's rank in the team ({@code gex_TM_QueryRank}). */
    public int rank() {
        return rank;
    }

    /** The number of members ({@code gex_TM_QuerySize}). */
    public int size() {
        return jobRanks.length;
    }

    /** The local endpoint that is this member ({@code gex_TM_QueryEP}). */
    public Endpoint endpoint() {
        return endpoint;
    }

    /** The client this member belongs to ({@code gex_TM_QueryClient}). */
    public Client client() {
        return client;
    }

    /** The team's name, used in messages. */
    public String name() {
        return name;
    }

    /**
     * The jobrank of the process where member {@code rank} lives
     * ({@code gex_TM_TranslateRankToJobrank}).
     *
     * @throws BadArgumentException if {@code rank} is not in [0, size())
     */
    public int jobRankOf(int rank) {
        checkRank("jobRankOf", rank);
        return jobRanks[rank];
    }

    /** The endpoint index of member {@code rank} on its process. */
    public int endpointIndexOf(int rank) {
        checkRank("endpointIndexOf", rank);
        return endpointIndices[rank];
    }

    /**
     * Blocks until every member has entered the barrier (a dissemination barrier: ceil(log2 N)
     * rounds of one flag store and one flag wait each). Every put that completed remotely before a
     * member entered is visible to every member after it returns.
     *
     * @throws JobAbortedException if the job fails meanwhile
     */
    public void barrier() {
        client.checkOpen("barrier");
        barrier.await();
    }

    /**
     * Collective over this team ({@code gex_EP_PublishBoundSegment}): publishes the bound segment
     * of each given local endpoint, so that peers can address it with RMA. Returns once every
     * member has published.
     *
     * @throws BadArgumentException if an endpoint has no bound segment or belongs to another client
     */
    public void publishBoundSegments(Endpoint... endpoints) {
        client.checkOpen("publishBoundSegments");
        for (Endpoint ep : endpoints) {
            if (ep == null || ep.client() != client) {
                throw new BadArgumentException("publishBoundSegments: endpoint " + ep + " is not an endpoint of PE "
                        + client.jobRank());
            }
            if (ep.bound() == null) {
                throw new BadArgumentException("publishBoundSegments: endpoint " + ep.index() + " of PE "
                        + client.jobRank() + " has no bound segment; bind one with Endpoint.bindSegment first");
            }
        }
        for (Endpoint ep : endpoints) {
            client.publish(ep);
        }
        barrier();
    }

    void checkRank(String operation, int r) {
        if (r < 0 || r >= jobRanks.length) {
            throw new BadArgumentException(operation + ": rank " + r + " is out of range for team " + name
                    + " of size " + jobRanks.length + " (PE " + client.jobRank() + ")");
        }
    }

    int jobRankUnchecked(int r) {
        return jobRanks[r];
    }

    int endpointIndexUnchecked(int r) {
        return endpointIndices[r];
    }

    @Override
    public String toString() {
        return "Team[" + name + ", rank " + rank + " of " + jobRanks.length + "]";
    }
}
