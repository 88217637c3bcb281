package org.pgas4j.launcher;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The second look at a host whose PE failed, in a job on named hosts: the failure is reported
 * {@link #GRACE_MILLIS} later (through a {@link JobEvent.HostCheck}), naming the host when by then
 * all its PEs are gone. One look per host.
 */
final class HostChecks {
    /** How long the failure of a PE on a named host waits for the rest of its host to go too. */
    static final long GRACE_MILLIS = 1_000;

    private final Placement placement;
    private final Consumer<JobEvent> post;
    private final Set<Integer> nodes = new HashSet<>();

    /**
     * @param placement where each rank runs, or null for a job on this host only (no checks)
     * @param post queues an event for the job's event thread
     */
    HostChecks(Placement placement, Consumer<JobEvent> post) {
        this.placement = placement;
        this.post = post;
    }

    /** Whether a failure of {@code pe} waits for a look at its host. */
    boolean applies(PeProcess pe) {
        return placement != null && pe.slot != null;
    }

    /** Schedules the look at {@code pe}'s host, unless one is already scheduled. */
    void schedule(PeProcess pe, String reason, int status, boolean report) {
        if (nodes.add(pe.slot.node())) {
            CompletableFuture.delayedExecutor(GRACE_MILLIS, TimeUnit.MILLISECONDS)
                    .execute(() -> post.accept(new JobEvent.HostCheck(pe.rank, reason, status, report)));
        }
    }

    /** Whether a look is scheduled: the job's status is not decided yet. */
    boolean pending() {
        return !nodes.isEmpty();
    }

    /** {@code host h2 lost all its PEs (2, 3)} when every PE of {@code pe}'s host is gone, else null. */
    String lostHost(PeProcess[] pes, PeProcess pe) {
        return HostLoss.describe(pes, placement, pe.slot.node());
    }
}
