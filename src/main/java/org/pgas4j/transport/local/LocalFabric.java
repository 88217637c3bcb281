package org.pgas4j.transport.local;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.pgas4j.bootstrap.BootstrapException;
import org.pgas4j.bootstrap.Entropy;

/**
 * What the PEs of one in-JVM job share: their control regions, their message rings, the memory they exported (by id),
 * the bootstrap's collective state, and whether the job is failing.
 */
final class LocalFabric {
    private final String jobId;
    private final int size;
    private final AtomicReferenceArray<MemorySegment> controls;
    private final AtomicReferenceArray<MemorySegment> messages;
    private final ConcurrentHashMap<Long, MemorySegment> exported = new ConcurrentHashMap<>();
    private final AtomicLong exportIds = new AtomicLong();
    private final Object lock = new Object();
    private byte[][] gathering;
    private byte[][] lastResult;
    private int arrived;
    private long generation;
    /** Which PEs' threads have returned; guarded by {@link #lock}. */
    private final boolean[] ended;
    private volatile String failure;
    private volatile int exitRank = -1;
    private volatile int exitStatus;
    private volatile String exitReason;
    /** Each PE's encoded statistics counters, as it closed; null until then. */
    final AtomicReferenceArray<byte[]> statistics;

    LocalFabric(int size) {
        this.jobId = Entropy.hex(8);
        this.size = size;
        this.controls = new AtomicReferenceArray<>(size);
        this.messages = new AtomicReferenceArray<>(size);
        this.gathering = new byte[size][];
        this.ended = new boolean[size];
        this.statistics = new AtomicReferenceArray<>(size);
    }

    String jobId() {
        return jobId;
    }

    int size() {
        return size;
    }

    void setControl(int rank, MemorySegment control) {
        controls.set(rank, control);
    }

    MemorySegment control(int rank) {
        MemorySegment c = controls.get(rank);
        if (c == null) {
            throw new IllegalStateException("PE " + rank + " of the in-JVM job has not opened its transport");
        }
        return c;
    }

    void setMessages(int rank, MemorySegment rings) {
        messages.set(rank, rings);
    }

    MemorySegment messages(int rank) {
        MemorySegment m = messages.get(rank);
        if (m == null) {
            throw new IllegalStateException("PE " + rank + " of the in-JVM job has not opened its transport");
        }
        return m;
    }

    long export(MemorySegment memory) {
        long id = exportIds.incrementAndGet();
        exported.put(id, memory);
        return id;
    }

    MemorySegment exported(long id) {
        return exported.get(id);
    }

    void unexport(long id) {
        exported.remove(id);
    }

    /** The bootstrap's allgather: waits for every PE's contribution, or for the job to fail. */
    byte[][] allgather(int rank, byte[] mine) {
        synchronized (lock) {
            long gen = generation;
            gathering[rank] = mine.clone();
            if (++arrived == size) {
                lastResult = gathering;
                gathering = new byte[size][];
                arrived = 0;
                generation++;
                lock.notifyAll();
                return lastResult.clone();
            }
            while (generation == gen) {
                failIfOneEnded(rank);
                if (failure != null) {
                    throw new BootstrapException("PE " + rank + ": " + failure);
                }
                try {
                    lock.wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new BootstrapException("PE " + rank + " was interrupted in a bootstrap exchange");
                }
            }
            // The next exchange cannot complete before this PE joins it, so lastResult is ours.
            return lastResult.clone();
        }
    }

    /**
     * PE {@code rank}'s thread returned: an exchange that waits for it fails instead of hanging (a
     * program whose PEs make different numbers of init/finalize pairs, say).
     */
    void ended(int rank) {
        synchronized (lock) {
            ended[rank] = true;
            lock.notifyAll();
        }
    }

    /** Caller holds {@link #lock}, waiting in an exchange: fails the job when a PE it waits for has ended. */
    private void failIfOneEnded(int rank) {
        for (int r = 0; r < size && failure == null; r++) {
            if (ended[r] && gathering[r] == null) {
                failure = "PE " + r + " has ended while PE " + rank + " waits for it in a bootstrap exchange;"
                        + " init and finalize are collective: every PE must call them the same number of times";
                lock.notifyAll();
            }
        }
    }

    boolean healthy() {
        return failure == null;
    }

    String failure() {
        return failure;
    }

    /**
     * A PE ends the job ({@code shmem_global_exit}): the first such request fixes the job's status
     * and reason, and the job fails with that reason, so that every other PE's wait throws.
     */
    void exit(int rank, int status, String call) {
        String why = "PE " + rank + " " + call + ": the job ends with status " + status;
        synchronized (lock) {
            if (exitRank < 0 && failure == null) {
                exitRank = rank;
                exitStatus = status;
                exitReason = why;
            }
        }
        fail(why);
    }

    /** The PE that ended the job with {@link #exit}, or -1. */
    int exitRank() {
        return exitRank;
    }

    /** The status {@link #exit} asked for (meaningful when {@link #exitRank()} is not -1). */
    int exitStatus() {
        return exitStatus;
    }

    /** The reason {@link #exit} recorded, or null. */
    String exitReason() {
        return exitReason;
    }

    /** Marks the job failing (first reason wins) and wakes every PE waiting in the bootstrap. */
    void fail(String why) {
        synchronized (lock) {
            if (failure == null) {
                failure = why;
            }
            lock.notifyAll();
        }
    }
}
