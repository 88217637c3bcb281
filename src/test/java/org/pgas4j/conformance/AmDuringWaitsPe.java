package org.pgas4j.conformance;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.Locale;
import org.pgas4j.AccelerationHint;
import org.pgas4j.Client;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.MemoryKind;
import org.pgas4j.ReduceOp;
import org.pgas4j.Team;
import org.pgas4j.shmem.Cmp;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A PE of {@link AmDuringWaitsTest}, 2 PEs, with {@code pgas4j.rma.path=am} and a long park of
 * almost a second ({@code pgas4j.wait.long.park.us}): PE 1 publishes client host memory (so PE 0
 * reaches it only through PE 1's active-message handlers) and then waits, in the way the argument
 * names ({@code barrier}, {@code collective}, {@code event}, {@code waitUntil}), until PE 0 lets it
 * go. PE 0 meanwhile does {@link #OPS} rounds of a 1 MiB put and get through the owner, pausing
 * between rounds so that PE 1 is deep in its long parks each time, and checks the data and that
 * the rounds took less than {@link #BOUND_NANOS} in all: served at the timer, each round would
 * wait for PE 1's park to end, about half a second on average.
 */
public final class AmDuringWaitsPe {
    /** What PE 0 prints when every round completed in time. */
    static final String DONE = "AM-DURING-WAITS done";
    static final String[] MODES = {"barrier", "collective", "event", "waitUntil"};
    private static final long BYTES = 1 << 20;
    private static final int OPS = 12;
    private static final long PAUSE_MILLIS = 40;
    /** The rounds' time in all, pauses excluded; generous, and far below parks ending at their timer. */
    private static final long BOUND_NANOS = 3_000_000_000L;

    private AmDuringWaitsPe() {
    }

    /** Argument: the wait. */
    public static void main(String[] args) throws Exception {
        run(args[0]);
    }

    /** Runs one PE (a process, or a thread of a local job). */
    public static void run(String mode) throws Exception {
        if (mode.equals("waitUntil")) {
            try (Shmem shmem = Shmem.init()) {
                SymmetricArray flag = shmem.calloc(ShmemType.INT64, 1);
                Client client = shmem.client();
                exercise(client, mode, () -> shmem.waitUntil(flag, 0, Cmp.EQ, 1),
                        () -> shmem.ctxDefault().atomicSet(flag, 0, 1, 1));
            }
            return;
        }
        try (Client client = Client.init()) {
            Runnable await = switch (mode) {
                case "barrier" -> () -> client.world().barrier();
                case "collective" -> () -> client.collectives().allreduceLong(client.world(), 1, ReduceOp.SUM);
                case "event" -> () -> client.collectives().barrierNB(client.world()).waitFor();
                default -> throw new IllegalArgumentException(mode);
            };
            exercise(client, mode, await, await);
        }
    }

    private static void exercise(Client client, String mode, Runnable wait, Runnable release)
            throws InterruptedException {
        try (Arena arena = Arena.ofShared()) {
            Endpoint ep = client.createEndpoint(EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM),
                    EnumSet.noneOf(AccelerationHint.class));
            ep.bindSegment(client.createSegment(MemoryKind.HOST, arena.allocate(BYTES, 64)));
            client.world().publishBoundSegments(ep);
            Team pair = client.pair(client.primordialEndpoint(), ep.index());
            client.world().barrier();
            if (client.jobRank() != 0) {
                wait.run(); // served while waiting: nothing else runs PE 0's requests
            } else {
                issue(client, mode, pair, arena);
                release.run();
            }
            client.world().barrier(); // the client memory outlives every access to it
        }
    }

    private static void issue(Client client, String mode, Team pair, Arena arena) throws InterruptedException {
        MemorySegment src = arena.allocate(BYTES, 64);
        MemorySegment back = arena.allocate(BYTES, 64);
        long busy = 0;
        for (int round = 0; round < OPS; round++) {
            Thread.sleep(PAUSE_MILLIS); // PE 1 parks long meanwhile
            for (long i = 0; i < BYTES; i += 8) {
                src.set(ValueLayout.JAVA_LONG, i, round * BYTES + i);
            }
            long t0 = System.nanoTime();
            client.rma().put(pair, 1, 0, src, 0, BYTES);
            client.rma().get(pair, 1, 0, back, 0, BYTES);
            busy += System.nanoTime() - t0;
            long mismatch = src.mismatch(back);
            if (mismatch >= 0) {
                throw new AssertionError(mode + ": round " + round + " read back different bytes at " + mismatch);
            }
        }
        if (busy > BOUND_NANOS) {
            throw new AssertionError(String.format(Locale.ROOT, "%s: %d rounds of a 1 MiB put and get through the"
                    + " owner took %.1f s while it waited: its waits do not serve requests as they arrive", mode,
                    OPS, busy / 1e9));
        }
        System.out.printf(Locale.ROOT, "%s %s %.1f ms%n", DONE, mode, busy / 1e6);
    }
}
