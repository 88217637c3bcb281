package org.pgas4j.bootstrap;


/** The bootstrap of a program started without the launcher: a job of one PE. */
public final class SingletonBootstrap implements Bootstrap {
    private final String jobId;

    /** A one-PE job with a fresh random job id. */
    public SingletonBootstrap() {
        this.jobId = Entropy.hex(8);
    }

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public String jobId() {
        return jobId;
    }

    @Override
    public byte[][] allgather(byte[] mine) {
        return new byte[][] {mine.clone()};
    }

    @Override
    public void barrier() {
        // One PE: nobody to wait for.
    }

    @Override
    public boolean healthy() {
        return true;
    }

    @Override
    public void close() {
        // Nothing to tell anyone.
    }
}
