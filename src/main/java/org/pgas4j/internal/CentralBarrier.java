package org.pgas4j.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.pgas4j.spi.Futex;
import org.pgas4j.spi.Transport;

/**
 * A counter barrier for members that all map the first member's control region, used when a
 * host runs more PEs than it has cores. Each member adds one to an arrival counter in member 0's
 * region; the member whose arrival completes the episode publishes the episode in the release
 * word and, if anybody sleeps on it, wakes them all with one futex call. Waiters spin briefly,
 * yield for a while (waking a sleeping process, on an idle core especially, costs microseconds),
 * then sleep on the release word and their PE's doorbell together
 * ({@link Transport#parkUntilMessageOrWake}): the release or an active message aimed at the PE
 * ends the sleep, and the waiter serves the message (progress) before it sleeps again, so a PE
 * waiting here serves requests as they arrive, not when a sleep ends (which it did before: with 3
 * PEs on 2 cores, a fetch-add through the owner took 160 µs against 27 over the dissemination
 * barrier, 940 µs with sleeps of 1 ms). A sleep lasts at most {@code pgas4j.wait.long.park.us}
 * where the kernel sleeps on both words ({@link Futex#waitsOnTwo()}), else, as before, at most
 * {@code pgas4j.wait.park.us}, so that requests are served that often; between sleeps the waiter
 * checks the job's health.
 *
 * <p>Why not the dissemination barrier here: its log2(N) rounds each need the waited-for PE to be
 * scheduled, so with N PEs on C cores a barrier costs about N log2(N) / C context switches; this
 * one costs one wake-up per member (N / C per core), the least any barrier can cost once the
 * members outnumber the cores.
 *
 * <p>Words, in member 0's flag lines of the team's channel (rounds 30 and 31 of
 * {@link ControlRegion}; the dissemination barrier of a team this large would use rounds 0 to 29
 * only): the arrival counter; the release episode (its low 32 bits are the futex word) and, in
 * the same line, the count of sleepers.
 */
public final class CentralBarrier implements TeamBarrier {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final long SLEEPERS = 8;              // within the release line

    private final MemorySegment root;
    private final long counter;
    private final long release;
    private final int size;
    private final int rank;
    private final int spins;
    private final int yields;
    private final JobHealth health;
    private final Transport transport;
    private final long shortSleepNanos;
    private final long longSleepNanos;
    private long episode;

    /**
     * The barrier of member {@code rank} of {@code size}; {@code root} is member 0's control
     * region mapped in this process. A sleep lasts at most {@code longSleepNanos} where the kernel
     * can sleep on the release word and the doorbell together, else {@code shortSleepNanos}.
     */
    public CentralBarrier(MemorySegment root, int slots, int channel, int rank, int size, int spins, int yields,
                          long shortSleepNanos, long longSleepNanos, Transport transport, JobHealth health) {
        this.root = root;
        this.counter = ControlRegion.flagOffset(slots, channel, ControlRegion.BARRIER_ROUNDS - 2);
        this.release = ControlRegion.flagOffset(slots, channel, ControlRegion.BARRIER_ROUNDS - 1);
        this.rank = rank;
        this.size = size;
        this.spins = spins;
        this.yields = yields;
        this.health = health;
        this.transport = transport;
        this.shortSleepNanos = shortSleepNanos;
        this.longSleepNanos = longSleepNanos;
    }

    @Override
    public void await() {
        long e = ++episode;
        long arrived = (long) LONG.getAndAdd(root, counter, 1L) + 1; // a full fence: our writes go first
        if (arrived == e * size) {
            LONG.setVolatile(root, release, e);
            if ((int) INT.getVolatile(root, release + SLEEPERS) != 0) {
                Futex.wake(root, release, Integer.MAX_VALUE);
            }
            return;
        }
        for (int i = 0; (long) LONG.getAcquire(root, release) < e; i++) {
            if (i < spins) {
                Thread.onSpinWait();
            } else if (i < spins + yields) {
                transport.progress(); // active messages to this PE (the AM fallback too) are served while it waits
                Thread.yield(); // a runnable member may take the core; an idle core is costly to wake
            } else {
                transport.progress();
                sleep(e);
                if ((i & 15) == 0 && !health.ok()) {
                    throw health.aborted("barrier as member " + rank + " of " + size);
                }
            }
        }
        VarHandle.fullFence();
    }

    private void sleep(long e) {
        INT.getAndAdd(root, release + SLEEPERS, 1); // a full fence: the releaser sees us or we see it
        long seen = (long) LONG.getVolatile(root, release);
        if (seen < e) {
            // Where a sleep ends at the release and at a message alike, its timer only paces the
            // health checks: the long one then, not a wake-up every 50 µs of every waiter. Asked
            // here, not at construction: the first sleep probes the kernel, which a PE whose
            // barriers never sleep need not pay for.
            long nanos = Futex.waitsOnTwo() ? longSleepNanos : shortSleepNanos;
            transport.parkUntilMessageOrWake(nanos, root, release, (int) seen);
        }
        INT.getAndAdd(root, release + SLEEPERS, -1);
    }
}
