package org.pgas4j.transport.local;

import org.pgas4j.bootstrap.Bootstrap;
import org.pgas4j.internal.stats.PeStats;

/** The bootstrap of one PE of an in-JVM job: collectives through the shared {@link LocalFabric}. */
final class LocalBootstrap implements Bootstrap {
    private final LocalFabric fabric;
    private final int rank;

    LocalBootstrap(LocalFabric fabric, int rank) {
        this.fabric = fabric;
        this.rank = rank;
    }

    LocalFabric fabric() {
        return fabric;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return fabric.size();
    }

    @Override
    public String jobId() {
        return fabric.jobId();
    }

    @Override
    public byte[][] allgather(byte[] mine) {
        return fabric.allgather(rank, mine);
    }

    @Override
    public void barrier() {
        fabric.allgather(rank, new byte[0]);
    }

    @Override
    public boolean healthy() {
        return fabric.healthy();
    }

    @Override
    public String failureReason() {
        return fabric.failure();
    }

    @Override
    public String requiredTransport() {
        return "local";
    }

    /**
     * {@inheritDoc} Keeps them for the in-JVM job, which writes the report when its PEs have ended;
     * a PE that makes several init/finalize pairs is reported with their sum.
     */
    @Override
    public boolean sendStatistics(byte[] counters) {
        byte[] mine = counters.clone();
        fabric.statistics.updateAndGet(rank, earlier -> earlier == null ? mine : PeStats.PeReport.sum(earlier, mine));
        return true;
    }

    /** {@inheritDoc} Here the job is a set of threads: the job is marked ended and this returns (the caller throws). */
    @Override
    public void exit(int status, String call) {
        fabric.exit(rank, status, call);
    }

    @Override
    public void close() {
        // The job ends when its threads do.
    }
}
