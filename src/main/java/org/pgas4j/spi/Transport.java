package org.pgas4j.spi;

import java.lang.foreign.MemorySegment;

/**
 * A transport (GASNet's conduit): how this PE reaches the memory of the other PEs of its job.
 *
 * <p>The core decides what to access; the transport only moves bytes. Every peer memory is a
 * {@link RemoteMemory}, which either offers a direct load/store view (shared memory: the core then
 * does plain copies and VarHandle atomics on it) or asynchronous put and get that signal a
 * {@link Completion}. The first is an optimisation of the second; a network transport offers only
 * the second.
 *
 * <p>Each PE has one <em>control region</em>: a small memory block, created by the transport at
 * open, that every peer can reach from the start without any exchange. The core keeps its
 * segment directory and barrier flags there.
 */
public interface Transport extends AutoCloseable {

    /** Longest descriptor {@link #allocate} or {@link #export} may return. */
    int MAX_DESCRIPTOR_BYTES = 80;

    /** The transport's name, as users select it. */
    String name();

    /** This PE's control region (zero-filled at open). */
    MemorySegment localControl();

    /**
     * A peer's control region. Valid once every PE has opened the transport (the core runs a
     * bootstrap barrier in between).
     */
    RemoteMemory peerControl(int jobRank);

    /** The largest segment {@link #allocate} can provide now, in bytes. */
    long maxSegmentSize();

    /** The granule allocations are rounded up to (a page for shared files). */
    long allocationGranule();

    /**
     * Allocates {@code bytes} of zero-filled memory that peers can reach.
     *
     * @throws org.pgas4j.ResourceException when the host cannot provide it
     */
    LocalMemory allocate(long bytes);

    /**
     * Makes memory the client owns reachable by peers (GASNet-EX's client-allocated segment).
     * Must not copy or modify it.
     */
    LocalMemory export(MemorySegment clientMemory);

    /** Reaches the memory a peer exported with the given descriptor. */
    RemoteMemory attach(int jobRank, byte[] descriptor, long size);

    /**
     * Advances outstanding operations and delivers incoming work; returns how much work it did
     * (0 when idle), the Agent contract.
     */
    int progress();

    /** False once the job is known to be failing (a peer died, the launcher went away). */
    boolean healthy();

    /** Releases every resource of the transport. Idempotent. */
    @Override
    void close();
}
